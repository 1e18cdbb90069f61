/**
 * `memdir replay`: drives a recorded session of any harness (Claude Code transcript, Codex rollout,
 * Gemini CLI session file: recognised by its first line) through the whole pipeline, offline, in an
 * isolated home (the user's real memory is untouched). The harness's adapter derives the hook events
 * the session implies and each goes through `runHook`, the same entry point as `memdir hook`. The
 * transcript is copied into the sandbox and grows as the events advance (as the harness appends it live). Jobs that hooks would start detached run inline, in order.
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
import { MemdirError } from "../../core/errors.js";
import { removeFile } from "../../core/fs.js";
import { fileKindAt, MISSING, openInputFile } from "../../core/input-file.js";
import { readJsonFile, writeJsonAtomic } from "../../core/json.js";
import { projectKey, sessionStatePaths } from "../../paths/index.js";
import { projectContext } from "../context.js";
import { runHook } from "../hooks/run.js";
import { runDream } from "../jobs/dream.js";
import type { JobRequest } from "../jobs/request.js";
import { runJob } from "../jobs/run.js";
import type { Env, Runtime } from "../runtime.js";
import { recognisedTranscript } from "../transcript-reader.js";
import {
  collectReport,
  memorySnapshot,
  type ReplayRecall,
  type ReplayReport,
  recallOf,
} from "./replay-report.js";

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
  // "/" (no recorded cwd) would rewrite every path separator: nothing to rebase then.
  if (from === "/" || from === "") return v;
  if (typeof v === "string") return v.replace(pathPrefix(from), to);
  if (Array.isArray(v)) return v.map((x) => rebase(x, from, to));
  if (v && typeof v === "object") {
    const o: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) o[k] = rebase(x, from, to);
    return o;
  }
  return v;
}

/** `from` as a whole path: followed by a separator, the end, or a character no path name continues with. */
function pathPrefix(from: string): RegExp {
  return new RegExp(`${from.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}(?=[/\\s"'\`:;,)]|$)`, "g");
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
        "a transcript file (.jsonl) of Claude Code (~/.claude/projects/<project>/<session-id>.jsonl), Codex (~/.codex/sessions/…/rollout-….jsonl) or Gemini CLI (~/.gemini/tmp/<project>/chats/session-….jsonl)",
      received: fileKindAt(transcript) === MISSING ? "a path that does not exist" : fileKindAt(transcript),
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
  const adapter = await recognisedTranscript(transcript);
  const specs = adapter.transcripts.deriveHooks(transcript);
  const first = specs[0]?.payload ?? {};
  const sessionId = typeof first.session_id === "string" ? first.session_id : randomUUID();
  const recordedCwd = typeof first.cwd === "string" && first.cwd ? first.cwd : "/";
  const projectRoot = join(home, "project", basename(recordedCwd) || "project");
  mkdirSync(projectRoot, { recursive: true });
  const fixture = transcript.replace(/\.jsonl$/, ".project");
  if (fixture !== transcript && existsSync(fixture)) cpSync(fixture, projectRoot, { recursive: true });
  const copy = join(home, "transcripts", projectKey(projectRoot), basename(transcript));
  mkdirSync(dirname(copy), { recursive: true });

  let clock = specs.find((s) => s.timestampMs)?.timestampMs ?? Date.now();
  const jobs: JobRequest[] = [];
  const rt: Runtime = {
    env,
    cwd: projectRoot,
    now: () => clock,
    pid: process.pid,
    ownerPid: process.pid,
    isAlive: () => true,
    // The machine's managed Claude Code settings are not the sandbox's (a policy turning memory off would
    // silence the replayed hooks).
    managedSettingsDir: join(home, "managed-settings"),
    spawnJob: async (r) => {
      jobs.push(r);
    },
  };
  const before = memorySnapshot(projectContext(rt, projectRoot));
  const counts: Record<string, number> = {};
  const badOutputs: string[] = [];
  const recalls: ReplayRecall[] = [];
  const { fd: srcFd } = openInputFile(transcript, { what: "the transcript" });
  const dstFd = openSync(copy, "w", 0o600);
  let copied = 0;
  try {
    for (const spec of specs) {
      if (spec.timestampMs && spec.timestampMs > clock) clock = spec.timestampMs;
      copied = growCopy(srcFd, dstFd, copied, Math.max(copied, spec.offset));
      const input = rebase(spec.payload, recordedCwd, projectRoot) as Record<string, unknown>;
      input.transcript_path = copy;
      input.cwd = projectRoot;
      const raw = JSON.stringify(input);
      const out = await runHook(spec.event, raw, rt, { harness: adapter.name });
      opts.onHookOutput?.(spec.event, input, out);
      counts[spec.event] = (counts[spec.event] ?? 0) + 1;
      if (out && !isOneJsonObject(out)) badOutputs.push(`${spec.event}: ${out.slice(0, 200)}`);
      else if (out) {
        const parsed = adapter.parseHook(spec.event, raw);
        const recall = parsed.ok ? recallOf(parsed.event, out) : undefined;
        if (recall) recalls.push(recall);
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
  const dream = await runDream(rt, { cwd: projectRoot, trigger: "manual", force: true });
  clock += 60_000;
  // The next session starts as the recorded one did (its first event is its session start).
  const start = specs[0];
  const next = {
    ...(start?.payload ?? {}),
    session_id: randomUUID(),
    transcript_path: "",
    cwd: projectRoot,
    source: "startup",
  };
  const nextOut = start
    ? await runHook(start.event, JSON.stringify(next), rt, { harness: adapter.name })
    : "";
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
    before,
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

async function runJobs(rt: Runtime, jobs: JobRequest[]): Promise<void> {
  for (let r = jobs.shift(); r; r = jobs.shift()) await runJob(rt, r);
}
