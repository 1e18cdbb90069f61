import { readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { toolLinesChanged as linesChanged } from "../../src/adapters/claude-code/tool-lines.js";
import { toolKind } from "../../src/adapters/claude-code/tools.js";
import { countLines, diffLineCounts } from "../../src/harness/line-counts.js";
import {
  readToolStats,
  recordToolUse,
  statKeyForKind,
  type ToolStats,
  writeEndRecord,
  writeSessionStarted,
} from "../../src/sessions/index.js";
import { TRANSCRIPTS_DIR, tempDir } from "../helpers/tmp.js";
import { toolCallsOf, toolUseCount } from "./transcript-tools.js";

const TRANSCRIPTS = readdirSync(TRANSCRIPTS_DIR).filter((f) => f.endsWith(".jsonl"));

/** Independent line count: split on \n, a trailing newline ends the last line. */
function lineCount(s: string): number {
  if (s === "") return 0;
  const parts = s.split("\n");
  return parts[parts.length - 1] === "" ? parts.length - 1 : parts.length;
}

/** Independent expectation: counters per category of every tool_use, lines from patches or created content. */
function expectedStats(path: string): ToolStats {
  const s: ToolStats = {
    readCount: 0,
    searchCount: 0,
    bashCount: 0,
    editFileCount: 0,
    linesAdded: 0,
    linesRemoved: 0,
    otherToolCount: 0,
  };
  for (const c of toolCallsOf(path)) {
    s[statKeyForKind(toolKind(c.name))]++;
    if (c.isError || !["Edit", "Write", "MultiEdit"].includes(c.name)) continue;
    const r = c.response as { structuredPatch?: { lines: string[] }[]; type?: string };
    const hunks = r?.structuredPatch ?? [];
    if (hunks.length > 0) {
      for (const h of hunks) {
        s.linesAdded += h.lines.filter((l) => l[0] === "+").length;
        s.linesRemoved += h.lines.filter((l) => l[0] === "-").length;
      }
    } else if (c.name === "Write" && r?.type === "create") {
      s.linesAdded += lineCount((c.input as { content: string }).content);
    }
  }
  return s;
}

describe("toolStats over real transcripts", () => {
  it("finds the transcripts", () => {
    expect(TRANSCRIPTS.length).toBeGreaterThanOrEqual(6);
  });

  for (const file of TRANSCRIPTS) {
    it(`equals an independent count of ${file}`, () => {
      const path = join(TRANSCRIPTS_DIR, file);
      const root = tempDir();
      const sid = "s1";
      const calls = toolCallsOf(path);
      expect(calls.length).toBe(toolUseCount(path)); // every tool_use has its result
      writeSessionStarted(root, sid, { ownerPid: process.pid, startedAtMs: calls[0]!.atMs - 1000 });
      for (const c of calls) {
        recordToolUse(
          root,
          sid,
          c.isError
            ? {
                kind: toolKind(c.name),
                toolName: c.name,
                toolInput: c.input,
                success: false,
                error: c.resultText,
              }
            : {
                kind: toolKind(c.name),
                toolName: c.name,
                toolInput: c.input,
                linesChanged: linesChanged(c.name, c.input, c.response),
                success: true,
              },
          c.atMs,
        );
      }
      const want = expectedStats(path);
      const got = readToolStats(root, sid);
      expect(got).toEqual(want);
      const total = got.readCount + got.searchCount + got.bashCount + got.editFileCount + got.otherToolCount;
      expect(total).toBe(toolUseCount(path));
      const rec = writeEndRecord(root, sid, {
        reason: "prompt_input_exit",
        endedAtMs: calls.at(-1)!.atMs + 1,
      });
      expect(rec.toolStats).toEqual(want);
    });
  }

  it("the long sessions edit files (the comparison is not vacuous)", () => {
    const s = expectedStats(join(TRANSCRIPTS_DIR, "258c7280-ae70-4798-800f-63464d01a85d.jsonl"));
    expect(s.editFileCount).toBeGreaterThan(40);
    expect(s.linesAdded).toBeGreaterThan(100);
    expect(s.linesRemoved).toBeGreaterThan(10);
  });
});

describe("Claude Code tool kinds", () => {
  it("maps the documented names and everything else to other", () => {
    expect(["Read", "NotebookRead"].map(toolKind)).toEqual(["read", "read"]);
    expect(["Grep", "Glob", "LS", "WebSearch"].map(toolKind)).toEqual(Array(4).fill("search"));
    expect(["Bash", "PowerShell"].map(toolKind)).toEqual(["shell", "shell"]);
    expect(["Edit", "Write", "MultiEdit", "NotebookEdit"].map(toolKind)).toEqual(Array(4).fill("edit"));
    expect(["Task", "Agent"].map(toolKind)).toEqual(["agent", "agent"]);
    for (const other of [
      "TaskOutput",
      "BashOutput",
      "ToolSearch",
      "WebFetch",
      "mcp__x__Read",
      "read",
      "toString",
      "__proto__",
    ]) {
      expect(toolKind(other)).toBe("other");
    }
  });
});

describe("line counts", () => {
  it("countLines", () => {
    expect([
      countLines(""),
      countLines("a"),
      countLines("a\n"),
      countLines("a\nb"),
      countLines("a\r\nb\r\n"),
    ]).toEqual([0, 1, 1, 2, 2]);
    expect(countLines(undefined)).toBe(0);
  });

  it("diffLineCounts trims common head and tail lines", () => {
    expect(diffLineCounts("a\nb\nc", "a\nB\nB2\nc")).toEqual({ added: 2, removed: 1 });
    expect(diffLineCounts("x", "x")).toEqual({ added: 0, removed: 0 });
    expect(diffLineCounts("", "new\nlines\n")).toEqual({ added: 2, removed: 0 });
  });

  it("linesChanged prefers the structured patch, else input", () => {
    const patch = { structuredPatch: [{ lines: [" a", "-b", "+c", "+d"] }] };
    expect(linesChanged("Edit", { old_string: "b", new_string: "c" }, patch)).toEqual({
      added: 2,
      removed: 1,
    });
    expect(linesChanged("Edit", { old_string: "1\n2\n3", new_string: "1\n3" })).toEqual({
      added: 0,
      removed: 1,
    });
    expect(linesChanged("Write", { content: "a\nb\n" }, { type: "create", structuredPatch: [] })).toEqual({
      added: 2,
      removed: 0,
    });
    expect(linesChanged("Write", { content: "same\n" }, { type: "update", structuredPatch: [] })).toEqual({
      added: 0,
      removed: 0,
    });
    expect(
      linesChanged("MultiEdit", {
        edits: [
          { old_string: "a", new_string: "b\nc" },
          { old_string: "x\ny", new_string: "" },
        ],
      }),
    ).toEqual({ added: 2, removed: 3 });
    expect(linesChanged("NotebookEdit", { new_source: "x\ny", edit_mode: "insert" })).toEqual({
      added: 2,
      removed: 0,
    });
    expect(linesChanged("Bash", { command: "ls" }, patch)).toEqual({ added: 0, removed: 0 });
  });

  it("failed edits count as calls but add no lines", () => {
    const root = tempDir();
    recordToolUse(
      root,
      "s",
      { kind: "edit", toolName: "Write", toolInput: { content: "a\nb" }, success: false, error: "denied" },
      1,
    );
    expect(readToolStats(root, "s")).toMatchObject({ editFileCount: 1, linesAdded: 0 });
  });
});
