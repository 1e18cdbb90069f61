/**
 * A per-process cache of parsed topic files, keyed by path and validated by inode, size, mtime and
 * ctime: writers replace files by rename (new inode), and any in-place write (even one that
 * restores the mtime) changes the ctime, so a changed file is never served stale. Parsing
 * YAML dominates the cost of a scan (~0.3 ms per file); with the cache a process that scans the
 * same dir again (the 50th upsert of a job) parses only what changed.
 */
import { type Stats, statSync } from "node:fs";

interface Entry<T> {
  ino: number;
  size: number;
  mtimeMs: number;
  ctimeMs: number;
  value: T;
}

/** Entries kept per cache; the cache is cleared when it grows past this. */
const MAX_ENTRIES = 5_000;

export class ParseCache<T> {
  private readonly map = new Map<string, Entry<T>>();

  /** The cached value for `path` when `stats` still match, else `load()` (cached). Throws what `load` throws. */
  get(path: string, stats: Stats, load: () => T): T {
    const e = this.map.get(path);
    if (
      e &&
      e.ino === stats.ino &&
      e.size === stats.size &&
      e.mtimeMs === stats.mtimeMs &&
      e.ctimeMs === stats.ctimeMs
    ) {
      return e.value;
    }
    const value = load();
    if (this.map.size >= MAX_ENTRIES) this.map.clear();
    const { ino, size, mtimeMs, ctimeMs } = stats;
    this.map.set(path, { ino, size, mtimeMs, ctimeMs, value });
    return value;
  }

  /** Like `get`, stat-ing `path` first. Throws the fs error of `statSync`. */
  getPath(path: string, load: (stats: Stats) => T): T {
    const stats = statSync(path);
    return this.get(path, stats, () => load(stats));
  }
}
