/**
 * The rollouts under `$CODEX_HOME/sessions/YYYY/MM/DD/` (default `~/.codex`), newest first. The session
 * id is the thread uuid at the end of the file name (`rollout-<local time>-<uuid>.jsonl`: a subagent's own
 * thread id for its rollout); the cwd comes from the head of the `session_meta` line (0.171.0 writes
 * `session_id`, `id`, `timestamp`, `cwd` before the long `base_instructions`), read 4 KiB at most.
 */
import { closeSync, lstatSync, readdirSync, readSync } from "node:fs";
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

/** The rollouts of `$CODEX_HOME/sessions`, newest (mtime) first; regular files only. */
export function findRollouts(env: Env, home: string): TranscriptRef[] {
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
            const cwd = headCwd(path);
            out.push({
              path,
              sessionId: id,
              ...(cwd ? { cwd } : {}),
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
