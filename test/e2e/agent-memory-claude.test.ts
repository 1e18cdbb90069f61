/**
 * Agent memory end to end with the real Claude Code 2.1.332 (headless, scripted Anthropic server,
 * sandbox HOME): two subagent types defined in `.claude/agents/`, `reviewer` without `memory:` (memdir's
 * default scope, local) and `tester` with `memory: project` (Claude Code loads that itself). Session 1
 * spawns each through the Agent tool with a prompt that states a fact; SubagentStop starts the
 * extraction of the subagent's own transcript into its agent type's memory dir. Session 2 spawns them
 * again: the reviewer's first request carries memdir's SubagentStart context with the fact; the tester's
 * carries it in Claude Code's own `# Persistent Agent Memory`, and memdir does not inject it twice.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { realCliSkipReason } from "../helpers/harness/clis.js";
import { isMainAnthropic } from "../helpers/harness/servers/anthropic-stream.js";
import { bodyText, type HarnessRequest } from "../helpers/harness/servers/base.js";
import { claude } from "./drivers.js";
import { requestText, waitForJobsIdle } from "./e2e-lib.js";
import {
  closeScenario,
  expectHealthy,
  runFrom,
  type Scenario,
  setupScenario,
  stepInstall,
} from "./scenario.js";

const skip = realCliSkipReason();
if (skip) console.warn(skip);

const firstMessage = (req: HarnessRequest) => bodyText((req.body as { messages?: unknown[] }).messages?.[0]);
const isSubOf = (marker: string) => (req: HarnessRequest) => firstMessage(req).includes(marker);
const isMainNotSub = (req: HarnessRequest) =>
  isMainAnthropic(req) && !firstMessage(req).includes("AGENT_TASK");

function define(project: string, name: string, memory?: string): void {
  const dir = join(project, ".claude", "agents");
  mkdirSync(dir, { recursive: true });
  writeFileSync(
    join(dir, `${name}.md`),
    `---\nname: ${name}\ndescription: The ${name} agent of this project\n${memory ? `memory: ${memory}\n` : ""}---\nYou are the ${name}. Do the task you are given.\n`,
  );
}

/** Main agent: one Agent call for `agent` with `prompt`, the subagent answers, the main agent ends. */
function scriptAgentCall(s: Scenario, agent: string, prompt: string, marker: string): void {
  s.server.script(
    {
      match: isMainNotSub,
      reply: {
        tool: { name: "Agent", input: { description: `Ask ${agent}`, prompt, subagent_type: agent } },
      },
    },
    { match: isSubOf(marker), reply: { text: "Noted." } },
    { match: isMainNotSub, reply: { text: `The ${agent} is done.` } },
  );
}

async function waitForFile(file: string, fragment: string, ms = 30_000): Promise<string> {
  const end = Date.now() + ms;
  for (;;) {
    const t = existsSync(file) ? readFileSync(file, "utf8") : "";
    if (t.includes(fragment)) return t;
    if (Date.now() > end) {
      const dir = join(file, "..");
      const files = existsSync(dir) ? readdirSync(dir).join(", ") : "(no dir)";
      throw new Error(`${file} never held ${fragment}; it holds: ${t.slice(0, 500)}; the dir: ${files}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
}

describe.skipIf(skip !== null)("agent memory with Claude Code", { timeout: 120_000 }, () => {
  let s: Scenario;
  beforeAll(async () => {
    s = await setupScenario({ ...claude, isMain: isMainNotSub }, "agents");
    define(s.sb.project, "reviewer");
    define(s.sb.project, "tester", "project");
  });
  afterAll(async () => closeScenario(s));

  it("memdir install claude registers SubagentStart and SubagentStop synchronously", async () => {
    await stepInstall(s);
    const settings = JSON.parse(readFileSync(s.d.settingsFiles(s.sb)[0]!, "utf8")) as {
      hooks: Record<string, { hooks: { async?: boolean }[] }[]>;
    };
    expect(settings.hooks.SubagentStart![0]!.hooks[0]!.async).toBeUndefined();
    expect(settings.hooks.SubagentStop![0]!.hooks[0]!.async).toBeUndefined();
  });

  const reviewerDir = () => join(s.sb.project, ".claude", "agent-memory-local", "reviewer");
  const testerDir = () => join(s.sb.project, ".claude", "agent-memory", "tester");

  it("session 1: each subagent learns into its agent type's memory dir", async () => {
    scriptAgentCall(
      s,
      "reviewer",
      "Bugs are tracked in the Linear project REVIEWQ7. Go: REVIEWER_AGENT_TASK 1.",
      "REVIEWER_AGENT_TASK 1",
    );
    const r1 = await runFrom(s, "Ask the reviewer to look at notes.txt.");
    expectHealthy(s, r1.run);
    expect(r1.run.hookRuns.map((h) => h.name)).toContain("SubagentStop");
    await waitForFile(join(reviewerDir(), "MEMORY.md"), "REVIEWQ7");
    expect(readFileSync(join(s.sb.project, ".claude", "agent-memory-local", ".gitignore"), "utf8")).toContain(
      "*",
    );
    await waitForJobsIdle(s.sb);

    scriptAgentCall(
      s,
      "tester",
      "Bugs are tracked in the Linear project TESTQ8. Go: TESTER_AGENT_TASK 1.",
      "TESTER_AGENT_TASK 1",
    );
    const r2 = await runFrom(s, "Ask the tester to look at notes.txt.");
    expectHealthy(s, r2.run);
    await waitForFile(join(testerDir(), "MEMORY.md"), "TESTQ8");
    await waitForJobsIdle(s.sb);
    // Neither went into the project's own memory dir as the subagent's memory.
    expect(existsSync(join(reviewerDir(), "..", "..", "agent-memory", "reviewer"))).toBe(false);
  });

  it("session 2: the reviewer gets memdir's agent memory, the tester Claude Code's (not twice)", async () => {
    scriptAgentCall(
      s,
      "reviewer",
      "REVIEWER_AGENT_TASK 2: what do you know about bugs?",
      "REVIEWER_AGENT_TASK 2",
    );
    const { run, from } = await runFrom(s, "Ask the reviewer about bugs.");
    expectHealthy(s, run);
    const sub = s.server.requests.slice(from).find(isSubOf("REVIEWER_AGENT_TASK 2"));
    expect(sub, "the reviewer's request").toBeDefined();
    const text = requestText(sub);
    expect(text).toContain("memory of the reviewer agent");
    expect(text).toContain("REVIEWQ7");
    await waitForJobsIdle(s.sb);

    scriptAgentCall(s, "tester", "TESTER_AGENT_TASK 2: what do you know about bugs?", "TESTER_AGENT_TASK 2");
    const t = await runFrom(s, "Ask the tester about bugs.");
    expectHealthy(s, t.run);
    const tsub = s.server.requests.slice(t.from).find(isSubOf("TESTER_AGENT_TASK 2"));
    expect(tsub, "the tester's request").toBeDefined();
    const ttext = requestText(tsub);
    expect(ttext).toContain("Persistent Agent Memory");
    expect(ttext).toContain("TESTQ8");
    expect(ttext).not.toContain("memory of the tester agent, project scope");
    await waitForJobsIdle(s.sb);
  });
});
