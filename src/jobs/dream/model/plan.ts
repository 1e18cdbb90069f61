/**
 * The model's staged operations as a dream plan: the consolidation produces a plan (merges,
 * rewrites, deletions, index changes, each with reasons) before anything is written. Pure: no fs,
 * no clock. Which call staged a file, and in which turn, comes from the agent loop's conversation
 * (`callsFromMessages`).
 */
import { isoUtc } from "../../../core/clock.js";
import { truncateCodePoints } from "../../../core/text.js";
import type { LlmMessage } from "../../../llm/types.js";
import { scrub } from "../../../privacy/index.js";
import type { SandboxRoots, StagedOp } from "../../sandbox/index.js";
import {
  type DreamCreate,
  type DreamDeletion,
  type DreamMerge,
  type DreamMode,
  type DreamPlan,
  type DreamRewrite,
  type DreamScope,
  seenKey,
} from "../plan/types.js";

/** The last successful memory-changing call on a file: its tool and the turn (1-based model reply). */
export interface StagedCall {
  tool: string;
  turn: number;
}

export interface PlanMeta {
  mode: DreamMode;
  /** ms since the epoch (`createdAt`). */
  nowMs: number;
  /** Keyed `seenKey(scope, file)`; from `callsFromMessages`. Without it no deletion becomes a merge. */
  calls?: Record<string, StagedCall>;
  sessions?: { used: string[]; skipped: string[] };
  logs?: { file: string; bytes: number }[];
  notes?: string[];
}

/** Longest reason kept, code points. */
export const REASON_MAX = 300;
const CHANGING = new Set(["memory_write", "memory_edit", "memory_delete"]);

/** `user/x.md` → user scope (the sandbox's display names, jobs/sandbox paths.ts). */
function targetOf(file: string): { scope: DreamScope; file: string } {
  const segs = file.split("/");
  return segs.length === 2 && segs[0] === "user"
    ? { scope: "user", file: segs[1] as string }
    : { scope: "project", file };
}

/**
 * For every file a memory_write / memory_edit / memory_delete call changed without an error result,
 * the last such call: `{tool, turn}` keyed `seenKey(scope, file)`. `messages` is the agent loop's
 * conversation (llm/agent `AgentLoopResult.messages`); turn n = the n-th assistant message.
 */
export function callsFromMessages(messages: readonly LlmMessage[]): Record<string, StagedCall> {
  const out: Record<string, StagedCall> = {};
  let turn = 0;
  messages.forEach((m, i) => {
    if (m.role !== "assistant") return;
    turn++;
    const failed = new Set<string>();
    for (const b of messages[i + 1]?.content ?? [])
      if (b.type === "tool_result" && b.isError) failed.add(b.toolUseId);
    for (const b of m.content) {
      if (b.type !== "tool_use" || !CHANGING.has(b.name) || failed.has(b.id) || b.inputError) continue;
      if (typeof b.input.file !== "string") continue;
      const t = targetOf(b.input.file);
      out[seenKey(t.scope, t.file)] = { tool: b.name, turn };
    }
  });
  return out;
}

const display = (scope: DreamScope, file: string) => (scope === "user" ? `user/${file}` : file);

function reasonOf(op: StagedOp, call: StagedCall | undefined): string {
  const given = op.reason === undefined ? "" : scrub(op.reason).replace(/\s+/g, " ").trim();
  const tool = call?.tool ?? (op.op === "delete" ? "memory_delete" : "memory_write");
  return truncateCodePoints(given || `model: ${tool} ${display(op.scope, op.file)}`, REASON_MAX);
}

/** Deletion kind from the stated reason (no reason: stale). */
export function deletionKind(reason: string | undefined): DreamDeletion["kind"] {
  const r = reason ?? "";
  if (/duplicat|redundant|same as|already (?:covered|in|recorded)|merged into|absorbed|folded into/i.test(r))
    return "duplicate";
  if (/contradict|supersed|disprov|wrong|incorrect|no longer true|replaced by/i.test(r))
    return "contradicted";
  return "stale";
}

/** Rewrite kind from the stated reason (no match: fix). */
export function rewriteKind(reason: string | undefined): DreamRewrite["kind"] {
  const r = reason ?? "";
  if (/relative date|absolute date|\bdates?\b.*(?:absolute|relative)|\bdated\b/i.test(r)) return "dates";
  if (/contradict|supersed|disprov|newer side/i.test(r)) return "contradiction";
  if (/daily[- ]?log|distill/i.test(r)) return "distill";
  return "fix";
}

