import { createHash } from "node:crypto";
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
import { geminiAdapter } from "../../../src/adapters/gemini/adapter.js";
import { readGeminiTranscript } from "../../../src/adapters/gemini/transcript.js";
import type { TranscriptSlice } from "../../../src/transcripts/types.js";

const FIX = join(__dirname, "../../fixtures/transcripts/gemini");
const MAIN = "session-2026-12-02T01-13-42db398d.jsonl";
const STUB = "session-2026-12-02T01-14-42db398d.jsonl";
const SID = "42db398d-dff2-45c3-8f1e-2c853a1b39e6";

const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});
/** A sandbox `~/.gemini/tmp/project/chats` with the project root recorded; returns [home, chats]. */
function sandbox(): { home: string; chats: string; project: string } {
  const home = mkdtempSync(join(tmpdir(), "memdir-gemini-"));
  dirs.push(home);
  const chats = join(home, ".gemini", "tmp", "project", "chats");
  mkdirSync(chats, { recursive: true });
  return { home, chats, project: "/home/user/project" };
}
const header = (over: Record<string, unknown> = {}) => ({
  sessionId: "s-1234567890",
  projectHash: createHash("sha256").update("/home/user/project").digest("hex"),
  startTime: "2026-12-02T00:00:00.000Z",
  lastUpdated: "2026-12-02T00:00:00.000Z",
  kind: "main",
  ...over,
});
const user = (id: string, text: string) => ({ id, timestamp: `t-${id}`, type: "user", content: [{ text }] });
const gem = (id: string, text: string, toolCalls?: unknown[]) => ({
  id,
  timestamp: `t-${id}`,
  type: "gemini",
  content: text,
  ...(toolCalls ? { toolCalls } : {}),
});
const call = (id: string, name: string, args: Record<string, unknown>, output?: string) => ({
  id,
  name,
  args,
  ...(output !== undefined
    ? {
        result: [{ functionResponse: { id, name, response: { output } } }],
        status: "success",
        resultDisplay: output,
      }
    : {}),
});
function write(path: string, lines: unknown[]): void {
  writeFileSync(path, lines.map((l) => `${JSON.stringify(l)}\n`).join(""));
}
const summary = (s: TranscriptSlice) =>
  s.messages.map(
    (m) =>
      `${m.kind}:${m.uuid}:${m.text}${m.toolCalls.map((c) => `[${c.name}${c.result ? `=${c.result.text}` : ""}]`).join("")}`,
  );

