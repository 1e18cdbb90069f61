/**
 * End to end with the real Codex CLI 0.171.0 (`codex exec`, scripted Responses server, sandbox
 * CODEX_HOME): `memdir install codex` (hooks trusted through the real `codex app-server`; no run uses
 * `--dangerously-bypass-hook-trust`) → a session that teaches memdir three memories → `exec resume
 * --last` → auto compaction (`-c model_auto_compact_token_limit=1`: the request after SessionStart(compact)
 * must carry the session summary refreshed by PreCompact) → a new session whose first request carries
 * the memories → a `spawn_agent` subagent → `memdir uninstall codex` (hooks.json gone again, config.toml
 * byte-identical). Codex reports no hook failure anywhere, so hooks are checked through memdir's state
 * and log.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { realCliSkipReason } from "../helpers/harness/clis.js";
import { bodyText, type HarnessRequest } from "../helpers/harness/servers/base.js";
import {
  isCodexCompaction,
  isMainCodex,
  spawnedAgentId,
} from "../helpers/harness/servers/openai-responses.js";
import { codex } from "./drivers.js";
import { logProblems, readSubagents, requestText, summaryBlock, waitForJobsIdle } from "./e2e-lib.js";
import {
  closeScenario,
  expectHealthy,
  resumeMark,
  runFrom,
  type Scenario,
  setupScenario,
  stepInstall,
  stepLearn,
  stepNewSession,
  stepResume,
  stepUninstall,
} from "./scenario.js";

const skip = realCliSkipReason();
if (skip) console.warn(skip);

/**
 * A subagent request: its last input item is the spawn message, or the one before it when memdir's
 * recall for that message (UserPromptSubmit inside the subagent) follows it.
 */
const isSub = (req: HarnessRequest) =>
  ((req.body as { input?: unknown[] }).input ?? []).slice(-2).some((item) => {
    const m = item as { type?: string; role?: string; content?: unknown };
    return m.type === "message" && m.role === "user" && bodyText(m.content).includes("SUBAGENT_TASK");
  });
const isMainNotSub = (req: HarnessRequest) => isMainCodex(req) && !isSub(req);
const ns = "multi_agent_v1";

describe.skipIf(skip !== null)("Codex end to end", { timeout: 90_000 }, () => {
  let s: Scenario;
  beforeAll(async () => {
    s = await setupScenario({ ...codex, isMain: isMainNotSub }, "go");
  });
  afterAll(async () => {
    console.log(`Codex e2e timings (ms): ${JSON.stringify(s?.timings)}`);
    await closeScenario(s);
  });

  it("memdir install codex registers and trusts the hooks", () => stepInstall(s));
  it("session 1: the preference, the fact and the pointer become memories", () => stepLearn(s));
  it("exec resume --last: the session summary, the memories and the conversation arrive", () =>
    stepResume(s));

  it("auto compaction: the context after SessionStart(compact) carries the refreshed summary", async () => {
    s.server.script(
      { match: isMainNotSub, reply: { tool: { name: "exec_command", input: { cmd: "echo again" } } } },
      { match: isMainNotSub, reply: { text: "Compacted and done." } },
    );
    const { run, from } = await runFrom(s, "Carry on.", {
      resume: true,
      extraArgs: ["-c", "model_auto_compact_token_limit=1"],
    });
    expectHealthy(s, run);
    const reqs = s.server.requests.slice(from);
    const at = reqs.findIndex(isCodexCompaction);
    expect(at, "a compaction request").toBeGreaterThanOrEqual(0);
    const after = reqs.slice(at + 1).find(isMainNotSub);
    // Codex keeps the user's messages through a compaction: look inside memdir's summary block only.
    const summary = summaryBlock(requestText(after));
    expect(summary, "SessionStart(compact) context").toContain("summary of this session");
    // The resumed turn is in the summary only when PreCompact's forced refresh was written before
    // SessionStart(compact) read it.
    expect(summary, "summary refreshed before SessionStart(compact)").toContain(resumeMark(s));
    await waitForJobsIdle(s.sb);
  });

  it("a new session's first request carries the memories", () => stepNewSession(s));

  /** One spawn_agent call with `message`, the subagent's reply, wait_agent, the main agent's answer. */
  const scriptSpawn = (message: string) =>
    s.server.script(
      { match: isMainNotSub, reply: { tool: { name: "spawn_agent", namespace: ns, input: { message } } } },
      { match: isSub, reply: { text: "hi" } },
      {
        match: isMainNotSub,
        reply: (req) => ({
          tool: {
            name: "wait_agent",
            namespace: ns,
            input: { targets: [spawnedAgentId(req)], timeout_ms: 10_000 },
          },
        }),
      },
      { match: isMainNotSub, reply: { text: "The agent said hi." } },
    );

  it("a spawn_agent subagent: SubagentStart/SubagentStop run without error, and it learns", async () => {
    scriptSpawn("SUBAGENT_TASK: Bugs are tracked in the Linear project CODEXQ9. Reply hi.");
    const { run } = await runFrom(s, "Ask an agent to say hi.");
    expectHealthy(s, run);
    expect(s.server.pending(), "scripted turns left").toBe(0);
    await waitForJobsIdle(s.sb);
    const tracked = readSubagents(s.paths, run.sessionId!);
    expect(tracked.agents.map((a) => [a.agent_type, a.status])).toEqual([["default", "completed"]]);
    expect(tracked.total_unmatched_stops).toBe(0);
    expect(logProblems(s.paths)).toEqual([]);
    // Codex has no agent memory of its own: the `default` agent type's memory is memdir's local scope.
    const index = join(s.sb.project, ".claude", "agent-memory-local", "default", "MEMORY.md");
    expect(existsSync(index) ? readFileSync(index, "utf8") : "", "the subagent's memory").toContain(
      "CODEXQ9",
    );
  });

  it("the next subagent of that type receives its memory at SubagentStart", async () => {
    scriptSpawn("SUBAGENT_TASK: what do you know about bugs? Reply hi.");
    const { run, from } = await runFrom(s, "Ask an agent about bugs.");
    expectHealthy(s, run);
    const sub = s.server.requests.slice(from).find(isSub);
    expect(requestText(sub)).toContain("memory of the default agent type");
    expect(requestText(sub)).toContain("CODEXQ9");
    await waitForJobsIdle(s.sb);
  });

  it("memdir uninstall codex gives hooks.json and config.toml back", () => stepUninstall(s));
});
