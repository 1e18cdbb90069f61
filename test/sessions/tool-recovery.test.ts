/**
 * Tool-call recovery from the transcript: the pure plan (transcript calls × the ledger → what to record)
 * and the apply step against the after-call hook's own records, in both orders.
 */
import { describe, expect, it } from "vitest";
import type { ToolKind } from "../../src/harness/index.js";
import {
  applyToolRecovery,
  initToolRecovery,
  planToolRecovery,
  type RecoverableCall,
  readEndRecord,
  readToolRecoveryState,
  readToolStats,
  recordToolUse,
  type ToolLedger,
  toolFingerprint,
  writeEndRecord,
  writeSessionStarted,
} from "../../src/sessions/index.js";
import { tempDir } from "../helpers/tmp.js";

const call = (
  id: string,
  kind: ToolKind,
  o: { path?: string; command?: string; isError?: boolean; rejected?: boolean; pending?: boolean } = {},
): RecoverableCall => ({
  id,
  name: kind,
  kind,
  input: {},
  paths: o.path ? [o.path] : [],
  ...(o.command ? { command: o.command } : {}),
  ...(o.pending
    ? {}
    : { result: { text: "ok", isError: o.isError === true, ...(o.rejected ? { rejected: true } : {}) } }),
});

const ledger = (o: Partial<{ hookIds: string[]; unmatched: [string, number][]; done: string[] }> = {}) =>
  ({
    hookIds: new Set(o.hookIds ?? []),
    unmatched: new Map(o.unmatched ?? []),
    done: new Set(o.done ?? []),
  }) satisfies ToolLedger;

const ids = (calls: readonly { id: string }[]) => calls.map((c) => c.id);

describe("planToolRecovery", () => {
  it("records only calls with a result that no record holds, each once", () => {
    const calls = [
      call("a", "read", { path: "src/a.ts" }), // the hook recorded it
      call("b", "edit", { path: "src/b.ts" }),
      call("c", "shell", { command: "make", pending: true }), // no result yet
      call("d", "edit", { path: "src/d.ts", rejected: true }), // declined: never ran
      call("e", "shell", { command: "npm test" }), // recovered by an earlier run
      call("b", "edit", { path: "src/b.ts" }), // the same call read twice
      call("f", "shell", { command: "npm run build", isError: true }),
    ];
    const plan = planToolRecovery(calls, ledger({ hookIds: ["a"], done: ["e"] }));
    expect(ids(plan.record)).toEqual(["b", "f"]);
    expect(plan.matched).toEqual([]);
  });

  it("lets an id-less hook line stand for one call: exact fingerprint first, then the same kind", () => {
    const npm = call("x1", "shell", { command: "npm test" });
    const make = call("x2", "shell", { command: "make" });
    const npm2 = call("x3", "shell", { command: "npm test" });
    const read = call("x4", "read", { path: "a.ts" });
    // The hook saw `npm test` once and one shell call spelled differently; no read.
    const l = ledger({ unmatched: [[toolFingerprint({ kind: "shell", command: "npm test" }), 1]] });
    l.unmatched.set(toolFingerprint({ kind: "shell", command: "make -j1" }), 1);
    const plan = planToolRecovery([make, npm, npm2, read], l);
    // In call order; `make` took the line of the other spelling, the first `npm test` its own.
    expect(plan.matched).toEqual([
      { id: "x2", fingerprint: toolFingerprint({ kind: "shell", command: "make -j1" }) },
      { id: "x1", fingerprint: toolFingerprint(npm) },
    ]);
    expect(ids(plan.record)).toEqual(["x3", "x4"]);
    expect(l.unmatched.get(toolFingerprint(npm))).toBe(1); // the ledger itself is untouched
  });

  it("fingerprints ignore the tool's name but not its kind, files or command", () => {
    expect(toolFingerprint({ kind: "shell", command: "ls" })).toBe(
      toolFingerprint(call("q", "shell", { command: "ls" })),
    );
    expect(toolFingerprint({ kind: "shell", command: "ls" })).not.toBe(
      toolFingerprint({ kind: "shell", command: "ls -a" }),
    );
    expect(toolFingerprint({ kind: "read", paths: ["a"] })).not.toBe(
      toolFingerprint({ kind: "edit", paths: ["a"] }),
    );
    expect(toolFingerprint({ kind: "read", paths: ["a"] })).toMatch(/^read:[0-9a-z]+$/);
  });
});

function session() {
  const root = tempDir("memdir-recover-");
  const sid = "s1";
  writeSessionStarted(root, sid, { ownerPid: process.pid, startedAtMs: 1_000 });
  initToolRecovery(root, sid, { transcriptPath: "/t.jsonl", offset: 0 }, 1_000);
  const hook = (c: RecoverableCall, opts: { withId?: boolean } = {}) =>
    recordToolUse(
      root,
      sid,
      {
        toolName: c.name,
        kind: c.kind,
        ...(opts.withId === false ? {} : { id: c.id }),
        paths: c.paths,
        ...(c.command ? { command: c.command } : {}),
        toolInput: c.input,
        ...(c.result?.linesChanged ? { linesChanged: c.result.linesChanged } : {}),
        success: c.result?.isError !== true,
      },
      2_000,
    );
  return { root, sid, hook };
}

