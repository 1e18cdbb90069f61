/**
 * The three real harness CLIs (Claude Code 2.1.332, Codex 0.171.0, Gemini CLI 0.61.0) run headless in a
 * sandbox HOME against their scripted model servers: a recorder hook on SessionStart prints
 * `hookSpecificOutput.additionalContext`, and the test checks that the hook ran and that the context
 * reached the model's request as the server received it. Skipped only with MEMDIR_HARNESS_CLIS=skip
 * outside CI (test/helpers/harness/clis.ts).
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { realCliSkipReason } from "../helpers/harness/clis.js";
import { writeClaudeConfig, writeCodexConfig, writeGeminiConfig } from "../helpers/harness/config.js";
import { readRecords, recorder } from "../helpers/harness/recorder.js";
import { runClaude } from "../helpers/harness/run-claude.js";
import { runCodex } from "../helpers/harness/run-codex.js";
import { runGemini } from "../helpers/harness/run-gemini.js";
import { makeSandbox, type Sandbox } from "../helpers/harness/sandbox.js";
import { startAnthropicStreamServer } from "../helpers/harness/servers/anthropic-stream.js";
import { bodyText, type HarnessServer } from "../helpers/harness/servers/base.js";
import { startGeminiServer } from "../helpers/harness/servers/gemini.js";
import { startOpenAIResponsesServer } from "../helpers/harness/servers/openai-responses.js";

const skip = realCliSkipReason();
if (skip) console.warn(skip);

const CONTEXT = "MEMDIR_SMOKE_CONTEXT_7f3a";
const open: { sb: Sandbox; server: HarnessServer }[] = [];
afterEach(async () => {
  for (const { sb, server } of open.splice(0)) {
    await server.close();
    sb.cleanup();
  }
});

/** The scripted (agent-loop) requests' text. */
const mainText = (server: HarnessServer) =>
  server.requests
    .filter((r) => r.scripted)
    .map((r) => bodyText(r.body))
    .join("\n");

async function setup(start: () => Promise<HarnessServer>) {
  const sb = makeSandbox();
  const server = await start();
  open.push({ sb, server });
  const records = join(sb.home, "records");
  const hook = recorder(join(sb.home, "bin"), records)("SessionStart", CONTEXT);
  return { sb, server, records, hook };
}

describe.skipIf(skip !== null)("real harness CLIs, headless, scripted model", () => {
  it("Claude Code: SessionStart context reaches the Messages request", { timeout: 60_000 }, async () => {
    const { sb, server, records, hook } = await setup(() => startAnthropicStreamServer([{ text: "ok" }]));
    writeClaudeConfig(sb.home, { SessionStart: [hook] });
    const run = await runClaude(sb, server, "say ok", { timeoutMs: 45_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(readRecords(records).map((r) => r.event)).toEqual(["SessionStart"]);
    expect(mainText(server)).toContain(`SessionStart hook additional context: ${CONTEXT}`);
    expect(server.requests[0]?.headers["x-claude-code-session-id"]).toBe(run.sessionId);
  });

  it("Codex: SessionStart context reaches the Responses request", { timeout: 60_000 }, async () => {
    const { sb, server, records, hook } = await setup(() => startOpenAIResponsesServer([{ text: "ok" }]));
    writeCodexConfig(sb.home, server.origin, { SessionStart: [hook] });
    const run = await runCodex(sb, "say ok", { bypassHookTrust: true, timeoutMs: 45_000 });
    expect(run.code, run.stderr).toBe(0);
    const rec = readRecords(records);
    expect(rec.map((r) => r.event)).toEqual(["SessionStart"]);
    expect(rec[0]?.stdin.session_id).toBe(run.threadId);
    expect(mainText(server)).toContain(CONTEXT);
  });

  it("Gemini CLI: SessionStart context reaches the streamGenerateContent request", {
    timeout: 90_000,
  }, async () => {
    const { sb, server, records, hook } = await setup(() => startGeminiServer([{ text: "ok" }]));
    const settings = writeGeminiConfig(sb.home, { SessionStart: [hook] });
    const written = readFileSync(settings, "utf8");
    const run = await runGemini(sb, server, "say ok", { timeoutMs: 75_000 });
    expect(run.code, run.stderr).toBe(0);
    expect(run.result?.response).toBe("ok");
    expect(readRecords(records).map((r) => r.event)).toEqual(["SessionStart"]);
    expect(mainText(server)).toContain(`<hook_context>${CONTEXT}</hook_context>`);
    // The CLI migrates deprecated keys of the user settings in place, silently: the file must be current.
    expect(readFileSync(settings, "utf8"), "settings.json as written").toBe(written);
    expect(run.stderr).not.toMatch(/deprecat|migrat/i);
  });
});
