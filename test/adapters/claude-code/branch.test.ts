import { appendFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readClaudeTranscript } from "../../../src/adapters/claude-code/transcript.js";
import { TAIL_BYTES } from "../../../src/adapters/claude-code/transcript-branch.js";
import { tempDir } from "../../helpers/tmp.js";
import {
  answer,
  attachment,
  compactBoundary,
  compactSummary,
  FIRST_PNPM,
  FIRST_YARN,
  PNPM_TURN,
  prompt,
  sidechain,
  toolCall,
  toolResult,
  YARN_TURN,
} from "./branch-fixture.js";
import { allTranscripts } from "./real-transcripts.js";

const write = (lines: string[]) => {
  const path = join(tempDir(), "0ed70a2b-25cd-40c1-ba4b-e34b35cb2f6e.jsonl");
  writeFileSync(path, lines.join(""));
  return path;
};
const texts = (path: string, from = 0) => readClaudeTranscript(path, from).messages.map((m) => m.text);

describe("the live branch of a Claude Code transcript", () => {
  it("one read: the rewound turn is not returned, the replacing one is", () => {
    const path = write([...YARN_TURN, ...PNPM_TURN]);
    const slice = readClaudeTranscript(path);
    expect(slice.messages.map((m) => m.text)).toEqual([
      "hello",
      "Hi there.",
      "always use pnpm",
      "Noted: pnpm.",
    ]);
    expect(slice.skipped.abandoned_branch).toBe(2);
    expect(slice.abandoned).toBeUndefined();
  });

  it("a later read: the rewound turn read before is reported abandoned", () => {
    const path = write(YARN_TURN);
    const first = readClaudeTranscript(path);
    expect(first.messages.map((m) => m.text)).toContain("always use yarn");
    appendFileSync(path, PNPM_TURN.join(""));
    const second = readClaudeTranscript(path, first.endOffset);
    expect(second.messages.map((m) => m.text)).toEqual(["always use pnpm", "Noted: pnpm."]);
    expect(second.abandoned).toEqual(["p2", "r2"]);
    // The next read after that is linear again: nothing more is abandoned.
    appendFileSync(path, [...prompt("p4", "s3", "thanks"), answer("r4", "p4", "msg_4", "Sure.")].join(""));
    const third = readClaudeTranscript(path, second.endOffset);
    expect(third.messages.map((m) => m.text)).toEqual(["thanks", "Sure."]);
    expect(third.abandoned).toBeUndefined();
  });

  it("the first prompt rewound: both are roots, only the newest tree is live", () => {
    const path = write(FIRST_YARN);
    const first = readClaudeTranscript(path);
    expect(first.messages.map((m) => m.text)).toEqual(["always use yarn", "Noted: yarn."]);
    appendFileSync(path, FIRST_PNPM.join(""));
    expect(texts(path)).toEqual(["always use pnpm", "Noted: pnpm."]);
    const second = readClaudeTranscript(path, first.endOffset);
    expect(second.messages.map((m) => m.text)).toEqual(["always use pnpm", "Noted: pnpm."]);
    expect(second.abandoned).toEqual(["q1", "qr"]);
  });

  it("a rewind further back than the tail read is found by reading the whole prefix", () => {
    const filler = Array.from({ length: 40 }, (_, i) => [
      ...prompt(`f${i}`, i === 0 ? "r2" : `g${i - 1}`, `step ${i} ${"x".repeat(8000)}`),
      answer(`g${i}`, `f${i}`, `msg_f${i}`, `done ${i}`),
    ]).flat();
    const path = write([...YARN_TURN, ...filler]);
    const first = readClaudeTranscript(path);
    expect(first.endOffset).toBeGreaterThan(TAIL_BYTES);
    appendFileSync(path, PNPM_TURN.join(""));
    const second = readClaudeTranscript(path, first.endOffset);
    expect(second.messages.map((m) => m.text)).toEqual(["always use pnpm", "Noted: pnpm."]);
    expect(second.abandoned).toHaveLength(2 + 80);
    expect(second.abandoned?.slice(0, 2)).toEqual(["p2", "r2"]);
  });

  it("parallel tool results, sidechain entries and a compaction boundary keep the chain", () => {
    const path = write([
      ...prompt("p1", null, "run two commands"),
      toolCall("c1", "p1", "msg_1", "toolu_1"),
      toolCall("c2", "c1", "msg_1", "toolu_2"),
      toolResult("t1", "c1", "toolu_1"), // parallel results hang off their own tool_use entry
      toolResult("t2", "c2", "toolu_2"),
      sidechain("x1", null, "subagent prompt"),
      answer("r1", "t2", "msg_2", "Both ran."),
      compactBoundary("b1", "r1"),
      compactSummary("cs", "b1"),
      ...prompt("p2", "cs", "now add tests"),
      answer("r2", "p2", "msg_3", "Added."),
    ]);
    const slice = readClaudeTranscript(path);
    expect(slice.skipped.abandoned_branch).toBeUndefined();
    expect(slice.messages.map((m) => m.kind)).toEqual([
      "prompt",
      "assistant",
      "prompt",
      "assistant",
      "compact_summary",
      "prompt",
      "assistant",
    ]);
    expect(slice.messages[1]?.toolCalls.map((c) => c.result?.text)).toEqual(["ok", "ok"]);
    expect(slice.messages[2]?.isSidechain).toBe(true);
    // Read in steps at every line: nothing is ever reported abandoned.
    expect(abandonedAtEveryCursor(path)).toEqual({ abandoned: 0, dropped: 0 });
  });

  it("a parent that was never persisted falls back to file order", () => {
    const path = write([
      ...prompt("p1", null, "first"),
      answer("r1", "p1", "msg_1", "One."),
      ...prompt("p2", "never-written", "second"),
      answer("r2", "p2", "msg_2", "Two."),
    ]);
    expect(texts(path)).toEqual(["first", "One.", "second", "Two."]);
    expect(abandonedAtEveryCursor(path)).toEqual({ abandoned: 0, dropped: 0 });
  });

  it("a subagent transcript (every entry a sidechain) is read in file order", () => {
    const path = write([sidechain("x1", null, "find the config"), sidechain("x2", "x1", "and the tests")]);
    expect(texts(path)).toEqual(["find the config", "and the tests"]);
  });

  it("every real transcript: nothing is dropped or abandoned, read at once or in steps", () => {
    for (const path of allTranscripts()) {
      const slice = readClaudeTranscript(path);
      expect(slice.skipped.abandoned_branch, path).toBeUndefined();
      expect(abandonedAtEveryCursor(path, 37), path).toEqual({ abandoned: 0, dropped: 0 });
    }
  });

  it("an attachment after the last answer does not make the answer a dead branch", () => {
    const path = write([
      ...prompt("p1", null, "hello"),
      answer("r1", "p1", "msg_1", "Hi."),
      attachment("s1", "r1", "prompt_snapshot"),
      attachment("s2", "r1", "hook_success"),
    ]);
    expect(texts(path)).toEqual(["hello", "Hi."]);
  });
});

/** Reads `path` in slices of `every` lines; counts abandoned uuids and dropped messages over all reads. */
function abandonedAtEveryCursor(path: string, every = 1): { abandoned: number; dropped: number } {
  const buf = readFileSync(path);
  const ends: number[] = [];
  for (let i = buf.indexOf(10); i !== -1; i = buf.indexOf(10, i + 1)) ends.push(i + 1);
  let abandoned = 0;
  let dropped = 0;
  let from = 0;
  for (let k = every - 1; from < buf.length; k += every) {
    const to = ends[Math.min(k, ends.length - 1)]!;
    const s = readClaudeTranscript(path, from, { maxBytes: to - from });
    expect(s.endOffset).toBe(to);
    abandoned += s.abandoned?.length ?? 0;
    dropped += s.skipped.abandoned_branch ?? 0;
    from = to;
  }
  return { abandoned, dropped };
}
