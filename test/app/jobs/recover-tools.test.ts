/**
 * Recovery of the tool calls whose PostToolUse never ran to its end, in-process: the hooks through
 * `runHook`, the jobs they start through `runJob`, over a Claude Code transcript written like 2.1.332's.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { projectContext } from "../../../src/app/context.js";
import { runHook } from "../../../src/app/hooks/run.js";
import type { JobRequest } from "../../../src/app/jobs/request.js";
import { runJob } from "../../../src/app/jobs/run.js";
import { readNotepad } from "../../../src/notepad/index.js";
import { readProjectMemory } from "../../../src/project/index.js";
import {
  findReclaimableSessions,
  readEndRecord,
  readToolRecoveryState,
  readToolStats,
} from "../../../src/sessions/index.js";
import { assistant, text, toolResult, toolUse, userText } from "../../adapters/claude-code/synthetic.js";
import { appSandbox } from "../../helpers/app-sandbox.js";

const SID = "3f0c2a7e-5b1d-4c8e-9a21-6d7e8f901234"; // the synthetic transcripts' session id

function setup() {
  const sb = appSandbox("memdir-recover-job-", { extraction: { everyNTurns: 5 } });
  const requests: JobRequest[] = [];
  sb.rt.spawnJob = async (r) => {
    requests.push(r);
  };
  const transcript = join(sb.home, `${SID}.jsonl`);
  writeFileSync(transcript, "");
  const base = { session_id: SID, cwd: sb.project, transcript_path: transcript };
  const hook = (event: string, extra: Record<string, unknown> = {}) =>
    runHook(event, JSON.stringify({ ...base, hook_event_name: event, ...extra }), sb.rt);
  const paths = projectContext(sb.rt, sb.project).paths;
  return { ...sb, requests, transcript, hook, paths };
}

const read = { file_path: "src/app.ts" };
const edit = { file_path: "src/app.ts", old_string: "a", new_string: "a\nb\nc" };
const bash = { command: "npm test", description: "Run the tests" };
const agent = {
  description: "Check",
  prompt: "check it",
  subagent_type: "general-purpose",
  run_in_background: false,
};
const patch = { structuredPatch: [{ lines: [" a", "+b", "+c"] }] };

/** A headless session: four tool calls, then the answer. */
const TRANSCRIPT = [
  userText("check the app"),
  assistant("m1", toolUse("toolu_R", "Read", read)),
  toolResult("toolu_R", "1\ta", { structured: { type: "text" } }),
  assistant("m2", toolUse("toolu_E", "Edit", edit)),
  toolResult("toolu_E", "The file src/app.ts has been updated.", { structured: patch }),
  assistant("m3", toolUse("toolu_B", "Bash", bash)),
  toolResult("toolu_B", "ok", { structured: { stdout: "ok", stderr: "" } }),
  assistant("m4", toolUse("toolu_A", "Agent", agent)),
  toolResult("toolu_A", [text("All good. <remember>The app's tests run with npm test</remember>")]),
  assistant("m5", text("Done.")),
].join("");

describe("recovering tool calls in the jobs", () => {
  it("records what the cancelled hooks missed, exactly once across Stop, SessionEnd and reclaim", async () => {
    const s = setup();
    await s.hook("SessionStart", { source: "startup" });
    // Only the Read's PostToolUse ran; `claude -p` cancelled the others.
    await s.hook("PostToolUse", {
      tool_name: "Read",
      tool_input: read,
      tool_response: {},
      tool_use_id: "toolu_R",
    });
    writeFileSync(s.transcript, TRANSCRIPT);
    await s.hook("Stop");
    expect(s.requests.map((r) => r.kind)).toEqual(["recover"]); // extraction is not due (every 5 turns)
    await runJob(s.rt, s.requests[0]!);

    const want = {
      readCount: 1,
      editFileCount: 1,
      bashCount: 1,
      otherToolCount: 1,
      linesAdded: 2,
      linesRemoved: 0,
    };
    expect(readToolStats(s.paths.stateRoot, SID)).toMatchObject(want);
    const pm = readProjectMemory(s.paths.projectMemory)!;
    expect(pm.hotPaths).toEqual([expect.objectContaining({ path: "src/app.ts", count: 2 })]);
    expect(pm.commands).toEqual([expect.objectContaining({ command: "npm test", count: 1 })]);
    expect(readNotepad(s.paths.notepad).working.map((e) => e.text)).toEqual([
      "The app's tests run with npm test",
    ]);
    expect(readToolRecoveryState(s.paths.stateRoot, SID)).toMatchObject({
      recovered: ["toolu_E", "toolu_B", "toolu_A"],
      offset: TRANSCRIPT.length,
    });

    // A cancelled hook that ran after all records nothing.
    await s.hook("PostToolUse", {
      tool_name: "Edit",
      tool_input: edit,
      tool_response: patch,
      tool_use_id: "toolu_E",
    });
    // SessionEnd writes the end record and starts the extraction job, which recovers again.
    await s.hook("SessionEnd", { reason: "other" });
    const end = s.requests.at(-1)!;
    expect(end.kind).toBe("extract");
    await runJob(s.rt, end);
    expect(readToolStats(s.paths.stateRoot, SID)).toMatchObject(want);
    expect(readEndRecord(s.paths.stateRoot, SID)?.toolStats).toMatchObject(want);
    const again = readProjectMemory(s.paths.projectMemory)!;
    expect(again.hotPaths.map((h) => [h.path, h.count])).toEqual([["src/app.ts", 2]]);
    expect(again.commands.map((c) => [c.command, c.count])).toEqual([["npm test", 1]]);
    // Nothing is left for the next SessionStart to reclaim.
    expect(findReclaimableSessions(s.paths.stateRoot, "other-session", () => false)).toEqual([]);
  });

  it("an ended session whose recovery never ran is reclaimed, and its end record gets the recovered counts", async () => {
    const s = setup();
    await s.hook("SessionStart", { source: "startup" });
    writeFileSync(s.transcript, TRANSCRIPT);
    await s.hook("SessionEnd", { reason: "other" }); // its job never ran (the process was killed)
    expect(readEndRecord(s.paths.stateRoot, SID)?.toolStats.readCount).toBe(0);
    expect(findReclaimableSessions(s.paths.stateRoot, "next", () => false)).toEqual([SID]);
    s.requests.length = 0;
    await runHook(
      "SessionStart",
      JSON.stringify({
        session_id: "next",
        cwd: s.project,
        hook_event_name: "SessionStart",
        source: "startup",
      }),
      s.rt,
    );
    const queued = s.requests.find((r) => r.kind === "extract" && r.queue);
    expect(queued).toBeDefined();
    await runJob(s.rt, queued!);
    expect(readEndRecord(s.paths.stateRoot, SID)?.toolStats).toMatchObject({
      readCount: 1,
      editFileCount: 1,
      bashCount: 1,
      otherToolCount: 1,
    });
    expect(findReclaimableSessions(s.paths.stateRoot, "next", () => false)).toEqual([]);
  });

  it("leaves a session alone whose SessionStart set no ledger up (hooks from before recovery existed)", async () => {
    const s = setup();
    writeFileSync(s.transcript, TRANSCRIPT);
    await s.hook("Stop");
    await runJob(s.rt, s.requests[0]!);
    expect(readToolStats(s.paths.stateRoot, SID).readCount).toBe(0);
  });
});
