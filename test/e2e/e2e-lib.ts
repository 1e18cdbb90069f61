/**
 * Shared pieces of the end-to-end tests (test/e2e/<harness>.test.ts): memdir installed into the REAL
 * pinned harness CLI by `memdir install <harness>` (a subprocess of the built dist/memdir.cjs, with the
 * sandbox HOME / CODEX_HOME and the CLIs' bin dirs on PATH, so Codex trust goes through the real
 * `codex app-server`), then real sessions against the scripted model servers. Nothing here switches
 * memdir's detached jobs off: extraction runs as it does for a user, and the tests poll for its files.
 */
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { cliPath } from "../helpers/harness/clis.js";
import { codexHome } from "../helpers/harness/config.js";
import type { Sandbox } from "../helpers/harness/sandbox.js";
import { bodyText, type HarnessRequest, type HarnessServer } from "../helpers/harness/servers/base.js";
import { baseEnv, type CliRun, runBounded } from "../helpers/harness/spawn.js";

export const REPO = resolve(dirname(fileURLToPath(import.meta.url)), "../..");
/** The built bin the hooks run (test/global-setup.ts builds it). */
export const MEMDIR_BIN = join(REPO, "dist", "memdir.cjs");

export type Harness = "claude" | "codex" | "gemini";

/** PATH with the three pinned CLIs' bin dirs first (memdir install finds `claude`/`codex`/`gemini` there). */
export function harnessPathVar(): string {
  const dirs = (["claude-code", "codex", "gemini"] as const).map((n) => dirname(cliPath(n)));
  return [...dirs, process.env.PATH ?? "/usr/bin:/bin"].join(":");
}

/** The environment of a memdir subprocess in the sandbox (as a user's shell would have it). */
export function memdirEnv(sb: Sandbox): Record<string, string> {
  return { ...baseEnv(sb.home), PATH: harnessPathVar(), CODEX_HOME: codexHome(sb.home) };
}

/** Runs `node dist/memdir.cjs <args>` in the sandbox project, bounded. */
export function memdir(sb: Sandbox, args: string[], timeoutMs = 60_000): Promise<CliRun> {
  return runBounded(process.execPath, [MEMDIR_BIN, ...args], {
    cwd: sb.project,
    env: memdirEnv(sb),
    timeoutMs,
  });
}

export interface MemdirPaths {
  projectRoot: string;
  memoryDir: string;
  userMemoryDir: string;
  stateRoot: string;
  log: string;
  events: string;
}

/** `memdir status --json` paths for the sandbox project. */
export async function memdirPaths(sb: Sandbox): Promise<MemdirPaths> {
  const r = await memdir(sb, ["status", "--json"]);
  if (r.code !== 0) throw new Error(`memdir status failed (${r.code}): ${r.stderr}`);
  return (JSON.parse(r.stdout) as { paths: MemdirPaths }).paths;
}

/** Bytes of a file, or null when it does not exist. */
export function fileBytes(path: string): Buffer | null {
  return existsSync(path) ? readFileSync(path) : null;
}

export interface TopicFile {
  path: string;
  type: string;
  description: string;
  body: string;
}

function frontmatterField(text: string, key: string): string {
  const m = new RegExp(`^${key}:\\s*(.*)$`, "m").exec(text);
  let v = (m?.[1] ?? "").trim();
  if ((v.startsWith('"') && v.endsWith('"')) || (v.startsWith("'") && v.endsWith("'"))) {
    v = v.startsWith('"') ? (JSON.parse(v) as string) : v.slice(1, -1).replace(/''/g, "'");
  }
  return v;
}

/** The topic files (every `*.md` but MEMORY.md) of the project and user memory dirs. */
export function topicFiles(p: MemdirPaths): TopicFile[] {
  const out: TopicFile[] = [];
  for (const dir of [p.memoryDir, p.userMemoryDir]) {
    if (!existsSync(dir)) continue;
    for (const name of readdirSync(dir).sort()) {
      if (!name.endsWith(".md") || name === "MEMORY.md") continue;
      const text = readFileSync(join(dir, name), "utf8");
      const end = text.indexOf("\n---", 3);
      out.push({
        path: join(dir, name),
        type: frontmatterField(text, "type"),
        description: frontmatterField(text, "description"),
        body: end > 0 ? text.slice(end + 4).trim() : text,
      });
    }
  }
  return out;
}

