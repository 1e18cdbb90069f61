/**
 * Captures Claude Code 2.1.332 hook stdin and a transcript (scripts/capture-hook-fixtures.mjs). Session 1:
 * Bash (PreToolUse/PostToolUse), a Read of a missing file (PostToolUseFailure), a general-purpose Agent
 * (SubagentStart/SubagentStop), Stop, SessionEnd; session 2: `--resume`; session 3: `--resume` with
 * "/compact" (PreCompact, SessionStart compact, the compaction agent's SubagentStop).
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { expect, test } from "vitest";
import { writeClaudeConfig } from "../../helpers/harness/config.js";
import { readRecords, recorder } from "../../helpers/harness/recorder.js";
import { runClaude } from "../../helpers/harness/run-claude.js";
import { makeSandbox } from "../../helpers/harness/sandbox.js";
import {
  isMainAnthropic,
  startAnthropicStreamServer,
} from "../../helpers/harness/servers/anthropic-stream.js";
import { bodyText, type HarnessRequest } from "../../helpers/harness/servers/base.js";
import { filesUnder, freshDir, writeHookFixtures, writeTranscript } from "./capture-lib.js";

const EVENTS = [
  "SessionStart",
  "UserPromptSubmit",
  "PreToolUse",
  "PostToolUse",
  "PostToolUseFailure",
  "SubagentStart",
  "SubagentStop",
  "Stop",
  "PreCompact",
  "SessionEnd",
];

/** A request of the subagent: its first message carries the Agent prompt's marker. */
const isSub = (req: HarnessRequest) =>
  bodyText((req.body as { messages?: unknown[] }).messages?.[0]).includes("SUBAGENT_TASK");
const main = (req: HarnessRequest) => isMainAnthropic(req) && !isSub(req);

test("capture Claude Code hook stdin and transcript", async () => {
  const sb = makeSandbox();
  const records = join(sb.home, "records");
  const rec = recorder(join(sb.home, "bin"), records);
  writeClaudeConfig(sb.home, Object.fromEntries(EVENTS.map((e) => [e, [rec(e)]])));
  writeFileSync(join(sb.project, "a.txt"), "hello\n");
  const server = await startAnthropicStreamServer([
    {
      match: main,
      reply: { tool: { name: "Bash", input: { command: "cat a.txt", description: "Show a.txt" } } },
    },
    { match: main, reply: { tool: { name: "Read", input: { file_path: join(sb.project, "missing.txt") } } } },
    {
      match: main,
      reply: {
        tool: {
          name: "Agent",
          input: {
            description: "Say hi",
            prompt: "SUBAGENT_TASK: reply hi",
            subagent_type: "general-purpose",
          },
        },
      },
    },
    { match: main, reply: { text: "Done: a.txt says hello." } },
    { match: isSub, reply: { text: "hi" } },
  ]);
  try {
    const r1 = await runClaude(sb, server, "Show a.txt, then read missing.txt, then ask an agent", {
      timeoutMs: 90_000,
    });
    expect(r1.code, r1.stderr).toBe(0);
    expect(r1.sessionId).toBeTruthy();
    server.script({ match: main, reply: { text: "Resumed." } });
    const r2 = await runClaude(sb, server, "Anything else?", { resume: r1.sessionId!, timeoutMs: 60_000 });
    expect(r2.code, r2.stderr).toBe(0);
    const r3 = await runClaude(sb, server, "", {
      resume: r2.sessionId ?? r1.sessionId!,
      compact: true,
      timeoutMs: 60_000,
    });
    expect(r3.code, r3.stderr).toBe(0);
    const all = readRecords(records);
    const variant = (r: { event: string; stdin: Record<string, unknown> }) =>
      (r.stdin.source ?? r.stdin.trigger ?? r.stdin.reason ?? r.stdin.tool_name ?? r.stdin.agent_type) as
        | string
        | undefined;
    const seen = writeHookFixtures(sb, freshDir("hooks", "claude-code"), all, variant);
    const tdir = freshDir("transcripts", "claude-code");
    const projects = join(sb.home, ".claude", "projects");
    const saved = filesUnder(projects, ".jsonl").map((f) =>
      writeTranscript(sb, f, tdir, f.slice(projects.length + 1).replace(/\//g, "__")),
    );
    console.log(
      JSON.stringify({ seen, saved, pending: server.pending(), requests: server.requests.length }, null, 2),
    );
  } finally {
    await server.close();
    sb.cleanup();
  }
});
