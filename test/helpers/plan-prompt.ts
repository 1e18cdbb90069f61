/** The offline engine over one typed prompt, as the extraction tests of single sentences use it. */
import { expect } from "vitest";
import { type PlannedMemory, planExtraction } from "../../src/jobs/extract/engine/index.js";
import type { ConversationMessage } from "../../src/transcripts/types.js";

export const PLAN_NOW = Date.parse("2026-01-12T12:00:00.000Z");

/** The memories the engine plans for `text` typed as one prompt (2026-01-12T10:00Z). */
export function planPrompt(text: string): PlannedMemory[] {
  const msg: ConversationMessage = {
    kind: "prompt",
    uuid: "u-1",
    timestamp: "2026-01-12T10:00:00.000Z",
    text,
    toolCalls: [],
    isSidechain: false,
    endOffset: 0,
  };
  return planExtraction([msg], { sessionId: "s-1", nowMs: PLAN_NOW }).memories;
}

/** Asserts `text` yields exactly one memory of `type` whose text contains every keyword (any case). */
export function expectOne(text: string, type: string, ...keywords: string[]): PlannedMemory {
  const got = planPrompt(text);
  expect(got.map((m) => m.type)).toEqual([type]);
  const all = `${got[0]!.description}\n${got[0]!.body}`.toLowerCase();
  for (const k of keywords) expect(all).toContain(k.toLowerCase());
  return got[0]!;
}
