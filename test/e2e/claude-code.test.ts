/**
 * End to end with the real Claude Code 2.1.332 (headless, scripted Anthropic server, sandbox HOME):
 * `memdir install claude` → a session that teaches memdir three memories (extraction detached from the
 * synchronous Stop hook, since `-p` cancels async hooks at its end) → `--resume` → `/compact` (the
 * SessionStart(compact) context must carry the session summary refreshed by PreCompact) → a new session
 * whose first request carries the memories → an Agent subagent → `memdir uninstall claude`. The steps
 * share one sandbox and run in order.
 */
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { realCliSkipReason } from "../helpers/harness/clis.js";
import { isCompaction, isMainAnthropic } from "../helpers/harness/servers/anthropic-stream.js";
import { bodyText, type HarnessRequest } from "../helpers/harness/servers/base.js";
import { claude } from "./drivers.js";
import { logProblems, readSubagents, summaryBlock, waitForJobsIdle } from "./e2e-lib.js";
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

/** A request of the subagent: its first message is the Agent prompt. */
const isSub = (req: HarnessRequest) =>
  bodyText((req.body as { messages?: unknown[] }).messages?.[0]).includes("SUBAGENT_TASK");
const isMainNotSub = (req: HarnessRequest) => isMainAnthropic(req) && !isSub(req);

describe.skipIf(skip !== null)("Claude Code end to end", { timeout: 90_000 }, () => {
  let s: Scenario;
  beforeAll(async () => {
    s = await setupScenario({ ...claude, isMain: isMainNotSub }, "rust");
  });
  afterAll(async () => {
    console.log(`Claude Code e2e timings (ms): ${JSON.stringify(s?.timings)}`);
    await closeScenario(s);
  });

  it("memdir install claude registers the hooks", () => stepInstall(s));
  it("session 1: the preference, the fact and the pointer become memories", () => stepLearn(s));
  it("--resume: the session summary, the memories and the conversation arrive", () => stepResume(s));

  it("/compact: SessionStart(compact) carries the summary refreshed by PreCompact", async () => {
    const { run, from } = await runFrom(s, "", { resume: s.session1!, compact: true });
    // The compaction agent's SubagentStop comes without a SubagentStart: it only records an unmatched
    // stop (no agent memory extraction for an internal agent).
    expectHealthy(s, run);
    expect(s.server.requests.slice(from).some(isCompaction), "a compaction request").toBe(true);
    const names = run.hookRuns.map((h) => h.name);
    expect(names).toContain("SessionStart:compact");
    const compactStart = run.hookRuns.find((h) => h.name === "SessionStart:compact")!;
    const context = (JSON.parse(compactStart.stdout) as { hookSpecificOutput: { additionalContext: string } })
      .hookSpecificOutput.additionalContext;
    const summary = summaryBlock(context);
    expect(summary, "SessionStart(compact) context").toContain(`summaries/${s.session1}.md`);
    // The turn before the compaction (the resume's prompt) is in the summary only when PreCompact's
    // forced refresh was written before SessionStart(compact) read it.
    expect(summary, "summary refreshed before SessionStart(compact)").toContain(resumeMark(s));
    await waitForJobsIdle(s.sb);
  });

  it("a new session's first request carries the memories", () => stepNewSession(s));

  it("an Agent subagent: SubagentStart/SubagentStop run without error", async () => {
    s.server.script(
      {
        match: isMainNotSub,
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
      { match: isSub, reply: { text: "hi" } },
      { match: isMainNotSub, reply: { text: "The agent said hi." } },
    );
    const { run } = await runFrom(s, "Ask an agent to say hi.");
    expectHealthy(s, run);
    const names = run.hookRuns.map((h) => h.name);
    expect(names).toContain("SubagentStart:general-purpose");
    expect(names).toContain("SubagentStop");
    await waitForJobsIdle(s.sb);
    const tracked = readSubagents(s.paths, run.sessionId!);
    expect(tracked.agents.map((a) => [a.agent_type, a.status])).toEqual([["general-purpose", "completed"]]);
    expect(logProblems(s.paths)).toEqual([]);
  });

  it("memdir uninstall claude gives settings.json back byte for byte", () => stepUninstall(s));
});
