/**
 * One driver per harness for the end-to-end scenario (scenario.ts): how to start its scripted model
 * server, which requests are the agent loop's, what the user's config looked like before memdir, which
 * files `memdir install` touches, and one bounded headless run with the hook failures the CLI reports.
 * - Claude Code: stream-json `hook_response` events (`outcome`, `exit_code`) for every hook run.
 * - Gemini CLI: failed hooks are reported on stderr ("Hook(s) [...] failed for event X").
 * - Codex: `codex exec` reports nothing about a failed hook (checked with a hook exiting 3: no line on
 *   stdout or stderr), so its hooks are checked through memdir's own state and log only.
 */
import { mkdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { codexHome, writeCodexConfig, writeGeminiConfig } from "../helpers/harness/config.js";
import { runClaude } from "../helpers/harness/run-claude.js";
import { runCodex } from "../helpers/harness/run-codex.js";
import { runGemini } from "../helpers/harness/run-gemini.js";
import type { Sandbox } from "../helpers/harness/sandbox.js";
import { isMainAnthropic, startAnthropicStreamServer } from "../helpers/harness/servers/anthropic-stream.js";
import type { HarnessRequest, HarnessServer, Turn } from "../helpers/harness/servers/base.js";
import { isMainGemini, startGeminiServer } from "../helpers/harness/servers/gemini.js";
import { isMainCodex, startOpenAIResponsesServer } from "../helpers/harness/servers/openai-responses.js";
import type { Harness } from "./e2e-lib.js";

export interface RunOptions {
  /** Resume the last session (Codex `exec resume --last`, Gemini `--resume latest`) or, for Claude Code, this id. */
  resume?: string | true;
  /** Claude Code: "/compact" as the prompt. */
  compact?: boolean;
  extraArgs?: string[];
  timeoutMs?: number;
  /** Claude Code: environment variables added to the run's. */
  env?: Record<string, string>;
}

export interface Run {
  code: number | null;
  ms: number;
  stdout: string;
  stderr: string;
  timedOut: boolean;
  /** The session/thread id the CLI reported, or null. */
  sessionId: string | null;
  /** The hook runs the CLI reported as failed (`<hook>: <why>`). */
  hookFailures: string[];
  /** Claude Code only: every hook run the CLI reported (`hook_response`). */
  hookRuns: { name: string; outcome: string; exitCode: number; stdout: string; stderr: string }[];
}

export interface Driver {
  harness: Harness;
  /** Display name. */
  name: string;
  start(turns?: Turn[]): Promise<HarnessServer>;
  isMain(req: HarnessRequest): boolean;
  /** Writes the user's own config, as it was before memdir (the scripted provider where one is needed). */
  prepare(sb: Sandbox, server: HarnessServer): void;
  /** Files `memdir install` writes; uninstall must give back their bytes (or their absence). */
  settingsFiles(sb: Sandbox): string[];
  /** The model's tool call that shows notes.txt. */
  showNotes: Turn;
  run(sb: Sandbox, server: HarnessServer, prompt: string, o?: RunOptions): Promise<Run>;
}

/** The events memdir registers async in Claude Code 2.1.332 (hook_name is `<Event>` or `<Event>:<matcher>`). */
const ASYNC_CLAUDE_HOOK = /^(PostToolUse|SubagentStart|SubagentStop|SessionEnd)(:|$)/;

export const claude: Driver = {
  harness: "claude",
  name: "Claude Code",
  start: (turns = []) => startAnthropicStreamServer(turns),
  isMain: isMainAnthropic,
  prepare: (sb) => {
    // A user settings file with the user's own content: install merges into it, uninstall gives it back.
    mkdirSync(join(sb.home, ".claude"), { recursive: true });
    writeFileSync(join(sb.home, ".claude", "settings.json"), '{\n  "cleanupPeriodDays": 45\n}\n');
  },
  settingsFiles: (sb) => [join(sb.home, ".claude", "settings.json")],
  showNotes: { tool: { name: "Bash", input: { command: "cat notes.txt", description: "Show notes.txt" } } },
  async run(sb, server, prompt, o = {}) {
    const r = await runClaude(sb, server, prompt, {
      ...(typeof o.resume === "string" ? { resume: o.resume } : {}),
      ...(o.compact ? { compact: true } : {}),
      ...(o.extraArgs ? { extraArgs: o.extraArgs } : {}),
      ...(o.env ? { env: o.env } : {}),
      timeoutMs: o.timeoutMs ?? 60_000,
    });
    const hookRuns = r.events
      .filter((e) => e.subtype === "hook_response")
      .map((e) => ({
        name: String(e.hook_name),
        outcome: String(e.outcome),
        exitCode: Number(e.exit_code),
        stdout: String(e.stdout ?? ""),
        stderr: String(e.stderr ?? ""),
      }));
    return {
      ...r,
      hookRuns,
      // `claude -p` cancels async hooks still running when it exits (2.1.332): not a failure of memdir's,
      // whose tool-call recovery covers them (test/e2e/tool-recovery-claude.test.ts).
      hookFailures: hookRuns
        .filter((h) => !(h.outcome === "cancelled" && ASYNC_CLAUDE_HOOK.test(h.name)))
        .filter((h) => h.outcome !== "success" || h.exitCode !== 0)
        .map((h) => `${h.name}: ${h.outcome} (exit ${h.exitCode}) ${h.stderr.slice(0, 300)}`),
    };
  },
};

export const codex: Driver = {
  harness: "codex",
  name: "Codex",
  start: (turns = []) => startOpenAIResponsesServer(turns),
  isMain: isMainCodex,
  prepare: (sb, server) => {
    writeCodexConfig(sb.home, server.origin);
    // No hooks.json before memdir: install creates it, uninstall must remove it again.
    rmSync(join(codexHome(sb.home), "hooks.json"), { force: true });
  },
  settingsFiles: (sb) => [join(codexHome(sb.home), "hooks.json"), join(codexHome(sb.home), "config.toml")],
  showNotes: { tool: { name: "exec_command", input: { cmd: "cat notes.txt" } } },
  async run(sb, _server, prompt, o = {}) {
    // Never --dangerously-bypass-hook-trust: memdir's hooks run only because install trusted them.
    const r = await runCodex(sb, prompt, {
      ...(o.resume ? { resume: true } : {}),
      ...(o.extraArgs ? { extraArgs: o.extraArgs } : {}),
      timeoutMs: o.timeoutMs ?? 60_000,
    });
    return { ...r, sessionId: r.threadId, hookFailures: [], hookRuns: [] };
  },
};

export const gemini: Driver = {
  harness: "gemini",
  name: "Gemini CLI",
  start: (turns = []) => startGeminiServer(turns),
  isMain: isMainGemini,
  prepare: (sb) => {
    writeGeminiConfig(sb.home);
  },
  settingsFiles: (sb) => [join(sb.home, ".gemini", "settings.json")],
  showNotes: {
    tool: { name: "run_shell_command", input: { command: "cat notes.txt", description: "Show notes.txt" } },
  },
  async run(sb, server, prompt, o = {}) {
    const r = await runGemini(sb, server, prompt, {
      ...(o.resume ? { resume: true } : {}),
      ...(o.extraArgs ? { extraArgs: o.extraArgs } : {}),
      timeoutMs: o.timeoutMs ?? 90_000,
    });
    const hookFailures = r.stderr
      .split("\n")
      .filter((l) => /Hook\(s\) .* failed for event|Hook execution for \w+: \d+ succeeded, [1-9]/.test(l));
    const sessionId = typeof r.result?.session_id === "string" ? r.result.session_id : null;
    return { ...r, sessionId, hookFailures, hookRuns: [] };
  },
};