describe("Gemini session file: recorded fixtures", () => {
  it("reads prompts, model text and tool calls with results, once each, across the resumed runs", () => {
    const s = geminiAdapter.transcripts.read(join(FIX, MAIN));
    expect(s.sessionId).toBe(SID);
    expect(s.cwd).toBeUndefined(); // no .project_root / projects.json next to the fixture
    expect(s.endOffset).toBe(readFileSync(join(FIX, MAIN)).length);
    expect(s.messages.map((m) => [m.kind, m.text])).toEqual([
      ["prompt", "Show a.txt"],
      ["assistant", ""],
      ["assistant", "Done: a.txt says hello."],
      ["prompt", "Anything else?"],
      ["assistant", "Resumed."],
      ["prompt", "Echo again"],
      ["assistant", ""],
      ["assistant", "No approval, fine."],
    ]);
    const [ok, failed] = s.messages.flatMap((m) => m.toolCalls);
    expect(ok).toMatchObject({
      id: "run_shell_command__call_s2",
      kind: "shell",
      command: "cat a.txt",
      result: { isError: false, structured: { returnDisplay: "hello" } },
    });
    expect(ok?.result?.text).toContain("Output: hello");
    expect(failed).toMatchObject({ command: "echo again", result: { isError: true } });
    expect(s.messages[1]?.usage).toEqual({
      inputTokens: 10,
      outputTokens: 5,
      cacheReadTokens: 0,
      cacheCreationTokens: 0,
    });
    const offsets = s.messages.map((m) => m.endOffset);
    expect([...offsets].sort((a, b) => a - b)).toEqual(offsets);
  });

  it("the resume stub (SessionStart transcript_path) resolves to the file holding the conversation", () => {
    const main = readGeminiTranscript(join(FIX, MAIN));
    const stub = readGeminiTranscript(join(FIX, STUB));
    expect(stub).toEqual(main);
  });

  it("a stub alone (no sibling) reads as an empty session", () => {
    const { chats } = sandbox();
    copyFileSync(join(FIX, STUB), join(chats, STUB));
    const s = readGeminiTranscript(join(chats, STUB));
    expect(s.messages).toEqual([]);
    expect(s.sessionId).toBe(SID);
    expect(s.skipped.session_context).toBeUndefined();
  });

  it("a cursor at any line end returns each message exactly once overall", () => {
    const path = join(FIX, MAIN);
    const text = readFileSync(path);
    const ends: number[] = [];
    for (let i = 0; i < text.length; i++) if (text[i] === 10) ends.push(i + 1);
    const full = readGeminiTranscript(path);
    const uuids = (ms: TranscriptSlice["messages"]) => [...new Set(ms.map((m) => m.uuid))].sort();
    const calls = (ms: TranscriptSlice["messages"]) => ms.flatMap((m) => m.toolCalls.map((c) => c.id)).sort();
    for (const cut of ends) {
      const { chats } = sandbox();
      const p = join(chats, MAIN);
      writeFileSync(p, text.subarray(0, cut));
      const a = readGeminiTranscript(p);
      writeFileSync(p, text);
      const b = readGeminiTranscript(p, a.endOffset);
      expect(a.endOffset).toBe(cut);
      const both = [...a.messages, ...b.messages];
      expect(uuids(both), `cut ${cut}`).toEqual(uuids(full.messages));
      expect(calls(both), `cut ${cut}`).toEqual(calls(full.messages));
      const texts = both.filter((m) => m.text !== "").map((m) => m.uuid);
      expect(new Set(texts).size, `cut ${cut}`).toBe(texts.length);
    }
  });

  it("a partial last line is not consumed", () => {
    const { chats } = sandbox();
    const p = join(chats, MAIN);
    const text = readFileSync(join(FIX, MAIN), "utf8");
    writeFileSync(p, text.slice(0, text.indexOf('"Show a.txt"') + 5));
    const s = readGeminiTranscript(p);
    expect(s.messages).toEqual([]);
    expect(s.endOffset).toBe(
      Buffer.byteLength(text.slice(0, text.indexOf("\n", text.indexOf("\n") + 1) + 1)),
    );
  });
});