/** Polls `fn` every 200 ms until it returns a non-undefined value; throws `what` after `timeoutMs`. */
export async function waitFor<T>(what: string, fn: () => T | undefined, timeoutMs = 30_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const v = fn();
    if (v !== undefined) return v;
    if (Date.now() > end) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/**
 * Session 1's prompt: a standing preference, a fact about the user and a pointer, phrased as memdir's
 * offline rule engine extracts them (test/jobs/extract; checked: feedback-preference, user-statement,
 * reference-pointer), then an ordinary request that makes the model use one tool.
 */
export function learningPrompt(tag: string): string {
  return (
    `I prefer tabs over spaces in all code. I'm a data engineer, mostly ${tag}. ` +
    `Bugs are tracked in the Linear project INGEST${tag.toUpperCase()}. Now show me what notes.txt says.`
  );
}

/**
 * Session 1's final answer: plain text long enough (~11,000 estimated tokens) that memdir's session
 * summary is due at the turn end whatever usage the harness's transcript records (the summary starts at
 * 10,000 tokens of context; the scripted replies also report 12,000 input tokens for harnesses whose
 * transcript memdir reads usage from).
 */
export const LONG_REPLY = [
  "notes.txt says hello. Here is the full walkthrough of the ingest backlog:",
  ...Array.from(
    { length: 800 },
    (_, i) => `Step ${i + 1}: batch ${i + 1} of the backlog was replayed cleanly.`,
  ),
].join("\n");

/** What the extraction must have stored from `learningPrompt(tag)`: one fragment per memory. */
export function expectedFragments(tag: string): string[] {
  return ["tabs over spaces", `data engineer, mostly ${tag}`, `INGEST${tag.toUpperCase()}`];
}

/** Waits until the memory dirs hold one topic file per expected fragment; returns them. */
export function waitForMemories(
  p: MemdirPaths,
  fragments: string[],
  timeoutMs = 30_000,
): Promise<TopicFile[]> {
  return waitFor(
    `topic files with ${JSON.stringify(fragments)} in ${p.memoryDir} / ${p.userMemoryDir}`,
    () => {
      const files = topicFiles(p);
      const hit = fragments.map((f) => files.find((t) => `${t.description}\n${t.body}`.includes(f)));
      return hit.every((t) => t !== undefined) ? (hit as TopicFile[]) : undefined;
    },
    timeoutMs,
  );
}

/** All text of a request body. */
export const requestText = (r: HarnessRequest | undefined): string => (r ? bodyText(r.body) : "");

/** The requests `isMain` accepts that arrived from index `from` on. */
export function mainRequests(server: HarnessServer, isMain: (r: HarnessRequest) => boolean, from = 0) {
  return server.requests.slice(from).filter(isMain);
}

export interface LogRecord {
  ts: string;
  level: string;
  source: string;
  msg: string;
  [k: string]: unknown;
}

/** memdir's log (`~/.memdir/logs/memdir.log`), parsed. */
export function readLog(p: MemdirPaths): LogRecord[] {
  if (!existsSync(p.log)) return [];
  return readFileSync(p.log, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as LogRecord);
}

/** The warn/error lines of memdir's log, minus those `allowed` matches. */
export function logProblems(p: MemdirPaths, allowed: RegExp[] = []): LogRecord[] {
  return readLog(p).filter(
    (r) =>
      (r.level === "warn" || r.level === "error") && !allowed.some((a) => a.test(`${r.source} ${r.msg}`)),
  );
}

/** Waits until no memdir job of this sandbox runs any more (the `MEMDIR_JOB=1` children of the hooks). */
export function waitForJobsIdle(sb: Sandbox, timeoutMs = 30_000): Promise<true> {
  return waitFor(
    `memdir jobs of ${sb.home} to finish`,
    () => (runningJobs(sb).length === 0 ? true : undefined),
    timeoutMs,
  );
}

/** Pids of live memdir processes whose HOME is the sandbox's (jobs and hooks still running). */
export function runningJobs(sb: Sandbox): number[] {
  const out: number[] = [];
  for (const pid of readdirSync("/proc").filter((d) => /^\d+$/.test(d))) {
    try {
      const cmd = readFileSync(`/proc/${pid}/cmdline`, "utf8");
      if (!cmd.includes(MEMDIR_BIN)) continue;
      const env = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
      if (env.includes(`HOME=${sb.home}`)) out.push(Number(pid));
    } catch {
      // gone
    }
  }
  return out;
}

export interface TrackedSubagents {
  agents: { agent_id: string; agent_type: string; status: string; synthetic?: boolean }[];
  total_spawned: number;
  total_completed: number;
  total_unmatched_stops: number;
}

/** memdir's subagent tracking of a session (what SubagentStart/SubagentStop recorded). */
export function readSubagents(p: MemdirPaths, sessionId: string): TrackedSubagents {
  const file = join(p.stateRoot, "state", "sessions", sessionId, "subagent-tracking-state.json");
  if (!existsSync(file))
    return { agents: [], total_spawned: 0, total_completed: 0, total_unmatched_stops: 0 };
  return JSON.parse(readFileSync(file, "utf8")) as TrackedSubagents;
}

/** The session-summary block memdir injected in `text` (`<memdir-memory source="summary of this session …">…`), or "". */
export function summaryBlock(text: string): string {
  const at = text.indexOf('<memdir-memory source="summary of this session');
  if (at < 0) return "";
  const end = text.indexOf("</memdir-memory>", at);
  return end < 0 ? text.slice(at) : text.slice(at, end);
}
