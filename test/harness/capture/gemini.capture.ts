/**
 * Captures Gemini CLI 0.61.0 hook stdin and session files (scripts/capture-hook-fixtures.mjs). Session 1:
 * one `run_shell_command` (BeforeTool/AfterTool) and an answer (BeforeAgent, BeforeModel, AfterModel,
 * BeforeToolSelection, PreCompress, AfterAgent, SessionEnd); session 2: `--resume latest` (SessionStart
 * resume; the stub session file); session 3: resumed without `--yolo`, one tool call that needs approval
 * (the only documented Notification, `ToolPermission`).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { writeGeminiConfig } from "../../helpers/harness/config.js";
import { type HookRecord, readRecords, recorder } from "../../helpers/harness/recorder.js";
import { runGemini } from "../../helpers/harness/run-gemini.js";
import { makeSandbox } from "../../helpers/harness/sandbox.js";
import { startGeminiServer } from "../../helpers/harness/servers/gemini.js";
import { filesUnder, freshDir, writeHookFixtures, writeTranscript } from "./capture-lib.js";

const EVENTS = [
  "SessionStart",
  "SessionEnd",
  "BeforeAgent",
  "AfterAgent",
  "BeforeModel",
  "AfterModel",
  "BeforeToolSelection",
  "BeforeTool",
  "AfterTool",
  "PreCompress",
  "Notification",
];

test("capture Gemini CLI hook stdin and session files", async () => {
  const sb = makeSandbox();
  const records = join(sb.home, "records");
  const rec = recorder(join(sb.home, "bin"), records);
  writeGeminiConfig(sb.home, Object.fromEntries(EVENTS.map((e) => [e, [rec(e)]])));
  writeFileSync(join(sb.project, "a.txt"), "hello\n");
  const server = await startGeminiServer([
    { tool: { name: "run_shell_command", input: { command: "cat a.txt", description: "Show a.txt" } } },
    { text: "Done: a.txt says hello." },
  ]);
  try {
    const r1 = await runGemini(sb, server, "Show a.txt", { timeoutMs: 90_000 });
    expect(r1.code, r1.stderr).toBe(0);
    // The session file is named by the minute (session-<YYYY-MM-DDTHH-MM>-<id8>.jsonl): a resume in the
    // same minute reuses the name, so wait for the next minute to see the separate stub file.
    await new Promise((r) => setTimeout(r, 61_000 - (Date.now() % 60_000)));
    server.script({ text: "Resumed." });
    const r2 = await runGemini(sb, server, "Anything else?", { resume: true, timeoutMs: 90_000 });
    expect(r2.code, r2.stderr).toBe(0);
    server.script(
      { tool: { name: "run_shell_command", input: { command: "echo again", description: "Echo" } } },
      { text: "No approval, fine." },
    );
    const r3 = await runGemini(sb, server, "Echo again", { resume: true, noYolo: true, timeoutMs: 90_000 });
    const variant = (r: HookRecord) =>
      (r.stdin.source ??
        r.stdin.reason ??
        r.stdin.trigger ??
        r.stdin.tool_name ??
        r.stdin.notification_type) as string | undefined;
    const seen = writeHookFixtures(sb, freshDir("hooks", "gemini"), readRecords(records), variant);
    const tdir = freshDir("transcripts", "gemini");
    const tmp = join(sb.home, ".gemini", "tmp");
    const saved = filesUnder(tmp, ".jsonl").map((f) => writeTranscript(sb, f, tdir));
    const r3out = { code: r3.code, response: r3.result?.response, stderr: r3.stderr.slice(-600) };
    console.log(JSON.stringify({ seen, saved, r3: r3out, pending: server.pending() }, null, 2));
  } finally {
    await server.close();
    sb.cleanup();
  }
});
