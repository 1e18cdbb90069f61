/**
 * Temp files that `writeFileAtomic` leaves when its process is killed between the write and the
 * rename: `.<name>.<suffix>.tmp` where the suffix of `uniqueSuffix` starts with the writer's pid in
 * base 36. A sweep removes the stale ones of a directory, never one a live process may still rename.
 */
import { lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { removeFile } from "./fs.js";

/** `.<name>.<pid36>-<counter36>-<time36>-<random>.tmp` (core/fs `writeFileAtomic`, core/unique). */
const TEMP_NAME = /^\.(.+)\.([0-9a-z]+)-[0-9a-z]+-[0-9a-z]+-[0-9a-z]+\.tmp$/;

/** The writer's pid and the target name of a memdir temp file name, or undefined for any other name. */
export function parseTempName(name: string): { target: string; pid: number } | undefined {
  const m = TEMP_NAME.exec(name);
  if (!m) return undefined;
  const pid = Number.parseInt(m[2] as string, 36);
  return Number.isSafeInteger(pid) && pid > 0 ? { target: m[1] as string, pid } : undefined;
}

export interface SweepOptions {
  nowMs: number;
  isAlive: (pid: number) => boolean;
  /** Only temp files older than this are removed (ms; default 5 minutes). */
  minAgeMs?: number;
  /** A temp file this old is removed even when its pid is alive again (pid reuse; ms; default 1 hour). */
  maxAgeMs?: number;
}

/**
 * Removes the stale memdir temp files directly in `dir`: older than `minAgeMs` and written by a process
 * that is dead (or older than `maxAgeMs`: no write takes that long). Other files, links and
 * directories are never touched. Returns the names removed; [] when `dir` cannot be listed.
 */
export function sweepStaleTempFiles(dir: string, opts: SweepOptions): string[] {
  const minAge = opts.minAgeMs ?? 5 * 60_000;
  const maxAge = opts.maxAgeMs ?? 60 * 60_000;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return [];
  }
  const removed: string[] = [];
  for (const n of names) {
    const t = parseTempName(n);
    if (!t) continue;
    try {
      const st = lstatSync(join(dir, n));
      const age = opts.nowMs - st.mtimeMs;
      if (!st.isFile() || age < minAge || (age < maxAge && opts.isAlive(t.pid))) continue;
      removeFile(join(dir, n));
      removed.push(n);
    } catch {
      // gone meanwhile
    }
  }
  return removed;
}
