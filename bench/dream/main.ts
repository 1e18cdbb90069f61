/**
 * Entry of bench/dream (bundled and run by run.mjs): times the offline dream plan (`planOfflineDream`,
 * what `memdir dream --dry-run` runs with no model; the CLI's reading of the memory dir is not timed)
 * on synthetic memory dirs (`corpus.ts`) of each size, against the all-pairs plan at the first size
 * measured in the same run. Usage: node bench/dream/run.mjs [--sizes 1000,3000,10000]
 */
import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { planOfflineDream } from "../../src/jobs/dream/offline/index.js";
import { corpusInput, writeDreamCorpus } from "./corpus.js";

const args = process.argv.slice(2);
const i = args.indexOf("--sizes");
const sizes = (i >= 0 ? args[i + 1]! : "1000,3000,10000").split(",").map(Number);

function time(dir: string, pairs: "candidates" | "all") {
  const input = corpusInput(dir, pairs);
  const t0 = performance.now();
  const plan = planOfflineDream(input);
  return { ms: performance.now() - t0, merged: plan.merges.reduce((s, m) => s + m.from.length, 0) };
}

console.log(
  `node ${process.version}, load ${loadavg()
    .map((x) => x.toFixed(2))
    .join(" / ")}`,
);
let base: number | undefined;
for (const n of sizes) {
  const dir = mkdtempSync(join(tmpdir(), "memdir-bench-dream-"));
  writeDreamCorpus(dir, n);
  if (base === undefined) {
    base = time(dir, "all").ms;
    console.log(`${n} topics, all pairs: ${(base / 1000).toFixed(2)} s (baseline)`);
  }
  const r = time(dir, "candidates");
  console.log(
    `${n} topics, candidates: ${(r.ms / 1000).toFixed(2)} s, ${r.merged} files merged, ${(r.ms / base).toFixed(2)}x baseline`,
  );
  rmSync(dir, { recursive: true, force: true });
}
