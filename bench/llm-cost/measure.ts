/** Per-transcript measurement of bench/llm-cost (see main.ts). */
import { mkdtempSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, join } from "node:path";
import { deriveHookEvents } from "../../src/adapters/claude-code/hook-events.js";
import { readClaudeTranscript } from "../../src/adapters/claude-code/transcript.js";
import { estimateTokens } from "../../src/core/tokens.js";
import { EXTRACTION_SYSTEM_PROMPT } from "../../src/jobs/extract/model/prompt.js";
import { hasProse } from "../../src/jobs/extract/model/render.js";
import { buildExtractionPrompt } from "../../src/jobs/extract/model/run.js";
import { agentWroteMemory } from "../../src/jobs/extract/mutual.js";
import { createMemorySandbox } from "../../src/jobs/sandbox/index.js";

/** config default llm.maxInputTokensPerCall */
export const CAP = 24_000;

const pct = (xs: number[], p: number) => {
  if (!xs.length) return 0;
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))]!;
};

export interface Row {
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

/** Measures one transcript (absolute path). */
export async function measure(path: string): Promise<Row> {
  const file = basename(path);
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
