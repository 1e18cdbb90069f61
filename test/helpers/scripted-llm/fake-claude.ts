/**
 * A stand-in `claude` executable for the claude-cli provider: a small Node script (`#!/usr/bin/env
 * node`) written to `<dir>/bin/claude`. Each run appends one record (argv, cwd, stdin, the MEMDIR_*
 * variables plus CLAUDECODE and CLAUDE_CODE_MAX_OUTPUT_TOKENS, HOME, pid, and whether it wrote a
 * transcript) to `<dir>/calls.jsonl`, then answers with the next scripted reply from `<dir>/queue.json`
 * as `claude -p --output-format json` does. Like the real CLI, it writes a session transcript into
 * `$HOME/.claude/projects/<cwd key>/` unless it got `--no-session-persistence`.
 */
import { chmodSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { delimiter, join } from "node:path";

export interface FakeClaudeReply {
  /** The `result` text (default ""). */
  result?: string;
  isError?: boolean;
  /** Process exit code (default 0, or 1 when isError). */
  exitCode?: number;
  stderr?: string;
  /** Raw stdout instead of the JSON result (malformed-output tests). */
  stdout?: string;
  usage?: { input_tokens: number; output_tokens: number };
  model?: string;
  /** Sleep before answering (timeout tests). */
  delayMs?: number;
  /** Ignore SIGTERM (the provider must escalate to SIGKILL). */
  ignoreSigterm?: boolean;
}

export interface FakeClaudeCall {
  argv: string[];
  cwd: string;
  stdin: string;
  env: Record<string, string>;
  home: string | null;
  pid: number;
  wroteTranscript: boolean;
}

export interface FakeClaude {
  /** Directory to put first on PATH. */
  binDir: string;
  /** The executable's full path (for `claudePath`). */
  path: string;
  enqueue(...replies: FakeClaudeReply[]): void;
  calls(): FakeClaudeCall[];
  /** `base` with `binDir` first on PATH. */
  env(base: Record<string, string | undefined>): Record<string, string | undefined>;
}

const SCRIPT = String.raw`#!/usr/bin/env node
"use strict";
const fs = require("fs");
const path = require("path");
const dir = path.resolve(__dirname, "..");
const argv = process.argv.slice(2);
const chunks = [];
process.stdin.on("data", (c) => chunks.push(c));
process.stdin.on("end", () => {
  const queueFile = path.join(dir, "queue.json");
  const queue = JSON.parse(fs.readFileSync(queueFile, "utf8"));
  const reply = queue.shift() || { isError: true, result: "fake claude: no reply queued", exitCode: 3 };
  fs.writeFileSync(queueFile, JSON.stringify(queue));
  const env = {};
  for (const [k, v] of Object.entries(process.env))
    if (k.startsWith("MEMDIR_") || k === "CLAUDECODE" || k === "CLAUDE_CODE_MAX_OUTPUT_TOKENS") env[k] = v;
  let wroteTranscript = false;
  if (!argv.includes("--no-session-persistence") && process.env.HOME) {
    const key = process.cwd().replace(/[^A-Za-z0-9]/g, "-");
    const pdir = path.join(process.env.HOME, ".claude", "projects", key);
    fs.mkdirSync(pdir, { recursive: true });
    fs.writeFileSync(path.join(pdir, "fake-" + process.pid + ".jsonl"), JSON.stringify({ type: "user" }) + "\n");
    wroteTranscript = true;
  }
  const rec = { argv, cwd: process.cwd(), stdin: Buffer.concat(chunks).toString("utf8"), env,
    home: process.env.HOME || null, pid: process.pid, wroteTranscript };
  fs.appendFileSync(path.join(dir, "calls.jsonl"), JSON.stringify(rec) + "\n");
  if (reply.ignoreSigterm) process.on("SIGTERM", () => {});
  setTimeout(() => {
    const model = reply.model || argv[argv.indexOf("--model") + 1] || "claude-fake";
    const usage = reply.usage || { input_tokens: 0, output_tokens: 0 };
    const out = reply.stdout !== undefined ? reply.stdout : JSON.stringify({
      type: "result", subtype: "success", is_error: !!reply.isError, duration_ms: 5, num_turns: 1,
      result: reply.result || "", session_id: "00000000-0000-4000-8000-000000000000", total_cost_usd: 0,
      usage: Object.assign({ cache_creation_input_tokens: 0, cache_read_input_tokens: 0 }, usage),
      modelUsage: { [model]: { inputTokens: usage.input_tokens, outputTokens: usage.output_tokens } },
    });
    if (reply.stderr) process.stderr.write(reply.stderr);
    process.stdout.write(out, () => process.exit(reply.exitCode !== undefined ? reply.exitCode : reply.isError ? 1 : 0));
  }, reply.delayMs || 0);
});
`;

/** Writes the stand-in into `dir` (a temp dir outside any package.json with "type": "module"). */
export function installFakeClaude(dir: string, replies: FakeClaudeReply[] = []): FakeClaude {
  const binDir = join(dir, "bin");
  mkdirSync(binDir, { recursive: true });
  const exe = join(binDir, "claude");
  writeFileSync(exe, SCRIPT);
  chmodSync(exe, 0o755);
  const queueFile = join(dir, "queue.json");
  const callsFile = join(dir, "calls.jsonl");
  writeFileSync(queueFile, JSON.stringify(replies));
  writeFileSync(callsFile, "");
  return {
    binDir,
    path: exe,
    enqueue(...r) {
      const q = JSON.parse(readFileSync(queueFile, "utf8")) as FakeClaudeReply[];
      writeFileSync(queueFile, JSON.stringify([...q, ...r]));
    },
    calls: () =>
      readFileSync(callsFile, "utf8")
        .split("\n")
        .filter((l) => l !== "")
        .map((l) => JSON.parse(l) as FakeClaudeCall),
    env: (base) => ({ ...base, PATH: [binDir, base.PATH ?? ""].filter(Boolean).join(delimiter) }),
  };
}
