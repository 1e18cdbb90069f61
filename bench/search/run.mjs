// bench/search: index build, re-sync and query latency at 1k / 10k / 100k synthetic topic files, and
// the same queries answered by a linear scan of the files in the same run (issue 3 point 9).
// Bundles bench/search/main.ts with esbuild into node_modules/.cache/memdir-bench/ and runs it.
// Usage: node bench/search/run.mjs [--sizes 1000,10000,100000] [--queries 200] [--rounds 3]
//   [--scan-queries N] [--no-profile] [--dir PARENT] [--keep] [--json] [--write]
import { spawnSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const outfile = join(root, "node_modules", ".cache", "memdir-bench", "search.mjs");
await build({
  entryPoints: [join(root, "bench", "search", "main.ts")],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  outfile,
  external: ["better-sqlite3"],
  // An alias: bundled modules may import createRequire themselves (src/search/index/sqlite.ts does).
  banner: {
    js: "import { createRequire as __benchCreateRequire } from 'node:module'; const require = __benchCreateRequire(import.meta.url);",
  },
  logLevel: "warning",
});
// The cached scan keeps every file in memory: 100k files need more than the default heap.
const r = spawnSync(process.execPath, ["--max-old-space-size=4096", outfile, ...process.argv.slice(2)], {
  stdio: "inherit",
  cwd: root,
  env: { ...process.env, MEMDIR_ROOT: root },
});
process.exit(r.status ?? 1);
