/**
 * Across harnesses, in one repository (one sandbox HOME, memdir installed into each real CLI): a memory
 * learned in a Claude Code session reaches the first model request of a Codex and of a Gemini CLI
 * session, and one learned in a Codex session reaches Claude Code's first request. All three share
 * memdir's memory dir for the project and its user memory.
 */
import { afterEach, describe, it } from "vitest";
import { realCliSkipReason } from "../helpers/harness/clis.js";
import { claude, codex, type Driver, gemini } from "./drivers.js";
import { waitForJobsIdle } from "./e2e-lib.js";
import {
  closeScenario,
  expectHealthy,
  expectMemoriesIn,
  firstMainText,
  runFrom,
  type Scenario,
  setupScenario,
  stepInstall,
  stepLearn,
} from "./scenario.js";

const skip = realCliSkipReason();
if (skip) console.warn(skip);

const open: Scenario[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await closeScenario(s);
});

/** Another harness in the same sandbox: its own scripted server and config, memdir installed into it. */
async function alsoIn(base: Scenario, d: Driver): Promise<Scenario> {
  const server = await d.start();
  d.prepare(base.sb, server);
  const s: Scenario = { ...base, d, server, timings: {}, before: new Map() };
  // The sandbox is cleaned by the base scenario; only the server is this one's.
  open.push({ ...s, sb: { ...base.sb, cleanup: () => {} } });
  await stepInstall(s);
  return s;
}

/** A new session of `s`'s harness: its first request carries `from`'s memories. */
async function expectRecalled(s: Scenario, from: Scenario): Promise<void> {
  s.server.script({ text: "Tabs, as you prefer." });
  const { run, from: at } = await runFrom(s, "Which indentation should I use here?");
  expectHealthy(s, run);
  expectMemoriesIn(firstMainText(s, at), from.memories);
  await waitForJobsIdle(s.sb);
}

describe.skipIf(skip !== null)("memories across harnesses in one repository", { timeout: 180_000 }, () => {
  it("learned in Claude Code: injected into Codex and Gemini CLI sessions", async () => {
    const c = await setupScenario(claude, "kotlin");
    open.push(c);
    await stepInstall(c);
    const x = await alsoIn(c, codex);
    const g = await alsoIn(c, gemini);
    await stepLearn(c);
    await expectRecalled(x, c);
    await expectRecalled(g, c);
  });

  it("learned in Codex: injected into Claude Code's first request", async () => {
    const x = await setupScenario(codex, "scala");
    open.push(x);
    await stepInstall(x);
    const c = await alsoIn(x, claude);
    await stepLearn(x);
    await expectRecalled(c, x);
  });
});
