/** `memdir wiki add | query | lint`. */

import { readFileSync } from "node:fs";
import { type Command, Option } from "commander";
import pc from "picocolors";
import { runWikiAdd, runWikiLint, runWikiQuery } from "../../app/commands/wiki.js";
import { projectContext, workingDir } from "../../app/context.js";
import { processRuntime } from "../../app/runtime.js";
import { errnoCode, MemdirError } from "../../core/errors.js";
import { readTextIfExists } from "../../core/fs.js";
import { formatSearch } from "../format/search.js";
import { formatLint } from "../format/wiki.js";
import { intOption, list } from "./args.js";

const color = { bold: pc.bold, dim: pc.dim };

function readBody(body: string | undefined, file: string | undefined): string {
  if (file !== undefined && body !== undefined) {
    throw new MemdirError("BAD_INPUT", "wiki add got the page text twice", {
      expected: "the text as an argument OR --file <path>, not both",
      received: `an argument and --file ${file}`,
      hint: "drop one of them",
    });
  }
  if (file !== undefined) {
    try {
      if (file === "-") return readFileSync(0, "utf8");
      const text = readTextIfExists(file, 8 * 1024 * 1024);
      if (text === undefined) throw Object.assign(new Error("ENOENT"), { code: "ENOENT" });
      return text;
    } catch (e) {
      if (e instanceof MemdirError) throw e;
      throw new MemdirError("BAD_INPUT", `cannot read ${file}`, {
        expected: "a readable text file (or - for stdin)",
        received: errnoCode(e) ?? String(e),
        hint: "check the path given to --file",
      });
    }
  }
  if (body !== undefined) return body;
  throw new MemdirError("BAD_INPUT", "wiki add needs the page text", {
    expected: "the text as an argument, or --file <path> (--file - reads stdin)",
    received: "neither",
    hint: 'memdir wiki add --title "Rate limits" "The API allows 100 requests per minute."',
  });
}

export function registerWiki(program: Command): void {
  const wiki = program
    .command("wiki")
    .description("the project wiki (.memdir/wiki): add, query and lint pages");
  const ctx = () => {
    const rt = processRuntime();
    return { rt, cwd: workingDir(rt) };
  };

  wiki
    .command("add")
    .description(
      "add a page, or update the page with the same slug or title (text is appended unless --replace)",
    )
    .argument("[text]", "the page text (Markdown; [[links]] to other pages)")
    .requiredOption("--title <title>", "page title")
    .option("--file <path>", "read the text from a file (- for stdin)")
    .addOption(new Option("--tags <tags>", "comma-separated tags (repeatable)").argParser(list))
    .option("--category <category>", "category (index.md groups pages by it)")
    .addOption(new Option("--confidence <level>", "how sure the page is").choices(["low", "medium", "high"]))
    .addOption(
      new Option("--source <source>", "where it came from: url, file, session id (repeatable)").argParser(
        list,
      ),
    )
    .option("--slug <slug>", "file name to use (default: from the title)")
    .option("--replace", "replace the page text instead of appending")
    .action((text: string | undefined, o: Record<string, unknown>) => {
      const { rt, cwd } = ctx();
      const r = runWikiAdd(projectContext(rt, cwd), {
        title: o.title as string,
        body: readBody(text, o.file as string | undefined),
        tags: o.tags as string[] | undefined,
        category: o.category as string | undefined,
        confidence: o.confidence as "low" | "medium" | "high" | undefined,
        sources: o.source as string[] | undefined,
        slug: o.slug as string | undefined,
        mode: o.replace ? "replace" : "append",
      });
      console.log(`${r.created ? "created" : r.changed ? "updated" : "unchanged"} ${r.slug}: ${r.path}`);
    });

  wiki
    .command("query")
    .description("find wiki pages by keywords and tags (ranked; no embeddings)")
    .argument("<query...>", "words or tags")
    .addOption(
      new Option("--limit <n>", "at most this many pages").argParser(intOption("--limit", 1)).default(10),
    )
    .option("--json", "print as JSON")
    .action(async (words: string[], o: { limit: number; json?: boolean }) => {
      const { rt, cwd } = ctx();
      const r = await runWikiQuery(projectContext(rt, cwd), words.join(" "), o.limit);
      console.log(o.json ? JSON.stringify(r, null, 2) : formatSearch(r, cwd, color));
    });

  wiki
    .command("lint")
    .description("report orphan pages, broken [[links]], stale pages, oversized pages and bad frontmatter")
    .addOption(
      new Option("--stale-days <n>", "a page not updated for this many days is stale").argParser(
        intOption("--stale-days", 1),
      ),
    )
    .addOption(
      new Option("--max-page-bytes <n>", "a page larger than this is oversized").argParser(
        intOption("--max-page-bytes", 1),
      ),
    )
    .option("--json", "print findings as JSON")
    .action((o: { staleDays?: number; maxPageBytes?: number; json?: boolean }) => {
      const { rt, cwd } = ctx();
      const findings = runWikiLint(projectContext(rt, cwd), {
        staleDays: o.staleDays,
        maxPageBytes: o.maxPageBytes,
      });
      console.log(o.json ? JSON.stringify(findings, null, 2) : formatLint(findings));
      if (findings.length) process.exitCode = 1;
    });
}
