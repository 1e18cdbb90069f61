import { appendFileSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { deriveHookEvents, readClaudeTranscript } from "../../../src/adapters/claude-code/transcript.js";
import { classifyUserText, stripInjected } from "../../../src/adapters/claude-code/transcript-text.js";
import { isMemdirError } from "../../../src/core/errors.js";
import { allToolCalls, countToolCalls, userPrompts } from "../../../src/transcripts/index.js";
import { tempDir } from "../../helpers/tmp.js";
import { allTranscripts, entries, independentToolUses, transcript } from "./real-transcripts.js";
import {
  assistant,
  line,
  progress,
  SESSION_ID,
  system,
  text,
  toolResult,
  toolUse,
  userText,
  writeTranscript,
} from "./synthetic.js";

const HARNESS_TEXT = [
  /^<task-notification>/,
  /^<command-(name|message)>/,
  /^<local-command-/,
  /^Caveat: The messages below/,
  /^\[Request interrupted by user/,
  /^This session is being continued/,
  /<system-reminder>/,
  /^<bash-(input|stdout|stderr)>/,
];

describe("readClaudeTranscript over every real transcript", () => {
  const files = allTranscripts();

  it("finds the main and the subagent transcripts", () => {
    expect(files.length).toBeGreaterThanOrEqual(12);
    expect(files.filter((f) => f.includes("/subagents/")).length).toBeGreaterThanOrEqual(6);
  });

  it.each(files.map((f) => [f.split("claude-code/")[1], f]))("%s", (_name, file) => {
    const slice = readClaudeTranscript(file);
    const raw = entries(file);
    expect(slice.endOffset).toBe(statSync(file).size);
    expect(slice.sessionId).toBe(raw.find((e) => e.sessionId)?.sessionId);

    // Every tool_use block becomes exactly one ToolCall.
    const { ids } = independentToolUses(file);
    expect(countToolCalls(slice.messages)).toBe(ids.size);
    expect(new Set(allToolCalls(slice.messages).map((c) => c.id))).toEqual(ids);

    // Every tool_result whose tool_use was seen is attached, with its error flag.
    for (const e of raw) {
      if (e.type !== "user" || !Array.isArray(e.message.content)) continue;
      for (const b of e.message.content) {
        if (b.type !== "tool_result" || !ids.has(b.tool_use_id)) continue;
        const call = allToolCalls(slice.messages).find((c) => c.id === b.tool_use_id)!;
        expect(call.result?.isError).toBe(b.is_error === true);
      }
    }

    // Assistant messages are merged: one message per message.id.
    const assistantIds = slice.messages.filter((m) => m.kind === "assistant").map((m) => m.messageId);
    expect(new Set(assistantIds).size).toBe(assistantIds.length);

    // Prompts are real prompts only.
    for (const p of userPrompts(slice.messages)) {
      for (const re of HARNESS_TEXT) expect(p).not.toMatch(re);
      expect(p.trim()).not.toBe("");
    }

    // Compaction: boundaries and summaries, counted independently.
    const boundaries = raw.filter((e) => e.type === "system" && e.subtype === "compact_boundary");
    expect(slice.compactions.map((c) => c.trigger)).toEqual(boundaries.map((b) => b.compactMetadata.trigger));
    const summaries = raw.filter((e) => e.isCompactSummary === true);
    expect(slice.messages.filter((m) => m.kind === "compact_summary").map((m) => m.uuid)).toEqual(
      summaries.map((s) => s.uuid),
    );

    // Sidechain flag and agent id come from the entries.
    const sidechain = raw.some((e) => e.isSidechain === true);
    expect(slice.messages.every((m) => m.isSidechain === sidechain)).toBe(true);
    if (sidechain) expect(slice.agentId).toBe(raw.find((e) => e.agentId)?.agentId);
  });

  it("extracts exactly the real prompts", () => {
    expect(userPrompts(readClaudeTranscript(transcript("short.jsonl")).messages)).toEqual([
      "mix phx.server doesnt seem to start",
    ]);
    expect(userPrompts(readClaudeTranscript(transcript("tool_heavy.jsonl")).messages)).toEqual([
      "start phoenix in background",
      "scrolling back in xterm.js still does not work (maybe because outer web catches it)? websearch xterm.js tmux interactions",
    ]);
    const sub = readClaudeTranscript(transcript("subagent.jsonl")).messages.filter(
      (m) => m.kind === "prompt",
    );
    expect(sub.map((m) => m.text.split("\n")[0])).toEqual([
      "/handgemacht:create-beads websearch to learn how to fastest setup credo, dialyzer, mix_audit (basically all supported by https://github.com/bradleygolden/claude-marketplace-elixir)",
      "create the beads",
    ]);
    expect(sub[0]!.command?.name).toBe("handgemacht:create-beads");
  });

  it("counts what it skipped", () => {
    const short = readClaudeTranscript(transcript("short.jsonl"));
    expect(short.skipped).toMatchObject({ "file-history-snapshot": 1, progress: 3, interrupt: 1 });
    const heavy = readClaudeTranscript(transcript("tool_heavy.jsonl"));
    expect(heavy.skipped).toMatchObject({
      "queue-operation": 2,
      caveat: 1,
      local_command: 2,
      command_output: 2,
    });
  });
});

describe("readClaudeTranscript cursors", () => {
  it("reads only complete lines of a transcript truncated mid-line, then continues exactly", () => {
    const source = readFileSync(transcript("subagent.jsonl"));
    const full = readClaudeTranscript(transcript("subagent.jsonl"));
    const dir = tempDir();
    const path = join(dir, "live.jsonl");
    for (const cut of [
      1,
      Math.floor(source.length / 3),
      Math.floor(source.length / 2) + 7,
      source.length - 5,
    ]) {
      writeFileSync(path, source.subarray(0, cut));
      const first = readClaudeTranscript(path);
      const lastNewline = source.subarray(0, cut).lastIndexOf(10);
      expect(first.endOffset).toBe(lastNewline + 1);
      expect(first.skipped.bad_json).toBeUndefined();
      appendFileSync(path, source.subarray(cut));
      const second = readClaudeTranscript(path, first.endOffset);
      expect(second.endOffset).toBe(source.length);
      const both = [...first.messages, ...second.messages];
      expect(allToolCalls(both).map((c) => c.id)).toEqual(allToolCalls(full.messages).map((c) => c.id));
      expect(userPrompts(both)).toEqual(userPrompts(full.messages));
      // A message split by the cursor continues under the same message id.
      const ids = both.filter((m) => m.kind === "assistant").map((m) => m.messageId);
      expect([...new Set(ids)]).toEqual(
        full.messages.filter((m) => m.kind === "assistant").map((m) => m.messageId),
      );
    }
  });

  it("returns an empty slice at the end, and flags a cursor past the end", () => {
    const file = transcript("short.jsonl");
    const size = statSync(file).size;
    const atEnd = readClaudeTranscript(file, size);
    expect(atEnd.messages).toEqual([]);
    expect(atEnd.endOffset).toBe(size);
    const past = readClaudeTranscript(file, size + 100);
    expect(past.endOffset).toBe(size);
    expect(past.skipped.cursor_past_end).toBe(1);
  });

  it("rejects a bad cursor and a missing file with clear errors", () => {
    expect(() => readClaudeTranscript(transcript("short.jsonl"), -1)).toThrow(/byte offset/);
    expect(() => readClaudeTranscript(transcript("short.jsonl"), 1.5)).toThrow(/byte offset/);
    const missing = join(tempDir(), "missing.jsonl");
    for (const read of [() => readClaudeTranscript(missing), () => deriveHookEvents(missing)]) {
      try {
        read();
        expect.unreachable();
      } catch (e) {
        expect(isMemdirError(e, "NOT_FOUND")).toBe(true);
        expect(String(e)).toContain(missing);
      }
    }
  });
});

describe("readClaudeTranscript on a synthetic transcript", () => {
  it("merges split assistant blocks, attaches results and drops harness text", () => {
    const dir = tempDir();
    const path = writeTranscript(dir, [
      line({ type: "file-history-snapshot", messageId: "x", snapshot: {}, isSnapshotUpdate: false }),
      userText(
        "<local-command-caveat>Caveat: The messages below were generated by the user</local-command-caveat>",
        {
          isMeta: true,
        },
      ),
      userText(
        "<command-name>/model</command-name>\n<command-message>model</command-message>\n<command-args></command-args>",
      ),
      userText("<local-command-stdout>Kept model</local-command-stdout>"),
      userText("add rate limiting to /orders\n<system-reminder>\nThe date is today.\n</system-reminder>"),
      assistant("msg_1", { type: "thinking", thinking: "hmm", signature: "s" }),
      assistant("msg_1", text("I'll look at the router first.")),
      assistant("msg_1", toolUse("toolu_A", "Read", { file_path: "/src/orders.ts" })),
      progress(),
      toolResult("toolu_A", "1\timport x", {
        structured: { type: "text", file: { filePath: "/src/orders.ts" } },
      }),
      assistant("msg_1", toolUse("toolu_B", "Bash", { command: "npm test" })),
      toolResult("toolu_B", [{ type: "text", text: "Exit code 1\nfailed" }], {
        isError: true,
        structured: "Error: Exit code 1",
      }),
      "this line is not json\n",
      line({ type: "brand-new-entry-type", foo: 1 }),
      assistant("msg_2", text("Added the limiter; one test fails.")),
      userText([{ type: "text", text: "[Request interrupted by user]" }]),
      userText(
        "<task-notification>\n<task-id>b1</task-id>\n<status>completed</status>\n</task-notification>",
      ),
      userText("Base directory for this skill: /x", { isMeta: true }),
      system("compact_boundary", { compactMetadata: { trigger: "auto", preTokens: 1000 } }),
      userText("This session is being continued from a previous conversation. Summary: limiter added.", {
        isCompactSummary: true,
      }),
      userText("<bash-input>ls</bash-input>"),
      userText("now add tests"),
      '{"parentUuid":"partial line without a newline',
    ]);
    const s = readClaudeTranscript(path);
    expect(s.sessionId).toBe(SESSION_ID);
    expect(s.cwd).toBe("/home/dev/shop-api");
    expect(s.messages.map((m) => [m.kind, m.text])).toEqual([
      ["prompt", "add rate limiting to /orders"],
      ["assistant", "I'll look at the router first."],
      ["assistant", "Added the limiter; one test fails."],
      [
        "compact_summary",
        "This session is being continued from a previous conversation. Summary: limiter added.",
      ],
      ["prompt", "now add tests"],
    ]);
    const [a, b] = s.messages[1]!.toolCalls;
    expect(a).toMatchObject({ id: "toolu_A", name: "Read", result: { text: "1\timport x", isError: false } });
    expect(a!.result!.structured).toEqual({ type: "text", file: { filePath: "/src/orders.ts" } });
    expect(b).toMatchObject({
      id: "toolu_B",
      name: "Bash",
      result: { text: "Exit code 1\nfailed", isError: true },
    });
    expect(s.messages[1]!.messageId).toBe("msg_1");
    expect(s.compactions).toEqual([expect.objectContaining({ trigger: "auto" })]);
    expect(s.skipped).toMatchObject({
      "file-history-snapshot": 1,
      caveat: 1,
      local_command: 1,
      command_output: 1,
      progress: 1,
      bad_json: 1,
      "brand-new-entry-type": 1,
      interrupt: 1,
      task_notification: 1,
      meta: 1,
      bash_mode: 1,
    });
    const content = readFileSync(path, "utf8");
    expect(s.endOffset).toBe(content.lastIndexOf("\n") + 1);
    // Offsets point just after the contributing lines.
    expect(content.slice(0, s.messages[1]!.endOffset).endsWith('"requestId":"req_msg_1"}\n')).toBe(true);
    expect(content.slice(0, b!.result!.endOffset).endsWith('"toolUseResult":"Error: Exit code 1"}\n')).toBe(
      true,
    );
  });

  it("turns a custom slash command into a prompt and keeps built-in ones out", () => {
    const dir = tempDir();
    const path = writeTranscript(dir, [
      userText(
        "<command-message>review</command-message>\n<command-name>/review</command-name>\n<command-args>PR 12</command-args>",
      ),
      userText(
        "<command-name>/clear</command-name>\n<command-message>clear</command-message>\n<command-args></command-args>",
      ),
      userText([{ type: "image", source: { type: "base64", media_type: "image/png", data: "AAAA" } }]),
    ]);
    const s = readClaudeTranscript(path);
    expect(s.messages.map((m) => [m.kind, m.text, m.command])).toEqual([
      ["prompt", "/review PR 12", { name: "review", args: "PR 12" }],
      ["prompt", "[image]", undefined],
    ]);
  });
});

it("marks a declined call and gives a successful edit the lines PostToolUse counts", () => {
  const dir = tempDir();
  const patch = { structuredPatch: [{ lines: [" a", "-b", "+c", "+d"] }] };
  const path = writeTranscript(dir, [
    assistant(
      "msg_1",
      toolUse("toolu_E", "Edit", { file_path: "/x.ts", old_string: "b", new_string: "c\nd" }),
    ),
    toolResult("toolu_E", "The file /x.ts has been updated.", { structured: patch }),
    assistant("msg_2", toolUse("toolu_W", "Write", { file_path: "/y.ts", content: "1\n2\n3\n" })),
    toolResult("toolu_W", "The user doesn't want to proceed with this tool use.", {
      isError: true,
      structured: "User rejected tool use",
    }),
    assistant("msg_3", toolUse("toolu_F", "Edit", { file_path: "/x.ts", old_string: "q", new_string: "r" })),
    toolResult("toolu_F", "String to replace not found", { isError: true }),
  ]);
  const calls = readClaudeTranscript(path).messages.flatMap((m) => m.toolCalls);
  expect(calls.map((c) => [c.id, c.result?.rejected, c.result?.linesChanged])).toEqual([
    ["toolu_E", undefined, { added: 2, removed: 1 }],
    ["toolu_W", true, undefined],
    ["toolu_F", undefined, undefined],
  ]);
});

describe("user text classification", () => {
  it.each([
    ["fix it\n<system-reminder>x</system-reminder>", { kind: "prompt", text: "fix it" }],
    ["<system-reminder>only a reminder</system-reminder>", { kind: "skip", reason: "system_reminder" }],
    ["[Request interrupted by user for tool use]", { kind: "interrupt" }],
    [
      "<task-notification>\n<task-id>b7</task-id>\n</task-notification>",
      { kind: "task_notification", taskId: "b7" },
    ],
    ["<local-command-stdout>ok</local-command-stdout>", { kind: "skip", reason: "command_output" }],
    ["<bash-stdout>ls</bash-stdout>", { kind: "skip", reason: "bash_mode" }],
    ["Caveat: The messages below were generated by the user", { kind: "caveat" }],
    [
      "<command-name>/compact</command-name><command-args>keep tests</command-args>",
      { kind: "command", name: "compact", args: "keep tests" },
    ],
    [
      "This session is being continued from a previous conversation. S",
      { kind: "compact_summary", text: "This session is being continued from a previous conversation. S" },
    ],
  ])("%j", (input, expected) => {
    expect(classifyUserText(input)).toEqual(expected);
  });

  it("keeps an unterminated injected block and strips in linear time", () => {
    expect(stripInjected("a <system-reminder>never closed")).toBe("a <system-reminder>never closed");
    const many = "<system-reminder>".repeat(20_000);
    const t0 = performance.now();
    expect(stripInjected(many)).toBe(many);
    expect(stripInjected(`${"x<system-reminder>y</system-reminder>".repeat(10_000)}z`)).toBe(
      `${"x".repeat(10_000)}z`,
    );
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
