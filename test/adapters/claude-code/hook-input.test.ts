import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  HOOK_EVENTS,
  type HookEvent,
  isSafeId,
  parseHookInput,
} from "../../../src/adapters/claude-code/hook-input.js";
import { toWellFormed } from "../../../src/core/text.js";
import { MAX_HOOK_INPUT_BYTES } from "../../../src/harness/index.js";
import { TRANSCRIPTS_DIR } from "../../helpers/tmp.js";

const SID = "3f0c2a7e-5b1d-4c8e-9a21-6d7e8f901234";
const BASE = {
  session_id: SID,
  transcript_path: `/home/dev/.claude/projects/x/${SID}.jsonl`,
  cwd: "/home/dev/shop-api",
};

/** A minimal valid stdin object per event (fields from reference/claude-code.md §1.2). */
function valid(event: HookEvent): Record<string, unknown> {
  const extra: Record<HookEvent, Record<string, unknown>> = {
    SessionStart: { source: "startup", model: "claude-sonnet-5" },
    UserPromptSubmit: { prompt: "add rate limiting to /orders", permission_mode: "default" },
    PreToolUse: { tool_name: "Bash", tool_input: { command: "npm test" }, tool_use_id: "toolu_01" },
    PostToolUse: {
      tool_name: "Bash",
      tool_input: { command: "npm test" },
      tool_response: { stdout: "42 passing", stderr: "", interrupted: false },
      tool_use_id: "toolu_01",
      duration_ms: 5120,
    },
    PostToolUseFailure: {
      tool_name: "Bash",
      tool_input: { command: "false" },
      error: "exit 1",
      is_interrupt: false,
    },
    SubagentStart: { agent_id: "a1", agent_type: "Explore" },
    SubagentStop: {
      agent_id: "a1",
      agent_type: "Explore",
      stop_hook_active: false,
      agent_transcript_path: "/t/a.jsonl",
    },
    Stop: { stop_hook_active: false, last_assistant_message: "Rate limiting added; tests pass." },
    PreCompact: { trigger: "auto", custom_instructions: null },
    SessionEnd: { reason: "prompt_input_exit" },
  };
  return { ...BASE, hook_event_name: event, ...extra[event] };
}

function expectRejected(event: HookEvent, raw: string | Buffer, code: string): string {
  const r = parseHookInput(event, raw);
  expect(r.ok, `${event} should reject (${code})`).toBe(false);
  if (r.ok) return "";
  expect(r.code).toBe(code);
  expect(r.reason).toMatch(/^expected .+; received .+/s);
  return r.reason;
}