describe("Gemini session file: history rewrites (synthetic)", () => {
  it("the last record per id wins and keeps its position; a later update adds tool calls", () => {
    const { chats } = sandbox();
    const p = join(chats, "session-2026-12-02T00-00-s-123456.jsonl");
    write(p, [
      header(),
      user("u1", "fix it"),
      gem("g1", ""),
      gem("g1", "Looking.", [call("c1", "read_file", { file_path: "src/a.ts" }, "code")]),
      user("g1_r", ""),
    ]);
    const s = readGeminiTranscript(p);
    expect(summary(s)).toEqual(["prompt:u1:fix it", "assistant:g1:Looking.[read_file=code]"]);
    expect(s.messages[1]?.toolCalls[0]).toMatchObject({ kind: "read", paths: ["src/a.ts"] });
  });

  it("$set messages replaces the list: dropped messages vanish, kept ones are not returned again", () => {
    const { chats } = sandbox();
    const p = join(chats, "session-2026-12-02T00-00-s-123456.jsonl");
    write(p, [header(), user("u1", "one"), gem("g1", "A1"), user("u2", "two"), gem("g2", "A2")]);
    const first = readGeminiTranscript(p);
    appendFileSync(
      p,
      `${JSON.stringify({ $set: { messages: [user("u1", "one"), gem("g1", "A1"), user("u3", "three")] } })}\n`,
    );
    const next = readGeminiTranscript(p, first.endOffset);
    expect(summary(next)).toEqual(["prompt:u3:three"]);
    expect(summary(readGeminiTranscript(p))).toEqual(["prompt:u1:one", "assistant:g1:A1", "prompt:u3:three"]);
  });

  it("$rewindTo drops the rewound branch before it is extracted, and never returns it later", () => {
    const { chats } = sandbox();
    const p = join(chats, "session-2026-12-02T00-00-s-123456.jsonl");
    write(p, [header(), user("u1", "one"), gem("g1", "A1")]);
    const first = readGeminiTranscript(p);
    appendFileSync(
      p,
      [
        user("u2", "abandoned"),
        gem("g2", "lost"),
        { $rewindTo: "u2" },
        user("u3", "instead"),
        gem("g3", "A3"),
      ]
        .map((l) => `${JSON.stringify(l)}\n`)
        .join(""),
    );
    const second = readGeminiTranscript(p, first.endOffset);
    expect(summary(second)).toEqual(["prompt:u3:instead", "assistant:g3:A3"]);
    expect(second.abandoned).toBeUndefined(); // u2 and g2 were never returned
    appendFileSync(p, `${JSON.stringify({ $rewindTo: "unknown-id" })}\n`);
    expect(readGeminiTranscript(p).messages).toEqual([]);
  });

  it("$rewindTo of messages an earlier read returned lists them in abandoned", () => {
    const { chats } = sandbox();
    const p = join(chats, "session-2026-12-02T00-00-s-123456.jsonl");
    write(p, [
      header(),
      user("u1", "hello"),
      gem("g1", "Hi."),
      user("u2", "always use yarn"),
      gem("g2", "OK."),
    ]);
    const first = readGeminiTranscript(p);
    expect(summary(first)).toContain("prompt:u2:always use yarn");
    appendFileSync(
      p,
      [{ $rewindTo: "u2" }, user("u3", "always use pnpm"), gem("g3", "OK.")]
        .map((l) => `${JSON.stringify(l)}\n`)
        .join(""),
    );
    const second = readGeminiTranscript(p, first.endOffset);
    expect(summary(second)).toEqual(["prompt:u3:always use pnpm", "assistant:g3:OK."]);
    expect(second.abandoned).toEqual(["u2", "g2"]);
    // Reported once: the next read is past the rewind.
    expect(readGeminiTranscript(p, second.endOffset).abandoned).toBeUndefined();
  });

  it("tool calls recorded after the cursor on an already-read message come back alone", () => {
    const { chats } = sandbox();
    const p = join(chats, "session-2026-12-02T00-00-s-123456.jsonl");
    write(p, [header(), user("u1", "go"), gem("g1", "Reading.")]);
    const first = readGeminiTranscript(p);
    expect(summary(first)).toEqual(["prompt:u1:go", "assistant:g1:Reading."]);
    appendFileSync(
      p,
      `${JSON.stringify(gem("g1", "Reading.", [call("c1", "glob", { pattern: "*.ts" }, "a.ts")]))}\n`,
    );
    const next = readGeminiTranscript(p, first.endOffset);
    expect(summary(next)).toEqual(["assistant:g1:[glob=a.ts]"]);
    expect(readGeminiTranscript(p, next.endOffset).messages).toEqual([]);
  });

  it("strips hook context, drops the preamble and function responses, reads compression and slash commands", () => {
    const { chats } = sandbox();
    const p = join(chats, "session-2026-12-02T00-00-s-123456.jsonl");
    write(p, [
      header(),
      user("pre", "<session_context>\nThis is the Gemini CLI.\n</session_context>"),
      {
        ...user("u1", "<hook_context>memdir says &lt;x&gt;</hook_context>\n\nreal prompt"),
        content: [
          { text: "<hook_context>a</hook_context>\n\nreal prompt" },
          { text: "<hook_context>b</hook_context>" },
        ],
      },
      user("ctx", "<hook_context>only memdir</hook_context>"),
      {
        id: "fr",
        type: "user",
        content: [{ functionResponse: { id: "c", name: "x", response: { output: "o" } } }],
      },
      { id: "n1", type: "info", content: "note" },
      {
        $set: {
          messages: [
            user("pre2", "<session_context>x</session_context>"),
            user("snap", "<state_snapshot>summary</state_snapshot>"),
            gem("ack", "Got it. Thanks for the additional context!"),
            user("u2", "/memory show"),
          ],
        },
      },
    ]);
    const s = readGeminiTranscript(p);
    expect(summary(s)).toEqual([
      "compact_summary:snap:<state_snapshot>summary</state_snapshot>",
      "prompt:u2:/memory show",
    ]);
    expect(s.messages[1]?.command).toEqual({ name: "memory", args: "show" });
    expect(s.compactions).toMatchObject([{ uuid: "snap", trigger: "unknown" }]);
    const before = readGeminiTranscript(p, 0, { maxBytes: readFileSync(p, "utf8").indexOf('"n1"') });
    expect(summary(before)).toEqual(["prompt:u1:real prompt"]);
    expect(before.more).toBe(true);
  });

  it("finds the cwd from .project_root or projects.json when its sha256 is the projectHash", () => {
    const { home, chats } = sandbox();
    const p = join(chats, "session-2026-12-02T00-00-s-123456.jsonl");
    write(p, [header(), user("u1", "x")]);
    writeFileSync(
      join(home, ".gemini", "projects.json"),
      JSON.stringify({ projects: { "/home/user/project": "project" } }),
    );
    expect(readGeminiTranscript(p).cwd).toBe("/home/user/project");
    writeFileSync(join(chats, "..", ".project_root"), "/elsewhere\n");
    expect(readGeminiTranscript(p).cwd).toBe("/home/user/project"); // hash mismatch: not trusted
    writeFileSync(join(chats, "..", ".project_root"), "/home/user/project\n");
    rmSync(join(home, ".gemini", "projects.json"));
    expect(readGeminiTranscript(p).cwd).toBe("/home/user/project");
  });

  it("errors: missing file, directory, bad cursor, cursor past the end", () => {
    const { chats } = sandbox();
    expect(() => readGeminiTranscript(join(chats, "nope.jsonl"))).toThrow(
      expect.objectContaining({ code: "NOT_FOUND" }),
    );
    expect(() => readGeminiTranscript(chats)).toThrow(expect.objectContaining({ code: "INPUT_REFUSED" }));
    const p = join(chats, "session-2026-12-02T00-00-s-123456.jsonl");
    write(p, [header()]);
    expect(() => readGeminiTranscript(p, -1)).toThrow(expect.objectContaining({ code: "BAD_INPUT" }));
    expect(() => readGeminiTranscript(p, 1.5)).toThrow(expect.objectContaining({ code: "BAD_INPUT" }));
    expect(readGeminiTranscript(p, 10_000)).toMatchObject({ messages: [], skipped: { cursor_past_end: 1 } });
  });
});

