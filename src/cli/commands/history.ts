/** `memdir history` and `memdir undo [id]`. */

import type { Command } from "commander";
import pc from "picocolors";
import { runHistory, runUndo } from "../../app/commands/history.js";
import { projectContext, workingDir } from "../../app/context.js";
import { processRuntime } from "../../app/runtime.js";
import { formatHistory, formatUndo } from "../format/history.js";

const color = { bold: pc.bold, dim: pc.dim };

export function registerHistory(program: Command): void {
  const ctx = () => {
    const rt = processRuntime();
    return projectContext(rt, workingDir(rt));
  };

  program
    .command("history")
    .description("list the change sets of the memory dir (dreams, extraction runs, undos), newest first")
    .option("--json", "print as JSON")
    .action((o: { json?: boolean }) => {
      const v = runHistory(ctx());
      console.log(o.json ? JSON.stringify(v, null, 2) : formatHistory(v, color));
    });

  program
    .command("undo")
    .description(
      "revert a change set exactly (default: the newest one not undone); files changed since are kept and reported",
    )
    .argument("[id]", "the change set id from `memdir history` (a unique prefix is enough)")
    .option("--force", "also restore files that changed since the change set (their later changes are lost)")
    .option("--json", "print the result as JSON")
    .action((id: string | undefined, o: { force?: boolean; json?: boolean }) => {
      const r = runUndo(ctx(), id, { force: !!o.force });
      console.log(o.json ? JSON.stringify(r, null, 2) : formatUndo(r));
      if (r.undoId === undefined) process.exitCode = 1;
    });
}
