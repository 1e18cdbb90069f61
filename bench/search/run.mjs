// bench/search: index build, re-sync and query latency at 1k / 10k / 100k synthetic topic files, and
// the same queries answered by a linear scan of the files in the same run.
// Bundles bench/search/main.ts with esbuild into node_modules/.cache/memdir-bench/ and runs it.
// Usage: node bench/search/run.mjs [--sizes 1000,10000,100000] [--queries 200] [--rounds 3]
//   [--scan-queries N] [--no-profile] [--dir PARENT] [--keep] [--json] [--write]
import { runBundled } from "../shared/run-bundled.mjs";

// The cached scan keeps every file in memory: 100k files need more than the default heap.
await runBundled("search", "bench/search/main.ts", ["--max-old-space-size=4096"]);
