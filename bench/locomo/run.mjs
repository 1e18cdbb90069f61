// bench/locomo: the offline LoCoMo retrieval protocol (../shared/reference/peers-and-benchmarks.md §4, T track)
// for memdir's analyzer + FTS5 + rank, and the plain BM25 baseline of §2.6 in the same run.
// Bundles bench/locomo/main.ts with esbuild into node_modules/.cache/memdir-bench/ and runs it.
// Usage: node bench/locomo/run.mjs [--data PATH] [--conv N] [--json] [--write]
import { runBundled } from "../shared/run-bundled.mjs";

await runBundled("locomo", "bench/locomo/main.ts", []);
