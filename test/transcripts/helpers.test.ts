import { describe, expect, it } from "vitest";
import { toolUse } from "../../src/adapters/claude-code/tools.js";
import {
  allToolCalls,
  type ConversationMessage,
  countToolCalls,
  lastAssistantText,
  toolCallsByName,
  userPrompts,
} from "../../src/transcripts/index.js";

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
