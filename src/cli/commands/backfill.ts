/**
 * `memdir backfill [--harness claude|codex|gemini|all] [--from DIR] [--json]`: past transcripts of the
 * harnesses (their default dirs) or of a directory into the search database. A progress bar on stderr when it is a TTY; the summary on stdout at the end; the
 * retention warning of each harness that deletes its transcripts on stderr. Exits 1 when any file failed (the others are indexed).
 */
import { resolve } from "node:path";
import { type Command, Option } from "commander";
import { runBackfill } from "../../app/commands/backfill.js";
import { projectContext, workingDir } from "../../app/context.js";
import { processRuntime } from "../../app/runtime.js";
import { HARNESS_ARGS, harnessFromArg } from "../../harness/index.js";
import { formatBackfillReport, retentionWarning } from "../format/backfill.js";

/** Adds the `backfill` command to `program`. */
export function registerBackfill(program: Command): void {
  program
    .command("backfill")
    .description(
      "index past transcripts (Claude Code ~/.claude/projects, Codex ~/.codex/sessions, Gemini ~/.gemini/tmp) for `memdir search`",
    )
    .addOption(
      new Option("--harness <name>", "whose transcripts").choices([...HARNESS_ARGS, "all"]).default("all"),
    )
    .option(
      "--from <dir>",
      "scan this directory (recursively) for *.jsonl transcripts of any harness instead",
    )
    .option("--json", "print the report as JSON")
    .action(async (o: { from?: string; json?: boolean; harness: string }) => {
      const rt = processRuntime();
      const ctx = projectContext(rt, workingDir(rt));
      const tty = process.stderr.isTTY && !o.json;
      const report = await runBackfill(ctx, {
        from: o.from === undefined ? undefined : resolve(rt.cwd, o.from),
        harness: o.harness === "all" ? "all" : harnessFromArg(o.harness),
        progress: tty
          ? { write: (s) => process.stderr.write(s), columns: process.stderr.columns || 80 }
          : undefined,
      });
      console.log(o.json ? JSON.stringify(report, null, 2) : formatBackfillReport(report));
      for (const r of report.retention) process.stderr.write(`${retentionWarning(r)}\n`);
      if (report.errors.length) process.exitCode = 1;
    });
}
