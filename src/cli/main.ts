/**
 * Surface: the `memdir` CLI (bundled to dist/cli.cjs). Parses arguments with commander and calls the
 * use cases in app/. Errors print the MemdirError message (expected / received / what to do) and exit 1.
 */
import { Command, Option } from "commander";
import pc from "picocolors";
import { harnessInstallStatus, installHarness, uninstallHarness } from "../app/commands/install.js";
import { replay } from "../app/commands/replay.js";
import { buildStatus } from "../app/commands/status.js";
import { projectContext, workingDir } from "../app/context.js";
import { startJobWatchdog } from "../app/jobs/limits.js";
import type { JobRequest } from "../app/jobs/request.js";
import { runJob } from "../app/jobs/run.js";
import { processRuntime } from "../app/runtime.js";
import { isMemdirError, MemdirError } from "../core/errors.js";
import { HARNESS_ARGS, HARNESSES, type HarnessName, harnessFromArg } from "../harness/index.js";
import { resetBreaker } from "../llm/ledger/index.js";
import { registerBackfill } from "./commands/backfill.js";
import { registerDream } from "./commands/dream.js";
import { registerHistory } from "./commands/history.js";
import { registerMemories } from "./commands/memories.js";
import { registerSchedule } from "./commands/schedule.js";
import { registerSearch } from "./commands/search.js";
import { registerTeam } from "./commands/team.js";
import { registerWiki } from "./commands/wiki.js";
import { formatReport } from "./format/replay.js";
import { formatStatus } from "./format/status.js";

const color = { bold: pc.bold, dim: pc.dim };
const program = new Command("memdir")
  .description("Memory that survives the session for AI coding agents (Claude Code, Codex CLI, Gemini CLI).")
  .version("0.1.0")
  .showHelpAfterError();

type Scope = "user" | "project" | "local";
const settingsCommands: [string, string, typeof uninstallHarness][] = [
  [
    "install",
    "register memdir's hooks in a harness's settings (merged idempotently, with a backup)",
    (rt, h, o) => installHarness(rt, h, o),
  ],
  ["uninstall", "remove exactly the hook entries memdir added, and nothing else", uninstallHarness],
];
for (const [name, description, run] of settingsCommands) {
  program
    .command(name)
    .description(description)
    .argument("<harness>", "claude (or claude-code), codex or gemini")
    .addOption(
      new Option(
        "--scope <scope>",
        "which settings file: user (~/.claude, $CODEX_HOME, ~/.gemini), project (.claude/, .codex/, .gemini/ in the repository), local (.claude/settings.local.json, Claude Code only)",
      )
        .choices(["user", "project", "local"])
        .default("user"),
    )
    .option("--dry-run", "print the change without writing anything")
    .action(async (harness: string, o: { scope: Scope; dryRun?: boolean }) => {
      console.log(await run(processRuntime(), harnessArg(harness), { scope: o.scope, dryRun: !!o.dryRun }));
    });
}

program
  .command("replay")
  .description("run the whole pipeline over a recorded session, offline, in a sandbox home")
  .argument("<transcript>", "a Claude Code transcript, Codex rollout or Gemini CLI session file (.jsonl)")
  .option("--home <dir>", "sandbox home to use (default: a new temp dir; your real memory is never touched)")
  .option("--json", "print the report as JSON")
  .action(async (transcript: string, o: { home?: string; json?: boolean }) => {
    const rt = processRuntime();
    const report = await replay({ transcript, home: o.home, env: rt.env });
    console.log(o.json ? JSON.stringify(report, null, 2) : formatReport(report, color));
  });

program
  .command("status")
  .description("paths in use, counts, last extraction per session, recent failures and skip reasons")
  .option("--json", "print as JSON")
  .option("--reset-breaker", "close the model circuit breaker now (after you fixed the key or the quota)")
  .action(async (o: { json?: boolean; resetBreaker?: boolean }) => {
    const rt = processRuntime();
    // Status also runs where memdir refuses to work (a linked state root): it says why.
    const ctx = projectContext(rt, workingDir(rt), { unsafeOk: true });
    if (o.resetBreaker) {
      const was = resetBreaker(ctx.paths.ledgerFile, rt.now());
      console.error(was ? "memdir: circuit breaker closed" : "memdir: the circuit breaker was not open");
    }
    const s = { ...buildStatus(ctx), harnesses: await harnessInstallStatus(rt) };
    console.log(o.json ? JSON.stringify(s, null, 2) : formatStatus(s, color));
  });

registerSearch(program);
registerBackfill(program);
registerWiki(program);
registerDream(program);
registerHistory(program);
registerMemories(program);
registerSchedule(program);
registerTeam(program);

const job = program.command("job", { hidden: true }).description("background jobs started by hooks");
const harnessOption = () =>
  new Option("--harness <name>", "the harness that wrote the transcript").choices([...HARNESSES]);

