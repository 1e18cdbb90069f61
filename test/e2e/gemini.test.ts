/**
 * End to end with the real Gemini CLI 0.61.0 (headless `-p`, scripted Gemini API server, sandbox HOME):
 * `memdir install gemini` → a session that teaches memdir three memories → `--resume latest` → a new
 * session whose first request carries the memories → `memdir uninstall gemini` (settings.json
 * byte-identical). Gemini has no usable compaction signal (PreCompress fires before every model call)
 * and no subagent hooks, so those steps are not run here.
 */
import { afterAll, beforeAll, describe, it } from "vitest";
import { realCliSkipReason } from "../helpers/harness/clis.js";
import { gemini } from "./drivers.js";
import {
  closeScenario,
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

describe.skipIf(skip !== null)("Gemini CLI end to end", { timeout: 120_000 }, () => {
  let s: Scenario;
  beforeAll(async () => {
    s = await setupScenario(gemini, "java");
  });
  afterAll(async () => {
    console.log(`Gemini CLI e2e timings (ms): ${JSON.stringify(s?.timings)}`);
    await closeScenario(s);
  });

  it("memdir install gemini registers the hooks", () => stepInstall(s));
  it("session 1: the preference, the fact and the pointer become memories", () => stepLearn(s));
  it("--resume latest: the session summary, the memories and the conversation arrive", () => stepResume(s));
  it("a new session's first request carries the memories", () => stepNewSession(s));
  it("memdir uninstall gemini gives settings.json back byte for byte", () => stepUninstall(s));
});