describe("applyToolRecovery", () => {
  const edit: RecoverableCall = {
    ...call("e1", "edit", { path: "src/x.ts" }),
    result: { text: "ok", isError: false, linesChanged: { added: 3, removed: 1 } },
  };
  const calls = [
    call("r1", "read", { path: "src/x.ts" }),
    edit,
    call("b1", "shell", { command: "npm test" }),
  ];

  it("records what the hook missed, once, and a hook that runs late records nothing", () => {
    const s = session();
    s.hook(calls[0]!); // the read's hook ran; the others were cancelled
    const recorded: string[] = [];
    const r = applyToolRecovery(s.root, s.sid, calls, {
      nowMs: 5_000,
      cursor: { transcriptPath: "/t.jsonl", offset: 900 },
      whileLocked: (rec) => recorded.push(...ids(rec)),
    });
    expect(r.enabled).toBe(true);
    expect(ids(r.record)).toEqual(["e1", "b1"]);
    expect(recorded).toEqual(["e1", "b1"]);
    const want = { readCount: 1, editFileCount: 1, bashCount: 1, linesAdded: 3, linesRemoved: 1 };
    expect(readToolStats(s.root, s.sid)).toMatchObject(want);
    // Stop, then SessionEnd, then the next SessionStart's reclaim: each runs it again.
    for (let i = 0; i < 3; i++)
      expect(ids(applyToolRecovery(s.root, s.sid, calls, { nowMs: 6_000 + i }).record)).toEqual([]);
    // The cancelled hook of the edit arrives after all.
    expect(s.hook(edit)).toEqual({ retryCount: 0, duplicate: true });
    expect(readToolStats(s.root, s.sid)).toMatchObject(want);
    expect(readToolRecoveryState(s.root, s.sid)).toMatchObject({ offset: 900, recovered: ["e1", "b1"] });
  });

  it("counts nothing twice when the synchronous hooks, without ids, recorded everything", () => {
    const s = session();
    for (const c of calls) s.hook(c, { withId: false });
    const before = readToolStats(s.root, s.sid);
    const r = applyToolRecovery(s.root, s.sid, calls, { nowMs: 5_000 });
    expect(r.record).toEqual([]);
    expect(ids(r.matched)).toEqual(["r1", "e1", "b1"]);
    expect(readToolStats(s.root, s.sid)).toEqual(before);
    // A later run over the same calls (a re-read) neither matches nor records them again.
    const again = applyToolRecovery(s.root, s.sid, calls, { nowMs: 6_000 });
    expect([again.record, again.matched]).toEqual([[], []]);
  });

  it("brings the end record written before it up to date", () => {
    const s = session();
    writeEndRecord(s.root, s.sid, { reason: "other", endedAtMs: 3_000 });
    const r = applyToolRecovery(s.root, s.sid, calls, { nowMs: 5_000, activityMs: 2_500 });
    expect(r.endRecordUpdated).toBe(true);
    expect(readEndRecord(s.root, s.sid)).toMatchObject({
      ended_at: new Date(3_000).toISOString(),
      reason: "other",
      toolStats: { readCount: 1, editFileCount: 1, bashCount: 1, linesAdded: 3 },
    });
  });

  it("does nothing for a session whose hooks kept no ledger (no recovery state)", () => {
    const root = tempDir("memdir-recover-");
    const r = applyToolRecovery(root, "old", calls, { nowMs: 5_000 });
    expect(r).toMatchObject({ enabled: false, record: [] });
    expect(readToolStats(root, "old").readCount).toBe(0);
  });

  it("keeps the cursor from moving back, and starts over in another transcript", () => {
    const s = session();
    applyToolRecovery(s.root, s.sid, [], { nowMs: 1, cursor: { transcriptPath: "/t.jsonl", offset: 500 } });
    applyToolRecovery(s.root, s.sid, [], { nowMs: 2, cursor: { transcriptPath: "/t.jsonl", offset: 200 } });
    expect(readToolRecoveryState(s.root, s.sid)?.offset).toBe(500);
    applyToolRecovery(s.root, s.sid, [], { nowMs: 3, cursor: { transcriptPath: "/u.jsonl", offset: 10 } });
    expect(readToolRecoveryState(s.root, s.sid)).toMatchObject({ transcriptPath: "/u.jsonl", offset: 10 });
    // SessionStart again (resume): the state is kept.
    expect(initToolRecovery(s.root, s.sid, { transcriptPath: "/t.jsonl", offset: 0 }, 4)).toBe(false);
  });
});
