/**
 * End to end with the real Gemini CLI 0.61.0: its AfterTool runs synchronously and names no call id, so
 * memdir's hook records each call under a fingerprint; the recovery the turn's jobs run afterwards must
 * match every call of the session file to one of those records and add nothing.
 */
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { toolFingerprint } from "../../src/sessions/index.js";
import { realCliSkipReason } from "../helpers/harness/clis.js";
import { gemini } from "./drivers.js";
import { logProblems, waitForJobsIdle } from "./e2e-lib.js";
import { closeScenario, runFrom, type Scenario, setupScenario, stepInstall } from "./scenario.js";
import { endRecordOf, eventsOf, ledgerOf, projectMemoryOf, toolStatsOf } from "./tool-recovery-lib.js";

const notesPath = (s: Scenario) => join(s.sb.project, "notes.txt");
const skip = realCliSkipReason();
if (skip) console.warn(skip);

describe.skipIf(skip !== null)(
  "Gemini CLI: synchronous AfterTool, recovery adds nothing",
  { timeout: 150_000 },
  () => {
    let s: Scenario;
    beforeAll(async () => {
      s = await setupScenario(gemini, "recover");
    });
    afterAll(() => closeScenario(s));

    it("every call is counted once: by the hook, matched by recovery", async () => {
      await stepInstall(s);
      s.server.script(
        { tool: { name: "read_file", input: { file_path: notesPath(s) } } },
        { tool: { name: "run_shell_command", input: { command: "uname -s", description: "Kernel name" } } },
        { text: "notes.txt says hello; the kernel is Linux." },
      );
      const { run } = await runFrom(s, "Show notes.txt and the kernel name.");
      expect(run.code, run.stderr.slice(-2000)).toBe(0);
      expect(run.hookFailures).toEqual([]);
      expect(s.server.pending(), "scripted turns left").toBe(0);
      await waitForJobsIdle(s.sb);
      const sid = run.sessionId!;

      const stats = {
        readCount: 1,
        searchCount: 0,
        bashCount: 1,
        editFileCount: 0,
        linesAdded: 0,
        linesRemoved: 0,
        otherToolCount: 0,
      };
      expect(toolStatsOf(s.paths, sid)).toEqual(stats);
      const ledger = ledgerOf(s.paths, sid);
      // The hook's fingerprints are those of the calls as the session file records them (exact matches).
      const notes = notesPath(s);
      expect(ledger.hook).toEqual([
        `fp:${toolFingerprint({ kind: "read", paths: [notes] })}`,
        `fp:${toolFingerprint({ kind: "shell", command: "uname -s" })}`,
      ]);
      expect(ledger.recovery).toMatchObject({
        recovered: [],
        matched: [expect.any(String), expect.any(String)],
      });
      expect(eventsOf(s.paths, sid).filter((e) => e.kind === "tool_calls_recovered")).toEqual([]);
      expect(eventsOf(s.paths, sid).some((e) => e.kind === "extraction")).toBe(true); // the jobs did run
      expect(endRecordOf(s.paths, sid)?.toolStats).toEqual(stats);
      expect(projectMemoryOf(s.paths)).toEqual({ hotPaths: [["notes.txt", 1]], commands: [["uname -s", 1]] });
      expect(logProblems(s.paths)).toEqual([]);
    });
  },
);
