import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { geminiAdapter } from "../../../src/adapters/gemini/adapter.js";
import {
  HOOK_EVENTS,
  type HookEvent,
  parseHook,
  parseHookInput,
} from "../../../src/adapters/gemini/hook-input.js";
import { checkHookOutput, formatHook } from "../../../src/adapters/gemini/hook-output.js";
import { salvageHook } from "../../../src/adapters/gemini/hook-salvage.js";
import { MAX_HOOK_INPUT_BYTES } from "../../../src/harness/index.js";

const FIXTURES = join(__dirname, "../../fixtures/hooks/gemini");
const fixture = (name: string): Record<string, unknown> =>
  JSON.parse(readFileSync(join(FIXTURES, name), "utf8")) as Record<string, unknown>;

/** Native event → the neutral event type it parses to; events absent here are not handled. */
const EXPECTED_TYPE: Record<string, string> = {
  SessionStart: "sessionStart",
  BeforeAgent: "prompt",
  BeforeTool: "toolBefore",
  AfterTool: "toolAfter",
  AfterAgent: "turnEnd",
  SessionEnd: "sessionEnd",
};

describe("Gemini hook fixtures (real 0.61.0 stdin): conformance", () => {
  const files = readdirSync(FIXTURES).filter((f) => f.endsWith(".json"));
  it("covers every handled event", () => {
    const events = new Set(files.map((f) => f.split(/[-.]/)[0]));
    for (const e of HOOK_EVENTS) expect(events.has(e), e).toBe(true);
    expect(geminiAdapter.hookEvents).toEqual(HOOK_EVENTS);
  });

  it.each(files)("%s", (file) => {
    const event = file.split(/[-.]/)[0]!;
    const raw = readFileSync(join(FIXTURES, file), "utf8");
    const r = geminiAdapter.parseHook(event, raw);
    if (!(event in EXPECTED_TYPE)) {
      expect(r).toMatchObject({ ok: false, code: "UNKNOWN_EVENT" });
      expect(formatHook(event, { context: "x" })).toBe("");
      return;
    }
    expect(r.ok, r.ok ? "" : r.reason).toBe(true);
    if (!r.ok) return;
    expect(r.notes).toEqual([]);
    expect(r.event.type).toBe(EXPECTED_TYPE[event]);
    expect(r.event.harness).toBe("gemini");
    expect(r.event.sessionId).toBe("42db398d-dff2-45c3-8f1e-2c853a1b39e6");
    expect(r.event.cwd).toBe("/home/user/project");
    expect(r.event.transcriptPath).toMatch(/\/chats\/session-.*\.jsonl$/);
    for (const ctx of [undefined, {}, { context: "" }, { context: "  " }, { context: "recall: a.txt" }]) {
      const out = geminiAdapter.formatHook(event, ctx);
      expect(checkHookOutput(event as HookEvent, out)).toBeUndefined();
    }
  });

  it("maps the fields of each event", () => {
    const ev = (name: string) => {
      const r = parseHook(name.split(/[-.]/)[0]!, JSON.stringify(fixture(name)));
      if (!r.ok) throw new Error(r.reason);
      return r.event;
    };
    expect(ev("SessionStart-startup.json")).toMatchObject({ type: "sessionStart", source: "startup" });
    expect(ev("SessionStart-resume.json")).toMatchObject({ type: "sessionStart", source: "resume" });
    expect(ev("BeforeAgent.json")).toMatchObject({ type: "prompt", prompt: "Show a.txt" });
    expect(ev("BeforeTool-run_shell_command.json")).toMatchObject({
      type: "toolBefore",
      tool: { name: "run_shell_command", kind: "shell", command: "cat a.txt", paths: [] },
    });
    expect(ev("AfterTool-run_shell_command.json")).toMatchObject({
      type: "toolAfter",
      success: true,
      interrupted: false,
      tool: { kind: "shell", command: "cat a.txt" },
      responseText: ["<untrusted_context>\nOutput: hello\nProcess Group PGID: 18729\n</untrusted_context>"],
    });
    expect(ev("AfterAgent.json")).toMatchObject({
      type: "turnEnd",
      lastAssistantMessage: "Done: a.txt says hello.",
      stopHookActive: false,
    });
    expect(ev("SessionEnd-exit.json")).toMatchObject({ type: "sessionEnd", reason: "exit" });
  });
});

