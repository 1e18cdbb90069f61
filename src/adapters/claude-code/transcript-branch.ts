/**
 * Which entries of a Claude Code transcript slice lie on the live branch, and which entries an earlier read
 * returned that a rewind has since abandoned (rules: transcript-chain.ts).
 *
 * A read from byte 0 walks the whole file. A read from a cursor first looks at the last TAIL_BYTES before
 * the cursor: when the walk from the slice's newest leaf reaches the newest leaf before the cursor, the
 * conversation went on where the last read left it and nothing earlier changed (the usual case: one small
 * extra read). Otherwise (a rewind, an edited prompt, a fork point further back, a parent never persisted)
 * the bytes before the cursor are read in full once, and the entries that were live at the cursor but are
 * not live now are reported as abandoned.
 */
import type { TranscriptReadBounds } from "../../transcripts/types.js";
import { type ChainEntry, chainEntryOf, indexByUuid, liveFrom, newestLeaf } from "./transcript-chain.js";
import { type Item, readClaudeRows } from "./transcript-entries.js";

/** Bytes before the cursor read to find where the last read's conversation ended. */
export const TAIL_BYTES = 256 * 1024;

/** Collects the chain entries of rows (several rows of one line share an envelope and make one entry). */
export class ChainCollector {
  readonly entries: ChainEntry[] = [];
  private start = -1;
  private env: Parameters<typeof chainEntryOf>[0] | undefined;
  private items: Item[] = [];

  add(env: Parameters<typeof chainEntryOf>[0] & { start: number }, item: Item): void {
    if (env.start !== this.start) {
      this.flush();
      this.start = env.start;
      this.env = env;
    }
    this.items.push(item);
  }

  /** Ends the last line; returns the entries. */
  flush(): ChainEntry[] {
    if (this.env) {
      const e = chainEntryOf(this.env, this.items);
      if (e) this.entries.push(e);
    }
    this.env = undefined;
    this.items = [];
    return this.entries;
  }
}

function entriesBetween(path: string, from: number, to: number, bounds: TranscriptReadBounds): ChainEntry[] {
  const c = new ChainCollector();
  const maxLineBytes = bounds.maxLineBytes;
  for (const r of readClaudeRows(path, from, {
    maxBytes: to - from,
    ...(maxLineBytes ? { maxLineBytes } : {}),
  }))
    c.add(r.env, r.item);
  return c.flush();
}

export interface LiveBranch {
  /** uuids of the slice's entries that are not on the live branch (never handed out). */
  offBranch: Set<string>;
  /** uuids of content entries before the cursor that were live at the cursor and are not live now. */
  abandoned: string[];
  /** The bytes before the cursor were read in full (a branch or a broken chain at the cursor). */
  rescanned: boolean;
}

/**
 * The live branch for the slice of `path` read from `fromOffset`, whose chain entries are `slice`.
 * Throws what readLines throws (NOT_FOUND, IO) for the bytes before the cursor.
 */
export function liveBranch(
  path: string,
  fromOffset: number,
  slice: readonly ChainEntry[],
  bounds: TranscriptReadBounds = {},
): LiveBranch {
  const none: LiveBranch = { offBranch: new Set(), abandoned: [], rescanned: false };
  if (newestLeaf(slice) === -1) return none;
  if (fromOffset === 0) return { ...none, offBranch: offBranch([], slice, "previous").off };
  const tailFrom = Math.max(0, fromOffset - TAIL_BYTES);
  const tail = entriesBetween(path, tailFrom, fromOffset, bounds);
  const prevLeaf = newestLeaf(tail);
  if (prevLeaf === -1 && tailFrom === 0) return { ...none, offBranch: offBranch([], slice, "previous").off };
  if (prevLeaf !== -1) {
    const t = offBranch(tail, slice, "stop");
    if (t.walk.has(prevLeaf)) return { ...none, offBranch: t.off };
  }
  const before = tailFrom === 0 ? tail : entriesBetween(path, 0, fromOffset, bounds);
  const all = offBranch(before, slice, "previous");
  const was = liveFrom(before, indexByUuid(before), newestLeaf(before), "previous").live;
  const abandoned = before.flatMap((e, i) => (e.content && was.has(i) && !all.walk.has(i) ? [e.uuid] : []));
  return { offBranch: all.off, abandoned, rescanned: true };
}

/** The live set over `before ++ slice` from the slice's newest leaf, and the slice uuids off it. */
function offBranch(
  before: readonly ChainEntry[],
  slice: readonly ChainEntry[],
  dangling: "previous" | "stop",
): { walk: Set<number>; off: Set<string> } {
  const entries = [...before, ...slice];
  const walk = liveFrom(entries, indexByUuid(entries), newestLeaf(entries, before.length), dangling).live;
  const off = new Set<string>();
  slice.forEach((e, i) => {
    if (!walk.has(before.length + i)) off.add(e.uuid);
  });
  return { walk, off };
}
