/**
 * `memdir dream [--gated] [--dry-run [--json]] [--kill] [--mode prune|reflect]`: consolidates now
 * (the consolidation lock still applies); `--gated` checks the time and session gates first, as the
 * job the Stop hook starts does. `--force` (the old way to skip the gates) is still accepted.
 */

import { type Command, Option } from "commander";
import pc from "picocolors";
import { killDream } from "../../app/commands/dream.js";
import { projectContext, workingDir } from "../../app/context.js";
import { runDream } from "../../app/jobs/dream.js";
import { processRuntime } from "../../app/runtime.js";
import type { DreamMode } from "../../jobs/dream/index.js";
import { formatDreamOutcome } from "../format/dream.js";

const color = { bold: pc.bold, dim: pc.dim };

interface DreamFlags {
  force?: boolean;
  gated?: boolean;
  dryRun?: boolean;
  json?: boolean;
  kill?: boolean;
  mode?: DreamMode;
  scheduled?: boolean;
}

export function registerDream(program: Command): void {
  program
    .command("dream")
    .description(
      "consolidate the memory dir now: merge duplicates, resolve contradictions, make dates absolute, keep MEMORY.md within budget (undo with `memdir undo`)",
    )
    .addOption(
      new Option(
        "--gated",
        "consolidate only when the time and session gates are open (24 h and 5 sessions by default), as after a session",
      ).conflicts(["force", "dryRun"]),
    )
    .addOption(new Option("--force", "skip the time and session gates (the default)").hideHelp())
    .option(
      "--dry-run",
      "print the plan (merges, rewrites, deletions, index changes, with reasons); write nothing",
    )
    .option("--json", "print the plan or the outcome as JSON")
    .option(
      "--kill",
      "stop the dream running for this project; its lock rolls back so the next session retries",
    )
    .addOption(
      new Option(
        "--mode <mode>",
        "prune: delete stale, duplicate and contradicted entries; reflect: synthesize fragments",
      ).choices(["prune", "reflect"]),
    )
    .addOption(
      new Option("--scheduled", "run by the KAIROS crontab entry (memdir schedule install)").hideHelp(),
    )
    .action(async (o: DreamFlags) => {
      const rt = processRuntime();
      const cwd = workingDir(rt);
      if (o.kill) {
        const message = await killDream(rt, cwd);
        console.log(o.json ? JSON.stringify({ kill: message }) : message);
        return;
      }
      for (const w of projectContext(rt, cwd).configWarnings) console.error(pc.yellow(`memdir: ${w}`));
      const r = await runDream(rt, {
        cwd,
        trigger: o.scheduled ? "scheduled" : "manual",
        force: !!o.force,
        gated: !!o.gated,
        dryRun: !!o.dryRun,
        ...(o.mode ? { mode: o.mode } : {}),
      });
      console.log(
        o.json ? JSON.stringify(r.status === "planned" ? r.plan : r, null, 2) : formatDreamOutcome(r, color),
      );
    });
}
