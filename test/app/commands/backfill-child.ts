/**
 * Child-process entry for test/app/backfill.test.ts (bundled with esbuild, run by plain `node`).
 * `app <from> <batchTurns>`: runBackfill, one stdout line per finished file, then `done <json>`.
 * `cli <args...>`: the `memdir backfill` command as registered by registerBackfill.
 * Paths and homes come from the environment the test sets (HOME, MEMDIR_HOME, CLAUDE_CONFIG_DIR).
 */
import { Command } from "commander";
import { runBackfill } from "../../../src/app/commands/backfill.js";
import { projectContext } from "../../../src/app/context.js";
import { processRuntime } from "../../../src/app/runtime.js";
import { registerBackfill } from "../../../src/cli/commands/backfill.js";

async function main(): Promise<void> {
  const [mode, ...args] = process.argv.slice(2);
  if (mode === "cli") {
    const program = new Command("memdir").exitOverride();
    registerBackfill(program);
    await program.parseAsync(["node", "memdir", ...args]);
    return;
  }
  const rt = processRuntime();
  const ctx = projectContext(rt, rt.cwd);
  process.stdout.write("ready\n");
  const r = await runBackfill(ctx, {
    from: args[0],
    batchTurns: Number(args[1]),
    onFile: (f, done, total) => process.stdout.write(`file ${done}/${total} ${f.turnsAdded}\n`),
  });
  process.stdout.write(`done ${JSON.stringify(r)}\n`);
}

main().catch((e) => {
  process.stderr.write(`${e instanceof Error ? e.message : String(e)}\n`);
  process.exitCode = 2;
});
