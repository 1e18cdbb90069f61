// bench/dream: offline dream planning time at 1k / 3k / 10k synthetic topic files, against the
// all-pairs plan at the first size in the same run. Usage: node bench/dream/run.mjs [--sizes 1000,3000,10000]
import { runBundled } from "../shared/run-bundled.mjs";

await runBundled("dream", "bench/dream/main.ts");
