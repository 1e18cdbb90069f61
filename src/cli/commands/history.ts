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
  /** `--agent <a> --scope <s>`: that agent memory dir's change sets. */
  const agentTarget = (o: { agent?: string; scope?: string }) => {
    if (o.agent === undefined) return undefined;
    const rt = processRuntime();
    return { agent: o.agent, scope: o.scope ?? "", cwd: workingDir(rt) };
  };

  program
    .command("history")
    .description("list the change sets of the memory dir (dreams, extraction runs, undos), newest first")
    .option("--agent <agent>", "an agent type's memory instead (with --scope user, project or local)")
    .option("--scope <scope>", "with --agent: user, project or local")
    .option("--json", "print as JSON")
    .action((o: { json?: boolean; agent?: string; scope?: string }) => {
      const v = runHistory(ctx(), agentTarget(o));
      console.log(o.json ? JSON.stringify(v, null, 2) : formatHistory(v, color));
    });

  program
    .command("undo")
    .description(
      "revert a change set exactly (default: the newest one not undone); files changed since are kept and reported",
    )
    .argument("[id]", "the change set id from `memdir history` (a unique prefix is enough)")
    .option("--force", "also restore files that changed since the change set (their later changes are lost)")
    .option("--agent <agent>", "an agent type's memory instead (with --scope user, project or local)")
    .option("--scope <scope>", "with --agent: user, project or local")
    .option("--json", "print the result as JSON")
    .action(
      (id: string | undefined, o: { force?: boolean; json?: boolean; agent?: string; scope?: string }) => {
        const agent = agentTarget(o);
        const r = runUndo(ctx(), id, { force: !!o.force, ...(agent ? { agent } : {}) });
        console.log(o.json ? JSON.stringify(r, null, 2) : formatUndo(r));
        if (r.undoId === undefined) process.exitCode = 1;
      },
    );
}