describe("parseHook: Gemini specifics", () => {
  const base = fixture("BeforeAgent.json");
  it("strips the SessionStart <hook_context> Gemini prepends to the -p prompt, and notes it", () => {
    const prompt = "<hook_context>memdir: remember X &lt;b&gt;</hook_context>\n\nShow a.txt";
    const r = parseHook("BeforeAgent", JSON.stringify({ ...base, prompt }));
    expect(r).toMatchObject({ ok: true, event: { type: "prompt", prompt: "Show a.txt" } });
    if (r.ok) expect(r.notes).toEqual(["leading <hook_context> removed from the prompt"]);
  });

  it("reads a failed tool from tool_response.error and Part-list llmContent", () => {
    const after = fixture("AfterTool-run_shell_command.json");
    const failed = {
      llmContent: [{ text: "boom" }, { inlineData: {} }],
      returnDisplay: "x",
      error: { message: "exit 1", type: "execution_failed" },
    };
    const r = parseHook(
      "AfterTool",
      JSON.stringify({
        ...after,
        tool_name: "read_file",
        tool_input: { file_path: "/p/a.ts" },
        tool_response: failed,
      }),
    );
    expect(r).toMatchObject({
      ok: true,
      event: {
        success: false,
        error: "exit 1",
        responseText: ["boom"],
        tool: { kind: "read", paths: ["/p/a.ts"] },
      },
    });
  });

  it("treats an unknown SessionStart source as startup, noted", () => {
    const r = parseHook(
      "SessionStart",
      JSON.stringify({ ...fixture("SessionStart-startup.json"), source: "weird" }),
    );
    expect(r).toMatchObject({
      ok: true,
      event: { source: "startup" },
      notes: ["unknown SessionStart source; using startup"],
    });
  });

  it.each([
    ["BeforeAgent", { prompt: undefined }, "MISSING_FIELD"],
    ["BeforeAgent", { prompt: 3 }, "BAD_FIELD"],
    ["BeforeTool", { tool_name: "" }, "BAD_FIELD"],
    ["BeforeTool", { tool_input: "cat" }, "BAD_FIELD"],
    ["AfterTool", { tool_response: "hello" }, "BAD_FIELD"],
    ["AfterAgent", { stop_hook_active: "no" }, "BAD_FIELD"],
    ["SessionEnd", { reason: 1 }, "BAD_FIELD"],
    ["SessionStart", { cwd: "" }, "BAD_FIELD"],
    ["SessionStart", { cwd: undefined }, "MISSING_FIELD"],
    ["SessionStart", { session_id: "../x" }, "UNSAFE_ID"],
    ["SessionStart", { session_id: 5 }, "MISSING_FIELD"],
    ["SessionStart", { timestamp: 5 }, "BAD_FIELD"],
  ] as const)("%s with %j → %s", (event, patch, code) => {
    const raw = JSON.stringify({
      ...fixture(
        event === "SessionStart"
          ? "SessionStart-startup.json"
          : readdirSync(FIXTURES).find((f) => f.startsWith(event))!,
      ),
      ...patch,
    });
    const r = parseHookInput(event, raw);
    expect(r).toMatchObject({ ok: false, code });
    if (!r.ok) expect(r.reason).toMatch(/^expected .+; received .+/s);
  });

  it("rejects PreCompress and the model events (not handled), empty, non-JSON, arrays, oversized", () => {
    for (const e of [
      "PreCompress",
      "BeforeModel",
      "AfterModel",
      "BeforeToolSelection",
      "Notification",
      "PreToolUse",
    ])
      expect(parseHook(e, JSON.stringify(fixture("PreCompress-auto.json")))).toMatchObject({
        ok: false,
        code: "UNKNOWN_EVENT",
      });
    expect(parseHook("SessionEnd", "  \n")).toMatchObject({ ok: false, code: "EMPTY" });
    expect(parseHook("SessionEnd", "{nope")).toMatchObject({ ok: false, code: "NOT_JSON" });
    expect(parseHook("SessionEnd", "[1]")).toMatchObject({ ok: false, code: "NOT_OBJECT" });
    const big = JSON.stringify({ ...base, prompt: "p".repeat(MAX_HOOK_INPUT_BYTES) });
    const r = parseHook("BeforeAgent", big);
    expect(r).toMatchObject({ ok: false, code: "TOO_LARGE" });
    if (!r.ok) expect(r.reason).not.toContain("ppp");
  });

  it("tolerates a BOM, CRLF and trailing garbage (noted)", () => {
    const raw = `\uFEFF${JSON.stringify(base, null, 2).replace(/\n/g, "\r\n")}\r\n\u0000\u0000junk`;
    const r = parseHook("BeforeAgent", raw);
    expect(r.ok).toBe(true);
    if (r.ok) expect(r.notes).toEqual(["leading BOM removed", "8 characters after the JSON object ignored"]);
  });

  it("salvages the <remember> text of an oversized prompt or tool output", () => {
    const note = "<remember>use pnpm</remember>";
    const big = JSON.stringify({ ...base, prompt: `${note}${"p".repeat(MAX_HOOK_INPUT_BYTES)}` });
    expect(salvageHook("BeforeAgent", big)).toMatchObject({ cwd: "/home/user/project" });
    expect(salvageHook("BeforeAgent", big)?.text.startsWith(note)).toBe(true);
    expect(salvageHook("AfterAgent", big)).toBeUndefined();
    expect(salvageHook("BeforeAgent", JSON.stringify({ ...base, session_id: "../x" }))).toBeUndefined();
  });
});

