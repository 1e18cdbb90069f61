// bench/hooks/harness-timings: memdir's hook durations as Claude Code 2.1.332 logs them (--debug-file), against a
// `node -e 0` hook registered identically, in real headless sessions against a scripted model server.
// Usage: env -u NODE_EXTRA_CA_CERTS node bench/hooks/harness-timings.mjs [--sessions N] [--mode both|paired|alternate] [--write] [--keep]
import { runBundled } from "../shared/run-bundled.mjs";

await runBundled("hook-cost", "bench/hooks/harness-timings.ts");
