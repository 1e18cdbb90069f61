/** `memdir search <query>` and `memdir reindex` (issue 3 points 1 and 5). */

import { type Command, Option } from "commander";
import pc from "picocolors";
import { projectContext } from "../../app/context.js";
import { processRuntime } from "../../app/runtime.js";
import { formatSearch, formatSyncReport, runReindex, runSearch } from "../../app/search-cmd.js";
import { MemdirError } from "../../core/errors.js";

const color = { bold: pc.bold, dim: pc.dim };

function list(v: string, prev: string[] = []): string[] {
  return [
    ...prev,
    ...v
      .split(",")
      .map((s) => s.trim())
      .filter(Boolean),
  ];
}

function positiveInt(v: string): number {
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 200) {
    throw new MemdirError("BAD_INPUT", "--limit must be a whole number from 1 to 200", {
      expected: "an integer 1..200",
      received: JSON.stringify(v),
      hint: "for example --limit 20",
    });
  }
  return n;
}

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
    .addOption(new Option("--limit <n>", "at most this many hits (1-200)").argParser(positiveInt).default(10))
    .option("--all-projects", "search every project's documents, not only this project's")
    .option("--json", "print hits as JSON")
    .action(async (words: string[], o: Record<string, unknown>) => {
      const rt = processRuntime();
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
      const cwd = rt.env.CLAUDE_PROJECT_DIR ?? rt.cwd;
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
    .description("rebuild this project's part of the search index from the files (the files are the truth)")
    .action(async () => {
      const rt = processRuntime();
      const r = await runReindex(projectContext(rt, rt.env.CLAUDE_PROJECT_DIR ?? rt.cwd));
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
