/**
 * Recovery over the real Claude Code transcripts: a session whose hooks all got cancelled ends with the
 * stats its hooks would have recorded, and one whose hooks recorded every other call ends the same,
 * nothing counted twice.
 */
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { toolLinesChanged } from "../../src/adapters/claude-code/tool-lines.js";
import { toolKind } from "../../src/adapters/claude-code/tools.js";
import { readClaudeTranscript } from "../../src/adapters/claude-code/transcript.js";
import { isRejection } from "../../src/adapters/claude-code/transcript-text.js";
import {
  applyToolRecovery,
  initToolRecovery,
  readToolStats,
  recordToolUse,
  writeSessionStarted,
} from "../../src/sessions/index.js";
import { TRANSCRIPTS_DIR, tempDir } from "../helpers/tmp.js";
import { toolCallsOf } from "./transcript-tools.js";

const TRANSCRIPTS = readdirSync(TRANSCRIPTS_DIR).filter((f) => f.endsWith(".jsonl"));

function freshSession(): string {
  const root = tempDir("memdir-recover-real-");
  writeSessionStarted(root, "s", { ownerPid: process.pid, startedAtMs: 0 });
  initToolRecovery(root, "s", { offset: 0 }, 0);
  return root;
}

/** The PostToolUse / PostToolUseFailure hook of one call (what hook-event.ts makes of its stdin). */
function hook(root: string, c: ReturnType<typeof toolCallsOf>[number]): void {
  const kind = toolKind(c.name);
  const lines = toolLinesChanged(c.name, c.input, c.response);
  recordToolUse(
    root,
    "s",
    {
      toolName: c.name,
      kind,
      id: c.id,
      toolInput: c.input,
      success: !c.isError,
      ...(!c.isError && (lines.added || lines.removed) ? { linesChanged: lines } : {}),
    },
    c.atMs,
  );
}

describe("recovery over real transcripts", () => {
  for (const file of TRANSCRIPTS) {
    it(`${file}: recovered stats equal the hooks' stats, with or without hooks`, () => {
      const path = join(TRANSCRIPTS_DIR, file);
      // A call the user declined gets no PostToolUse (it never ran).
      const calls = toolCallsOf(path).filter((c) => !isRejection(c.resultText, c.response));
      const read = readClaudeTranscript(path).messages.flatMap((m) => m.toolCalls);

      const byHooks = freshSession();
      for (const c of calls) hook(byHooks, c);
      const want = readToolStats(byHooks, "s");
      expect(applyToolRecovery(byHooks, "s", read, { nowMs: 1 }).record).toEqual([]);
      expect(readToolStats(byHooks, "s")).toEqual(want);

      const noHooks = freshSession();
      const r = applyToolRecovery(noHooks, "s", read, { nowMs: 1 });
      expect(r.record.length).toBe(calls.length);
      expect(readToolStats(noHooks, "s")).toEqual(want);

      const half = freshSession();
      for (const [i, c] of calls.entries()) if (i % 2 === 0) hook(half, c);
      expect(applyToolRecovery(half, "s", read, { nowMs: 1 }).record.length).toBe(
        Math.floor(calls.length / 2),
      );
      // The cancelled hooks arrive after all.
      for (const [i, c] of calls.entries()) if (i % 2 === 1) hook(half, c);
      expect(readToolStats(half, "s")).toEqual(want);
    });
  }
});