/** Runs a job request under its watchdog; prints its result when stdout is a terminal. */
async function runJobCommand(r: JobRequest): Promise<void> {
  const rt = processRuntime();
  startJobWatchdog(r.kind, rt.env, rt.pid, rt.now(), { session_id: r.sessionId, project: r.cwd });
  const out = await runJob(rt, r);
  if (process.stdout.isTTY) console.log(JSON.stringify(out, null, 2));
}

const DREAM_CHECK_HELP = "started by a Stop: check the auto-dream's gates when done";

type JobFlags = { harness?: HarnessName; session?: string; transcript?: string; cwd?: string };
const flags = (o: JobFlags) => ({
  cwd: o.cwd ?? process.cwd(),
  ...(o.harness ? { harness: o.harness } : {}),
  ...(o.session ? { sessionId: o.session } : {}),
  ...(o.transcript ? { transcriptPath: o.transcript } : {}),
});

job
  .command("extract")
  .addOption(harnessOption())
  .option("--session <id>")
  .option("--transcript <path>")
  .option("--cwd <dir>")
  .option("--queue", "also process reclaimed sessions")
  .option("--precompact", "a compaction is about to happen: refresh the session memory")
  .option("--dream-check", DREAM_CHECK_HELP)
  .action((o: JobFlags & { queue?: boolean; precompact?: boolean; dreamCheck?: boolean }) =>
    runJobCommand({
      kind: "extract",
      ...flags(o),
      queue: o.queue,
      precompact: o.precompact,
      dreamCheck: o.dreamCheck,
    }),
  );

job
  .command("session-memory")
  .description("update the session memory when its trigger says so (started mid-turn by PostToolUse)")
  .addOption(harnessOption())
  .requiredOption("--session <id>")
  .requiredOption("--transcript <path>")
  .option("--cwd <dir>")
  .action((o: JobFlags & { session: string; transcript: string }) =>
    runJobCommand({
      kind: "session-memory",
      ...flags(o),
      sessionId: o.session,
      transcriptPath: o.transcript,
    }),
  );

job
  .command("recover")
  .description(
    "record the tool calls no hook recorded, from the transcript (started by a Stop without extraction)",
  )
  .addOption(harnessOption())
  .requiredOption("--session <id>")
  .option("--transcript <path>")
  .option("--cwd <dir>")
  .option("--dream-check", DREAM_CHECK_HELP)
  .action((o: JobFlags & { session: string; dreamCheck?: boolean }) =>
    runJobCommand({ kind: "recover", ...flags(o), sessionId: o.session, dreamCheck: o.dreamCheck }),
  );

job
  .command("dream")
  .description("the auto-dream started by the Stop hook when its cheap gates opened (checked again here)")
  .option("--session <id>")
  .option("--cwd <dir>")
  .action((o: { session?: string; cwd?: string }) =>
    runJobCommand({
      kind: "dream",
      cwd: o.cwd ?? process.cwd(),
      ...(o.session ? { sessionId: o.session } : {}),
    }),
  );

job
  .command("team-sync")
  .description("the automatic team memory pull (and push of what is pending), started by SessionStart")
  .option("--session <id>")
  .option("--cwd <dir>")
  .action((o: { session?: string; cwd?: string }) =>
    runJobCommand({
      kind: "team-sync",
      cwd: o.cwd ?? process.cwd(),
      ...(o.session ? { sessionId: o.session } : {}),
    }),
  );

job
  .command("agent-extract")
  .description("extract a subagent's transcript into its agent type's memory (started by SubagentStop)")
  .addOption(harnessOption())
  .requiredOption("--session <id>")
  .requiredOption("--transcript <path>")
  .requiredOption("--agent-id <id>")
  .requiredOption("--agent-type <type>")
  .option("--cwd <dir>")
  .action((o: JobFlags & { session: string; transcript: string; agentId: string; agentType: string }) =>
    runJobCommand({
      kind: "agent-extract",
      ...flags(o),
      sessionId: o.session,
      transcriptPath: o.transcript,
      agentId: o.agentId,
      agentType: o.agentType,
    }),
  );

/** The harness named on the command line (`claude` is Claude Code). Throws MemdirError BAD_INPUT. */
function harnessArg(name: string): HarnessName {
  const h = harnessFromArg(name);
  if (h) return h;
  throw new MemdirError("BAD_INPUT", `unknown harness "${name}"`, {
    expected: `one of ${HARNESS_ARGS.join(", ")}`,
    received: JSON.stringify(name),
    hint: `for example: memdir install ${HARNESS_ARGS[0]}`,
  });
}

program.parseAsync(process.argv).catch((e: unknown) => {
  if (isMemdirError(e)) console.error(pc.red(e.message));
  else console.error(pc.red(e instanceof Error ? e.message : String(e)));
  process.exitCode = 1;
});