describe("parseHook: properties", () => {
  it("never throws, on any string or bytes, for any event", () => {
    fc.assert(
      fc.property(
        fc.constantFrom(...HOOK_EVENTS, "PreCompress", ""),
        fc.oneof(
          fc.string(),
          fc.uint8Array().map((b) => Buffer.from(b)),
        ),
        (event, raw) => {
          const r = parseHook(event, raw);
          expect(typeof r.ok).toBe("boolean");
        },
      ),
      { numRuns: 400 },
    );
  });

  it("any JSON value: ok only with a safe session_id and a cwd, never quoting a value", () => {
    const secret = "SECRETVALUE9";
    fc.assert(
      fc.property(
        fc.constantFrom(...HOOK_EVENTS),
        fc.jsonValue(),
        fc.dictionary(fc.string(), fc.jsonValue()),
        (event, v, extra) => {
          const obj =
            typeof v === "object" && v !== null && !Array.isArray(v) ? { ...v, ...extra, secret } : v;
          const r = parseHook(event, JSON.stringify(obj));
          if (r.ok) {
            expect(r.event.cwd.length).toBeGreaterThan(0);
            expect(r.event.sessionId).not.toMatch(/[/\\]|\.\./);
          } else expect(r.reason).not.toContain(secret);
        },
      ),
      { numRuns: 400 },
    );
  });

  it("a real payload with unknown extra fields and a wrong-typed known field", () => {
    fc.assert(
      fc.property(
        fc.dictionary(
          fc.string().filter((k) => !(k in fixture("AfterTool-run_shell_command.json")) && k !== "__proto__"),
          fc.jsonValue(),
        ),
        (extra) => {
          const p = { ...fixture("AfterTool-run_shell_command.json"), ...extra };
          expect(parseHook("AfterTool", JSON.stringify(p))).toMatchObject({
            ok: true,
            event: { type: "toolAfter" },
          });
          expect(parseHook("AfterTool", JSON.stringify({ ...p, tool_input: [extra] }))).toMatchObject({
            ok: false,
            code: "BAD_FIELD",
          });
        },
      ),
      { numRuns: 200 },
    );
  });
});

describe("hot path", () => {
  it("hook-input, hook-output and hook-salvage load only core/text, core/json-prefix and harness/", () => {
    const srcDir = join(import.meta.dirname, "..", "..", "..", "src", "adapters", "gemini");
    const seen = new Set<string>();
    const bare: string[] = [];
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, "utf8");
      for (const m of text.matchAll(/(?:from|import)\s*\(?\s*"([^"]+)"/g)) {
        const spec = m[1]!;
        if (spec.startsWith(".")) visit(join(file, "..", spec.replace(/\.js$/, ".ts")));
        else bare.push(spec);
      }
    };
    for (const f of ["hook-input.ts", "hook-output.ts", "hook-salvage.ts"]) visit(join(srcDir, f));
    expect(bare.filter((s) => !s.startsWith("node:"))).toEqual([]);
    expect([...seen].map((f) => f.split("/src/")[1]).sort()).toEqual([
      "adapters/contract.ts",
      "adapters/gemini/context-text.ts",
      "adapters/gemini/hook-input.ts",
      "adapters/gemini/hook-output.ts",
      "adapters/gemini/hook-salvage.ts",
      "adapters/gemini/hook-types.ts",
      "adapters/gemini/tools.ts",
      "adapters/shared/hook-json.ts",
      "adapters/shared/output-check.ts",
      "adapters/shared/salvage.ts",
      "core/json-prefix.ts",
      "core/text.ts",
      "harness/events.ts",
      "harness/index.ts",
      "harness/names.ts",
      "harness/tool-kinds.ts",
      "transcripts/types.ts",
    ]);
  });
});
