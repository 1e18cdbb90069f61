/**
 * End to end with the real Claude Code 2.1.332: what only the after-call hook records survives a headless
 * session that ends right after its tool calls. Claude Code runs PostToolUse (and SubagentStop) async and
 * cancels them when `-p` ends; memdir recovers those calls from the transcript in the job the synchronous
 * Stop starts, and a hook that did record a call is never counted again. The synchronous harnesses:
 * tool-recovery-gemini.test.ts.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { realCliSkipReason } from "../helpers/harness/clis.js";
import { isMainAnthropic } from "../helpers/harness/servers/anthropic-stream.js";
import { bodyText, type HarnessRequest } from "../helpers/harness/servers/base.js";
import { claude } from "./drivers.js";
import { logProblems, waitForJobsIdle } from "./e2e-lib.js";
import { closeScenario, runFrom, type Scenario, setupScenario, stepInstall } from "./scenario.js";
import {
  delayPostToolUse,
  endRecordOf,
  eventsOf,
  ledgerOf,
  projectMemoryOf,
  toolStatsOf,
} from "./tool-recovery-lib.js";

const skip = realCliSkipReason();
if (skip) console.warn(skip);

const isSub = (req: HarnessRequest) =>
  bodyText((req.body as { messages?: unknown[] }).messages?.[0]).includes("SUBAGENT_TASK");
const isMainNotSub = (req: HarnessRequest) => isMainAnthropic(req) && !isSub(req);

const NOTE = "RECOVERMARK: notes.txt gained two lines";
/** What the session's four calls add up to: one read, one edit (+2 lines), one command, one agent. */
const STATS = {
  readCount: 1,
  searchCount: 0,
  bashCount: 1,
  editFileCount: 1,
  linesAdded: 2,
  linesRemoved: 0,
  otherToolCount: 1,
};

describe.skipIf(skip !== null)(
  "Claude Code: calls whose async PostToolUse was cancelled",
  { timeout: 120_000 },
  () => {
    let s: Scenario;
    beforeAll(async () => {
      s = await setupScenario({ ...claude, isMain: isMainNotSub }, "recover");
    });
    afterAll(() => closeScenario(s));

    it("hot paths, the command, lines changed and the subagent's note are recorded, each once", async () => {
      await stepInstall(s);
      // The Read's PostToolUse runs as installed; those of the Edit, the Bash and the Agent call wait 8 s
      // first, so they are still running when `-p` ends and Claude Code cancels them (every time, instead
      // of when the machine happens to be slow). Extraction every 3 turns: the Stop starts the recover job.
      const settings = join(s.sb.home, ".claude", "settings.json");
      const delayedPost = delayPostToolUse(readFileSync(settings, "utf8"), "Read", "Edit|Bash|Agent", 8);
      // SubagentStop is registered synchronously (Claude Code never cancels it): the note comes from it.
      writeFileSync(settings, delayedPost);
      mkdirSync(join(s.sb.home, ".memdir"), { recursive: true });
      writeFileSync(
        join(s.sb.home, ".memdir", "config.json"),
        JSON.stringify({ extraction: { everyNTurns: 3 } }),
      );
      const notes = join(s.sb.project, "notes.txt");
      const main = (tool: { name: string; input: Record<string, unknown> }) => ({
        match: isMainNotSub,
        reply: { tool },
      });
      s.server.script(
        main({ name: "Read", input: { file_path: notes } }),
        main({
          name: "Edit",
          input: { file_path: notes, old_string: "hello", new_string: "hello\nworld\nagain" },
        }),
        main({ name: "Bash", input: { command: "uname -s", description: "Kernel name" } }),
        main({
          name: "Agent",
          input: {
            description: "Check notes",
            prompt: "SUBAGENT_TASK: check notes.txt",
            subagent_type: "general-purpose",
            run_in_background: false,
          },
        }),
        { match: isSub, reply: { text: `Checked. <remember>${NOTE}</remember>` } },
        { match: isMainNotSub, reply: { text: "Done." } },
      );
      const { run } = await runFrom(s, "Update notes.txt and check it.");
      expect(run.code, run.stderr.slice(-2000)).toBe(0);
      expect(s.server.pending(), "scripted turns left").toBe(0);
      const post = run.hookRuns
        .filter((h) => h.name.startsWith("PostToolUse:"))
        .map((h) => [h.name, h.outcome]);
      expect(post).toContainEqual(["PostToolUse:Read", "success"]);
      expect(post.filter(([, o]) => o === "success")).toHaveLength(1); // the other three never finished
      expect(run.hookRuns.find((h) => h.name === "SubagentStop")?.outcome).toBe("success");
      await waitForJobsIdle(s.sb);
      const sid = run.sessionId!;

      const ledger = ledgerOf(s.paths, sid);
      expect(ledger.hook, "calls the hook recorded").toHaveLength(1);
      const recovered = ledger.recovery?.recovered as string[];
      expect(recovered, "calls recovered from the transcript").toHaveLength(3);
      expect(recovered).not.toContain(ledger.hook[0]);
      expect(toolStatsOf(s.paths, sid)).toEqual(STATS);
      expect(projectMemoryOf(s.paths)).toEqual({ hotPaths: [["notes.txt", 2]], commands: [["uname -s", 1]] });
      expect(readFileSync(join(s.paths.stateRoot, "notepad.md"), "utf8").split(NOTE)).toHaveLength(2); // once
      // All of it by one run: the recover job the Stop started (extraction is due every 3 turns; a job of
      // the SessionEnd, when that hook got to run, finds nothing left).
      const recoveries = eventsOf(s.paths, sid).filter((e) => e.kind === "tool_calls_recovered");
      expect(recoveries.map((e) => [e.recorded, e.notes])).toEqual([[3, 1]]);

      // A new session reclaims this one (its async SessionEnd may have been cancelled too) and its jobs run
      // recovery again; the delayed hooks, should Claude Code not have killed them, arrive in the meantime.
      s.server.script({ match: isMainNotSub, reply: { text: "Hello again." } });
      await runFrom(s, "Hello.");
      await new Promise((r) => setTimeout(r, 9_000));
      await waitForJobsIdle(s.sb);
      expect(toolStatsOf(s.paths, sid)).toEqual(STATS);
      expect(endRecordOf(s.paths, sid)?.toolStats).toEqual(STATS);
      expect(projectMemoryOf(s.paths)).toEqual({ hotPaths: [["notes.txt", 2]], commands: [["uname -s", 1]] });
      expect(ledgerOf(s.paths, sid).recovery?.recovered).toEqual(recovered);
      expect(logProblems(s.paths)).toEqual([]);
    });
  },
);
