/**
 * bench/llm-cost: what the model path would send, turn by turn, over real Claude Code transcripts
 * (claude-mem's observer spent 649M tokens forwarding whole tool I/O, with prompts that grew with
 * the session). For each turn end (Stop, derived as `memdir replay` does) it builds the real extraction
 * request (system prompt + tool schemas + the rendered, scrubbed, capped turn) and estimates its
 * tokens (core/tokens); the baseline in the same run is an observer that forwards the turn's raw
 * transcript lines. Turns the job skips (no prose, agent wrote memory) send nothing.
 * Usage: node bench/llm-cost/run.mjs [--write] [--json]
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { spliceSection } from "../shared/splice.js";
import { CAP, measure, type Row } from "./measure.js";

const root = process.env.MEMDIR_ROOT ?? process.cwd();
const DATA = join(root, "..", "shared", "data", "transcripts", "claude-code");
const FILES = [
  "258c7280-ae70-4798-800f-63464d01a85d.jsonl",
  "4d5611e5-241a-462a-8d15-5122611a9569.jsonl",
  "ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl",
  "subagent.jsonl",
];

const rows: Row[] = [];
for (const f of FILES) rows.push(await measure(join(DATA, f)));
const k = (n: number) => (n >= 10_000 ? `${(n / 1000).toFixed(0)}k` : String(n));
const table = [
  "| transcript | MB | turn ends | first calls | skipped | tokens/call p50 / p95 / max | tokens per session | raw-forwarding observer | ratio |",
  "|---|---|---|---|---|---|---|---|---|",
  ...rows.map(
    (r) =>
      `| ${r.file.slice(0, 12)} | ${r.mb.toFixed(2)} | ${r.turns} | ${r.calls} | ${r.skipped} | ${k(r.p50)} / ${k(r.p95)} / ${k(r.max)} | ${k(r.total)} | ${k(r.naiveTotal)} (max ${k(r.naiveMax)}/turn) | ${(r.naiveTotal / Math.max(1, r.total)).toFixed(1)}x |`,
  ),
].join("\n");
if (process.argv.includes("--json")) console.log(JSON.stringify(rows, null, 2));
else console.log(table);
if (process.argv.includes("--write")) {
  const file = join(root, "bench", "RESULTS.md");
  const section = `<!-- llm-cost:start -->
## model extraction request size (bench/llm-cost/run.mjs)

Measured ${new Date().toISOString().slice(0, 10)} over the real transcripts in \`../shared/data\`. For each turn end (Stop, as \`memdir replay\`
derives them) the real first request of an extraction: system prompt + the five memory tools' schemas + the turn
rendered (scrubbed, every field capped head + tail, tool calls one line each, oldest messages dropped above
\`llm.maxInputTokensPerCall\` = ${CAP}), estimated with core/tokens (ASCII/4 + one per other code point). A
model that reads a file or writes adds one or two smaller turns on top (at most 5 calls). Skipped turns (the user
wrote only code/JSON or nothing, or the agent wrote memory itself) send nothing. Baseline in the same run: an
observer that forwards each turn's raw transcript lines (the observer design claude-mem's users report as costly). These sessions
have few turn ends (long autonomous turns of hundreds of tool calls): a request stays near 10k tokens however
long the turn, because every tool call is one capped line and its output is never sent.

${table}
<!-- llm-cost:end -->`;
  writeFileSync(
    file,
    spliceSection(readFileSync(file, "utf8"), section, "<!-- llm-cost:start -->", "<!-- llm-cost:end -->"),
  );
}
