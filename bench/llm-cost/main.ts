/**
 * bench/llm-cost: what the model path would send, turn by turn, over real Claude Code transcripts
 * (claude-mem #2643: 649M tokens from forwarding whole tool I/O; #2958: prompts that grow with the
 * session). For each turn end (Stop, derived as `memdir replay` does) it builds the real extraction
 * request (system prompt + tool schemas + the rendered, scrubbed, capped turn) and estimates its
 * tokens (core/tokens); the baseline in the same run is an observer that forwards the turn's raw
 * transcript lines. Turns the job skips (no prose, agent wrote memory) send nothing.
 * Usage: node bench/llm-cost/run.mjs [--write] [--json]
 */
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { deriveHookEvents, readClaudeTranscript } from "../../src/adapters/claude-code/index.js";
import { estimateTokens } from "../../src/core/tokens.js";
import { EXTRACTION_SYSTEM_PROMPT } from "../../src/jobs/extract/model/prompt.js";
import { hasProse } from "../../src/jobs/extract/model/render.js";
import { buildExtractionPrompt } from "../../src/jobs/extract/model/run.js";
import { agentWroteMemory } from "../../src/jobs/extract/mutual.js";
import { createMemorySandbox } from "../../src/jobs/sandbox/index.js";
import { spliceSection } from "../shared/splice.js";

const root = process.env.MEMDIR_ROOT ?? process.cwd();
const DATA = join(root, "..", "shared", "data", "transcripts", "claude-code");
const FILES = [
  "258c7280-ae70-4798-800f-63464d01a85d.jsonl",
  "4d5611e5-241a-462a-8d15-5122611a9569.jsonl",
  "ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl",
  "subagent.jsonl",
];
const CAP = 24_000; // config default llm.maxInputTokensPerCall

const pct = (xs: number[], p: number) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

interface Row {
  file: string;
  mb: number;
  turns: number;
  calls: number;
  skipped: number;
  p50: number;
  p95: number;
  max: number;
  total: number;
  naiveTotal: number;
  naiveMax: number;
}

async function measure(file: string): Promise<Row> {
  const path = join(DATA, file);
  const raw = readFileSync(path);
  const messages = readClaudeTranscript(path, 0).messages;
  const stops = deriveHookEvents(path)
    .filter((e) => e.event === "Stop")
    .map((e) => e.transcriptOffset);
  const dir = mkdtempSync(join(tmpdir(), "memdir-llm-cost-"));
  const target = {
    memoryDir: join(dir, "memory"),
    userMemoryDir: join(dir, "user"),
    projectMemoryFile: join(dir, "pm.json"),
    projectRoot: dir,
  };
  const tools = createMemorySandbox({
    roots: { project: target.memoryDir, user: target.userMemoryDir },
  }).tools;
  const fixed = estimateTokens(EXTRACTION_SYSTEM_PROMPT) + estimateTokens(JSON.stringify(tools));
  const sizes: number[] = [];
  const naive: number[] = [];
  let skipped = 0;
  let prev = 0;
  for (const at of stops) {
    const slice = messages.filter((m) => m.endOffset > prev && m.endOffset <= at);
    naive.push(estimateTokens(raw.subarray(prev, at).toString("utf8")));
    const from = prev;
    prev = at;
    if (slice.length === 0 || from === at) continue;
    if (agentWroteMemory(slice, [target.memoryDir]) || !hasProse(slice)) {
      skipped++;
      continue;
    }
    const { prompt } = await buildExtractionPrompt({
      messages: slice,
      target,
      sessionId: basename(file, ".jsonl"),
      nowMs: Date.parse("2026-01-01T00:00:00Z"),
      maxInputTokens: CAP,
    });
    sizes.push(fixed + estimateTokens(prompt));
  }
  const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
  return {
    file,
    mb: raw.length / 1e6,
    turns: stops.length,
    calls: sizes.length,
    skipped,
    p50: pct(sizes, 50),
    p95: pct(sizes, 95),
    max: Math.max(0, ...sizes),
    total: sum(sizes),
    naiveTotal: sum(naive),
    naiveMax: Math.max(0, ...naive),
  };
}

const rows: Row[] = [];
for (const f of FILES) rows.push(await measure(f));
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
observer that forwards each turn's raw transcript lines (what claude-mem #2643 describes). These sessions
have few turn ends (long autonomous turns of hundreds of tool calls): a request stays near 10k tokens however
long the turn, because every tool call is one capped line and its output is never sent.

${table}
<!-- llm-cost:end -->`;
  writeFileSync(
    file,
    spliceSection(readFileSync(file, "utf8"), section, "<!-- llm-cost:start -->", "<!-- llm-cost:end -->"),
  );
}
