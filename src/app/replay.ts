/**
 * `memdir replay`: drives a recorded Claude Code transcript through the whole pipeline, offline, in an
 * isolated home (the user's real memory is untouched). The hook event sequence is derived from the
 * transcript (adapters/claude-code deriveHookEvents) and each event goes through `runHook`, the same
 * entry point as `memdir hook`. The transcript is copied into the sandbox and grows as the events
 * advance (as Claude Code appends it live). Jobs that hooks would start detached run inline, in order.
 * The clock follows the transcript's timestamps. Finally a new session starts, and the report shows
 * what it is given.
 */
import { randomUUID } from "node:crypto";
import {
  closeSync,
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  openSync,
  readSync,
  rmSync,
  statSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join, resolve } from "node:path";
import { deriveHookEvents, type HookEventSpec } from "../adapters/claude-code/index.js";
import { MemdirError } from "../core/errors.js";
import { removeFile } from "../core/fs.js";
import { openInputFile } from "../core/input-file.js";
import { readJsonFile, writeJsonAtomic } from "../core/json.js";
import { projectKey, sessionStatePaths } from "../paths/index.js";
import { projectContext } from "./context.js";
import { formatDreamOutcome } from "./dream-cmd.js";
import { runDream } from "./dream-job.js";
import { runExtractionJob } from "./extract-job.js";
import { runHook } from "./hooks/run.js";
import { collectReport, type ReplayRecall, type ReplayReport, recallOf } from "./replay-report.js";
import type { Env, Runtime } from "./runtime.js";
import { runSessionMemoryJob } from "./session-memory-job.js";

export interface ReplayOptions {
  transcript: string;
  /** Home for the sandbox (created if missing); default a new temp dir. */
  home?: string;
  /** The environment to inherit PATH from. */
  env: Env;
  /** Called with every hook's input (as sent) and stdout, in order (tests, tools that inspect a replay). */
  onHookOutput?: (event: string, input: Record<string, unknown>, stdout: string) => void;
}

/** Replaces the recorded project path with the sandbox path in every string of `v`. */
function rebase(v: unknown, from: string, to: string): unknown {
  if (typeof v === "string") return v.split(from).join(to);
  if (Array.isArray(v)) return v.map((x) => rebase(x, from, to));
  if (v && typeof v === "object") {
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) o[k] = rebase(x, from, to);
    return o;
  }
  return v;
}

/** Appends bytes [copied, upTo) of `src` to the open sandbox copy; returns the new length. */
function growCopy(srcFd: number, dstFd: number, copied: number, upTo: number): number {
  const buf = Buffer.alloc(1 << 20);
  let pos = copied;
  while (pos < upTo) {
    const n = readSync(srcFd, buf, 0, Math.min(buf.length, upTo - pos), pos);
    if (n <= 0) break;
    writeSync(dstFd, buf, 0, n);
    pos += n;
  }
  return pos;
}

/** Marks a directory as a replay sandbox (replay writes its config and state there). */
const SANDBOX_MARKER = ".memdir-replay-sandbox";

/**
 * Replay writes `.memdir/config.json` and state into its home: a `--home` that already holds memdir
 * or Claude Code data and is not a replay sandbox (a real home) is refused, so a user's config is never
 * overwritten.
 * @throws MemdirError BAD_INPUT
 */
function assertSandboxHome(home: string): void {
  if (existsSync(join(home, SANDBOX_MARKER))) return;
  // Signs of a home in use (planted memory files alone are fine: tests and demos seed a sandbox so).
  const taken = [
    ".memdir/config.json",
    ".memdir/logs",
    ".memdir/user-memory",
    ".claude.json",
    ".claude/settings.json",
  ].filter((d) => existsSync(join(home, d)));
  if (taken.length === 0) return;
  throw new MemdirError("BAD_INPUT", `replay will not use ${home} as its sandbox home`, {
    expected: "an empty directory, a new path, or an earlier replay sandbox",
    received: `a directory that already holds ${taken.join(" and ")} (a real home?)`,
    hint: "drop --home (a temp dir is used) or pass a new directory",
  });
}

