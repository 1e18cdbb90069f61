/**
 * Runs the real Gemini CLI 0.61.0 headless per the verified recipe: `gemini -p <prompt> --yolo
 * --output-format json` (stdin /dev/null), resume `gemini --resume latest -p <prompt>`, with
 * GEMINI_API_KEY dummy, GOOGLE_GEMINI_BASE_URL at the scripted server and GEMINI_CLI_TRUST_WORKSPACE=true
 * (without a trusted workspace headless mode exits 55). Gemini has no usable compaction trigger.
 */
import { cliPath } from "./clis.js";
import type { Sandbox } from "./sandbox.js";
import type { HarnessServer } from "./servers/base.js";
import { baseEnv, type CliRun, runBounded } from "./spawn.js";

export interface GeminiRunOptions {
  /** `--resume latest`. */
  resume?: boolean;
  /** Leave out `--yolo` (tools then need approval, which headless mode cannot give). */
  noYolo?: boolean;
  timeoutMs?: number;
  extraArgs?: string[];
  env?: Record<string, string>;
}

export interface GeminiRun extends CliRun {
  /** The `--output-format json` result, or null when stdout is not JSON. */
  result: Record<string, unknown> | null;
}

export async function runGemini(
  sb: Sandbox,
  server: HarnessServer,
  prompt: string,
  o: GeminiRunOptions = {},
): Promise<GeminiRun> {
  const args = [
    ...(o.resume ? ["--resume", "latest"] : []),
    "-p",
    prompt,
    ...(o.noYolo ? [] : ["--yolo"]),
    "--output-format",
    "json",
    ...(o.extraArgs ?? []),
  ];
  const env = {
    ...baseEnv(sb.home),
    GEMINI_API_KEY: "dummy",
    GOOGLE_GEMINI_BASE_URL: server.origin,
    GEMINI_CLI_TRUST_WORKSPACE: "true",
    ...o.env,
  };
  const run = await runBounded(cliPath("gemini"), args, {
    cwd: sb.project,
    env,
    timeoutMs: o.timeoutMs ?? 90_000,
  });
  let result: Record<string, unknown> | null = null;
  try {
    result = JSON.parse(run.stdout.slice(run.stdout.indexOf("{"))) as Record<string, unknown>;
  } catch {
    // not JSON
  }
  return { ...run, result };
}
