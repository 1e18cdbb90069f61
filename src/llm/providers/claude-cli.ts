/**
 * The `claude -p` provider: the user's Claude Code CLI as a model (no API key of ours). Each call runs
 * `claude -p --output-format json --no-session-persistence --tools "" --strict-mcp-config
 * --settings {"disableAllHooks":true} --model <m> --system-prompt <s>` (argv array, no shell), the
 * conversation on stdin, in an empty private temp dir (no project CLAUDE.md or project hooks load),
 * with `MEMDIR_JOB=1` (memdir's own hooks are no-ops) and `CLAUDECODE` removed (Claude Code refuses to
 * start nested inside a session). `--no-session-persistence` keeps it from writing a transcript into
 * `~/.claude/projects` (DESIGN.md §5: background LLM work never creates sessions the user sees).
 * Tool calling is emulated by the text protocol of claude-cli-protocol.ts.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { errnoCode } from "../../core/errors.js";
import { LlmError, type LlmProvider, type LlmRequest } from "../types.js";
import { cliSystemPrompt, interpretRun, type RunResult, renderConversation } from "./claude-cli-protocol.js";
import type { ProviderSpec } from "./common.js";

/** SIGTERM, then SIGKILL after this many ms when the child is still alive. */
export const KILL_GRACE_MS = 1500;
const MAX_STDOUT_BYTES = 32 * 1024 * 1024;

/** The argv after the executable (exported for tests and `memdir status`). */
export function claudeCliArgs(model: string, system: string): string[] {
  return [
    "-p",
    "--output-format",
    "json",
    "--no-session-persistence",
    "--tools",
    "",
    "--strict-mcp-config",
    "--settings",
    JSON.stringify({ disableAllHooks: true }),
    "--model",
    model,
    "--system-prompt",
    system,
  ];
}

/** The child's environment: `base` minus undefined values and CLAUDECODE, plus MEMDIR_JOB=1. */
export function claudeCliEnv(base: Record<string, string | undefined> | undefined, maxOutputTokens: number) {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(base ?? {})) if (v !== undefined && k !== "CLAUDECODE") env[k] = v;
  env.MEMDIR_JOB = "1";
  env.CLAUDE_CODE_MAX_OUTPUT_TOKENS = String(maxOutputTokens);
  return env;
}

function run(spec: ProviderSpec, req: LlmRequest, cwd: string): Promise<RunResult> {
  const exe = spec.claudePath ?? "claude";
  const args = claudeCliArgs(spec.model, cliSystemPrompt(req.system, req.tools));
  return new Promise((resolve, reject) => {
    const group = process.platform !== "win32";
    const child = spawn(exe, args, {
      cwd,
      env: claudeCliEnv(spec.env, req.maxOutputTokens),
      stdio: ["pipe", "pipe", "pipe"],
      detached: group, // own process group: a kill reaches whatever claude started
      windowsHide: true,
    });
    let stopped: string | undefined;
    let killTimer: NodeJS.Timeout | undefined;
    const out: Buffer[] = [];
    const err: Buffer[] = [];
    let outBytes = 0;
    const signal = (sig: NodeJS.Signals) => {
      try {
        if (group && child.pid !== undefined) process.kill(-child.pid, sig);
        else child.kill(sig);
      } catch {
        // already gone
      }
    };
    const stop = (why: string) => {
      if (stopped !== undefined) return;
      stopped = why;
      signal("SIGTERM");
      killTimer = setTimeout(() => signal("SIGKILL"), KILL_GRACE_MS);
    };
    const timer = setTimeout(() => stop(`no reply within ${spec.timeoutMs} ms`), spec.timeoutMs);
    const onAbort = () => stop("the call was aborted");
    req.signal?.addEventListener("abort", onAbort, { once: true });
    const cleanup = () => {
      clearTimeout(timer);
      if (killTimer) clearTimeout(killTimer);
      req.signal?.removeEventListener("abort", onAbort);
    };
    child.stdout.on("data", (b: Buffer) => {
      outBytes += b.length;
      if (outBytes <= MAX_STDOUT_BYTES) out.push(b);
      else stop("the reply exceeded 32 MiB");
    });
    child.stderr.on("data", (b: Buffer) => {
      if (err.length < 64) err.push(b);
    });
    child.stdin.on("error", () => {}); // EPIPE when claude exits before reading: the exit code tells
    child.on("error", (e) => {
      cleanup();
      if (errnoCode(e) === "ENOENT" || errnoCode(e) === "EACCES")
        reject(
          new LlmError(
            "bad_request",
            "claude-cli",
            `claude-cli: \`${exe}\` was not found on PATH or is not executable (${errnoCode(e)}); ` +
              "install Claude Code or set llm.claudePath to the full path of the claude executable",
          ),
        );
      else
        reject(
          new LlmError(
            "network",
            "claude-cli",
            `claude-cli: cannot start \`${exe}\` (${errnoCode(e) ?? e.message})`,
          ),
        );
    });
    child.on("close", (code) => {
      cleanup();
      if (stopped !== undefined) reject(new LlmError("timeout", "claude-cli", `claude-cli: ${stopped}`));
      else
        resolve({
          code,
          stdout: Buffer.concat(out).toString("utf8"),
          stderr: Buffer.concat(err).toString("utf8"),
        });
    });
    child.stdin.end(renderConversation(req.messages));
    if (req.signal?.aborted) onAbort();
  });
}

/**
 * An LlmProvider over the `claude` CLI. Errors: ENOENT → `bad_request` (claude not on PATH, set
 * `llm.claudePath`); timeout / abort → `timeout` (the child's process group gets SIGTERM, then
 * SIGKILL after KILL_GRACE_MS; the call settles once it has exited); a non-zero exit or `is_error` →
 * the kind its text names (`classifyCliFailure`), `status` = exit code; unparseable output → `bad_response`.
 */
export function claudeCliProvider(spec: ProviderSpec): LlmProvider {
  return {
    id: "claude-cli",
    model: spec.model,
    async complete(req) {
      if (req.signal?.aborted)
        throw new LlmError("timeout", "claude-cli", "claude-cli: the call was aborted");
      const cwd = mkdtempSync(join(tmpdir(), "memdir-claude-"));
      try {
        return interpretRun(await run(spec, req, cwd), req, spec.model);
      } finally {
        rmSync(cwd, { recursive: true, force: true });
      }
    },
  };
}