export async function replay(opts: ReplayOptions): Promise<ReplayReport> {
  const transcript = resolve(opts.transcript);
  if (!statSync(transcript, { throwIfNoEntry: false })?.isFile()) {
    throw new MemdirError("BAD_INPUT", `cannot replay ${opts.transcript}`, {
      expected:
        "a Claude Code transcript file (.jsonl), e.g. ~/.claude/projects/<project>/<session-id>.jsonl",
      received: existsSync(transcript) ? "a directory" : "a path that does not exist",
      hint: "pass the path of one session's .jsonl file",
    });
  }
  const home = opts.home ? resolve(opts.home) : mkdtempSync(join(tmpdir(), "memdir-replay-"));
  mkdirSync(home, { recursive: true });
  assertSandboxHome(home);
  writeFileSync(join(home, SANDBOX_MARKER), "memdir replay sandbox\n");
  const env: Env = {
    HOME: home,
    MEMDIR_HOME: join(home, ".memdir"),
    CLAUDE_CONFIG_DIR: join(home, ".claude"),
    PATH: opts.env.PATH,
  };
  // No harness runs in the sandbox to load MEMORY.md itself, so memdir injects it (config, DESIGN.md §4).
  // A config already in the sandbox home (e.g. `"kairos": true` to replay KAIROS mode) is kept.
  const configFile = join(env.MEMDIR_HOME!, "config.json");
  const existing = readJsonFile<unknown>(configFile, {}, true);
  const base = existing && typeof existing === "object" && !Array.isArray(existing) ? existing : {};
  writeJsonAtomic(configFile, { ...base, harnessLoadsMemoryMd: false });
  const specs: HookEventSpec[] = deriveHookEvents(transcript);
  const first = specs[0]?.input ?? {};
  const sessionId = typeof first.session_id === "string" ? first.session_id : randomUUID();
  const recordedCwd = typeof first.cwd === "string" && first.cwd ? first.cwd : "/";
  const projectRoot = join(home, "project", basename(recordedCwd) || "project");
  mkdirSync(projectRoot, { recursive: true });
  const fixture = transcript.replace(/\.jsonl$/, ".project");
  if (fixture !== transcript && existsSync(fixture)) cpSync(fixture, projectRoot, { recursive: true });
  const copy = join(env.CLAUDE_CONFIG_DIR!, "projects", projectKey(projectRoot), `${sessionId}.jsonl`);
  mkdirSync(dirname(copy), { recursive: true });

  let clock = specs.find((s) => s.timestampMs)?.timestampMs ?? Date.now();
  const jobs: string[][] = [];
  const rt: Runtime = {
    env,
    cwd: projectRoot,
    now: () => clock,
    pid: process.pid,
    ownerPid: process.pid,
    isAlive: () => true,
    spawnJob: async (args) => {
      jobs.push(args);
    },
  };
  const counts: Record<string, number> = {};
  const badOutputs: string[] = [];
  const recalls: ReplayRecall[] = [];
  const { fd: srcFd } = openInputFile(transcript, { what: "the transcript" });
  const dstFd = openSync(copy, "w", 0o600);
  let copied = 0;
  try {
    for (const spec of specs) {
      if (spec.timestampMs && spec.timestampMs > clock) clock = spec.timestampMs;
      copied = growCopy(srcFd, dstFd, copied, Math.max(copied, spec.transcriptOffset));
      const input = rebase({ ...spec.input, transcript_path: copy }, recordedCwd, projectRoot) as Record<
        string,
        unknown
      >;
      input.cwd = projectRoot;
      const out = await runHook(spec.event, JSON.stringify(input), rt);
      opts.onHookOutput?.(spec.event, input, out);
      counts[spec.event] = (counts[spec.event] ?? 0) + 1;
      if (out && !isOneJsonObject(out)) badOutputs.push(`${spec.event}: ${out.slice(0, 200)}`);
      else if (out && (spec.event === "UserPromptSubmit" || spec.event === "PreToolUse")) {
        recalls.push(recallOf(spec.event, input, out));
      }
      await runJobs(rt, jobs);
    }
    copied = growCopy(srcFd, dstFd, copied, Number.MAX_SAFE_INTEGER);
  } finally {
    closeSync(srcFd);
    closeSync(dstFd);
  }
  await runJobs(rt, jobs);
  // The whole pipeline: the consolidation a later idle moment would run, forced (no 24 h / 5 sessions wait).
  clock += 60_000;
  const dream = formatDreamOutcome(await runDream(rt, { cwd: projectRoot, trigger: "manual", force: true }));
  clock += 60_000;
  const next = {
    session_id: randomUUID(),
    transcript_path: "",
    cwd: projectRoot,
    hook_event_name: "SessionStart",
    source: "startup",
  };
  const nextOut = await runHook("SessionStart", JSON.stringify(next), rt);
  await runJobs(rt, jobs);
  // The preview session never ran: leave no state that a later real session would reclaim.
  const preview = sessionStatePaths(projectContext(rt, projectRoot).paths.stateRoot, next.session_id);
  rmSync(preview.dir, { recursive: true, force: true });
  // The sandbox copy of the transcript is the harness's file, not memdir's: it holds the session
  // verbatim (secrets and <private> text included), so it does not outlive the replay.
  removeFile(copy);
  const ctx = projectContext(rt, projectRoot);
  return collectReport(ctx, {
    home,
    transcript,
    sessionId,
    counts,
    badOutputs,
    recalls,
    nextSessionStartStdout: nextOut,
    dream,
  });
}

function isOneJsonObject(out: string): boolean {
  try {
    const v = JSON.parse(out) as unknown;
    return typeof v === "object" && v !== null && !Array.isArray(v) && !out.trim().includes("\n");
  } catch {
    return false;
  }
}

async function runJobs(rt: Runtime, jobs: string[][]): Promise<void> {
  while (jobs.length) {
    const args = jobs.shift()!;
    if (args[0] !== "job") continue;
    const get = (flag: string) => {
      const i = args.indexOf(flag);
      return i >= 0 ? args[i + 1] : undefined;
    };
    const session = get("--session");
    if (args[1] === "session-memory" && session) {
      await runSessionMemoryJob(rt, {
        cwd: get("--cwd") ?? rt.cwd,
        sessionId: session,
        transcriptPath: get("--transcript"),
      });
      continue;
    }
    if (args[1] === "dream") {
      await runDream(rt, {
        cwd: get("--cwd") ?? rt.cwd,
        trigger: "auto",
        ...(session ? { sessionId: session } : {}),
      });
      continue;
    }
    if (args[1] !== "extract") continue;
    await runExtractionJob(rt, {
      cwd: get("--cwd") ?? rt.cwd,
      sessionId: get("--session"),
      transcriptPath: get("--transcript"),
      queue: args.includes("--queue"),
      sessionMemoryReason: args.includes("--precompact") ? "precompact" : "stop",
    });
  }
}
