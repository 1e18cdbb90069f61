/**
 * The live branch of a Claude Code conversation (Claude Code 2.1.332):
 * every conversation entry names its parent (`parentUuid`; a `compact_boundary` has `null` and names the
 * last entry before the compaction in `logicalParentUuid`), and the conversation the harness resumes is the
 * path from the newest leaf back to a root. A rewind, an edited prompt or `--resume-session-at` appends a
 * new entry whose parent is an earlier entry; the entries after that one stay in the file as a dead branch.
 *
 * Rules here:
 * - the newest leaf is the last `user` or `assistant` entry of the main chain in file order (attachments,
 *   system and progress entries also have parents, but hang off the chain as side leaves);
 * - the walk follows `parentUuid`, else `logicalParentUuid`; a parent that is not in the file (never
 *   persisted: API retries, hook output) continues at the previous main-chain entry in file order, as
 *   file order is the fallback when the chain breaks; an entry without a `parentUuid` key does too;
 * - live besides the walk: every entry of an assistant message (`message.id`) the walk reached, and the
 *   tool results of its tool calls (parallel tool results hang off the tool_use entry that made them,
 *   not off the previous entry);
 * - sidechain entries (`isSidechain`, subagent transcripts) are not part of the main chain and never
 *   dropped here;
 * - entries that name no parent at all (every `parentUuid` null or absent: no chain was written) are
 *   all live, in file order.
 */
import type { Item } from "./transcript-entries.js";

/** What the chain needs of one transcript line (a main-chain conversation or progress entry). */
export interface ChainEntry {
  uuid: string;
  /** `parentUuid` (null: a root; undefined: no such key), or `logicalParentUuid` at a compact boundary. */
  parent: string | null | undefined;
  /** A `user` or `assistant` entry: a candidate for the newest leaf. */
  leaf: boolean;
  /** The entry produced a prompt, assistant text or tool calls, or a compaction summary. */
  content: boolean;
  /** Assistant entries: `message.id`. */
  messageId?: string;
  /** Tool calls made (tool_use ids) and answered (tool_result tool_use_ids) on this entry. */
  calls: string[];
  results: string[];
}

/** The chain entry of one line from its envelope fields and items, or undefined for lines off the chain. */
export function chainEntryOf(
  env: {
    uuid: string;
    type: string;
    isSidechain: boolean;
    parentUuid?: string | null;
    logicalParentUuid?: string;
  },
  items: readonly Item[],
): ChainEntry | undefined {
  if (env.uuid === "" || env.isSidechain) return undefined;
  if (!["user", "assistant", "system", "attachment", "progress"].includes(env.type)) return undefined;
  const parent = env.parentUuid === null && env.logicalParentUuid ? env.logicalParentUuid : env.parentUuid;
  const e: ChainEntry = {
    uuid: env.uuid,
    parent,
    leaf: env.type === "user" || env.type === "assistant",
    content: false,
    calls: [],
    results: [],
  };
  for (const it of items) {
    if (it.kind === "prompt" || it.kind === "compact_summary") e.content = true;
    else if (it.kind === "assistant") {
      e.messageId = it.messageId;
      e.calls.push(...it.toolUses.map((u) => u.id));
      if (it.text !== "" || it.toolUses.length > 0) e.content = true;
    } else if (it.kind === "tool_result") e.results.push(it.toolUseId);
  }
  return e;
}

/** Index of the newest leaf of `entries` at or after `from`, or -1. */
export function newestLeaf(entries: readonly ChainEntry[], from = 0): number {
  for (let i = entries.length - 1; i >= from; i--) if (entries[i]!.leaf) return i;
  return -1;
}

export interface Walk {
  /** Indexes of `entries` that are live (the walk, plus the entries of its messages and tool calls). */
  live: Set<number>;
  /** The walk met a parent not in `entries` (with `dangling: "stop"`): that uuid. */
  exit?: string;
}

/**
 * The live entries from the leaf at index `leaf` (none when -1). `dangling`: what a parent that is not in
 * `entries` means: "previous" (the whole file is in `entries`: continue at the previous entry) or "stop"
 * (`entries` is only the end of the file: stop there and report it as `exit`).
 */
export function liveFrom(
  entries: readonly ChainEntry[],
  byUuid: ReadonlyMap<string, number[]>,
  leaf: number,
  dangling: "previous" | "stop",
): Walk {
  if (!entries.some((e) => typeof e.parent === "string")) return { live: new Set(entries.map((_, i) => i)) };
  const walked = new Set<number>();
  let exit: string | undefined;
  for (let i = leaf; i >= 0 && !walked.has(i); ) {
    walked.add(i);
    const p = entries[i]!.parent;
    if (p === null) break;
    const j = p === undefined ? undefined : before(byUuid.get(p), i);
    if (j !== undefined) i = j;
    else if (dangling === "stop" && p !== undefined) {
      exit = p;
      break;
    } else i -= 1;
  }
  const messages = new Set<string>();
  const calls = new Set<string>();
  for (const i of walked) {
    const e = entries[i]!;
    if (e.messageId) messages.add(e.messageId);
    for (const c of e.calls) calls.add(c);
  }
  const live = new Set(walked);
  entries.forEach((e, i) => {
    if (live.has(i)) return;
    if (e.messageId && messages.has(e.messageId)) {
      live.add(i);
      for (const c of e.calls) calls.add(c);
    }
  });
  entries.forEach((e, i) => {
    if (!live.has(i) && e.results.length > 0 && e.results.every((r) => calls.has(r))) live.add(i);
  });
  return exit === undefined ? { live } : { live, exit };
}

/** uuid → indexes of `entries` holding it, ascending (a uuid can be recorded more than once). */
export function indexByUuid(entries: readonly ChainEntry[]): Map<string, number[]> {
  const m = new Map<string, number[]>();
  entries.forEach((e, i) => {
    const at = m.get(e.uuid);
    if (at) at.push(i);
    else m.set(e.uuid, [i]);
  });
  return m;
}

/** The last of `at` (ascending) below `i`: the parent is the nearest earlier entry with its uuid. */
function before(at: readonly number[] | undefined, i: number): number | undefined {
  if (!at) return undefined;
  for (let k = at.length - 1; k >= 0; k--) if (at[k]! < i) return at[k];
  return undefined;
}
