/**
 * The extraction job's withdrawal step: memories learned only on a conversation branch the user later
 * abandoned (a rewind, an edited prompt, a retried turn) are deleted, those with other sources too are
 * flagged (jobs/extract/withdraw.ts). One change set of kind `withdrawal` (`memdir undo` brings them
 * back) and one `memory_withdrawn` event with the reason, even when nothing matched.
 */
import { describeError } from "../../core/errors.js";
import { applyWithdrawal, loadTopics, planWithdrawal } from "../../jobs/extract/index.js";
import { commitChangeSet, createJournal } from "../../store/index.js";
import type { AppContext } from "../context.js";

/**
 * Withdraws the memories whose sources lie in `abandoned` (transcript entry uuids of `sessionId`).
 * @throws what the store throws (LOCK_TIMEOUT, fs errors); what was done stays journaled and committed.
 */
export function withdrawAbandoned(ctx: AppContext, sessionId: string, abandoned: string[]): void {
  const { paths, rt } = ctx;
  const nowMs = rt.now();
  const steps = planWithdrawal(loadTopics([paths.memoryDir, paths.userMemoryDir], nowMs), new Set(abandoned));
  const base = { session_id: sessionId, reason: "abandoned_branch", abandoned_entries: abandoned.length };
  if (steps.length === 0) {
    ctx.event("memory_withdrawn", { ...base, deleted: 0, flagged: 0 });
    return;
  }
  const journal = createJournal({
    pid: rt.pid,
    kind: "withdrawal",
    summary: `withdrawal of memories from an abandoned branch of session ${sessionId}`,
    roots: { project: paths.memoryDir, user: paths.userMemoryDir },
    nowMs,
  });
  let r: ReturnType<typeof applyWithdrawal> | undefined;
  try {
    r = applyWithdrawal(steps, journal, nowMs);
  } finally {
    let changeSet: string | undefined;
    const parts = r ? `: ${r.deleted.length} deleted, ${r.flagged.length} flagged` : " (failed part-way)";
    try {
      changeSet = commitChangeSet(journal, {
        summary: `withdrawal of memories from an abandoned branch of session ${sessionId}${parts}`,
      });
    } catch (e) {
      ctx.log("error", "job:extract", `withdrawal change set not recorded: ${describeError(e)}`, base);
    }
    const name = (p: string) => p.slice(p.lastIndexOf("/") + 1);
    ctx.event("memory_withdrawn", {
      ...base,
      deleted: r?.deleted.length ?? 0,
      flagged: r?.flagged.length ?? 0,
      files: [...(r?.deleted ?? []), ...(r?.flagged ?? [])].map(name).slice(0, 20),
      ...(r?.skipped.length ? { changed_meanwhile: r.skipped.length } : {}),
      ...(changeSet ? { change_set: changeSet } : {}),
    });
  }
}
