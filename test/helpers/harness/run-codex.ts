/**
 * Runs the real Codex CLI 0.171.0 headless per the verified recipe: `codex exec --skip-git-repo-check
 * --dangerously-bypass-approvals-and-sandbox --json <prompt>` (stdin /dev/null), resume `codex exec
 * resume --last <prompt>`, with `CODEX_HOME=<home>/.codex` (config.ts writes the provider and hooks) and
 * a dummy OPENAI_API_KEY. Hooks that are not trusted are skipped silently in exec:
 * `bypassHookTrust` adds `--dangerously-bypass-hook-trust`.
 */
import { cliPath } from "./clis.js";
import { codexHome } from "./config.js";
import type { Sandbox } from "./sandbox.js";
import { baseEnv, type CliRun, runBounded } from "./spawn.js";

export interface CodexRunOptions {
  /** `codex exec resume --last`. */
  resume?: boolean;
  /** Exec flags before the prompt (e.g. a compaction trigger). */
  extraArgs?: string[];
  bypassHookTrust?: boolean;
  timeoutMs?: number;
  env?: Record<string, string>;
}

export interface CodexRun extends CliRun {
  /** The `--json` lines of stdout, parsed. */
  events: Record<string, unknown>[];
  /** The thread id from `thread.started`, or null. */
  threadId: string | null;
}

export async function runCodex(sb: Sandbox, prompt: string, o: CodexRunOptions = {}): Promise<CodexRun> {
  const args = [
    "exec",
    ...(o.resume ? ["resume", "--last"] : []),
    "--skip-git-repo-check",
    "--dangerously-bypass-approvals-and-sandbox",
    ...(o.bypassHookTrust ? ["--dangerously-bypass-hook-trust"] : []),
    "--json",
    ...(o.extraArgs ?? []),
    prompt,
  ];
  const env = {
    ...baseEnv(sb.home),
    CODEX_HOME: codexHome(sb.home),
    OPENAI_API_KEY: "sk-test-dummy",
    ...o.env,
  };
  const run = await runBounded(cliPath("codex"), args, {
    cwd: sb.project,
    env,
    timeoutMs: o.timeoutMs ?? 60_000,
  });
  const events: Record<string, unknown>[] = [];
  for (const line of run.stdout.split("\n"))
    try {
      if (line.trim().startsWith("{")) events.push(JSON.parse(line) as Record<string, unknown>);
    } catch {
      // not a JSON line
    }
  const started = events.find((e) => e.type === "thread.started");
  return { ...run, events, threadId: (started?.thread_id as string) ?? null };
}
