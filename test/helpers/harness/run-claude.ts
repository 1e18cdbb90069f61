/**
 * Runs the real Claude Code 2.1.332 headless per the verified recipe:
 * `claude -p <prompt> --output-format stream-json --verbose --include-hook-events
 * --dangerously-skip-permissions --debug-file <file> [--resume <id>]`, with ANTHROPIC_BASE_URL at the
 * scripted server, a dummy key, no autoupdater / nonessential traffic / telemetry, and IS_SANDBOX=1
 * (needed as root, else --dangerously-skip-permissions exits 1). Compaction: the prompt "/compact".
 */
import { join } from "node:path";
import { cliPath } from "./clis.js";
import type { Sandbox } from "./sandbox.js";
import type { HarnessServer } from "./servers/base.js";
import { baseEnv, type CliRun, runBounded } from "./spawn.js";

export interface ClaudeRunOptions {
  /** Session id to resume (`--resume`). */
  resume?: string;
  /** Send "/compact" instead of the prompt. */
  compact?: boolean;
  timeoutMs?: number;
  extraArgs?: string[];
  env?: Record<string, string>;
}

export interface ClaudeRun extends CliRun {
  debugFile: string;
  /** The stream-json lines of stdout, parsed. */
  events: Record<string, unknown>[];
  /** The session id from the init/result events, or null. */
  sessionId: string | null;
}

let runs = 0;

export async function runClaude(
  sb: Sandbox,
  server: HarnessServer,
  prompt: string,
  o: ClaudeRunOptions = {},
): Promise<ClaudeRun> {
  const debugFile = join(sb.home, `claude-debug-${++runs}.log`);
  const args = [
    "-p",
    o.compact ? "/compact" : prompt,
    "--output-format",
    "stream-json",
    "--verbose",
    "--include-hook-events",
    "--dangerously-skip-permissions",
    "--debug-file",
    debugFile,
    ...(o.resume ? ["--resume", o.resume] : []),
    ...(o.extraArgs ?? []),
  ];
  const env = {
    ...baseEnv(sb.home),
    ANTHROPIC_BASE_URL: server.origin,
    ANTHROPIC_API_KEY: "sk-ant-test-dummy",
    DISABLE_AUTOUPDATER: "1",
    CLAUDE_CODE_DISABLE_NONESSENTIAL_TRAFFIC: "1",
    DISABLE_TELEMETRY: "1",
    IS_SANDBOX: "1",
    ...o.env,
  };
  const run = await runBounded(cliPath("claude-code"), args, {
    cwd: sb.project,
    env,
    timeoutMs: o.timeoutMs ?? 60_000,
  });
  const events: Record<string, unknown>[] = [];
  for (const line of run.stdout.split("\n"))
    try {
      if (line.trim()) events.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      // not a stream-json line
    }
  const sessionId = (events.find((e) => typeof e.session_id === "string")?.session_id as string) ?? null;
  return { ...run, debugFile, events, sessionId };
}