describe("parseHookInput: valid input", () => {
  it.each(HOOK_EVENTS)("%s: accepts the documented fields and keeps unknown ones", (event) => {
    const r = parseHookInput(
      event,
      JSON.stringify({ ...valid(event), effort: { level: "high" }, future_field: [1] }),
    );
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.input.hook_event_name).toBe(event);
    expect(r.input.session_id).toBe(SID);
    expect(r.input.cwd).toBe("/home/dev/shop-api");
    expect(r.input.effort).toEqual({ level: "high" });
    expect(r.input.future_field).toEqual([1]);
    expect(r.notes).toEqual([]);
  });

  it("narrows the input type by event", () => {
    const r = parseHookInput("PostToolUse", JSON.stringify(valid("PostToolUse")));
    if (!r.ok) throw new Error(r.reason);
    const toolName: string = r.input.tool_name; // typed field, not unknown
    expect(toolName).toBe("Bash");
    expect(r.input.tool_response).toEqual({ stdout: "42 passing", stderr: "", interrupted: false });
  });

  it("tolerates a BOM, CRLF, pretty printing and trailing whitespace (string and Buffer)", () => {
    const pretty = JSON.stringify(valid("Stop"), null, 2).replace(/\n/g, "\r\n");
    for (const raw of [`\uFEFF${pretty}\r\n \t\r\n`, Buffer.from(`\uFEFF${pretty}\r\n`, "utf8")]) {
      const r = parseHookInput("Stop", raw);
      expect(r.ok).toBe(true);
      if (r.ok) expect(r.input.last_assistant_message).toBe("Rate limiting added; tests pass.");
    }
  });

  it("makes lone surrogates well-formed, escaped or literal, in values and keys, and notes it", () => {
    const escaped = JSON.stringify({ ...valid("UserPromptSubmit") }).replace(
      '"add rate',
      '"\\ud83d cut emoji \\udc00 add rate',
    );
    const r1 = parseHookInput("UserPromptSubmit", escaped);
    expect(r1.ok).toBe(true);
    if (!r1.ok) return;
    expect(r1.input.prompt).toBe("\uFFFD cut emoji \uFFFD add rate limiting to /orders");
    expect(r1.notes.join()).toMatch(/surrogate/);
    const literal = `{"session_id":"${SID}","cwd":"/x","prompt":"a\uD800b","k\uDFFF":["\uD83D\uDE00 ok","\uDBFF"]}`;
    const r2 = parseHookInput("UserPromptSubmit", literal);
    expect(r2.ok).toBe(true);
    if (!r2.ok) return;
    expect(r2.input.prompt).toBe("a\uFFFDb");
    expect(r2.input["k\uFFFD"]).toEqual(["\uD83D\uDE00 ok", "\uFFFD"]);
    const text = JSON.stringify(r2.input);
    expect(toWellFormed(text)).toBe(text);
  });

  it("keeps a paired emoji untouched and adds no note", () => {
    const r = parseHookInput(
      "UserPromptSubmit",
      JSON.stringify({ ...valid("UserPromptSubmit"), prompt: "\\ud83d 🔥" }),
    );
    expect(r.ok && r.input.prompt === "\\ud83d 🔥" && r.notes.length === 0).toBe(true);
  });

  it("decodes invalid UTF-8 bytes in a Buffer as U+FFFD instead of failing", () => {
    const json = Buffer.from(JSON.stringify(valid("UserPromptSubmit")), "utf8");
    const at = json.indexOf("rate");
    const raw = Buffer.concat([json.subarray(0, at), Buffer.from([0xff, 0xc3]), json.subarray(at)]);
    const r = parseHookInput("UserPromptSubmit", raw);
    expect(r.ok && r.input.prompt.includes("\uFFFD")).toBe(true);
  });

  it("uses the argv event when hook_event_name disagrees, and notes it", () => {
    const r = parseHookInput("Stop", JSON.stringify({ ...valid("Stop"), hook_event_name: "SubagentStop" }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.input.hook_event_name).toBe("Stop");
    expect(r.notes).toEqual(['hook_event_name "SubagentStop" != argv Stop; using Stop']);
  });

  it("treats null as absent for optional fields, but keeps custom_instructions: null", () => {
    const r = parseHookInput("PreCompact", JSON.stringify({ ...valid("PreCompact"), transcript_path: null }));
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect("transcript_path" in r.input).toBe(false);
    expect(r.input.custom_instructions).toBeNull();
  });

  it("keeps a __proto__ key as data and never changes the prototype", () => {
    const raw = `{"session_id":"${SID}","cwd":"/x","tool_name":"Bash","tool_input":{"__proto__":{"polluted":"\\ud800"}}}`;
    const r = parseHookInput("PreToolUse", raw);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const ti = r.input.tool_input as Record<string, unknown>;
    expect(Object.getPrototypeOf(ti)).toBe(Object.prototype);
    expect(Object.getOwnPropertyDescriptor(ti, "__proto__")?.value).toEqual({ polluted: "\uFFFD" });
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
  });

  it("handles 100,000 levels of nesting with surrogates without overflowing the stack", () => {
    const deep = `${"[".repeat(100_000)}"\\udc00"${"]".repeat(100_000)}`;
    const raw = `{"session_id":"${SID}","cwd":"/x","tool_name":"Read","tool_response":${deep}}`;
    let cur: unknown;
    const r = parseHookInput("PostToolUse", raw);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    cur = r.input.tool_response;
    for (let i = 0; i < 100_000; i++) cur = (cur as unknown[])[0];
    expect(cur).toBe("\uFFFD");
  });

  it("parses input just under the cap (3.9 MiB of tool output)", () => {
    const big = "x".repeat(MAX_HOOK_INPUT_BYTES - 1000);
    const r = parseHookInput(
      "PostToolUse",
      JSON.stringify({ ...valid("PostToolUse"), tool_response: { stdout: big } }),
    );
    expect(r.ok).toBe(true);
  });
});

