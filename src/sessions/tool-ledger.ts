/**
 * Which tool calls a session's records already hold, so that recovering calls from the transcript
 * (tool-recovery.ts) never counts one twice, whichever of the hook and the recovery comes first:
 * - `tool-calls.jsonl` (session dir): one line per call the after-call hook recorded, `{"id"}` when the
 *   harness's hook names the call (Claude Code and Codex `tool_use_id`, the id its transcript records),
 *   else `{"fp"}` (toolFingerprint; Gemini CLI 0.61.0's AfterTool names none). Appended under the session
 *   lock, never rewritten.
 * - `tool-recovery-state.json`: the transcript ids recovery recorded (`recovered`) or matched to an
 *   id-less hook line (`matched`), how many id-less lines per fingerprint it matched (`used`), and its
 *   byte cursor in the transcript (`transcriptPath`, `offset`).
 * Callers hold the session lock around `claimHookCall` and `writeToolRecoveryState`.
 */

import { isoUtc } from "../core/clock.js";
import { errnoCode } from "../core/errors.js";
import { appendFileNoFollow, readTextIfExists } from "../core/fs.js";
import { fnv1a32Of } from "../core/text.js";
import type { ToolKind } from "../harness/index.js";
import { num, readOwned, sessionFile, withSessionLock, writeOwned } from "./state.js";

export const TOOL_CALLS_LOG = "tool-calls.jsonl";
export const TOOL_RECOVERY_STATE = "tool-recovery";

/** What the ledger knows about a session's tool calls. */
export interface ToolLedger {
  /** Call ids the hook recorded. */
  hookIds: ReadonlySet<string>;
  /** Fingerprint → id-less hook lines no transcript call was matched to yet. */
  unmatched: Map<string, number>;
  /** Transcript ids recovery already recorded or matched. */
  done: ReadonlySet<string>;
}

/** `tool-recovery-state.json`. */
export interface ToolRecoveryState {
  session_id: string;
  /** The transcript the cursor is in; a different path starts again at 0. */
  transcriptPath?: string;
  /** Byte cursor: every tool call recorded before it has been looked at. */
  offset: number;
  recovered: string[];
  matched: string[];
  used: Record<string, number>;
  updated_at?: string;
}

/**
 * The key of a call that has no id: `<kind>:<hash>` of its kind, files and command (64 bits of two
 * FNV-1a hashes). Identical calls share a key, so keys are counted, not set. No `node:crypto` (hook path).
 */
export function toolFingerprint(call: {
  kind: ToolKind;
  paths?: readonly string[];
  command?: string;
}): string {
  const s = [call.kind, ...(call.paths ?? []), call.command ?? ""].join("\u0000");
  return `${call.kind}:${fnv1a32Of(s).toString(36)}${fnv1a32Of(s, 0x9e3779b9).toString(36)}`;
}

const strings = (v: unknown): string[] =>
  Array.isArray(v) ? v.filter((x): x is string => typeof x === "string") : [];

/** Reads `tool-recovery-state.json`; undefined when the session has none (recovery never set up). */
export function readToolRecoveryState(stateRoot: string, sessionId: string): ToolRecoveryState | undefined {
  const v = readOwned<Partial<ToolRecoveryState>>(stateRoot, sessionId, TOOL_RECOVERY_STATE);
  if (!v) return undefined;
  const used: Record<string, number> = {};
  if (v.used && typeof v.used === "object")
    for (const [k, n] of Object.entries(v.used)) if (num(n) > 0) used[k] = Math.floor(num(n));
  return {
    session_id: sessionId,
    ...(typeof v.transcriptPath === "string" ? { transcriptPath: v.transcriptPath } : {}),
    offset: Math.max(0, num(v.offset)),
    recovered: strings(v.recovered),
    matched: strings(v.matched),
    used,
  };
}

export function writeToolRecoveryState(stateRoot: string, sessionId: string, s: ToolRecoveryState): void {
  writeOwned(stateRoot, sessionId, TOOL_RECOVERY_STATE, s);
}

/**
 * Records one call the hook is about to record (caller holds the session lock). Returns false, writing
 * nothing, when recovery already recorded the call with that id: the hook must then record nothing.
 */
export function claimHookCall(
  stateRoot: string,
  sessionId: string,
  key: { id?: string; fingerprint: string },
): boolean {
  if (key.id !== undefined && readToolRecoveryState(stateRoot, sessionId)?.recovered.includes(key.id))
    return false;
  const line = key.id !== undefined ? { id: key.id } : { fp: key.fingerprint };
  try {
    appendFileNoFollow(sessionFile(stateRoot, sessionId, TOOL_CALLS_LOG), `${JSON.stringify(line)}\n`);
  } catch (e) {
    if (errnoCode(e) !== "ENOENT") throw e;
  }
  return true;
}

/** The session's ledger: the hook's lines and what recovery already did (`state`). */
export function readToolLedger(
  stateRoot: string,
  sessionId: string,
  state: ToolRecoveryState | undefined,
): ToolLedger {
  const hookIds = new Set<string>();
  const unmatched = new Map<string, number>();
  for (const line of (readTextIfExists(sessionFile(stateRoot, sessionId, TOOL_CALLS_LOG)) ?? "").split(
    "\n",
  )) {
    if (!line) continue;
    let v: { id?: unknown; fp?: unknown };
    try {
      v = JSON.parse(line) as typeof v;
    } catch {
      continue; // a torn line
    }
    if (typeof v?.id === "string") hookIds.add(v.id);
    else if (typeof v?.fp === "string") unmatched.set(v.fp, (unmatched.get(v.fp) ?? 0) + 1);
  }
  for (const [fp, n] of Object.entries(state?.used ?? {})) {
    const left = (unmatched.get(fp) ?? 0) - n;
    if (left > 0) unmatched.set(fp, left);
    else unmatched.delete(fp);
  }
  return { hookIds, unmatched, done: new Set([...(state?.recovered ?? []), ...(state?.matched ?? [])]) };
}

/**
 * Sets recovery up for a session that has no recovery state yet (SessionStart), under the session lock:
 * the cursor starts at `cursor.offset` (the transcript's size then), so calls recorded before this start,
 * by hooks that kept no ledger, are never recovered. Returns whether it wrote the state.
 * @param nowMs time of the write, ms since the epoch
 */
export function initToolRecovery(
  stateRoot: string,
  sessionId: string,
  cursor: { transcriptPath?: string; offset: number },
  nowMs: number,
): boolean {
  return withSessionLock(stateRoot, sessionId, () => {
    if (readToolRecoveryState(stateRoot, sessionId)) return false;
    writeToolRecoveryState(stateRoot, sessionId, {
      session_id: sessionId,
      ...(cursor.transcriptPath ? { transcriptPath: cursor.transcriptPath } : {}),
      offset: cursor.offset,
      recovered: [],
      matched: [],
      used: {},
      updated_at: isoUtc(nowMs),
    });
    return true;
  });
}
