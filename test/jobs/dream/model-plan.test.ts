/**
 * The conversion of staged sandbox operations into a dream plan (pure `planFromStagedOps`), the
 * turn/tool attribution from the loop's conversation (`callsFromMessages`), the model's reasons
 * carried by the sandbox tools into StagedOp, and the final-answer check.
 */
import { describe, expect, it } from "vitest";
import {
  callsFromMessages,
  deletionKind,
  parseDreamAnswer,
  planFromStagedOps,
  REASON_MAX,
  rewriteKind,
  type StagedCall,
} from "../../../src/jobs/dream/model/index.js";
import { createMemorySandbox, type StagedOp } from "../../../src/jobs/sandbox/index.js";
import type { LlmMessage } from "../../../src/llm/types.js";
import { dreamWorld, MERGED, NOW, sha, TESTING, TESTING_DB, TOKEN, topic } from "./model-fixture.js";

const roots = { project: "/m/memory", user: "/m/user-memory" };
const meta = (calls: Record<string, StagedCall> = {}) => ({ mode: "prune" as const, nowMs: NOW, calls });
const T = topic("a", "d", "project", "body", "2026-01-01");

describe("planFromStagedOps", () => {
  it("a rewrite with same-turn deletions that it names becomes a merge; other deletions stay deletions", () => {
    const ops: StagedOp[] = [
      {
        op: "write",
        scope: "project",
        file: "a.md",
        content: T,
        baseHash: "ha",
        reason: "absorbs b.md and c.md",
      },
      { op: "delete", scope: "project", file: "b.md", baseHash: "hb" },
      { op: "delete", scope: "project", file: "c.md", baseHash: "hc", reason: "folded into a.md" },
      { op: "delete", scope: "project", file: "d.md", baseHash: "hd", reason: "duplicate of a.md" },
    ];
    const calls = {
      "project/a.md": { tool: "memory_write", turn: 3 },
      "project/b.md": { tool: "memory_delete", turn: 3 },
      "project/c.md": { tool: "memory_delete", turn: 3 },
      "project/d.md": { tool: "memory_delete", turn: 2 }, // an earlier turn: not part of the merge
    };
    const p = planFromStagedOps(ops, roots, meta(calls));
    expect(p.merges).toEqual([
      {
        scope: "project",
        file: "a.md",
        from: ["b.md", "c.md"],
        content: T,
        kind: "duplicate",
        reason: "absorbs b.md and c.md; c.md: folded into a.md",
      },
    ]);
    expect(p.deletions).toEqual([
      { scope: "project", file: "d.md", kind: "duplicate", reason: "duplicate of a.md" },
    ]);
    expect(p.seen).toEqual({
      "project/a.md": "ha",
      "project/b.md": "hb",
      "project/c.md": "hc",
      "project/d.md": "hd",
    });
    expect(p.rewrites).toEqual([]);
  });

  it("with two rewrites in a turn, a deletion goes to the one it names; an unnamed stale one stays a deletion", () => {
    const ops: StagedOp[] = [
      { op: "write", scope: "project", file: "a.md", content: T, baseHash: "ha" },
      { op: "write", scope: "project", file: "x.md", content: T, baseHash: "hx" },
      { op: "delete", scope: "project", file: "x-2.md", baseHash: "h2", reason: "merged into x.md" },
      { op: "delete", scope: "project", file: "old.md", baseHash: "ho", reason: "duplicate" },
    ];
    const calls = Object.fromEntries(
      ops.map((o) => [`${o.scope}/${o.file}`, { tool: "memory_write", turn: 1 }]),
    );
    const p = planFromStagedOps(ops, roots, { ...meta(calls), mode: "reflect" });
    expect(p.merges.map((m) => [m.file, m.from, m.kind])).toEqual([["x.md", ["x-2.md"], "reflect"]]);
    expect(p.rewrites.map((r) => [r.file, r.kind, r.reason])).toEqual([
      ["a.md", "fix", "model: memory_write a.md"],
    ]);
    // "duplicate" alone with two candidates is ambiguous: not merged.
    expect(p.deletions.map((d) => [d.file, d.kind])).toEqual([["old.md", "duplicate"]]);
  });

  it("one rewrite in the turn absorbs a duplicate deletion; never across scopes, never without turn info", () => {
    const ops: StagedOp[] = [
      { op: "write", scope: "project", file: "a.md", content: T, baseHash: "ha" },
      {
        op: "delete",
        scope: "project",
        file: "b.md",
        baseHash: "hb",
        reason: "redundant with the file above",
      },
      { op: "delete", scope: "user", file: "a.md", baseHash: "hu", reason: "duplicate of a.md" },
    ];
    const calls = {
      "project/a.md": { tool: "memory_edit", turn: 2 },
      "project/b.md": { tool: "memory_delete", turn: 2 },
      "user/a.md": { tool: "memory_delete", turn: 2 },
    };
    const p = planFromStagedOps(ops, roots, meta(calls));
    expect(p.merges.map((m) => [m.scope, m.file, m.from, m.reason])).toEqual([
      ["project", "a.md", ["b.md"], "model: memory_edit a.md; b.md: redundant with the file above"],
    ]);
    expect(p.deletions.map((d) => [d.scope, d.file])).toEqual([["user", "a.md"]]);
    expect(p.seen["user/a.md"]).toBe("hu");

    const none = planFromStagedOps(ops, roots, { mode: "prune", nowMs: NOW });
    expect(none.merges).toEqual([]);
    expect(none.rewrites).toHaveLength(1);
    expect(none.deletions).toHaveLength(2);
  });

  it("kinds follow the stated reasons; default reasons name the tool and file; reasons are one scrubbed line", () => {
    expect(deletionKind("duplicate of testing.md")).toBe("duplicate");
    expect(deletionKind("contradicted by the 2026-03-02 session")).toBe("contradicted");
    expect(deletionKind("superseded: we moved to pnpm")).toBe("contradicted");
    expect(deletionKind("the sprint is over")).toBe("stale");
    expect(deletionKind(undefined)).toBe("stale");
    expect(rewriteKind("relative date 'next Friday' made absolute")).toBe("dates");
    expect(rewriteKind("keeps the newer side; supersedes the yarn rule")).toBe("contradiction");
    expect(rewriteKind("distilled the daily-log entries")).toBe("distill");
    expect(rewriteKind("tightened the description")).toBe("fix");

    const long = `why ${"x".repeat(600)}`;
    const ops: StagedOp[] = [
      { op: "write", scope: "user", file: "role.md", content: T, baseHash: "hr", reason: `leaked\n${TOKEN}` },
      { op: "write", scope: "project", file: "n.md", content: `${T}key ${TOKEN}\n` },
      { op: "delete", scope: "project", file: "z.md", baseHash: "hz" },
      { op: "delete", scope: "project", file: "y.md", baseHash: "hy", reason: long },
    ];
    const p = planFromStagedOps(ops, { project: "/m/memory" }, meta());
    expect(p.roots).toEqual({ project: "/m/memory" });
    expect(p.rewrites[0]!.reason).not.toContain(TOKEN);
    expect(p.rewrites[0]!.reason).not.toContain("\n");
    expect(p.rewrites[0]!.reason).toMatch(/^leaked \[REDACTED/);
    expect(p.creates[0]!.content).not.toContain(TOKEN);
    expect(p.seen["project/n.md"]).toBeNull();
    expect(p.deletions[0]).toEqual({
      scope: "project",
      file: "z.md",
      kind: "stale",
      reason: "model: memory_delete z.md",
    });
    expect([...p.deletions[1]!.reason].length).toBe(REASON_MAX);
  });
});

describe("callsFromMessages", () => {
  it("records the last successful changing call per file with its turn; errors and reads are ignored", () => {
    const use = (id: string, name: string, file: string) => ({
      type: "tool_use" as const,
      id,
      name,
      input: { file },
    });
    const ok = (id: string) => ({ type: "tool_result" as const, toolUseId: id, content: "Staged" });
    const bad = (id: string) => ({
      type: "tool_result" as const,
      toolUseId: id,
      content: "Refused",
      isError: true,
    });
    const messages: LlmMessage[] = [
      { role: "user", content: [{ type: "text", text: "prompt" }] },
      { role: "assistant", content: [use("1", "memory_read", "a.md"), use("2", "memory_write", "a.md")] },
      { role: "user", content: [ok("1"), ok("2")] },
      {
        role: "assistant",
        content: [
          use("3", "memory_edit", "a.md"),
          use("4", "memory_delete", "user/r.md"),
          use("5", "memory_delete", "b.md"),
        ],
      },
      { role: "user", content: [ok("3"), ok("4"), bad("5")] },
      { role: "assistant", content: [{ type: "text", text: "{}" }] },
    ];
    expect(callsFromMessages(messages)).toEqual({
      "project/a.md": { tool: "memory_edit", turn: 2 },
      "user/r.md": { tool: "memory_delete", turn: 2 },
    });
  });
});

describe("the sandbox carries the model's reasons", () => {
  it("write, edit and delete take an optional reason; distinct reasons are joined, none means no key", async () => {
    const w = await dreamWorld();
    const sb = createMemorySandbox({ roots: w.roots });
    const tool = (n: string) => sb.tools.find((t) => t.name === n)!;
    for (const f of ["testing.md", "testing-db.md", "old-deploy.md"])
      await tool("memory_read").run({ file: f });
    await tool("memory_write").run({ file: "testing.md", content: MERGED, reason: "absorbs testing-db.md" });
    await tool("memory_edit").run({
      file: "testing.md",
      old_string: "never mocks",
      new_string: "never mocks (since 2026-02-20)",
      reason: "relative date made absolute",
    });
    await tool("memory_edit").run({
      file: "testing.md",
      old_string: "(since 2026-02-20)",
      new_string: "(as of 2026-02-20)",
      reason: "absorbs testing-db.md",
    });
    await tool("memory_delete").run({ file: "testing-db.md", reason: "duplicate of testing.md" });
    await tool("memory_delete").run({ file: "old-deploy.md" });
    const bad = await tool("memory_delete").run({ file: "x.md", reason: 3 });
    expect(bad.invalidInput).toBe(true);
    expect(sb.staged()).toEqual([
      {
        op: "write",
        scope: "project",
        file: "testing.md",
        content: MERGED.replace("never mocks", "never mocks (as of 2026-02-20)"),
        baseHash: sha(TESTING),
        reason: "absorbs testing-db.md; relative date made absolute",
      },
      {
        op: "delete",
        scope: "project",
        file: "testing-db.md",
        baseHash: sha(TESTING_DB),
        reason: "duplicate of testing.md",
      },
      { op: "delete", scope: "project", file: "old-deploy.md", baseHash: expect.any(String) },
    ]);
    expect(sb.staged()[2]).not.toHaveProperty("reason");
  });
});

describe("parseDreamAnswer", () => {
  it("accepts the JSON object bare or fenced, and nothing else", () => {
    expect(parseDreamAnswer('{"status":"done","notes":"n"}')).toEqual({
      ok: true,
      value: { status: "done", notes: "n" },
    });
    expect(parseDreamAnswer('```json\n{"status":"nothing"}\n```')).toEqual({
      ok: true,
      value: { status: "nothing", notes: "" },
    });
    expect(parseDreamAnswer('{"status":"saved"}').ok).toBe(false);
    expect(parseDreamAnswer('{"status":"done","notes":3}').ok).toBe(false);
    expect(parseDreamAnswer("Done, merged two files.").ok).toBe(false);
    expect(parseDreamAnswer('{"status":"done"').ok).toBe(false);
  });
});
