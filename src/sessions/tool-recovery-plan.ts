/**
 * The pure step of tool-call recovery: the tool calls a transcript holds × what the session's ledger
 * already holds (tool-ledger.ts) → the calls to record now, as the after-call hook would have, and the
 * calls that an id-less hook line already stands for.
 */
import type { LineDelta, ToolUse } from "../harness/index.js";
import { type ToolLedger, toolFingerprint } from "./tool-ledger.js";

/** A tool call as the transcript holds it (the neutral `ToolCall` of transcripts/ fits this shape). */
export interface RecoverableCall extends ToolUse {
  /** The harness's id of the call (unique in a session). */
  id: string;
  /** Absent while the call has no result yet: such a call is left for a later run. */
  result?: { text: string; isError: boolean; rejected?: boolean; linesChanged?: LineDelta };
}

export interface ToolRecoveryPlan {
  /** Calls no record holds: record them (stats, project learning, `<remember>` of an agent's output). */
  record: RecoverableCall[];
  /** Calls an id-less hook line stands for (`fingerprint` = the line used): nothing to record. */
  matched: { id: string; fingerprint: string }[];
}

/** The id-less hook line of the same kind that is left, if any (the first such fingerprint). */
function sameKind(unmatched: Map<string, number>, kind: string): string | undefined {
  for (const [fp, n] of unmatched) if (n > 0 && fp.startsWith(`${kind}:`)) return fp;
  return undefined;
}

/**
 * Plans recovery, in call order. A call is skipped when it has no result yet, when the user declined it
 * (it never ran; no hook fires for it), or when its id is one the hook recorded or recovery already
 * handled, or repeats earlier in `calls`. Else an id-less hook line accounts for it: first one with its
 * exact fingerprint (a first pass over all calls), then any line of the same tool kind (a harness may
 * hand its hook the input in another spelling than its transcript). Whatever is left is recorded.
 * Pure: `ledger` is not changed.
 */
export function planToolRecovery(calls: readonly RecoverableCall[], ledger: ToolLedger): ToolRecoveryPlan {
  const unmatched = new Map(ledger.unmatched);
  const seen = new Set<string>();
  const open: RecoverableCall[] = [];
  for (const c of calls) {
    if (!c.result || c.result.rejected) continue;
    if (seen.has(c.id) || ledger.hookIds.has(c.id) || ledger.done.has(c.id)) continue;
    seen.add(c.id);
    open.push(c);
  }
  const matchedBy = new Map<string, string>();
  const take = (c: RecoverableCall, fp: string | undefined) => {
    if (fp === undefined || (unmatched.get(fp) ?? 0) <= 0) return;
    unmatched.set(fp, unmatched.get(fp)! - 1);
    matchedBy.set(c.id, fp);
  };
  for (const c of open) take(c, toolFingerprint(c));
  for (const c of open) if (!matchedBy.has(c.id)) take(c, sameKind(unmatched, c.kind));
  return {
    record: open.filter((c) => !matchedBy.has(c.id)),
    matched: open.flatMap((c) => {
      const fp = matchedBy.get(c.id);
      return fp === undefined ? [] : [{ id: c.id, fingerprint: fp }];
    }),
  };
}
