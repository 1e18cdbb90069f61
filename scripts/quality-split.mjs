#!/usr/bin/env node
// Splits the extraction quality set (test/fixtures/extraction/*.json) into a development half and a
// test half, once, and writes test/fixtures/extraction/split.json. The conversations the engine was
// tuned on before the split (those in the tree of `--tuned-at <commit>`) all go to dev; the rest are
// shuffled with a fixed seed, stratified by language and by empty / non-empty gold, and dealt so
// the test half holds half of the whole set. Run it again only to re-derive the committed file.
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const DIR = join(import.meta.dirname, "..", "test", "fixtures", "extraction");
const SEED = 20261203;

function rng(seed) {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const arg = process.argv.indexOf("--tuned-at");
if (arg < 0)
  throw new Error("usage: quality-split.mjs --tuned-at <commit whose quality set the engine was tuned on>");
const listed = execFileSync(
  "git",
  ["ls-tree", "--name-only", process.argv[arg + 1], "test/fixtures/extraction/"],
  {
    cwd: join(DIR, "..", "..", ".."),
    encoding: "utf8",
  },
);
const tuned = new Set(
  listed
    .split("\n")
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.replace(/^.*\//, "").replace(/\.json$/, "")),
);
const set = readdirSync(DIR)
  .filter((f) => f.endsWith(".json") && f !== "split.json")
  .sort()
  .map((f) => JSON.parse(readFileSync(join(DIR, f), "utf8")));
const dev = set.filter((c) => tuned.has(c.id)).map((c) => c.id);
const fresh = set.filter((c) => !tuned.has(c.id));
const testSize = Math.floor(set.length / 2);
if (testSize > fresh.length)
  throw new Error(`only ${fresh.length} new conversations for a test half of ${testSize}`);
const random = rng(SEED);
const strata = new Map();
for (const c of fresh) {
  const key = `${c.lang}/${c.gold.length === 0 ? "empty" : "signal"}`;
  strata.set(key, [...(strata.get(key) ?? []), c.id]);
}
const test = [];
const rest = [];
for (const ids of strata.values()) {
  for (let i = ids.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [ids[i], ids[j]] = [ids[j], ids[i]];
  }
  const take = Math.round((ids.length * testSize) / fresh.length);
  test.push(...ids.slice(0, take));
  rest.push(...ids.slice(take));
}
while (test.length > testSize) rest.push(test.pop());
while (test.length < testSize) test.push(rest.pop());
const out = { seed: SEED, dev: [...dev, ...rest].sort(), test: test.sort() };
writeFileSync(join(DIR, "split.json"), `${JSON.stringify(out, null, 2)}\n`);
console.log(`dev ${out.dev.length} (${dev.length} tuned before the split), test ${out.test.length}`);
