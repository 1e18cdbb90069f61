import { appendFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { toolUse } from "../../src/adapters/claude-code/tools.js";
import { readClaudeTranscript } from "../../src/adapters/claude-code/transcript.js";
import {
  allToolCalls,
  type ConversationMessage,
  countToolCalls,
  lastAssistantText,
  settledOffset,
  toolCallsByName,
  userPrompts,
} from "../../src/transcripts/index.js";
import {
  assistant,
  toolResult,
  toolUse as toolUseBlock,
  userText,
  writeTranscript,
} from "../adapters/claude-code/synthetic.js";
import { tempDir } from "../helpers/tmp.js";

const msg = (kind: ConversationMessage["kind"], text: string, tools: string[] = []): ConversationMessage => ({
  kind,
  uuid: `${kind}-${text}`,
  timestamp: "",
  text,
  toolCalls: tools.map((name, i) => ({ ...toolUse(name, {}), id: `${text}-${i}` })),
  isSidechain: false,
  endOffset: 0,
});

describe("transcripts helpers", () => {
  const messages = [
    msg("prompt", "fix the build"),
    msg("assistant", "looking", ["Read", "Bash", "Read"]),
    msg("assistant", "", ["Edit"]),
    msg("compact_summary", "summary of earlier work"),
    msg("assistant", "fixed"),
    msg("prompt", "thanks"),
    msg("assistant", "", ["Bash"]),
  ];

  it("counts and lists tool calls in order", () => {
    expect(countToolCalls(messages)).toBe(5);
    expect(allToolCalls(messages).map((c) => c.name)).toEqual(["Read", "Bash", "Read", "Edit", "Bash"]);
    expect(toolCallsByName(messages)).toEqual({ Read: 2, Bash: 2, Edit: 1 });
    expect(countToolCalls([])).toBe(0);
  });

  it("lists real prompts only, and the last assistant text", () => {
    expect(userPrompts(messages)).toEqual(["fix the build", "thanks"]);
    expect(lastAssistantText(messages)).toBe("fixed");
    expect(lastAssistantText([msg("prompt", "hi")])).toBeUndefined();
  });
});

describe("settledOffset", () => {
  it("stops before a call still waiting for its result, so the next read sees it whole", () => {
    const dir = tempDir();
    const head = [
      userText("run the tests"),
      assistant("msg_1", toolUseBlock("toolu_1", "Read", { file_path: "/a.ts" })),
      toolResult("toolu_1", "1\tx"),
    ];
    const call = assistant("msg_2", toolUseBlock("toolu_2", "Bash", { command: "npm test" }));
    const path = writeTranscript(dir, [...head, call]);
    const first = readClaudeTranscript(path);
    const cut = settledOffset(first, 0);
    expect(cut).toBe(head.join("").length);
    expect(first.endOffset).toBe(head.join("").length + call.length);
    appendFileSync(path, toolResult("toolu_2", "ok"));
    const next = readClaudeTranscript(path, cut);
    expect(allToolCalls(next.messages).map((c) => [c.id, c.result?.text])).toEqual([["toolu_2", "ok"]]);
    expect(settledOffset(next, cut)).toBe(next.endOffset);
    // Nothing waiting and nothing read: the cursor stays.
    expect(settledOffset(readClaudeTranscript(path, next.endOffset), next.endOffset)).toBe(next.endOffset);
  });
});
