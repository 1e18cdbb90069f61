/**
 * The offline (deterministic) dream planner (DESIGN.md §4 "Dream
 * job"): with no model, consolidation is a pure function of the files' text. Phases in order:
 * orient (parse), gather (daily-log entries), consolidate (relative dates, contradictions,
 * duplicates, reflect fragments), prune (expired topics) and index (MEMORY.md within budget).
 * Nothing is ever planned outside the plain `<name>.md` files of the roots (never `team/`), and no
 * topic changes scope except a `user` daily-log entry going to the user memory dir.
 */
import { isoUtc } from "../../../core/clock.js";
import { INDEX_FILE, type IndexTopic } from "../../../store/memory-md.js";
import { topicHash } from "../../../store/replace.js";
import type { DreamCreate, DreamIndexChange, DreamPlan, DreamScope } from "../plan/types.js";
import { seenKey } from "../plan/types.js";
import { compactIndex, INDEX_OVERFLOW_FILE, indexOverflowTopic, indexSize } from "./compact-index.js";
import { resolveContradictions } from "./contradictions.js";
import { absolutizeTopicDates, markStale } from "./dates-stale.js";
import { mergeDuplicates } from "./duplicates.js";
import { emit, freeName, nameNewTopics, type TakenNames } from "./emit.js";
import { cmp, gatherLogs, orientTopics } from "./orient.js";
import { reflectFragments } from "./reflect.js";
import type { OfflineDreamInput, WorkTopic } from "./types.js";

/**
 * Plans an offline dream over `input` (see OfflineDreamInput): same input, same plan (entries
 * sorted by scope then file; notes in phase order). Never throws on a bad file: unparsable files
 * and bad log entries are skipped with a note.
 */
export function planOfflineDream(input: OfflineDreamInput): DreamPlan {
  const notes: string[] = [];
  // orient
  const files = orientTopics(input, notes);
  // gather
  const logs = gatherLogs(input, notes);
  const work: WorkTopic[] = [...files, ...logs];
  // consolidate (prune mode deletes expired topics first, so nothing merges them back)
  markStale(files, input.nowMs, input.mode === "prune", notes);
  for (const w of work) if (w.status === "alive") absolutizeTopicDates(w);
  resolveContradictions(work, notes, input.pairs);
  mergeDuplicates(work, input.pairs);
  if (input.mode === "reflect") reflectFragments(work);
  // prune & index
  const taken = takenNames(input);
  nameNewTopics(work, taken);
  const out = emit(work, notes);
  const index: DreamIndexChange[] = [];
  for (const scope of scopesOf(input)) {
    const change = planScopeIndex(input, scope, work, taken);
    if (!change) continue;
    index.push(change.index);
    out.seen[seenKey(scope, INDEX_FILE)] = change.seen;
    if (change.create) {
      out.creates.push(change.create);
      out.seen[seenKey(scope, change.create.file)] = null;
    }
  }
  const byPlace = <T extends { scope: DreamScope; file: string }>(a: T, b: T) =>
    cmp(a.scope, b.scope) || cmp(a.file, b.file);
  const logMap = new Map<string, number>();
  for (const d of input.logDrafts) logMap.set(d.file, Math.max(logMap.get(d.file) ?? 0, d.bytes));
  const seen: Record<string, string | null> = {};
  for (const k of Object.keys(out.seen).sort(cmp)) seen[k] = out.seen[k]!;
  return {
    version: 1,
    mode: input.mode,
    engine: "offline",
    createdAt: isoUtc(input.nowMs),
    roots: input.roots.user === undefined ? { project: input.roots.project } : { ...input.roots },
    seen,
    merges: out.merges.sort(byPlace),
    rewrites: out.rewrites.sort(byPlace),
    creates: out.creates.sort(byPlace),
    deletions: out.deletions.sort(byPlace),
    index: index.sort((a, b) => cmp(a.scope, b.scope)),
    logs: [...logMap].sort((a, b) => cmp(a[0], b[0])).map(([file, bytes]) => ({ file, bytes })),
    sessions: input.sessions
      ? { used: [...input.sessions.used], skipped: [...input.sessions.skipped] }
      : { used: [], skipped: [] },
    notes,
  };
}

const scopesOf = (input: OfflineDreamInput): DreamScope[] =>
  input.roots.user === undefined ? ["project"] : ["project", "user"];

/** Every file name the input shows in each scope (lower case), so new names never clash. */
function takenNames(input: OfflineDreamInput): TakenNames {
  const taken: TakenNames = new Map();
  for (const t of input.topics) {
    const set = taken.get(t.scope) ?? new Set<string>();
    set.add(t.file.toLowerCase());
    taken.set(t.scope, set);
  }
  return taken;
}

/** The MEMORY.md the scope will have after the plan, as a change (undefined when it stays as is). */
function planScopeIndex(
  input: OfflineDreamInput,
  scope: DreamScope,
  work: WorkTopic[],
  taken: TakenNames,
): { index: DreamIndexChange; seen: string | null; create?: DreamCreate } | undefined {
  const current = input.indexes.find((i) => i.scope === scope)?.text;
  const alive = work.filter((w) => w.scope === scope && w.status === "alive");
  const topics: IndexTopic[] = alive.map((w) => ({
    file: w.file,
    title: w.topic.name,
    hook: w.topic.description,
    recencyMs:
      w.origin === "log" || w.changes.length > 0 || w.absorbed.length > 0 ? input.nowMs : w.topic.mtimeMs,
  }));
  const parsed = new Set(work.filter((w) => w.scope === scope && w.origin === "file").map((w) => w.file));
  const keep = input.topics.filter((t) => t.scope === scope && !parsed.has(t.file)).map((t) => t.file);
  if (current === undefined && topics.length === 0) return undefined;
  const probe = compactIndex(current, topics, { keep, overflowFile: INDEX_OVERFLOW_FILE });
  let result = probe;
  let create: DreamCreate | undefined;
  if (probe.overflow !== undefined) {
    const file = freeName(taken, scope, INDEX_OVERFLOW_FILE.replace(/\.md$/, ""));
    result =
      file === INDEX_OVERFLOW_FILE ? probe : compactIndex(current, topics, { keep, overflowFile: file });
    create = {
      scope,
      file,
      content: indexOverflowTopic(file, result.overflow ?? "", input.nowMs),
      kind: "index-overflow",
      reason: `${result.moved} hand-written lines of MEMORY.md did not fit its budget and moved here`,
    };
  }
  if (result.text === current) return undefined;
  const before = indexSize(current);
  const after = indexSize(result.text);
  const parts = [`${before.lines} → ${after.lines} lines, ${before.bytes} → ${after.bytes} bytes`];
  if (create) parts.push(`${result.moved} hand-written lines moved to ${create.file}`);
  if (result.warning) parts.push(result.warning);
  return {
    index: { scope, before, after, text: result.text, reason: parts.join("; ") },
    seen: current === undefined ? null : topicHash(current),
    ...(create ? { create } : {}),
  };
}
