import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  deriveHookEvents,
  type HookEventSpec,
  readClaudeTranscript,
} from "../../../src/adapters/claude-code/transcript.js";
import { allToolCalls } from "../../../src/transcripts/index.js";
import { tempDir } from "../../helpers/tmp.js";
import {
  allTranscripts,
  entries,
  independentToolUses,
  recordedHooks,
  transcript,
} from "./real-transcripts.js";
import {
  assistant,
  SESSION_ID,
  system,
  text,
  toolResult,
  toolUse,
  userText,
  writeTranscript,
} from "./synthetic.js";

const COMMON = ["session_id", "transcript_path", "cwd", "hook_event_name"];
const ids = (events: HookEventSpec[], event: string) =>
  events.filter((e) => e.event === event).map((e) => e.input.tool_use_id as string);

describe("deriveHookEvents over every real transcript", () => {
  it.each(allTranscripts().map((f) => [f.split("claude-code/")[1], f]))("%s", (_name, file) => {
    const events = deriveHookEvents(file);
    const size = statSync(file).size;

    expect(events[0]).toMatchObject({
      event: "SessionStart",
      input: { source: "startup" },
      transcriptOffset: 0,
    });
    expect(events.at(-1)).toMatchObject({
      event: "SessionEnd",
      input: { reason: "other" },
      transcriptOffset: size,
    });
    let prev = 0;
    for (const e of events) {
      for (const k of COMMON) expect(e.input).toHaveProperty(k);
      expect(e.input.hook_event_name).toBe(e.event);
      expect(e.input.transcript_path).toBe(file);
      expect(e.transcriptOffset).toBeGreaterThanOrEqual(prev);
      expect(e.transcriptOffset).toBeLessThanOrEqual(size);
      prev = e.transcriptOffset;
    }

    // One PreToolUse per tool_use block, counted independently.
    const { ids: toolUses, duplicates } = independentToolUses(file);
    expect(duplicates).toBe(0);
    const pre = ids(events, "PreToolUse");
    expect(pre.length).toBe(toolUses.size);
    expect(new Set(pre)).toEqual(toolUses);

    // Every Post event follows its PreToolUse, at most once per call.
    const post = [...ids(events, "PostToolUse"), ...ids(events, "PostToolUseFailure")];
    expect(new Set(post).size).toBe(post.length);
    for (const id of post) {
      const iPre = events.findIndex((e) => e.event === "PreToolUse" && e.input.tool_use_id === id);
      const iPost = events.findIndex((e) => e.event.startsWith("PostToolUse") && e.input.tool_use_id === id);
      expect(iPre).toBeGreaterThanOrEqual(0);
      expect(iPost).toBeGreaterThan(iPre);
    }

    // Prompts are real prompts only.
    for (const e of events.filter((x) => x.event === "UserPromptSubmit")) {
      expect(e.input.prompt).not.toMatch(
        /^(<task-notification>|<command-|<local-command-|Caveat:|\[Request interrupted)/,
      );
      expect(e.input.prompt).not.toMatch(/^This session is being continued/);
    }

    // What the recorded hook_progress entries say actually ran.
    const recorded = recordedHooks(file);
    for (const id of recorded.get("PostToolUse") ?? []) expect(ids(events, "PostToolUse")).toContain(id);
    for (const id of recorded.get("PostToolUseFailure") ?? [])
      expect(ids(events, "PostToolUseFailure")).toContain(id);
    if (recorded.has("Stop")) {
      expect(events.filter((e) => e.event === "Stop").length).toBe(recorded.get("Stop")!.size);
    }
    const compactStarts = events.filter((e) => e.event === "SessionStart" && e.input.source === "compact");
    const boundaries = entries(file).filter((e) => e.type === "system" && e.subtype === "compact_boundary");
    expect(events.filter((e) => e.event === "PreCompact").map((e) => e.input.trigger)).toEqual(
      boundaries.map((b) => b.compactMetadata.trigger),
    );
    expect(compactStarts.length).toBe(boundaries.length);

    // Subagent transcripts: every payload names the agent.
    const agentId = entries(file).find((e) => e.isSidechain)?.agentId;
    if (agentId) for (const e of events) expect(e.input.agent_id).toBe(agentId);
  });
});

describe("deriveHookEvents details", () => {
  it("reports compaction with its trigger and /compact instructions", () => {
    const manual = deriveHookEvents(transcript("ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl"));
    const i = manual.findIndex((e) => e.event === "PreCompact");
    expect(manual[i]!.input).toMatchObject({
      trigger: "manual",
      custom_instructions: "and continue with the reamining tasks",
    });
    expect(manual[i - 1]!.event).toBe("Stop"); // the turn ended before the user typed /compact
    expect(manual[i + 1]!.input).toMatchObject({ hook_event_name: "SessionStart", source: "compact" });
    const auto = deriveHookEvents(transcript("4d5611e5-241a-462a-8d15-5122611a9569.jsonl"));
    expect(auto.find((e) => e.event === "PreCompact")!.input).toMatchObject({
      trigger: "auto",
      custom_instructions: null,
    });
  });

  it("brackets Task calls with SubagentStart/SubagentStop naming the real subagent transcript", () => {
    for (const name of [
      "subagent.jsonl",
      "4d5611e5-241a-462a-8d15-5122611a9569.jsonl",
      "258c7280-ae70-4798-800f-63464d01a85d.jsonl",
    ]) {
      const events = deriveHookEvents(transcript(name));
      const start = events.findIndex((e) => e.event === "SubagentStart");
      const stop = events.findIndex((e) => e.event === "SubagentStop");
      expect(start).toBeGreaterThan(0);
      expect(events[start - 1]).toMatchObject({ event: "PreToolUse", input: { tool_name: "Task" } });
      expect(events[stop + 1]).toMatchObject({ event: "PostToolUse", input: { tool_name: "Task" } });
      const result = events[stop + 1]!.input.tool_response as { agentId: string };
      expect(events[start]!.input.agent_id).toBe(result.agentId);
      expect(events[stop]!.input.agent_id).toBe(result.agentId);
      expect(String(events[stop]!.input.last_assistant_message).length).toBeGreaterThan(0);
      if (name !== "subagent.jsonl")
        expect(existsSync(String(events[stop]!.input.agent_transcript_path))).toBe(true);
    }
  });

  it("gives rejected tool calls no Post event and an interrupted turn no Stop", () => {
    const events = deriveHookEvents(transcript("short.jsonl"));
    expect(events.map((e) => e.event)).toEqual([
      "SessionStart",
      "UserPromptSubmit",
      "PreToolUse",
      "PreToolUse",
      "SessionEnd",
    ]);
    expect(events[1]!.input).toMatchObject({
      prompt: "mix phx.server doesnt seem to start",
      permission_mode: "bypassPermissions",
    });
  });

  it("knows each event's transcript prefix: truncating there shows what the event refers to", () => {
    const file = transcript("tool_heavy.jsonl");
    const bytes = readFileSync(file);
    const dir = tempDir();
    const cut = join(dir, "prefix.jsonl");
    for (const e of deriveHookEvents(file)) {
      writeFileSync(cut, bytes.subarray(0, e.transcriptOffset));
      const calls = allToolCalls(readClaudeTranscript(cut).messages);
      const call = calls.find((c) => c.id === e.input.tool_use_id);
      if (e.event === "PreToolUse") expect(call).toBeDefined();
      if (e.event === "PostToolUse" || e.event === "PostToolUseFailure") expect(call?.result).toBeDefined();
      if (e.event === "UserPromptSubmit") {
        const prompts = readClaudeTranscript(cut)
          .messages.filter((m) => m.kind === "prompt")
          .map((m) => m.text);
        expect(prompts).not.toContain(e.input.prompt); // the hook runs before the prompt is recorded
      }
    }
  });

  it("derives turns, failures, a background agent and stop_hook_active on a synthetic transcript", () => {
    const dir = tempDir();
    const path = writeTranscript(dir, [
      userText("run the tests", { permissionMode: "default" }),
      assistant("msg_1", toolUse("t1", "Bash", { command: "npm test" })),
      toolResult("t1", "Exit code 1\n2 failing", { isError: true, structured: "Error: Exit code 1" }),
      assistant(
        "msg_1",
        toolUse("t2", "Task", { description: "fix", prompt: "fix it", run_in_background: true }),
      ),
      toolResult("t2", "launched", { structured: { status: "async_launched", agentId: "a42" } }),
      assistant("msg_2", text("Started a background agent.")),
      userText(
        "<task-notification>\n<task-id>a42</task-id>\n<status>completed</status>\n</task-notification>",
      ),
      assistant("msg_3", text("The agent fixed both tests.")),
      system("stop_hook_summary"),
      assistant("msg_4", text("Continuing as the stop hook asked.")),
      userText("thanks"),
      assistant("msg_5", toolUse("t3", "Edit", { file_path: "/a", old_string: "x", new_string: "y" })),
      toolResult("t3", "ok", { structured: { filePath: "/a" } }),
      assistant("msg_6", text("Done.")),
    ]);
    const events = deriveHookEvents(path);
    expect(events.map((e) => e.event)).toEqual([
      "SessionStart",
      "UserPromptSubmit",
      "PreToolUse",
      "PostToolUseFailure",
      "PreToolUse",
      "SubagentStart",
      "PostToolUse",
      "Stop",
      "SubagentStop",
      "Stop",
      "Stop",
      "UserPromptSubmit",
      "PreToolUse",
      "PostToolUse",
      "Stop",
      "SessionEnd",
    ]);
    const by = (i: number) => events[i]!.input;
    expect(by(0)).toMatchObject({ session_id: SESSION_ID, cwd: "/home/dev/shop-api", source: "startup" });
    expect(by(3)).toMatchObject({
      tool_name: "Bash",
      error: "Exit code 1\n2 failing",
      permission_mode: "default",
    });
    expect(by(5)).toMatchObject({ agent_id: "a42", agent_type: "general-purpose" });
    expect(by(7)).toMatchObject({
      last_assistant_message: "Started a background agent.",
      stop_hook_active: false,
    });
    expect(by(8)).toMatchObject({
      agent_id: "a42",
      agent_transcript_path: join(dir, SESSION_ID, "subagents", "agent-a42.jsonl"),
    });
    expect(by(9)).toMatchObject({
      last_assistant_message: "The agent fixed both tests.",
      stop_hook_active: false,
    });
    expect(by(10)).toMatchObject({
      last_assistant_message: "Continuing as the stop hook asked.",
      stop_hook_active: true,
    });
    expect(by(13)).toMatchObject({ tool_name: "Edit", tool_response: { filePath: "/a" } });
    expect(by(14)).toMatchObject({ last_assistant_message: "Done." });
  });

  it("handles an empty transcript", () => {
    const path = writeTranscript(tempDir(), []);
    expect(
      deriveHookEvents(path, { fallbackCwd: "/w" }).map((e) => [e.event, e.input.cwd, e.transcriptOffset]),
    ).toEqual([
      ["SessionStart", "/w", 0],
      ["SessionEnd", "/w", 0],
    ]);
  });
});
