/**
 * `memdir schedule install [--print] | remove`: the nightly KAIROS
 * dream as a user crontab entry between 00:00 and 05:59. Without a usable `crontab` the line is
 * printed with what to do, and the exit code stays 0.
 */
import type { Command } from "commander";
import { installSchedule, removeSchedule, scheduleLine } from "../../app/commands/schedule.js";
import { processRuntime } from "../../app/runtime.js";

/** Adds the `schedule` command (subcommands `install`, `remove`) to `program`. */
export function registerSchedule(program: Command): void {
  const schedule = program
    .command("schedule")
    .description("run this project's dream every night (00:00-05:59, random minute) from your crontab");
  schedule
    .command("install")
    .description("add or refresh this project's line in your crontab (the rest is kept byte for byte)")
    .option("--print", "only print the crontab line; change nothing")
    .action((o: { print?: boolean }) => {
      const rt = processRuntime();
      if (o.print) {
        console.log(scheduleLine(rt).line);
        return;
      }
      console.log(installSchedule(rt).message);
    });
  schedule
    .command("remove")
    .description("take this project's line out of your crontab; everything else stays byte for byte")
    .action(() => {
      console.log(removeSchedule(processRuntime()).message);
    });
}
