/**
 * Where Gemini CLI 0.61.0 keeps session files and what their paths tell:
 * `<gemini dir>/tmp/<slug>/chats/session-<YYYY-MM-DDTHH-MM>-<first 8 of sessionId>.jsonl` for a main
 * session, `…/chats/<parent sessionId>/<sessionId>.jsonl` for a subagent (header `kind:"subagent"`).
 * `<gemini dir>/tmp/<slug>/.project_root` holds the project path; `<gemini dir>/projects.json` is
 * `{projects: {<project path>: <slug>}}`; `projectHash` is the sha256 (hex) of the project path.
 */
import { createHash } from "node:crypto";
import { closeSync, readdirSync, readSync, statSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { openInputFile, readInputBytes } from "../../core/input-file.js";
import type { Env, TranscriptRef } from "../contract.js";
import { isObj, reportable, type SessionMeta, type SessionState } from "./transcript-state.js";

/** `session-<YYYY-MM-DDTHH-MM>-<8 id characters>.jsonl`. */
export const SESSION_FILE = /^session-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-([^.]{1,8})\.jsonl$/;

const sha256 = (s: string): string => createHash("sha256").update(s).digest("hex");

function readSmall(path: string, maxBytes: number): string | undefined {
  try {
    return readInputBytes(path, maxBytes, { what: "a Gemini CLI file" })?.toString("utf8");
  } catch {
    return undefined;
  }
}

/** The first line of a file as JSON (at most 64 KiB read), or undefined. */
export function readHeader(path: string): Record<string, unknown> | undefined {
  try {
    const { fd } = openInputFile(path, { what: "the transcript" });
    const buf = Buffer.alloc(64 * 1024);
    let n: number;
    try {
      n = readSync(fd, buf, 0, buf.length, 0);
    } finally {
      closeSync(fd);
    }
    let text = buf.subarray(0, n).toString("utf8");
    if (text.charCodeAt(0) === 0xfeff) text = text.slice(1);
    const nl = text.indexOf("\n");
    const v: unknown = JSON.parse(nl === -1 ? text : text.slice(0, nl));
    return isObj(v) ? v : undefined;
  } catch {
    return undefined;
  }
}

/** `<gemini dir>/tmp/<slug>` of a session file (main or subagent), or undefined when the path is not one. */
export function projectTempDir(file: string): string | undefined {
  let dir = dirname(file);
  if (basename(dir) !== "chats") dir = dirname(dir);
  return basename(dir) === "chats" ? dirname(dir) : undefined;
}

/**
 * The project directory of a session: the header's `directories[0]` (subagents), else the tmp dir's
 * `.project_root`, else the `projects.json` entry, each accepted only when its sha256 is `projectHash`
 * (when there is one). Undefined when nothing matches.
 */
export function sessionCwd(file: string, meta: SessionMeta): string | undefined {
  const ok = (p: string | undefined): p is string =>
    typeof p === "string" && p !== "" && (meta.projectHash === undefined || sha256(p) === meta.projectHash);
  const d = meta.directories?.[0];
  if (ok(d)) return d;
  const tmp = projectTempDir(file);
  if (!tmp) return undefined;
  const root = readSmall(join(tmp, ".project_root"), 64 * 1024)?.trim();
  if (ok(root)) return root;
  const reg = readSmall(join(dirname(dirname(tmp)), "projects.json"), 4 * 1024 * 1024);
  try {
    const projects = reg ? (JSON.parse(reg) as { projects?: unknown }).projects : undefined;
    if (!isObj(projects)) return undefined;
    for (const [p, slug] of Object.entries(projects)) if (slug === basename(tmp) && ok(p)) return p;
    if (meta.projectHash) for (const p of Object.keys(projects)) if (ok(p)) return p;
  } catch {
    // an unreadable registry: no cwd
  }
  return undefined;
}

/** True when the replayed file holds conversation (a prompt or a model turn), not only Gemini's preamble. */
export function hasConversation(state: SessionState): boolean {
  for (const m of state.messages.values()) if (reportable(m)) return true;
  return false;
}

/**
 * The file holding a resumed conversation. On `--resume` in a later minute than the session's start,
 * 0.61 writes a new stub (header + a `$set` of the preamble) that SessionStart names as
 * `transcript_path`, while the conversation is appended to the original file. Given a stub (no
 * conversation), this is the newest other `session-*-<same 8>.jsonl` in the same directory whose header
 * has the same `sessionId` and which holds conversation; else `file` itself.
 */
export function conversationFile(
  file: string,
  state: SessionState,
  replay: (path: string) => SessionState,
): string {
  const sid = state.meta.sessionId;
  const m = SESSION_FILE.exec(basename(file));
  if (!sid || !m || hasConversation(state)) return file;
  let best: { path: string; mtime: number } | undefined;
  let names: string[];
  try {
    names = readdirSync(dirname(file));
  } catch {
    return file;
  }
  for (const name of names) {
    if (name === basename(file) || SESSION_FILE.exec(name)?.[1] !== m[1]) continue;
    const path = join(dirname(file), name);
    if (readHeader(path)?.sessionId !== sid) continue;
    let mtime: number;
    try {
      mtime = statSync(path).mtimeMs;
    } catch {
      continue;
    }
    if (best && mtime <= best.mtime) continue;
    try {
      if (hasConversation(replay(path))) best = { path, mtime };
    } catch {
      // unreadable sibling: not the conversation
    }
  }
  return best?.path ?? file;
}

/**
 * Session files under `<GEMINI_CLI_HOME or home>/.gemini/tmp/*\/chats`, newest first; subagent files
 * (`chats/<parent id>/<id>.jsonl`) carry the parent's session id.
 */
export function findSessions(env: Env, home: string): TranscriptRef[] {
  const tmp = join(env.GEMINI_CLI_HOME || home, ".gemini", "tmp");
  const out: TranscriptRef[] = [];
  const add = (path: string, sessionId?: string) => {
    try {
      const st = statSync(path);
      if (st.isFile())
        out.push({ path, ...(sessionId ? { sessionId } : {}), mtimeMs: st.mtimeMs, sizeBytes: st.size });
    } catch {
      // vanished
    }
  };
  const list = (dir: string): string[] => {
    try {
      return readdirSync(dir);
    } catch {
      return [];
    }
  };
  for (const slug of list(tmp)) {
    const chats = join(tmp, slug, "chats");
    for (const name of list(chats)) {
      const p = join(chats, name);
      if (SESSION_FILE.test(name)) add(p);
      else if (!name.includes("."))
        for (const sub of list(p)) if (sub.endsWith(".jsonl")) add(join(p, sub), name);
    }
  }
  return out.sort((a, b) => b.mtimeMs - a.mtimeMs);
}

/**
 * The main-session files of the project at `projectRoot` changed after `sinceMs` (ms; undefined =
 * any): `<gemini dir>/tmp/<slug>/chats/session-*.jsonl` for the slugs whose `.project_root` is
 * `projectRoot` (one small read per slug), each stat'ed; a changed file's header (first line) gives
 * the full session id (its name has only 8 characters of it). Subagent files are not sessions.
 */
export function geminiSessionsTouchedSince(
  env: Env,
  home: string,
  projectRoot: string,
  sinceMs: number | undefined,
): TranscriptRef[] {
  const tmp = join(env.GEMINI_CLI_HOME || home, ".gemini", "tmp");
  const out: TranscriptRef[] = [];
  let slugs: string[];
  try {
    slugs = readdirSync(tmp);
  } catch {
    return out;
  }
  let registered: unknown;
  try {
    const reg = readSmall(join(dirname(tmp), "projects.json"), 4 * 1024 * 1024);
    registered = reg
      ? (JSON.parse(reg) as { projects?: Record<string, unknown> }).projects?.[projectRoot]
      : undefined;
  } catch {
    // an unreadable registry: the .project_root files decide
  }
  for (const slug of slugs) {
    const own =
      slug === registered || readSmall(join(tmp, slug, ".project_root"), 64 * 1024)?.trim() === projectRoot;
    if (!own) continue;
    const chats = join(tmp, slug, "chats");
    let names: string[];
    try {
      names = readdirSync(chats).filter((n) => SESSION_FILE.test(n));
    } catch {
      continue;
    }
    for (const name of names) {
      const path = join(chats, name);
      try {
        const st = statSync(path);
        if (!st.isFile() || (sinceMs !== undefined && st.mtimeMs <= sinceMs)) continue;
        const id = readHeader(path)?.sessionId;
        if (typeof id !== "string" || id === "") continue;
        out.push({ path, sessionId: id, cwd: projectRoot, mtimeMs: st.mtimeMs, sizeBytes: st.size });
      } catch {
        // vanished
      }
    }
  }
  return out.sort((a, b) => b.mtimeMs - a.mtimeMs);
}
