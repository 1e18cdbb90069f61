/**
 * With the real Claude Code 2.1.332 (headless, scripted Anthropic server, sandbox HOME) and memdir
 * installed by `memdir install claude`: in a session where the user turned auto memory off
 * (`CLAUDE_CODE_DISABLE_AUTO_MEMORY=1`, or `autoMemoryEnabled: false` in ~/.claude/settings.json) memdir's
 * hooks fire and succeed but print nothing, write nothing (no `.memdir/`, no notepad note, no log, no
 * memory dir) and inject nothing; the same session with memory on does all three (the control).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { realCliSkipReason } from "../helpers/harness/clis.js";
import { listFiles } from "../helpers/tree-hash.js";
import { claude } from "./drivers.js";
import { memdir, requestText, waitForJobsIdle } from "./e2e-lib.js";
import { closeScenario, expectHealthy, runFrom, type Scenario, setupScenario } from "./scenario.js";

const skip = realCliSkipReason();
if (skip) console.warn(skip);

const MARK = "ZEBRA-STANDUP-4217";
const PROMPT = "<remember>the deploy window is Tuesday</remember> Now show me what notes.txt says.";

describe.skipIf(skip !== null)("Claude Code with auto memory off", { timeout: 120_000 }, () => {
  let s: Scenario;
  let settingsFile: string;
  /**
   * memdir's files and the project's: what a memdir hook could write (Claude Code's own files excluded;
   * so is `~/.memdir/cache/`, the V8 code cache of memdir's own program that src/main.ts keeps before
   * any memdir code runs: it holds no data of the session).
   */
  const memdirFiles = () => [
    ...listFiles(join(s.sb.home, ".memdir"), (f) => f === "cache").map((f) => `~/.memdir/${f}`),
    ...listFiles(s.sb.project).map((f) => `project/${f}`),
    ...listFiles(join(s.sb.home, ".claude", "projects")).filter((f) => f.includes("/memory/")),
  ];

  beforeAll(async () => {
    s = await setupScenario(claude, "switch");
    expect((await memdir(s.sb, ["install", "claude"])).code).toBe(0);
    settingsFile = join(s.sb.home, ".claude", "settings.json");
    // A user-scope memory memdir injects at every SessionStart when it is on.
    const user = join(s.sb.home, ".memdir", "user-memory");
    mkdirSync(user, { recursive: true });
    writeFileSync(
      join(user, "standup.md"),
      `---\nname: standup\ndescription: Standups use the code word ${MARK}\ntype: user\n---\nStandups use the code word ${MARK}.\n`,
    );
    writeFileSync(join(user, "MEMORY.md"), `# Memory Index\n- [Standup](standup.md) — code word ${MARK}\n`);
  });
  afterAll(async () => closeScenario(s));

  const offRun = async (env: Record<string, string>) => {
    const before = memdirFiles();
    s.server.script(claude.showNotes, { reply: { text: "notes.txt says hello." } });
    const { run, from } = await runFrom(s, PROMPT, { env });
    expectHealthy(s, run);
    const names = run.hookRuns.map((h) => h.name);
    for (const e of ["SessionStart:startup", "UserPromptSubmit", "Stop"]) expect(names).toContain(e);
    expect(run.hookRuns.filter((h) => h.stdout.trim() !== "")).toEqual([]);
    const sent = s.server.requests.slice(from).map(requestText).join("\n");
    expect(sent).toContain("notes.txt"); // the session itself ran
    expect(sent).not.toContain(MARK);
    expect(sent).not.toContain("hook additional context"); // no hook gave the model anything
    await waitForJobsIdle(s.sb);
    expect(memdirFiles()).toEqual(before);
  };

  it("CLAUDE_CODE_DISABLE_AUTO_MEMORY=1: hooks fire, print nothing, write nothing, inject nothing", () =>
    offRun({ CLAUDE_CODE_DISABLE_AUTO_MEMORY: "1" }));

  it("autoMemoryEnabled: false in ~/.claude/settings.json: the same", async () => {
    const original = readFileSync(settingsFile, "utf8");
    writeFileSync(
      settingsFile,
      JSON.stringify({ ...JSON.parse(original), autoMemoryEnabled: false }, null, 2),
    );
    try {
      await offRun({});
    } finally {
      writeFileSync(settingsFile, original);
    }
  });

  it("control: with memory on the same session injects the memory and stores the note", async () => {
    s.server.script(claude.showNotes, { reply: { text: "notes.txt says hello." } });
    const { run, from } = await runFrom(s, PROMPT);
    expectHealthy(s, run);
    const sent = s.server.requests.slice(from).map(requestText).join("\n");
    expect(sent).toContain(MARK);
    expect(sent).toContain("SessionStart hook additional context");
    await waitForJobsIdle(s.sb);
    expect(readFileSync(join(s.sb.project, ".memdir", "notepad.md"), "utf8")).toContain(
      "deploy window is Tuesday",
    );
  });
});