describe("sniff and find", () => {
  it("sniff knows a Gemini header and nothing else", () => {
    const { sniff } = geminiAdapter.transcripts;
    expect(sniff(readFileSync(join(FIX, MAIN), "utf8").slice(0, 65536))).toBe(true);
    expect(sniff(`\uFEFF${JSON.stringify(header())}`)).toBe(true);
    expect(sniff('{"type":"user","sessionId":"x","uuid":"u"}\n')).toBe(false);
    expect(sniff('{"timestamp":"t","type":"session_meta","payload":{}}\n')).toBe(false);
    expect(sniff("")).toBe(false);
  });

  it("find lists main and subagent session files under ~/.gemini/tmp, newest first", () => {
    const { home, chats } = sandbox();
    const a = join(chats, "session-2026-12-02T00-00-aaaaaaaa.jsonl");
    const b = join(chats, "session-2026-12-02T00-05-bbbbbbbb.jsonl");
    const sub = join(chats, "bbbbbbbb-full", "agent-1.jsonl");
    write(a, [header({ sessionId: "aaaaaaaa-1" })]);
    write(b, [header({ sessionId: "bbbbbbbb-full" })]);
    mkdirSync(join(chats, "bbbbbbbb-full"));
    write(sub, [
      header({ sessionId: "agent-1", kind: "subagent", directories: ["/home/user/project"] }),
      user("u", "task"),
    ]);
    writeFileSync(join(chats, "notes.txt"), "x");
    utimesSync(a, new Date(1000), new Date(1000));
    utimesSync(b, new Date(3000), new Date(3000));
    utimesSync(sub, new Date(2000), new Date(2000));
    const refs = geminiAdapter.transcripts.find({}, home);
    expect(refs.map((r) => [r.path, r.sessionId])).toEqual([
      [b, "bbbbbbbb-full"],
      [sub, "bbbbbbbb-full"],
      [a, "aaaaaaaa-1"],
    ]);
    expect(readGeminiTranscript(sub)).toMatchObject({
      sessionId: "bbbbbbbb-full",
      agentId: "agent-1",
      cwd: "/home/user/project",
      messages: [{ isSidechain: true }],
    });
    expect(geminiAdapter.transcripts.find({ GEMINI_CLI_HOME: join(home, "none") }, home)).toEqual([]);
  });
});