describe("parseHookInput: the fault matrix, for every event", () => {
  const fiveMb = JSON.stringify({ ...BASE, prompt: "p".repeat(5 * 1024 * 1024) });
  it.each(HOOK_EVENTS)("%s: never throws and explains every rejection", (event) => {
    expectRejected(event, "", "EMPTY");
    expectRejected(event, "  \r\n\t", "EMPTY");
    expectRejected(event, Buffer.alloc(0), "EMPTY");
    expectRejected(event, "\uFEFF", "EMPTY");
    expectRejected(event, "not json at all", "NOT_JSON");
    expectRejected(event, '{"session_id":', "NOT_JSON");
    // One object followed by NUL bytes, garbage or a second object: the first object, noted.
    for (const tail of ["\0\0\0\0", "\ngarbage", `\n${JSON.stringify(valid(event))}`]) {
      const r = parseHookInput(event, JSON.stringify(valid(event)) + tail);
      expect(r.ok).toBe(true);
      if (r.ok) {
        expect(r.input.session_id).toBe(valid(event).session_id);
        expect(r.notes.join()).toMatch(/characters after the JSON object ignored/);
      }
    }
    expect(expectRejected(event, JSON.stringify([valid(event)]), "NOT_OBJECT")).toMatch(/an array$/);
    for (const prim of ["42", '"str"', "true", "null"]) expectRejected(event, prim, "NOT_OBJECT");
    expectRejected(event, JSON.stringify({ ...valid(event), session_id: undefined }), "MISSING_FIELD");
    expectRejected(event, JSON.stringify({ ...valid(event), session_id: "" }), "MISSING_FIELD");
    expectRejected(event, JSON.stringify({ ...valid(event), session_id: 7 }), "MISSING_FIELD");
    expectRejected(event, JSON.stringify({ ...valid(event), cwd: undefined }), "MISSING_FIELD");
    expectRejected(event, JSON.stringify({ ...valid(event), cwd: 3 }), "BAD_FIELD");
    expectRejected(event, JSON.stringify({ ...valid(event), transcript_path: ["x"] }), "BAD_FIELD");
    for (const bad of ["../../etc", "a/b", "a\\b", "a\u0000b", "..", "x".repeat(300), "line\nbreak"]) {
      expectRejected(event, JSON.stringify({ ...valid(event), session_id: bad }), "UNSAFE_ID");
    }
    const started = performance.now();
    const reason = expectRejected(event, fiveMb, "TOO_LARGE");
    expectRejected(event, Buffer.from(fiveMb), "TOO_LARGE");
    expect(performance.now() - started).toBeLessThan(200);
    expect(reason).not.toContain("ppp");
  });

  it("rejects an event memdir does not handle", () => {
    const r = parseHookInput("Notification", JSON.stringify(BASE));
    expect(r).toMatchObject({ ok: false, code: "UNKNOWN_EVENT" });
  });

  it.each([
    ["UserPromptSubmit", { prompt: undefined }, "MISSING_FIELD"],
    ["UserPromptSubmit", { prompt: 5 }, "BAD_FIELD"],
    ["PreToolUse", { tool_name: undefined }, "MISSING_FIELD"],
    ["PostToolUse", { tool_name: "" }, "BAD_FIELD"],
    ["PostToolUse", { tool_input: "npm test" }, "BAD_FIELD"],
    ["PostToolUse", { tool_input: [] }, "BAD_FIELD"],
    ["PostToolUseFailure", { is_interrupt: "yes" }, "BAD_FIELD"],
    ["PostToolUseFailure", { error: { message: "x" } }, "BAD_FIELD"],
    ["Stop", { stop_hook_active: "false" }, "BAD_FIELD"],
    ["SubagentStop", { agent_transcript_path: 1 }, "BAD_FIELD"],
    ["PreCompact", { custom_instructions: 1 }, "BAD_FIELD"],
    ["SessionEnd", { reason: false }, "BAD_FIELD"],
    ["PostToolUse", { duration_ms: "5s" }, "BAD_FIELD"],
  ] as const)("%s with %j is rejected as %s and names the field", (event, patch, code) => {
    const reason = expectRejected(event, JSON.stringify({ ...valid(event), ...patch }), code);
    expect(reason).toContain(Object.keys(patch)[0]);
  });

  it("never puts field values into a reason (stdin may hold secrets)", () => {
    const secret = "AKIAIOSFODNN7EXAMPLE";
    const cases: Array<[HookEvent, string]> = [
      ["UserPromptSubmit", JSON.stringify({ ...BASE, prompt: 1, secret })],
      ["UserPromptSubmit", `{"prompt":"${secret}"`],
      ["Stop", JSON.stringify({ ...BASE, session_id: `../${secret}` })],
      ["Stop", JSON.stringify([secret])],
    ];
    for (const [event, raw] of cases) {
      const r = parseHookInput(event, raw);
      expect(r.ok).toBe(false);
      if (!r.ok) expect(r.reason).not.toContain(secret);
    }
  });
});

