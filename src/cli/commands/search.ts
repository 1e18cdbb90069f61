/** `memdir search <query>` and `memdir reindex`. */

import { type Command, Option } from "commander";
import pc from "picocolors";
import { runReindex, runSearch } from "../../app/commands/search.js";
import { projectContext, workingDir } from "../../app/context.js";
import { processRuntime } from "../../app/runtime.js";
import { MemdirError } from "../../core/errors.js";
import { formatSearch, formatSyncReport } from "../format/search.js";
import { intOption, list } from "./args.js";

const color = { bold: pc.bold, dim: pc.dim };

export function registerSearch(program: Command): void {
  program
    .command("search")
    .description("search memories, notes, wiki pages and past sessions (ranked, with why)")
    .argument("<query...>", "words to look for (plain text; no query syntax needed)")
    .addOption(
      new Option("--scope <scope>", "project, team or user (repeatable, or comma-separated)").argParser(list),
    )
    .addOption(
      new Option(
        "--type <type>",
        "memory type (user, feedback, project, reference) or note/session kind (priority, working, manual, summary, turn)",
      ).argParser(list),
    )
    .addOption(
      new Option("--source <source>", "memories, notes, wiki or sessions (repeatable)").argParser(list),
    )
    .addOption(
      new Option("--limit <n>", "at most this many hits (1-200)")
        .argParser(intOption("--limit", 1, 200))
        .default(10),
    )
    .option("--all-projects", "search every project's documents, not only this project's")
    .option("--agent <agent>", "search this agent type's memory instead (--scope user, project or local)")
    .option("--json", "print hits as JSON")
    .action(async (words: string[], o: Record<string, unknown>) => {
      const rt = processRuntime();
      const cwd = workingDir(rt);
      if (typeof o.agent === "string") {
        check("--scope", o.scope, ["user", "project", "local"]);
        check("--type", o.type, ["user", "feedback", "project", "reference"]);
        const { searchAgentMemory } = await import("../../app/commands/agent.js");
        const r = await searchAgentMemory(projectContext(rt, cwd), cwd, words.join(" "), {
          agent: o.agent,
          ...(o.scope ? { scopes: o.scope as string[] } : {}),
          ...(o.type ? { type: o.type as string[] } : {}),
          limit: o.limit as number,
        });
        console.log(o.json ? JSON.stringify(r, null, 2) : formatSearch(r, cwd, color));
        return;
      }
      check("--scope", o.scope, ["project", "team", "user"]);
      check("--source", o.source, ["memories", "notes", "wiki", "sessions"]);
      check("--type", o.type, [
        "user",
        "feedback",
        "project",
        "reference",
        "priority",
        "working",
        "manual",
        "summary",
        "turn",
      ]);
      const r = await runSearch(projectContext(rt, cwd), words.join(" "), {
        scope: o.scope as never,
        type: o.type as never,
        source: o.source as never,
        limit: o.limit as number,
        allProjects: !!o.allProjects,
      });
      console.log(o.json ? JSON.stringify(r, null, 2) : formatSearch(r, cwd, color));
    });

  program
    .command("reindex")
    .description(
      "rebuild this project's part of the search database from the files (the files are the truth)",
    )
    .action(async () => {
      const rt = processRuntime();
      const r = await runReindex(projectContext(rt, workingDir(rt)));
      console.log(formatSyncReport(r));
    });
}

function check(flag: string, v: unknown, allowed: string[]): void {
  if (v === undefined) return;
  for (const x of v as string[]) {
    if (!allowed.includes(x)) {
      throw new MemdirError("BAD_INPUT", `unknown value for ${flag}`, {
        expected: allowed.join(" | "),
        received: JSON.stringify(x),
        hint: `for example ${flag} ${allowed[0]}`,
      });
    }
  }
}
