// bench/locomo: the offline LoCoMo retrieval protocol (../shared/reference/peers-and-benchmarks.md §4, T track)
// for memdir's analyzer + FTS5 + rank, and the plain BM25 baseline of §2.6 in the same run.
// Bundles bench/locomo/main.ts with esbuild into node_modules/.cache/memdir-bench/ and runs it.
// Usage: node bench/locomo/run.mjs [--data PATH] [--conv N] [--json] [--write]
import { spawnSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const outfile = join(root, "node_modules", ".cache", "memdir-bench", "locomo.mjs");
await build({
  entryPoints: [join(root, "bench", "locomo", "main.ts")],
  bundle: true,
  platform: "node",
  format: "esm",
  target: "node20",
  outfile,
  external: ["better-sqlite3"],
  banner: {
    js: "import { createRequire as __memdirBenchRequire } from 'node:module'; const require = __memdirBenchRequire(import.meta.url);",
  },
  logLevel: "warning",
});
const r = spawnSync(process.execPath, [outfile, ...process.argv.slice(2)], {
  stdio: "inherit",
  cwd: root,
  env: { ...process.env, MEMDIR_ROOT: root },
});
process.exit(r.status ?? 1);
