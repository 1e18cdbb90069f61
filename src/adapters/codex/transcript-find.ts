/**
 * The rollouts under `$CODEX_HOME/sessions/YYYY/MM/DD/` (default `~/.codex`), newest first. The session
 * id is the thread uuid at the end of the file name (`rollout-<local time>-<uuid>.jsonl`: a subagent's own
 * thread id for its rollout); the cwd comes from the head of the `session_meta` line (0.171.0 writes
 * `session_id`, `id`, `timestamp`, `cwd` before the long `base_instructions`), read 4 KiB at most.
 */
import { closeSync, lstatSync, readdirSync, readSync, type Stats } from "node:fs";
import { join } from "node:path";
import { openInputFile } from "../../core/input-file.js";
import type { Env, TranscriptRef } from "../contract.js";
import { codexHome } from "./env.js";

const FILE = /^rollout-.*-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\.jsonl$/i;
/** At most this many rollouts are listed (the newest by directory date come first). */
const MAX_FILES = 10_000;

function dirs(dir: string, pattern: RegExp): string[] {
  try {
    return readdirSync(dir, { withFileTypes: true })
      .filter((e) => e.isDirectory() && pattern.test(e.name))
      .map((e) => e.name)
      .sort()
      .reverse();
  } catch {
    return [];
  }
}

/** `cwd` of the session_meta in the first 4 KiB of `path`, or undefined. */
function headCwd(path: string): string | undefined {
  let fd: number | undefined;
  try {
    fd = openInputFile(path, { what: "the Codex rollout" }).fd;
    const buf = Buffer.alloc(4096);
    const n = readSync(fd, buf, 0, buf.length, 0);
    const head = buf.subarray(0, n).toString("utf8");
    if (!/"type":"session_meta"/.test(head.slice(0, 200))) return undefined;
    const m = /"cwd":("(?:[^"\\]|\\.)*")/.exec(head);
    return m ? (JSON.parse(m[1]!) as string) : undefined;
  } catch {
    return undefined;
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * The rollouts of `$CODEX_HOME/sessions` that `keep` accepts (given each file's stat; it may read the
 * file's head), newest (mtime) first; regular files only, at most MAX_FILES.
 */
function walkRollouts(
  env: Env,
  home: string,
  keep: (path: string, st: Stats) => { cwd?: string } | undefined,
): TranscriptRef[] {
  const root = join(codexHome(env, home), "sessions");
  const out: TranscriptRef[] = [];
  for (const y of dirs(root, /^\d{4}$/))
    for (const m of dirs(join(root, y), /^\d{2}$/))
      for (const d of dirs(join(root, y, m), /^\d{2}$/)) {
        const dir = join(root, y, m, d);
        let names: string[] = [];
        try {
          names = readdirSync(dir);
        } catch {
          continue;
        }
        for (const name of names) {
          const id = FILE.exec(name)?.[1];
          if (!id || out.length >= MAX_FILES) continue;
          const path = join(dir, name);
          try {
            const st = lstatSync(path);
            if (!st.isFile()) continue;
            const kept = keep(path, st);
            if (!kept) continue;
            out.push({
              path,
              sessionId: id,
              ...(kept.cwd ? { cwd: kept.cwd } : {}),
              mtimeMs: st.mtimeMs,
              sizeBytes: st.size,
            });
          } catch {
            // vanished
          }
        }
      }
  return out.sort((a, b) => b.mtimeMs - a.mtimeMs);
}

/** The rollouts of `$CODEX_HOME/sessions`, newest (mtime) first; regular files only. */
export function findRollouts(env: Env, home: string): TranscriptRef[] {
  return walkRollouts(env, home, (path) => {
    const cwd = headCwd(path);
    return cwd ? { cwd } : {};
  });
}

/** Whether `cwd` is `projectRoot` or a directory inside it. */
const inProject = (cwd: string, projectRoot: string): boolean =>
  cwd === projectRoot || cwd.startsWith(projectRoot.endsWith("/") ? projectRoot : `${projectRoot}/`);

/**
 * The rollouts of the project at `projectRoot` changed after `sinceMs` (ms; undefined = any): every
 * day directory is listed and every rollout stat'ed (a resumed session appends to its old rollout, so
 * the day of the directory does not bound the change), and only a changed one has its head read
 * (4 KiB) for the `session_meta` cwd, which must be `projectRoot` or inside it. A subagent's rollout
 * (its own thread) is counted like a session: Codex 0.171.0 does not mark it in the file name.
 */
export function codexSessionsTouchedSince(
  env: Env,
  home: string,
  projectRoot: string,
  sinceMs: number | undefined,
): TranscriptRef[] {
  return walkRollouts(env, home, (path, st) => {
    if (sinceMs !== undefined && st.mtimeMs <= sinceMs) return undefined;
    const cwd = headCwd(path);
    return cwd !== undefined && inProject(cwd, projectRoot) ? { cwd } : undefined;
  });
}
