/**
 * Captures Codex 0.171.0 hook stdin and its rollout (scripts/capture-hook-fixtures.mjs). Session 1: a
 * shell call (PreToolUse/PostToolUse, reported as Bash), `multi_agent_v1.spawn_agent` + `wait_agent`
 * (SubagentStart/SubagentStop), Stop, SessionEnd. Session 2: `exec resume --last` with
 * `-c model_auto_compact_token_limit=1`, so the turn auto-compacts (PreCompact/PostCompact). Hooks run with
 * `--dangerously-bypass-hook-trust`.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { codexHome, writeCodexConfig } from "../../helpers/harness/config.js";
import { type HookRecord, readRecords, recorder } from "../../helpers/harness/recorder.js";
import { runCodex } from "../../helpers/harness/run-codex.js";
import { makeSandbox } from "../../helpers/harness/sandbox.js";
import { bodyText, type HarnessRequest } from "../../helpers/harness/servers/base.js";
import {
  isMainCodex,
  spawnedAgentId,
  startOpenAIResponsesServer,
} from "../../helpers/harness/servers/openai-responses.js";
import { filesUnder, freshDir, writeHookFixtures, writeTranscript } from "./capture-lib.js";

const EVENTS = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PermissionRequest",
  "PostToolUse",
  "Stop",
  "SessionEnd",
  "PreCompact",
  "PostCompact",
  "SubagentStart",
  "SubagentStop",
];

/** A subagent request: its last input item is the spawn message. */
const isSub = (req: HarnessRequest) =>
  bodyText((req.body as { input?: unknown[] }).input?.at(-1)).includes("SUBAGENT_TASK");
const main = (req: HarnessRequest) => isMainCodex(req) && !isSub(req);
const ns = "multi_agent_v1";

test("capture Codex hook stdin and rollout", async () => {
  const sb = makeSandbox();
  const records = join(sb.home, "records");
  const rec = recorder(join(sb.home, "bin"), records);
  writeFileSync(join(sb.project, "a.txt"), "hello\n");
  const server = await startOpenAIResponsesServer([
    { match: main, reply: { tool: { name: "exec_command", input: { cmd: "cat a.txt" } } } },
    {
      match: main,
      reply: { tool: { name: "spawn_agent", namespace: ns, input: { message: "SUBAGENT_TASK: reply hi" } } },
    },
    { match: isSub, reply: { text: "hi" } },
    {
      match: main,
      reply: (req) => ({
        tool: {
          name: "wait_agent",
          namespace: ns,
          input: { targets: [spawnedAgentId(req)], timeout_ms: 10_000 },
        },
      }),
    },
    { match: main, reply: { text: "Done: a.txt says hello." } },
  ]);
  writeCodexConfig(sb.home, server.origin, Object.fromEntries(EVENTS.map((e) => [e, [rec(e)]])));
  try {
    const r1 = await runCodex(sb, "Show a.txt, then ask an agent", {
      bypassHookTrust: true,
      timeoutMs: 60_000,
    });
    expect(r1.code, r1.stderr).toBe(0);
    server.script(
      { match: main, reply: { tool: { name: "exec_command", input: { cmd: "echo again" } } } },
      { match: main, reply: { text: "Resumed." } },
    );
    const compact = ["-c", "model_auto_compact_token_limit=1"];
    const r2 = await runCodex(sb, "Anything else?", {
      resume: true,
      bypassHookTrust: true,
      extraArgs: compact,
      timeoutMs: 60_000,
    });
    expect(r2.code, r2.stderr).toBe(0);
    const variant = (r: HookRecord) =>
      (r.stdin.source ?? r.stdin.trigger ?? r.stdin.reason ?? r.stdin.tool_name) as string | undefined;
    const seen = writeHookFixtures(sb, freshDir("hooks", "codex"), readRecords(records), variant);
    const tdir = freshDir("transcripts", "codex");
    const saved = filesUnder(join(codexHome(sb.home), "sessions"), ".jsonl").map((f) =>
      writeTranscript(sb, f, tdir),
    );
    console.log(
      JSON.stringify({ seen, saved, pending: server.pending(), requests: server.requests.length }, null, 2),
    );
  } finally {
    await server.close();
    sb.cleanup();
  }
});