const stem = (file: string) => file.replace(/\.md$/i, "");
/** Whether `text` names `file` (with or without `.md`, as a whole word). */
function names(text: string | undefined, file: string): boolean {
  if (!text) return false;
  const s = stem(file).replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  return new RegExp(`(?:^|[^\\w-])${s}(?:\\.md)?(?![\\w-])`, "i").test(text);
}

type Write = Extract<StagedOp, { op: "write" }>;
type Delete = Extract<StagedOp, { op: "delete" }>;

/**
 * The write that absorbed deleted file `d`: a write to an EXISTING file (baseHash) of the same
 * scope staged in the same turn, which names `d` in its reason or is named by `d`'s reason; or, when
 * that turn rewrote exactly one file, that file if `d`'s reason reads as a duplicate.
 */
function absorber(d: Delete, writes: Write[], calls: Record<string, StagedCall>): Write | undefined {
  const turn = calls[seenKey(d.scope, d.file)]?.turn;
  if (turn === undefined) return undefined;
  const same = writes.filter((w) => w.scope === d.scope && calls[seenKey(w.scope, w.file)]?.turn === turn);
  const named = same.find((w) => names(w.reason, d.file) || names(d.reason, w.file));
  if (named) return named;
  return same.length === 1 && deletionKind(d.reason) === "duplicate" ? same[0] : undefined;
}

/**
 * Converts staged ops (jobs/sandbox `MemorySandbox.staged()`) into a DreamPlan with engine "model":
 * - write to an existing file (baseHash) → `rewrites` (kind from its reason: dates, contradiction,
 *   distill, else fix), or a `merges` entry when deletions of the same scope staged in the same turn
 *   were absorbed into it (`from` = those files; kind "reflect" in reflect mode, else "duplicate");
 * - write to a new file → `creates` (kind "reflect");
 * - delete not absorbed → `deletions` (kind from its reason: duplicate, contradicted, else stale).
 * `seen[seenKey(scope, file)]` = the op's baseHash (null for a new file). Reasons are the model's
 * (scrubbed, one line, ≤ REASON_MAX code points) or "model: <tool> <file>"; contents are scrubbed.
 * `index` stays empty (MEMORY.md is rebuilt by the store when the plan is applied).
 */
export function planFromStagedOps(ops: readonly StagedOp[], roots: SandboxRoots, meta: PlanMeta): DreamPlan {
  const calls = meta.calls ?? {};
  const plan: DreamPlan = {
    version: 1,
    mode: meta.mode,
    engine: "model",
    createdAt: isoUtc(meta.nowMs),
    roots:
      roots.user === undefined ? { project: roots.project } : { project: roots.project, user: roots.user },
    seen: {},
    merges: [],
    rewrites: [],
    creates: [],
    deletions: [],
    index: [],
    logs: [...(meta.logs ?? [])],
    sessions: { used: [...(meta.sessions?.used ?? [])], skipped: [...(meta.sessions?.skipped ?? [])] },
    notes: [...(meta.notes ?? [])],
  };
  const writes = ops.filter((o): o is Write => o.op === "write");
  const rewrites = writes.filter((w) => w.baseHash !== undefined);
  const absorbed = new Map<Write, Delete[]>();
  for (const op of ops) {
    plan.seen[seenKey(op.scope, op.file)] = op.baseHash ?? null;
    if (op.op !== "delete") continue;
    const into = absorber(op, rewrites, calls);
    if (into) absorbed.set(into, [...(absorbed.get(into) ?? []), op]);
    else {
      const reason = reasonOf(op, calls[seenKey(op.scope, op.file)]);
      plan.deletions.push({ scope: op.scope, file: op.file, kind: deletionKind(op.reason), reason });
    }
  }
  for (const w of writes) {
    const reason = reasonOf(w, calls[seenKey(w.scope, w.file)]);
    const content = scrub(w.content);
    const from = absorbed.get(w);
    if (w.baseHash === undefined) {
      plan.creates.push({
        scope: w.scope,
        file: w.file,
        content,
        kind: "reflect",
        reason,
      } satisfies DreamCreate);
    } else if (from) {
      const parts = [
        reason,
        ...from.filter((d) => d.reason).map((d) => `${d.file}: ${reasonOf(d, undefined)}`),
      ];
      plan.merges.push({
        scope: w.scope,
        file: w.file,
        from: from.map((d) => d.file),
        content,
        kind: meta.mode === "reflect" ? "reflect" : "duplicate",
        reason: truncateCodePoints(parts.join("; "), REASON_MAX),
      } satisfies DreamMerge);
    } else {
      plan.rewrites.push({ scope: w.scope, file: w.file, content, kind: rewriteKind(w.reason), reason });
    }
  }
  return plan;
}
