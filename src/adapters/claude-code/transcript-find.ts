/** The Claude Code transcripts on this machine: `<config dir>/projects/<project key>/<session id>.jsonl`. */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { claudeConfigDir, matchesProjectKey } from "../../paths/index.js";
import type { Env, TranscriptRef } from "../contract.js";

/**
 * Session transcripts and their subagents' (`<session id>/subagents/agent-<id>.jsonl`), newest first.
 * Unreadable entries are skipped.
 */
export function findClaudeTranscripts(env: Env): TranscriptRef[] {
  const root = join(claudeConfigDir(env), "projects");
  const out: TranscriptRef[] = [];
  let dirs: string[];
  try {
    dirs = readdirSync(root);
  } catch {
    return out;
  }
  for (const d of dirs) {
    let names: string[];
    try {
      names = readdirSync(join(root, d));
    } catch {
      continue;
    }
    for (const n of names) {
      if (n.endsWith(".jsonl")) push(out, join(root, d, n), n.slice(0, -6));
      else
        for (const a of list(join(root, d, n, "subagents"))) push(out, join(root, d, n, "subagents", a), n);
    }
  }
  return out.sort((a, b) => b.mtimeMs - a.mtimeMs);
}

function list(dir: string): string[] {
  try {
    return readdirSync(dir).filter((n) => n.endsWith(".jsonl"));
  } catch {
    return [];
  }
}

function push(out: TranscriptRef[], path: string, sessionId: string): void {
  try {
    const st = statSync(path);
    if (st.isFile()) out.push({ path, sessionId, mtimeMs: st.mtimeMs, sizeBytes: st.size });
  } catch {}
}

/**
 * True when the first JSON line of `head` is a Claude Code transcript entry: an object with a string
 * `type` (`user`, `assistant`, `summary`, `system`, `file-history-snapshot`, `queue-operation`…) and no
 * `payload` (a Codex rollout line) or `$set` / `projectHash` (a Gemini session file).
 */
export function sniffClaudeTranscript(head: string): boolean {
  const line = head.split("\n", 5).find((l) => l.trim() !== "");
  if (line === undefined) return false;
  try {
    const v = JSON.parse(line) as unknown;
    if (typeof v !== "object" || v === null || Array.isArray(v)) return false;
    const o = v as Record<string, unknown>;
    return typeof o.type === "string" && !("payload" in o) && !("projectHash" in o) && !("$set" in o);
  } catch {
    return false;
  }
}

/**
 * The main-session transcripts of the project at `projectRoot` changed after `sinceMs` (ms since the
 * epoch; undefined = any): the `*.jsonl` files of `<config dir>/projects/<project key>/` (the key of
 * `projectRoot`, long-path suffix variants included), as Claude Code 2.1.332 counts sessions for its
 * auto-dream gate. One readdir of `projects/`, one per matching directory, one stat per file;
 * subagent transcripts are not sessions. Unreadable entries are skipped.
 */
export function claudeSessionsTouchedSince(
  env: Env,
  projectRoot: string,
  sinceMs: number | undefined,
): TranscriptRef[] {
  const root = join(claudeConfigDir(env), "projects");
  const out: TranscriptRef[] = [];
  let dirs: string[];
  try {
    dirs = readdirSync(root).filter((d) => matchesProjectKey(d, projectRoot));
  } catch {
    return out;
  }
  for (const d of dirs)
    for (const n of list(join(root, d))) {
      const before = out.length;
      push(out, join(root, d, n), n.slice(0, -6));
      if (out.length > before && sinceMs !== undefined && out[before]!.mtimeMs <= sinceMs) out.pop();
    }
  return out.sort((a, b) => b.mtimeMs - a.mtimeMs);
}
