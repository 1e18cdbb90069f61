import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { geminiAdapter } from "../../../src/adapters/gemini/adapter.js";

const FIX = join(__dirname, "../../fixtures/transcripts/gemini");
const HOOKS = join(__dirname, "../../fixtures/hooks/gemini");
const MAIN = join(FIX, "session-2026-12-02T01-13-42db398d.jsonl");
const STUB = join(FIX, "session-2026-12-02T01-14-42db398d.jsonl");

describe("deriveHooks (replay) over the recorded Gemini session", () => {
  const hooks = geminiAdapter.transcripts.deriveHooks(MAIN, { fallbackCwd: "/home/user/project" });

  it("implies the events Gemini fired, in order, with non-decreasing offsets", () => {
    expect(hooks.map((h) => `${h.event}${h.payload.source ? `:${h.payload.source}` : ""}`)).toEqual([
      "SessionStart:startup",
      "BeforeAgent",
      "BeforeTool",
      "AfterTool",
      "AfterAgent",
      "SessionEnd",
      "SessionStart:resume",
      "BeforeAgent",
      "AfterAgent",
      "SessionEnd",
      "SessionStart:resume",
      "BeforeAgent",
      "BeforeTool",
      "AfterTool",
      "AfterAgent",
      "SessionEnd",
    ]);
    const offsets = hooks.map((h) => h.offset);
    expect([...offsets].sort((a, b) => a - b)).toEqual(offsets);
    expect(offsets.at(-1)).toBe(readFileSync(MAIN).length);
  });

  it("payloads carry the field names Gemini sends (same keys as the captured stdin) and parse", () => {
    const captured = new Map<string, string[]>();
    for (const f of readdirSync(HOOKS)) {
      const o = JSON.parse(readFileSync(join(HOOKS, f), "utf8")) as Record<string, unknown>;
      captured.set(f.split(/[-.]/)[0]!, Object.keys(o).sort());
    }
    for (const h of hooks) {
      expect(Object.keys(h.payload).sort(), h.event).toEqual(captured.get(h.event));
      const r = geminiAdapter.parseHook(h.event, JSON.stringify(h.payload));
      expect(r.ok, r.ok ? "" : r.reason).toBe(true);
    }
    const byEvent = (e: string) => hooks.filter((h) => h.event === e).map((h) => h.payload);
    expect(byEvent("BeforeAgent").map((p) => p.prompt)).toEqual([
      "Show a.txt",
      "Anything else?",
      "Echo again",
    ]);
    expect(byEvent("AfterAgent").map((p) => p.prompt_response)).toEqual([
      "Done: a.txt says hello.",
      "Resumed.",
      "No approval, fine.",
    ]);
    const [ok, failed] = byEvent("AfterTool");
    expect(ok).toMatchObject({
      tool_name: "run_shell_command",
      tool_input: { command: "cat a.txt" },
      tool_response: { returnDisplay: "hello" },
    });
    expect(ok?.tool_response).not.toHaveProperty("error");
    expect(failed?.tool_response).toHaveProperty("error.message");
    for (const h of hooks) {
      expect(h.payload).toMatchObject({
        session_id: "42db398d-dff2-45c3-8f1e-2c853a1b39e6",
        cwd: "/home/user/project",
        transcript_path: MAIN,
      });
    }
  });

  it("from the resume stub, replays the conversation file", () => {
    expect(geminiAdapter.transcripts.deriveHooks(STUB, { fallbackCwd: "/home/user/project" })).toEqual(hooks);
  });

  it("a missing file throws NOT_FOUND", () => {
    expect(() => geminiAdapter.transcripts.deriveHooks(join(FIX, "nope.jsonl"))).toThrow(
      expect.objectContaining({ code: "NOT_FOUND" }),
    );
  });
});
