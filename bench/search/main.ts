/**
 * Entry of bench/search (bundled and run by run.mjs): index build time, re-sync time and query
 * latency at several corpus sizes, against a linear scan of the same files in the same run.
 * Usage: node bench/search/run.mjs [--sizes 1000,10000,100000] [--queries 200] [--rounds 3]
 *   [--scan-queries N] [--no-profile] [--dir PARENT] [--keep] [--json] [--write]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";
import { runSize, type SizeResult } from "./measure.js";
import { makeQueries } from "./queries.js";
import { renderReport, spliceReport } from "./report.js";

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const num = (name: string, fallback: number) => {
  const v = opt(name);
  if (v === undefined) return fallback;
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1) throw new Error(`${name} wants a positive integer, got ${v}`);
  return n;
};
const sizes = (opt("--sizes") ?? "1000,10000,100000").split(",").map((s) => {
  const n = Number(s.trim().replace(/k$/i, "000"));
  if (!Number.isInteger(n) || n < 20) throw new Error(`--sizes wants integers >= 20, got ${s}`);
  return n;
});
const queries = makeQueries(num("--queries", 200));
const rounds = num("--rounds", 3);
const scanFixed = opt("--scan-queries") === undefined ? undefined : num("--scan-queries", 1);
/** Queries the file-reading scan answers by default: all at small sizes, fewer when each takes seconds. */
const scanQueriesFor = (n: number) => scanFixed ?? (n <= 2_000 ? queries.length : n <= 20_000 ? 50 : 20);

const mem = new Database(":memory:");
const sqlite = mem.prepare("SELECT sqlite_version()").pluck().get() as string;
mem.close();

const results: SizeResult[] = [];
for (const n of sizes) {
  console.error(`bench/search: ${n} files`);
  results.push(
    await runSize(n, {
      queries,
      rounds,
      scanQueries: scanQueriesFor(n),
      profile: !args.includes("--no-profile"),
      keep: args.includes("--keep"),
      log: (l) => console.error(l),
      ...(opt("--dir") ? { parent: opt("--dir") } : {}),
    }),
  );
}

if (args.includes("--json")) {
  console.log(JSON.stringify(results.map(({ indexTop, scanTop, ...r }) => r)));
} else {
  const section = renderReport(results, {
    date: new Date().toISOString().slice(0, 10),
    node: process.version,
    sqlite,
    cpus: availableParallelism(),
    queries: queries.length,
    rounds,
  });
  console.log(section);
  if (args.includes("--write")) {
    const root = process.env.MEMDIR_ROOT ?? process.cwd();
    const file = join(root, "bench", "RESULTS.md");
    writeFileSync(file, spliceReport(readFileSync(file, "utf8"), section));
    console.error(`wrote ${file}`);
  }
}
