/**
 * Precision on real data: every user prompt of the real Claude Code transcripts (main sessions and
 * subagents, compaction summaries included) is an ordinary task request and must yield no memory
 * and no project fact, read through the real transcript adapter and also one by one as plain text.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readClaudeTranscript } from "../../../src/adapters/claude-code/transcript.js";
import { planExtraction } from "../../../src/jobs/extract/index.js";
import type { ConversationMessage } from "../../../src/transcripts/types.js";
import { TRANSCRIPTS_DIR } from "../../helpers/tmp.js";

const FILES = (readdirSync(TRANSCRIPTS_DIR, { recursive: true }) as string[])
  .filter((f) => f.endsWith(".jsonl"))
  .sort();
const ctx = { sessionId: "real", nowMs: Date.UTC(2026, 1, 12) };

/** Text the user typed (string content or text blocks) of every non-meta `user` entry. */
function rawUserTexts(file: string): { text: string; summary: boolean }[] {
  const out: { text: string; summary: boolean }[] = [];
  for (const line of readFileSync(join(TRANSCRIPTS_DIR, file), "utf8").split("\n")) {
    if (!line.trim()) continue;
    const e = JSON.parse(line) as {
      type?: string;
      isMeta?: boolean;
      isCompactSummary?: boolean;
      message?: { content?: unknown };
    };
    if (e.type !== "user" || e.isMeta) continue;
    const c = e.message?.content;
    const text =
      typeof c === "string"
        ? c
        : Array.isArray(c)
          ? c
              .filter(
                (b): b is { type: string; text: string } => b?.type === "text" && typeof b.text === "string",
              )
              .map((b) => b.text)
              .join("\n")
          : "";
    if (text.trim()) out.push({ text, summary: e.isCompactSummary === true });
  }
  return out;
}

/** Cuts `text` into pieces of at most `max` characters at line ends (defeats the long-paste guard). */
function chunks(text: string, max = 3000): string[] {
  const out: string[] = [];
  let cur = "";
  for (const line of text.split("\n")) {
    if (cur && cur.length + line.length > max) {
      out.push(cur);
      cur = "";
    }
    cur += `${line}\n`;
  }
  if (cur) out.push(cur);
  return out;
}

describe("real transcripts yield no memory", () => {
  it("covers the main sessions and their subagents", () => {
    expect(FILES.length).toBeGreaterThanOrEqual(10);
    expect(FILES.some((f) => f.includes("subagents"))).toBe(true);
  });

  it.each(FILES)("%s through the transcript adapter", (file) => {
    const slice = readClaudeTranscript(join(TRANSCRIPTS_DIR, file), 0);
    const plan = planExtraction(slice.messages, ctx);
    expect(plan.memories).toEqual([]);
    expect(plan.projectFacts).toEqual([]);
    // the same messages as if a person had typed the subagent prompts
    const asUser = planExtraction(
      slice.messages.map((m) => ({ ...m, isSidechain: false })),
      ctx,
    );
    expect(asUser.memories).toEqual([]);
    expect(asUser.projectFacts).toEqual([]);
    const prompts = slice.messages.filter((m) => m.kind !== "assistant");
    expect(plan.skipped.map((s) => s.uuid).sort()).toEqual(prompts.map((m) => m.uuid).sort());
  });

  it.each(FILES)("%s prompt by prompt, also cut into short pieces", (file) => {
    const texts = rawUserTexts(file);
    for (const { text, summary } of texts) {
      for (const piece of [text, ...chunks(text)]) {
        const m: ConversationMessage = {
          kind: summary ? "compact_summary" : "prompt",
          uuid: "u",
          timestamp: "",
          text: piece,
          toolCalls: [],
          isSidechain: false,
          endOffset: 0,
        };
        const plan = planExtraction([m], ctx);
        expect({ piece: piece.slice(0, 200), memories: plan.memories, facts: plan.projectFacts }).toEqual({
          piece: piece.slice(0, 200),
          memories: [],
          facts: [],
        });
      }
    }
  });
});
