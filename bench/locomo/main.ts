/**
 * Entry of the LoCoMo bench (bundled and run by run.mjs).
 * Usage: node bench/locomo/run.mjs [--data PATH] [--conv N] [--write] [--json]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { CATEGORY_NAMES, loadLocomo } from "./data.js";
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
const conversations = convArg === undefined ? ds.conversations : [ds.conversations[Number(convArg)]!];
const t0 = performance.now();
const res = await runLocomo(conversations, Date.now());
const totalMs = performance.now() - t0;

if (args.includes("--json")) {
  console.log(
    JSON.stringify({
      memdir: table(res.memdir, CATEGORY_NAMES),
      baseline: table(res.baseline, CATEGORY_NAMES),
    }),
  );
} else {
  const section = renderReport({ ...ds, conversations }, res, {
    date: new Date().toISOString().slice(0, 10),
    node: process.version,
  });
  console.log(section);
  console.log(`\n(total ${(totalMs / 1000).toFixed(1)} s, memdir store build ${res.buildMs.toFixed(0)} ms)`);
  if (args.includes("--write")) {
    if (convArg !== undefined) throw new Error("--write needs the full dataset (drop --conv)");
    const file = join(root, "bench", "RESULTS.md");
    writeFileSync(file, spliceReport(readFileSync(file, "utf8"), section));
    console.log(`wrote ${file}`);
  }
}
