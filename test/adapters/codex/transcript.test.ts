/**
 * The Codex CLI 0.171.0 rollout reader over the captured rollouts (test/fixtures/transcripts/codex): the main
 * thread (run 1, then `exec resume` appended with two auto compactions) and the subagent's.
 */
import {
  appendFileSync,
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { codexAdapter } from "../../../src/adapters/codex/adapter.js";
import { parseHookInput } from "../../../src/adapters/codex/hook-input.js";

const DIR = "test/fixtures/transcripts/codex";
const MAIN = join(DIR, "rollout-2026-12-02T01-08-56-01a2344c-2b4e-7b01-83e4-68441ef63686.jsonl");
const SUB = join(DIR, "rollout-2026-12-02T01-08-59-01a2344c-35be-79f2-8786-2a7790d4e96c.jsonl");
const SID = "01a2344c-2b4e-7b01-83e4-68441ef63686";
const AGENT = "01a2344c-35be-79f2-8786-2a7790d4e96c";
const { read, sniff, find, deriveHooks } = codexAdapter.transcripts;

const tmp: string[] = [];
afterEach(() => {
  for (const d of tmp.splice(0)) rmSync(d, { recursive: true, force: true });
});
const mk = () => {
  const d = mkdtempSync(join(tmpdir(), "memdir-codex-"));
  tmp.push(d);
  return d;
};

describe("read", () => {
  it("reads prompts, assistant text, tool calls with kinds and results, compactions", () => {
    const s = read(MAIN);
    expect(s.sessionId).toBe(SID);
    expect(s.agentId).toBeUndefined();
    expect(s.cwd).toBe("/home/user/project");
    expect(s.endOffset).toBe(readFileSync(MAIN).length);
    expect(s.messages.filter((m) => m.kind === "prompt").map((m) => m.text)).toEqual([
      "Show a.txt, then ask an agent",
      "Anything else?",
    ]);
    expect(s.messages.filter((m) => m.kind === "assistant" && m.text).map((m) => m.text)).toEqual([
      "Done: a.txt says hello.",
      "Resumed.",
    ]);
    const calls = s.messages.flatMap((m) => m.toolCalls);
    expect(calls.map((c) => [c.name, c.kind, c.id])).toEqual([
      ["exec_command", "shell", "call_s1"],
      ["multi_agent_v1.spawn_agent", "agent", "call_s2"],
      ["multi_agent_v1.wait_agent", "other", "call_s4"],
      ["exec_command", "shell", "call_s7"],
    ]);
    expect(calls[0]).toMatchObject({ command: "cat a.txt", result: { text: "hello\n", isError: false } });
    expect(calls[1]?.result?.text).toContain(AGENT);
    expect(calls[3]).toMatchObject({ command: "echo again", result: { text: "again\n" } });
    expect(s.compactions).toHaveLength(2);
    expect(s.compactions.every((c) => c.trigger === "unknown")).toBe(true);
    const summaries = s.messages.filter((m) => m.kind === "compact_summary");
    expect(summaries.map((m) => m.text)).toEqual([
      "Scripted summary of the conversation.",
      "Scripted summary of the conversation.",
    ]);
    // developer messages, environment context and the subagent notification are not prompts
    expect(
      s.messages.some((m) => /environment_context|skills_instructions|subagent_notification/.test(m.text)),
    ).toBe(false);
    expect(s.skipped).toMatchObject({ developer: 1, injected: 2, compaction_output: 2 });
    // offsets grow in order
    const ends = s.messages.map((m) => m.endOffset);
    expect([...ends].sort((a, b) => a - b)).toEqual(ends);
  });

  it("reads a subagent rollout as a sidechain of the parent session", () => {
    const s = read(SUB);
    expect(s).toMatchObject({ sessionId: SID, agentId: AGENT });
    expect(s.messages.map((m) => [m.kind, m.text, m.isSidechain])).toEqual([
      ["prompt", "SUBAGENT_TASK: reply hi", true],
      ["assistant", "hi", true],
    ]);
  });

  it("continues from a cursor, keeps the session id, and reads only complete lines", () => {
    const d = mk();
    const p = join(d, "rollout-x.jsonl");
    const text = readFileSync(MAIN, "utf8");
    const cut = text.indexOf('"Anything else?"');
    const lineStart = text.lastIndexOf("\n", cut) + 1;
    writeFileSync(p, text.slice(0, lineStart + 40)); // a partial line at the end
    const a = read(p);
    expect(a.endOffset).toBe(Buffer.byteLength(text.slice(0, lineStart)));
    expect(a.messages.filter((m) => m.kind === "prompt")).toHaveLength(1);
    writeFileSync(p, text); // the rest arrives (resume appends to the same file)
    const b = read(p, a.endOffset);
    expect(b.sessionId).toBe(SID);
    expect(b.messages.filter((m) => m.kind === "prompt").map((m) => m.text)).toEqual(["Anything else?"]);
    expect(b.endOffset).toBe(Buffer.byteLength(text));
    const all = read(p);
    expect(a.messages.length + b.messages.length).toBe(all.messages.length);
    appendFileSync(p, "not json\n");
    expect(read(p, b.endOffset).skipped).toEqual({ bad_json: 1 });
  });

  it("bounds: maxBytes sets more, a cursor past the end and bad cursors", () => {
    const s = read(MAIN, 0, { maxBytes: 40_000 });
    expect(s.more).toBe(true);
    expect(s.endOffset).toBeLessThanOrEqual(40_000);
    expect(read(MAIN, s.endOffset).messages.length + s.messages.length).toBeGreaterThanOrEqual(
      read(MAIN).messages.length,
    );
    expect(read(MAIN, 10 ** 9).skipped).toEqual({ cursor_past_end: 1 });
    expect(() => read(MAIN, -1)).toThrow(/cursor/);
    expect(() => read(join(DIR, "nope.jsonl"))).toThrow(expect.objectContaining({ code: "NOT_FOUND" }));
    expect(() => read(DIR)).toThrow(expect.objectContaining({ code: "INPUT_REFUSED" }));
    const d = mk();
    writeFileSync(join(d, "big.jsonl"), `${"x".repeat(5000)}\n`);
    expect(read(join(d, "big.jsonl"), 0, { maxLineBytes: 1000 }).skipped).toEqual({ oversized_line: 1 });
  });
});

describe("sniff and find", () => {
  it("recognises a rollout by its first line", () => {
    expect(sniff(readFileSync(MAIN, "utf8").slice(0, 65536))).toBe(true);
    expect(sniff(readFileSync(SUB, "utf8").slice(0, 300))).toBe(true);
    expect(sniff('{"type":"user","message":{}}')).toBe(false);
    expect(sniff('{"sessionId":"x","projectHash":"y"}')).toBe(false);
    expect(sniff("")).toBe(false);
  });

  it("lists rollouts under $CODEX_HOME/sessions newest first, with session id and cwd", () => {
    const home = mk();
    const codex = join(home, "cx");
    const day = join(codex, "sessions", "2026", "12", "02");
    mkdirSync(day, { recursive: true });
    copyFileSync(MAIN, join(day, "rollout-2026-12-02T01-08-56-01a2344c-2b4e-7b01-83e4-68441ef63686.jsonl"));
    copyFileSync(SUB, join(day, "rollout-2026-12-02T01-08-59-01a2344c-35be-79f2-8786-2a7790d4e96c.jsonl"));
    writeFileSync(join(day, "notes.txt"), "x");
    utimesSync(join(day, "rollout-2026-12-02T01-08-56-01a2344c-2b4e-7b01-83e4-68441ef63686.jsonl"), 1, 1);
    const refs = find({ CODEX_HOME: codex }, home);
    expect(refs.map((r) => [r.sessionId, r.cwd])).toEqual([
      [AGENT, "/home/user/project"],
      [SID, "/home/user/project"],
    ]);
    expect(refs[1]?.sizeBytes).toBe(readFileSync(MAIN).length);
    expect(find({}, home)).toEqual([]); // ~/.codex absent
  });
});

describe("deriveHooks", () => {
  it("derives the native payloads of the main rollout", () => {
    const hooks = deriveHooks(MAIN);
    expect(
      hooks.map(
        (h) =>
          h.event +
          (h.payload.source ? `:${h.payload.source}` : h.payload.tool_name ? `:${h.payload.tool_name}` : ""),
      ),
    ).toEqual([
      "SessionStart:startup",
      "UserPromptSubmit",
      "PreToolUse:Bash",
      "PostToolUse:Bash",
      "PreToolUse:spawn_agent",
      "PostToolUse:spawn_agent",
      "SubagentStart",
      "PreToolUse:multi_agent_v1wait_agent",
      "PostToolUse:multi_agent_v1wait_agent",
      "SubagentStop",
      "Stop",
      "SessionEnd",
      "SessionStart:resume",
      "PreCompact",
      "SessionStart:compact",
      "UserPromptSubmit",
      "PreToolUse:Bash",
      "PostToolUse:Bash",
      "PreCompact",
      "SessionStart:compact",
      "Stop",
      "SessionEnd",
    ]);
    const offs = hooks.map((h) => h.offset);
    expect([...offs].sort((a, b) => a - b)).toEqual(offs);
    const by = (e: string) => hooks.find((h) => h.event === e)!.payload;
    expect(by("PostToolUse")).toMatchObject({
      tool_input: { command: "cat a.txt" },
      tool_response: "hello\n",
      tool_use_id: "call_s1",
    });
    expect(by("SubagentStop")).toMatchObject({
      agent_id: AGENT,
      last_assistant_message: "hi",
      agent_transcript_path: expect.stringMatching(/35be-79f2-8786-2a7790d4e96c\.jsonl$/),
    });
    expect(by("Stop")).toMatchObject({
      last_assistant_message: "Done: a.txt says hello.",
      stop_hook_active: false,
    });
    // every payload parses as the Codex hook it imitates (field names exactly as Codex sends them)
    for (const h of hooks) {
      const r = parseHookInput(h.event, JSON.stringify(h.payload));
      if (!r.ok) throw new Error(`${h.event}: ${r.reason}`);
      expect(r.event.sessionId).toBe(SID);
    }
    const fixture = JSON.parse(readFileSync("test/fixtures/hooks/codex/PostToolUse-Bash.json", "utf8"));
    expect(Object.keys(by("PostToolUse")).sort()).toEqual(
      Object.keys(fixture)
        .filter((k) => k !== "permission_mode")
        .sort(),
    );
  });

  it("a subagent rollout replays as SubagentStart … SubagentStop with the parent's session id", () => {
    const hooks = deriveHooks(SUB);
    expect(hooks.map((h) => h.event)).toEqual(["SubagentStart", "UserPromptSubmit", "SubagentStop"]);
    expect(hooks.every((h) => h.payload.session_id === SID && h.payload.agent_id === AGENT)).toBe(true);
  });
});

describe("usage", () => {
  it("each token_count's last call usage lands on the newest assistant message (input without the cached part)", () => {
    const s = read(MAIN);
    const withUsage = s.messages.filter((m) => m.kind === "assistant" && m.usage);
    expect(withUsage.length).toBeGreaterThan(0);
    expect(withUsage[0]?.usage).toEqual({
      inputTokens: 10,
      outputTokens: 5,
      cacheReadTokens: 0,
      cacheCreationTokens: 0,
    });
    const cached = join(mk(), "rollout.jsonl");
    const lines = readFileSync(MAIN, "utf8").replace(
      /"last_token_usage":\{"input_tokens":10,"cached_input_tokens":0/g,
      '"last_token_usage":{"input_tokens":1200,"cached_input_tokens":1000',
    );
    writeFileSync(cached, lines);
    const u = read(cached).messages.find((m) => m.usage)?.usage;
    expect(u).toMatchObject({ inputTokens: 200, cacheReadTokens: 1000 });
  });
});
