/**
 * Codex CLI 0.171.0 hook stdin and stdout: every captured fixture (test/fixtures/hooks/codex) parses to its
 * neutral event and every event's formatted output passes checkHookOutput; the parser's strictness and
 * robustness (fast-check) match the Claude Code parser's.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { codexAdapter } from "../../../src/adapters/codex/adapter.js";
import { parseHookInput } from "../../../src/adapters/codex/hook-input.js";
import { checkHookOutput, formatHookOutput } from "../../../src/adapters/codex/hook-output.js";
import { salvageHookInput } from "../../../src/adapters/codex/hook-salvage.js";
import { HOOK_EVENTS } from "../../../src/adapters/codex/hook-types.js";
import { MAX_HOOK_INPUT_BYTES } from "../../../src/harness/index.js";

const DIR = "test/fixtures/hooks/codex";
const FIXTURES = readdirSync(DIR).filter((f) => f.endsWith(".json"));
const raw = (f: string) => readFileSync(join(DIR, f), "utf8");
const eventOf = (f: string) => f.replace(/\.json$/, "").split("-")[0]!;
const SID = "01a2344c-2b4e-7b01-83e4-68441ef63686";

const TYPE: Record<string, string> = {
  SessionStart: "sessionStart",
  UserPromptSubmit: "prompt",
  PreToolUse: "toolBefore",
  PostToolUse: "toolAfter",
  SubagentStart: "subagentStart",
  SubagentStop: "subagentStop",
  Stop: "turnEnd",
  PreCompact: "compaction",
  SessionEnd: "sessionEnd",
};

describe("Codex hook fixtures (conformance)", () => {
  it("covers every handled event", () => {
    expect(new Set(FIXTURES.map(eventOf))).toEqual(new Set([...HOOK_EVENTS, "PostCompact"]));
  });

  it.each(FIXTURES.filter((f) => eventOf(f) !== "PostCompact"))("%s parses to its neutral event", (f) => {
    const ev = eventOf(f);
    const r = codexAdapter.parseHook(ev, raw(f));
    if (!r.ok) throw new Error(r.reason);
    expect(r.notes).toEqual([]);
    expect(r.event.type).toBe(TYPE[ev]);
    expect(r.event.harness).toBe("codex");
    expect(r.event.sessionId).toBe(SID);
    expect(r.event.cwd).toBe("/home/user/project");
    expect(r.event.transcriptPath).toMatch(
      /^\/home\/user\/\.codex\/sessions\/2026\/12\/02\/rollout-.*\.jsonl$/,
    );
    if (ev !== "SessionEnd") expect(r.event.model).toBe("gpt-fake");
    const out = codexAdapter.formatHook(ev, { context: "remember: tests run with npm test" });
    expect(checkHookOutput(ev, out)).toBeUndefined();
    expect(out === "").toBe(
      !["SessionStart", "UserPromptSubmit", "PreToolUse", "PostToolUse", "SubagentStart"].includes(ev),
    );
  });

  it("PostCompact is rejected: SessionStart(compact) is the neutral post-compaction event", () => {
    const r = codexAdapter.parseHook("PostCompact", raw("PostCompact-auto.json"));
    expect(r).toMatchObject({ ok: false, code: "UNKNOWN_EVENT" });
    if (!r.ok) expect(r.reason).toMatch(/not handled by memdir/);
  });

  it("maps the fields of each event", () => {
    const get = (f: string) => {
      const r = parseHookInput(eventOf(f), raw(f));
      if (!r.ok) throw new Error(r.reason);
      return r.event as unknown as Record<string, unknown>;
    };
    expect(get("SessionStart-compact.json").source).toBe("compact");
    expect(get("SessionStart-resume.json").source).toBe("resume");
    expect(get("UserPromptSubmit.json").prompt).toBe("Show a.txt, then ask an agent");
    expect(get("PreToolUse-Bash.json").tool).toMatchObject({
      name: "Bash",
      kind: "shell",
      command: "cat a.txt",
      id: "call_s1",
      paths: [],
    });
    expect(get("PostToolUse-Bash.json")).toMatchObject({
      success: true,
      responseText: ["hello\n"],
      interrupted: false,
    });
    expect((get("PreToolUse-spawn_agent.json").tool as { kind: string }).kind).toBe("agent");
    expect((get("PreToolUse-multi_agent_v1wait_agent.json").tool as { kind: string }).kind).toBe("other");
    expect(get("SubagentStart.json")).toMatchObject({
      agentId: "01a2344c-35be-79f2-8786-2a7790d4e96c",
      agentType: "default",
    });
    expect(get("SubagentStop.json")).toMatchObject({
      agentId: "01a2344c-35be-79f2-8786-2a7790d4e96c",
      lastAssistantMessage: "hi",
      agentTranscriptPath: expect.stringMatching(/35be-79f2-8786-2a7790d4e96c\.jsonl$/),
    });
    expect(get("Stop.json")).toMatchObject({
      lastAssistantMessage: "Done: a.txt says hello.",
      stopHookActive: false,
    });
    expect(get("PreCompact-auto.json")).toMatchObject({ trigger: "auto" });
    expect(get("SessionEnd-other.json")).toMatchObject({ reason: "other" });
  });

  it("apply_patch (seen with the real CLI: tool_input.command is the patch) is an edit of the patched files", () => {
    const patch =
      "*** Begin Patch\n*** Update File: b.txt\n@@\n-one\n+two\n*** Add File: c.txt\n+new\n*** End Patch";
    const base = JSON.parse(raw("PostToolUse-Bash.json"));
    const r = parseHookInput(
      "PostToolUse",
      JSON.stringify({
        ...base,
        tool_name: "apply_patch",
        tool_input: { command: patch },
        tool_response: "Exit code: 0\nWall time: 0 seconds\nOutput:\nSuccess.\n",
      }),
    );
    if (!r.ok || r.event.type !== "toolAfter") throw new Error("not parsed");
    expect(r.event.tool).toMatchObject({ kind: "edit", paths: ["b.txt", "c.txt"], written: ["two", "new"] });
    expect(r.event.success).toBe(true);
    const failed = parseHookInput(
      "PostToolUse",
      JSON.stringify({
        ...base,
        tool_name: "apply_patch",
        tool_input: { command: patch },
        tool_response: "Exit code: 1\nOutput:\nbad\n",
      }),
    );
    expect(failed.ok && failed.event.type === "toolAfter" && failed.event.success).toBe(false);
  });
});

describe("parseHook: strictness", () => {
  const base = () => JSON.parse(raw("UserPromptSubmit.json")) as Record<string, unknown>;
  const reject = (ev: string, input: unknown, code: string) => {
    const r = parseHookInput(ev, typeof input === "string" ? input : JSON.stringify(input));
    expect(r).toMatchObject({ ok: false, code });
    if (!r.ok) expect(r.reason).toMatch(/^expected .+; received .+/s);
  };
  it("rejects bad input with a clear reason", () => {
    reject("Nope", base(), "UNKNOWN_EVENT");
    reject("UserPromptSubmit", "", "EMPTY");
    reject("UserPromptSubmit", "not json", "NOT_JSON");
    reject("UserPromptSubmit", "[1]", "NOT_OBJECT");
    reject("UserPromptSubmit", { ...base(), session_id: undefined }, "MISSING_FIELD");
    reject("UserPromptSubmit", { ...base(), session_id: "../etc" }, "UNSAFE_ID");
    reject("UserPromptSubmit", { ...base(), cwd: undefined }, "MISSING_FIELD");
    reject("UserPromptSubmit", { ...base(), cwd: "" }, "BAD_FIELD");
    reject("UserPromptSubmit", { ...base(), prompt: undefined }, "MISSING_FIELD");
    reject("UserPromptSubmit", { ...base(), prompt: 3 }, "BAD_FIELD");
    reject("UserPromptSubmit", { ...base(), model: {} }, "BAD_FIELD");
    reject("Stop", { ...base(), stop_hook_active: "yes" }, "BAD_FIELD");
    reject("PreToolUse", { ...base(), tool_name: "" }, "BAD_FIELD");
    reject("SubagentStart", { ...base(), agent_id: "a/b" }, "UNSAFE_ID");
    reject(
      "UserPromptSubmit",
      `{"session_id":"${SID}","cwd":"/p","prompt":"${"x".repeat(MAX_HOOK_INPUT_BYTES)}"}`,
      "TOO_LARGE",
    );
  });
  it("names no field values in reasons", () => {
    const r = parseHookInput(
      "UserPromptSubmit",
      JSON.stringify({ ...base(), prompt: 42, cwd: "/secret-sk-live-1234" }),
    );
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.reason).not.toMatch(/secret|sk-live|42/);
  });
  it("tolerates a BOM, trailing garbage, null transcript_path and a mismatched hook_event_name (noted)", () => {
    const r = parseHookInput(
      "UserPromptSubmit",
      `\uFEFF${JSON.stringify({ ...base(), transcript_path: null, hook_event_name: "Stop" })}\u0000\u0000junk`,
    );
    if (!r.ok) throw new Error(r.reason);
    expect(r.event.transcriptPath).toBeUndefined();
    expect(r.notes.join("|")).toMatch(/BOM.*characters after.*hook_event_name/);
  });
  it("replaces lone surrogates", () => {
    const r = parseHookInput("UserPromptSubmit", JSON.stringify(base()).replace("Show", "\\ud800Show"));
    expect(r.ok && r.event.type === "prompt" && r.event.prompt.startsWith("\uFFFDShow")).toBe(true);
  });
});

describe("parseHook: robustness (properties)", () => {
  it("never throws on arbitrary text", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...HOOK_EVENTS, "PostCompact", ""),
        fc.string({ unit: "binary", maxLength: 300 }),
        (ev, s) => {
          const r = parseHookInput(ev, s);
          expect(typeof r.ok).toBe("boolean");
        },
      ),
      { numRuns: 300 },
    );
  });
  it("never throws on fixture-shaped objects with arbitrary field values; accepted ones keep sessionId and cwd", () => {
    const value = fc.oneof(
      fc.string(),
      fc.integer(),
      fc.boolean(),
      fc.constant(null),
      fc.object({ maxDepth: 2 }),
      fc.array(fc.string()),
    );
    fc.assert(
      fc.property(
        fc.constantFrom(...FIXTURES),
        fc.dictionary(
          fc.constantFrom(
            "session_id",
            "cwd",
            "prompt",
            "tool_name",
            "tool_input",
            "tool_response",
            "transcript_path",
            "agent_id",
            "stop_hook_active",
            "source",
            "__proto__",
          ),
          value,
        ),
        (f, patch) => {
          const obj = { ...JSON.parse(raw(f)), ...patch };
          const r = parseHookInput(eventOf(f), JSON.stringify(obj));
          if (r.ok) {
            expect(r.event.sessionId).toBe(obj.session_id);
            expect(r.event.cwd).toBe(obj.cwd);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe("formatHook / checkHookOutput", () => {
  it("prints context only where Codex reads it, never top-level additionalContext", () => {
    expect(formatHookOutput("SessionStart", { context: "x" })).toBe(
      '{"hookSpecificOutput":{"hookEventName":"SessionStart","additionalContext":"x"}}\n',
    );
    for (const ev of ["Stop", "SubagentStop", "PreCompact", "SessionEnd", "PostCompact"])
      expect(formatHookOutput(ev, { context: "x" })).toBe("");
    expect(formatHookOutput("SessionStart", { context: "  " })).toBe("");
    expect(formatHookOutput("SessionStart", undefined)).toBe("");
    expect(formatHookOutput("UserPromptSubmit", { context: "a\uD800" })).toContain("a\uFFFD");
  });
  it("flags what Codex 0.171.0 rejects", () => {
    const hso = (ev: string) =>
      JSON.stringify({ hookSpecificOutput: { hookEventName: ev, additionalContext: "x" } });
    expect(checkHookOutput("Stop", hso("Stop"))).toMatch(/no key hookSpecificOutput/);
    expect(checkHookOutput("SessionStart", '{"additionalContext":"x"}')).toMatch(/no key additionalContext/);
    expect(checkHookOutput("PreToolUse", hso("SessionStart"))).toMatch(/hookEventName/);
    expect(checkHookOutput("PreToolUse", '{"suppressOutput":true}')).toMatch(/suppressOutput/);
    expect(checkHookOutput("PreToolUse", '{"continue":false}')).toMatch(/continue/);
    expect(checkHookOutput("Stop", '{"decision":"approve"}')).toMatch(/block/);
    expect(checkHookOutput("SessionStart", '{"a":1}{"b":2}')).toMatch(/one JSON/);
    expect(checkHookOutput("Stop", '{"decision":"block","reason":"go on"}')).toBeUndefined();
    expect(checkHookOutput("PreCompact", '{"systemMessage":"hi"}')).toBeUndefined();
    expect(checkHookOutput("SessionStart", "")).toBeUndefined();
  });
});

describe("salvageHook", () => {
  it("reads the cwd and the prompt of an oversized input", () => {
    const big = JSON.stringify({
      ...JSON.parse(raw("UserPromptSubmit.json")),
      prompt: `<remember>keep</remember>${"y".repeat(MAX_HOOK_INPUT_BYTES)}`,
    });
    const s = salvageHookInput("UserPromptSubmit", big);
    expect(s?.cwd).toBe("/home/user/project");
    expect(s?.text.startsWith("<remember>keep</remember>")).toBe(true);
    expect(salvageHookInput("Stop", big)).toBeUndefined();
  });
});
