/**
 * The auto-dream's session gate also counts the sessions memdir did not record, as Claude Code 2.1.332
 * counts them: a session whose transcript changed after the last consolidation, the current one
 * excluded. Real transcript files of all three harnesses in a sandbox HOME (Claude Code
 * `projects/<key>/*.jsonl`, a Codex rollout whose session_meta names the project, a Gemini CLI session
 * file under the project's tmp slug), real end records, the job the Stop hook starts.
 */
import { mkdirSync, readFileSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { projectContext } from "../../../src/app/context.js";
import { runHook } from "../../../src/app/hooks/run.js";
import { runJob } from "../../../src/app/jobs/run.js";
import { projectKey } from "../../../src/paths/index.js";
import { appSandbox } from "../../helpers/app-sandbox.js";

const HOUR = 3_600_000;
const T0 = Date.parse("2026-11-29T10:00:00Z");
const SINCE = T0 - 48 * HOUR;
const stats = (lines: number, bash = 0) => ({
  readCount: lines ? 3 : 0,
  searchCount: 0,
  bashCount: bash,
  editFileCount: lines ? 1 : 0,
  linesAdded: lines,
  linesRemoved: 0,
  otherToolCount: 0,
});

function file(path: string, text: string, mtimeMs: number): void {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
  utimesSync(path, mtimeMs / 1000, mtimeMs / 1000);
}

function setup(minSessions: number) {
  const s = appSandbox("memdir-dream-transcripts-", { dream: { minSessions } }, T0);
  const ctx = projectContext(s.rt, s.project);
  const { memoryDir, sessionsDir, eventsFile, projectRoot } = ctx.paths;
  file(join(memoryDir, ".consolidate-lock"), "", SINCE);
  const endRecord = (id: string, atMs: number, toolStats: ReturnType<typeof stats>) =>
    file(
      join(sessionsDir, `${id}.json`),
      JSON.stringify({ session_id: id, ended_at: new Date(atMs).toISOString(), toolStats }),
      atMs,
    );
  const claudeDir = join(s.home, ".claude", "projects", projectKey(projectRoot));
  const claude = (id: string, atMs: number) =>
    file(join(claudeDir, `${id}.jsonl`), '{"type":"user"}\n', atMs);
  const codex = (id: string, cwd: string, atMs: number) =>
    file(
      join(s.home, ".codex", "sessions", "2026", "11", "20", `rollout-2026-11-20T10-00-00-${id}.jsonl`),
      `${JSON.stringify({ timestamp: "2026-11-20T10:00:00Z", type: "session_meta", payload: { session_id: id, id, cwd } })}\n`,
      atMs,
    );
  const gemini = (slug: string, root: string, id: string, atMs: number) => {
    file(join(s.home, ".gemini", "tmp", slug, ".project_root"), root, atMs);
    file(
      join(s.home, ".gemini", "tmp", slug, "chats", `session-2026-11-29T09-00-${id.slice(0, 8)}.jsonl`),
      `${JSON.stringify({ sessionId: id, projectHash: "x", startTime: "2026-11-29T09:00:00Z", kind: "main" })}\n`,
      atMs,
    );
  };
  const stop = async () => {
    const before = s.requests.length;
    await runHook(
      "Stop",
      JSON.stringify({
        session_id: "current",
        cwd: s.project,
        hook_event_name: "Stop",
        transcript_path: join(claudeDir, "current.jsonl"),
      }),
      s.rt,
    );
    await runJob(s.rt, s.requests[before]!);
  };
  const lastSkip = () =>
    readFileSync(eventsFile, "utf8")
      .trim()
      .split("\n")
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((e) => e.kind === "dream_skipped")
      .at(-1);
  const dreamJobs = () => s.jobs.filter((j) => j[0] === "job" && j[1] === "dream");
  return { ...s, ctx, projectRoot, endRecord, claude, codex, gemini, stop, lastSkip, dreamJobs };
}

/** The harness sessions of the scenario: 4 count (1 recorded, 3 only by transcript), 7 do not. */
function plant(s: ReturnType<typeof setup>): void {
  const recent = T0 - HOUR;
  s.endRecord("rec", recent, stats(5)); // recorded and substantive: counted once, not again by its transcript
  s.claude("rec", recent);
  s.endRecord("noisy", recent, stats(0, 30)); // recorded, not substantive: its transcript does not count it
  s.claude("noisy", recent);
  s.claude("unrecorded", recent); // memdir never saw it: counted
  s.claude("before", SINCE - HOUR); // changed before the last consolidation
  s.claude("current", recent); // the current session
  mkdirSync(join(s.home, ".claude", "projects", projectKey(s.projectRoot), "unrecorded", "subagents"), {
    recursive: true,
  });
  writeFileSync(
    join(
      s.home,
      ".claude",
      "projects",
      projectKey(s.projectRoot),
      "unrecorded",
      "subagents",
      "agent-a1.jsonl",
    ),
    "{}\n",
  );
  file(join(s.home, ".claude", "projects", projectKey("/elsewhere/other"), "other.jsonl"), "{}\n", recent);
  s.codex("0199a1b2-0000-7000-8000-00000000c0de", s.projectRoot, recent); // counted
  s.codex("0199a1b2-0000-7000-8000-0000000000ff", "/elsewhere/other", recent); // another project
  s.gemini("project", s.projectRoot, "5e55i0n1-aaaa-bbbb-cccc-000000000001", recent); // counted
  s.gemini("other", "/elsewhere/other", "5e55i0n2-aaaa-bbbb-cccc-000000000002", recent); // another project
}

describe("session gate: sessions memdir did not record", () => {
  it("counts each session once: recorded substantive ones plus those only their transcripts show, this project's only", async () => {
    const s = setup(5);
    plant(s);
    await s.stop();
    expect(s.lastSkip()).toMatchObject({ reason: "sessions", count: 4, minSessions: 5 });
    const state = JSON.parse(readFileSync(join(s.ctx.paths.stateDir, "dream-scan-state.json"), "utf8"));
    expect(state.sessionIds).toEqual(["rec"]);
    expect(state.skippedIds).toEqual(["noisy"]);
    expect(state.transcriptIds).toEqual([
      "0199a1b2-0000-7000-8000-00000000c0de",
      "5e55i0n1-aaaa-bbbb-cccc-000000000001",
      "current", // kept in the shared cache; removed from every session's own count
      "unrecorded",
    ]);
    expect(s.dreamJobs()).toEqual([]);
  });

  it("opens the gate at minSessions with them", async () => {
    const s = setup(4);
    plant(s);
    await s.stop();
    expect(s.dreamJobs()).toHaveLength(1);
  });
});
