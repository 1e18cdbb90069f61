// bench/llm-cost: estimated size of the model extraction requests per turn over real transcripts,
// against an observer that forwards raw transcript lines. Usage: node bench/llm-cost/run.mjs [--write] [--json]
import { runBundled } from "../shared/run-bundled.mjs";

await runBundled("llm-cost", "bench/llm-cost/main.ts");
