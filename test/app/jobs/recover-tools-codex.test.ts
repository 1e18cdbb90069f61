/**
 * Recovery after Codex CLI 0.171.0's synchronous PostToolUse: its stdin (test/fixtures/hooks/codex) names
 * each call by the `call_id` its rollout records, even where the tool's name is spelled differently
 * (`Bash` / `exec_command`, `multi_agent_v1wait_agent` / `multi_agent_v1.wait_agent`): nothing is
 * recovered twice, and a call whose hook never ran is.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { projectContext } from "../../../src/app/context.js";
import { runHook } from "../../../src/app/hooks/run.js";
import type { JobRequest } from "../../../src/app/jobs/request.js";
import { runJob } from "../../../src/app/jobs/run.js";
import { readToolRecoveryState, readToolStats } from "../../../src/sessions/index.js";
import { appSandbox } from "../../helpers/app-sandbox.js";

const FIXTURES = join(import.meta.dirname, "..", "..", "fixtures");

const ROLLOUT = join(
  FIXTURES,
  "transcripts/codex/rollout-2026-12-02T01-08-56-01a2344c-2b4e-7b01-83e4-68441ef63686.jsonl",
);
const SID = "01a2344c-2b4e-7b01-83e4-68441ef63686";

async function session(posts: string[]) {
  const sb = appSandbox("memdir-recover-codex-");
  const requests: JobRequest[] = [];
  sb.rt.spawnJob = async (r) => {
    requests.push(r);
  };
  const rollout = join(sb.home, "rollout.jsonl");
  writeFileSync(rollout, "");
  const hook = (name: string) => {
    const v = JSON.parse(readFileSync(join(FIXTURES, "hooks/codex", `${name}.json`), "utf8"));
    const raw = JSON.stringify({ ...v, cwd: sb.project, transcript_path: rollout });
    return runHook(v.hook_event_name, raw, sb.rt, { harness: "codex" });
  };
  await hook("SessionStart-startup");
  // The first turn (through its task_complete, ordinal 30): three tool calls, call_s1, call_s2, call_s4.
  const lines = readFileSync(ROLLOUT, "utf8").split("\n");
  writeFileSync(rollout, `${lines.filter((l) => l && JSON.parse(l).ordinal <= 30).join("\n")}\n`);
  for (const p of posts) await hook(p);
  await hook("Stop");
  for (const r of requests.filter((r) => r.kind === "extract")) await runJob(sb.rt, r);
  const { stateRoot } = projectContext(sb.rt, sb.project).paths;
  return { stats: readToolStats(stateRoot, SID), state: readToolRecoveryState(stateRoot, SID) };
}

describe("recovery after Codex's synchronous PostToolUse", () => {
  const ALL = ["PostToolUse-Bash", "PostToolUse-spawn_agent", "PostToolUse-multi_agent_v1wait_agent"];

  it("adds nothing when every call's hook ran", async () => {
    const { stats, state } = await session(ALL);
    expect(stats).toMatchObject({ bashCount: 1, otherToolCount: 2 });
    expect(state).toMatchObject({ recovered: [], matched: [] });
    expect(state!.offset).toBeGreaterThan(0);
  });

  it("records the one call whose hook did not run", async () => {
    const { stats, state } = await session(ALL.slice(0, 2));
    expect(stats).toMatchObject({ bashCount: 1, otherToolCount: 2 });
    expect(state?.recovered).toEqual(["call_s4"]);
  });
});