describe("isSafeId", () => {
  it("accepts UUIDs and agent ids, rejects path tricks", () => {
    expect(isSafeId(SID)).toBe(true);
    expect(isSafeId("agent-a1b2c3.d4")).toBe(true);
    for (const bad of ["", ".", "..", "a/..", "a/b", "C:\\x", "a\u0000", "a\u007f", "x".repeat(257)]) {
      expect(isSafeId(bad), JSON.stringify(bad)).toBe(false);
    }
  });
});

/** PostToolUse payloads rebuilt from real transcripts: tool_use blocks + the matching toolUseResult. */
function realToolCalls(file: string): Array<Record<string, unknown>> {
  const uses = new Map<string, { name: string; input: unknown }>();
  const out: Array<Record<string, unknown>> = [];
  for (const line of readFileSync(join(TRANSCRIPTS_DIR, file), "utf8").split("\n")) {
    if (line.trim() === "") continue;
    // biome-ignore lint/suspicious/noExplicitAny: walking third-party transcript JSON
    const d = JSON.parse(line) as Record<string, any>;
    const content = d.message?.content;
    if (!Array.isArray(content)) continue;
    for (const b of content) {
      if (b?.type === "tool_use") uses.set(b.id, { name: b.name, input: b.input });
      if (b?.type === "tool_result" && d.toolUseResult !== undefined && uses.has(b.tool_use_id)) {
        const u = uses.get(b.tool_use_id)!;
        out.push({
          session_id: d.sessionId,
          transcript_path: join(TRANSCRIPTS_DIR, file),
          cwd: d.cwd,
          hook_event_name: "PostToolUse",
          tool_name: u.name,
          tool_input: u.input,
          tool_response: d.toolUseResult,
          tool_use_id: b.tool_use_id,
        });
      }
    }
  }
  return out;
}

describe("parseHookInput on real tool calls", () => {
  it("accepts every PostToolUse payload rebuilt from the real transcripts, unchanged", () => {
    const files = ["tool_heavy.jsonl", "subagent.jsonl", "258c7280-ae70-4798-800f-63464d01a85d.jsonl"];
    let n = 0;
    for (const f of files) {
      for (const payload of realToolCalls(f)) {
        const raw = Buffer.from(JSON.stringify(payload));
        if (raw.length > MAX_HOOK_INPUT_BYTES) continue;
        const r = parseHookInput("PostToolUse", raw);
        if (!r.ok) throw new Error(`${f} ${String(payload.tool_name)}: ${r.reason}`);
        expect(r.input.tool_name).toBe(payload.tool_name);
        expect(r.input.tool_response).toEqual(payload.tool_response);
        n++;
      }
    }
    expect(n).toBeGreaterThan(100);
  });
});

describe("hot path", () => {
  it("hook-input and hook-output load no yaml/zod/commander/@secretlint, statically or not", () => {
    const srcDir = join(import.meta.dirname, "..", "..", "..", "src", "adapters", "claude-code");
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
    visit(join(srcDir, "hook-input.ts"));
    visit(join(srcDir, "hook-output.ts"));
    expect(bare.filter((s) => !s.startsWith("node:"))).toEqual([]);
    expect([...seen].map((f) => f.split("/src/")[1]).sort()).toEqual([
      "adapters/claude-code/hook-input.ts",
      "adapters/claude-code/hook-output.ts",
      "adapters/claude-code/hook-types.ts",
      "adapters/shared/hook-json.ts",
      "adapters/shared/output-check.ts",
      "core/json-prefix.ts",
      "core/text.ts",
      "harness/events.ts",
      "harness/names.ts",
      "harness/tool-kinds.ts",
    ]);
  });
});
