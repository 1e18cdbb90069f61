/**
 * Entry of the LoCoMo bench (bundled and run by run.mjs).
 * Usage: node bench/locomo/run.mjs [--data PATH] [--conv N | --split dev|test] [--write] [--json]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { CATEGORY_NAMES, loadLocomo, splitOf } from "./data.js";
import { runLocomo } from "./harness.js";
import { table } from "./metrics.js";
import { renderReport, spliceReport } from "./report.js";

const args = process.argv.slice(2);
const opt = (name: string) => {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
};
const root = process.env.MEMDIR_ROOT ?? process.cwd();
const dataPath = opt("--data") ?? join(root, "..", "shared", "data", "locomo", "locomo10.json");
const ds = loadLocomo(dataPath);
const convArg = opt("--conv");
const splitArg = opt("--split");
const indices = ds.conversations
  .map((_, i) => i)
  .filter((i) => (convArg === undefined || i === Number(convArg)) && (!splitArg || splitOf(i) === splitArg));
const conversations = indices.map((i) => ds.conversations[i]!);
const loadStart = loadavg();
const t0 = performance.now();
const res = await runLocomo(conversations, indices);
const totalMs = performance.now() - t0;

if (args.includes("--json")) {
  const r10 = (s: typeof res.dev.memdir) =>
    Object.fromEntries(
      table(s, CATEGORY_NAMES).map((r) => [r.label.replace(/\*/g, ""), +r.recall[10]!.toFixed(1)]),
    );
  console.log(
    JSON.stringify({
      dev: { memdir: r10(res.dev.memdir), baseline: r10(res.dev.baseline) },
      test: { memdir: r10(res.test.memdir), baseline: r10(res.test.baseline) },
    }),
  );
} else {
  const section = renderReport({ ...ds, conversations }, res, {
    date: new Date().toISOString().slice(0, 10),
    node: process.version,
    loadStart,
    loadEnd: loadavg(),
    cores: cpus().length,
  });
  console.log(section);
  console.log(`\n(total ${(totalMs / 1000).toFixed(1)} s, memdir store build ${res.buildMs.toFixed(0)} ms)`);
  if (args.includes("--write")) {
    if (indices.length !== ds.conversations.length) throw new Error("--write needs the full dataset");
    const file = join(root, "bench", "RESULTS.md");
    writeFileSync(file, spliceReport(readFileSync(file, "utf8"), section));
    console.log(`wrote ${file}`);
  }
}
