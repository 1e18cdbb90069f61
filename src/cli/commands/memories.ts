/**
 * `memdir list`, `memdir show <name>` and `memdir agent snapshot <agent>`. Exit codes: 0 done, 1 not
 * found (nothing to list, no such memory), 2 usage (a bad scope or name).
 */
import type { Command } from "commander";
import pc from "picocolors";
import { type LocationOptions, listMemories, showMemory } from "../../app/commands/memories.js";
import { projectContext, workingDir } from "../../app/context.js";
import { processRuntime } from "../../app/runtime.js";
import { isMemdirError } from "../../core/errors.js";
import { formatList, formatPublished, locationLabel } from "../format/memories.js";

const color = { bold: pc.bold, dim: pc.dim };

/** Runs `fn`; a usage error (BAD_INPUT) prints its message and exits 2. */
function withUsageExit(fn: () => void | Promise<void>): () => Promise<void> {
  return async () => {
    try {
      await fn();
    } catch (e) {
      if (!isMemdirError(e, "BAD_INPUT")) throw e;
      console.error(pc.red(e.message));
      process.exitCode = 2;
    }
  };
}

const where = (o: { agent?: string; scope?: string }): LocationOptions => ({
  ...(o.agent !== undefined ? { agent: o.agent } : {}),
  ...(o.scope !== undefined ? { scope: o.scope } : {}),
});

export function registerMemories(program: Command): void {
  const ctx = () => {
    const rt = processRuntime();
    const cwd = workingDir(rt);
    return { ctx: projectContext(rt, cwd), cwd };
  };
  program
    .command("list")
    .description("list the topic files of the project and user memory dirs, or of an agent type's memory")
    .option("--agent <agent>", "an agent (subagent) type: its memory in the user, project and local scopes")
    .option("--scope <scope>", "one scope only: project or user (with --agent: user, project or local)")
    .option("--json", "print as JSON")
    .action((o: { agent?: string; scope?: string; json?: boolean }) =>
      withUsageExit(() => {
        const { ctx: c, cwd } = ctx();
        const r = listMemories(c, cwd, where(o));
        console.log(o.json ? JSON.stringify(r, null, 2) : formatList(r, color));
        if (!r.locations.some((l) => l.exists)) process.exitCode = 1;
      })(),
    );

  program
    .command("show")
    .description("print one topic file (by its name, as `memdir list` shows it)")
    .argument("<name>", "the topic file's name (with or without .md; MEMORY.md for the index)")
    .option("--agent <agent>", "look in this agent type's memory")
    .option("--scope <scope>", "one scope only: project or user (with --agent: user, project or local)")
    .option("--json", "print as JSON")
    .action((name: string, o: { agent?: string; scope?: string; json?: boolean }) =>
      withUsageExit(() => {
        const { ctx: c, cwd } = ctx();
        const r = showMemory(c, cwd, name, where(o));
        if (!r) {
          console.error(
            `memdir: no memory named ${JSON.stringify(name)} here (\`memdir list${o.agent ? ` --agent ${o.agent}` : ""}\` shows the names)`,
          );
          process.exitCode = 1;
          return;
        }
        if (o.json) console.log(JSON.stringify(r, null, 2));
        else {
          console.error(color.dim(`${locationLabel(r.location)}: ${r.path}`));
          process.stdout.write(r.text.endsWith("\n") ? r.text : `${r.text}\n`);
        }
      })(),
    );

  const agent = program.command("agent").description("agent (subagent) memory");
  agent
    .command("snapshot")
    .description(
      "publish an agent type's project-scope memory to .claude/agent-memory-snapshots/<agent>/ for the team to commit",
    )
    .argument("<agent>", "the agent type (as in its definition's name:)")
    .option("--json", "print as JSON")
    .action((name: string, o: { json?: boolean }) =>
      withUsageExit(async () => {
        const { publishAgentSnapshot } = await import("../../app/commands/agent.js");
        const { ctx: c, cwd } = ctx();
        try {
          const r = await publishAgentSnapshot(c, cwd, name);
          console.log(o.json ? JSON.stringify(r, null, 2) : formatPublished(r));
        } catch (e) {
          if (!isMemdirError(e, "NOT_FOUND") && !isMemdirError(e, "INPUT_REFUSED")) throw e;
          console.error(pc.red(e.message));
          if (e.code === "INPUT_REFUSED") console.error(`Found: ${e.received}\nWhat to do: ${e.hint}`);
          process.exitCode = 1;
        }
      })(),
    );
}
