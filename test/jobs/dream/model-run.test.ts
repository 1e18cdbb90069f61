/**
 * runModelDream end to end over the wire: the official Anthropic SDK provider talking to a scripted
 * server, the real sandbox, the real memory dir. Only the model is scripted. Checks the plan the
 * staged calls become, that nothing touches disk before apply, what every request carries (phases,
 * mode, today, the gathered sessions; no secret, no `<private>` text), and that a failure is a
 * result with no plan at all.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { estimateTokens } from "../../../src/core/tokens.js";
import { applyDreamPlan } from "../../../src/jobs/dream/apply/index.js";
import { isEmptyPlan } from "../../../src/jobs/dream/plan/types.js";
import type { ScriptedReply } from "../../helpers/scripted-llm/index.js";
import {
  dreamWorld,
  GATHERED,
  hashTree,
  MERGED,
  NOW,
  OLD_DEPLOY,
  PRIVATE,
  sha,
  TESTING,
  TESTING_DB,
  TOKEN,
  topic,
} from "./model-fixture.js";

const DONE: ScriptedReply = { text: '{"status": "done", "notes": "merged 2 duplicates, pruned 1"}' };

/** list + read the index; read three files; merge + delete + delete; final answer. */
const MERGE_SCRIPT: ScriptedReply[] = [
  {
    toolCalls: [
      { name: "memory_list", input: {} },
      { name: "memory_read", input: { file: "MEMORY.md" } },
    ],
    usage: { input: 1000, output: 30 },
  },
  {
    toolCalls: ["testing.md", "testing-db.md", "old-deploy.md"].map((file) => ({
      name: "memory_read",
      input: { file },
    })),
    usage: { input: 1500, output: 40 },
  },
  {
    toolCalls: [
      {
        name: "memory_write",
        input: { file: "testing.md", content: MERGED, reason: "absorbs testing-db.md" },
      },
      {
        name: "memory_delete",
        input: { file: "testing-db.md", reason: "duplicate of testing.md, merged into it" },
      },
      {
        name: "memory_delete",
        input: { file: "old-deploy.md", reason: "stale: the freeze ended on 2026-01-09" },
      },
    ],
    usage: { input: 2500, output: 300 },
  },
  { ...DONE, usage: { input: 2600, output: 20 } },
];

const bodies = (w: Awaited<ReturnType<typeof dreamWorld>>) =>
  w.server.requests.map((r) => JSON.stringify(r.body));
const firstUserText = (w: Awaited<ReturnType<typeof dreamWorld>>, i = 0) => {
  const body = w.server.requests[i]!.body as { messages: { content: { type: string; text?: string }[] }[] };
  return body.messages[0]!.content.map((c) => c.text ?? "").join("");
};

describe("runModelDream with a scripted model", () => {
  it("turns list, read, merge and delete into a plan with reasons; nothing touches disk before apply", async () => {
    const w = await dreamWorld();
    w.server.enqueue(...MERGE_SCRIPT);
    const before = { project: hashTree(w.roots.project), user: hashTree(w.roots.user) };
    const r = await w.dream("prune");
    expect(r.ok, r.ok ? "" : r.reason).toBe(true);
    if (!r.ok) return;
    expect(w.server.pending()).toBe(0);
    expect(r.turns).toBe(4);
    expect(r.usage).toEqual({ inputTokens: 7600, outputTokens: 390 });
    expect({ project: hashTree(w.roots.project), user: hashTree(w.roots.user) }).toEqual(before);

    const p = r.plan;
    expect(p).toMatchObject({
      version: 1,
      mode: "prune",
      engine: "model",
      createdAt: "2026-03-05T09:30:00.000Z",
      roots: w.roots,
      sessions: { used: GATHERED.sessions, skipped: [] },
      rewrites: [],
      creates: [],
      index: [],
      notes: ["model: merged 2 duplicates, pruned 1"],
    });
    expect(p.merges).toEqual([
      {
        scope: "project",
        file: "testing.md",
        from: ["testing-db.md"],
        content: MERGED,
        kind: "duplicate",
        reason: "absorbs testing-db.md; testing-db.md: duplicate of testing.md, merged into it",
      },
    ]);
    expect(p.deletions).toEqual([
      {
        scope: "project",
        file: "old-deploy.md",
        kind: "stale",
        reason: "stale: the freeze ended on 2026-01-09",
      },
    ]);
    expect(p.seen).toEqual({
      "project/testing.md": sha(TESTING),
      "project/testing-db.md": sha(TESTING_DB),
      "project/old-deploy.md": sha(OLD_DEPLOY),
    });

    // The plan applies as planned: the target replaced, the absorbed and the stale file gone.
    const applied = await applyDreamPlan(p, { nowMs: NOW });
    expect(applied.changes.map((c) => [c.change, c.file, c.action])).toEqual([
      ["merge", "testing.md", "replaced"],
      ["delete", "testing-db.md", "deleted"],
      ["delete", "old-deploy.md", "deleted"],
    ]);
    expect(readFileSync(join(w.roots.project, "testing.md"), "utf8")).toContain(
      "docker compose Postgres, never mocks",
    );
    expect(existsSync(join(w.roots.project, "testing-db.md"))).toBe(false);
    const index = readFileSync(join(w.roots.project, "MEMORY.md"), "utf8");
    expect(index).toContain("(testing.md)");
    expect(index).not.toContain("testing-db.md");
    expect(index).not.toContain("old-deploy.md");
  });

  it("sends the phased prompt, the mode, today and the gathered signal, and never a secret or private text", async () => {
    const w = await dreamWorld();
    w.server.enqueue(...MERGE_SCRIPT);
    const r = await w.dream("prune");
    expect(r.ok).toBe(true);
    const body = w.server.requests[0]!.body as {
      system: string;
      tools: { name: string; input_schema: { properties: Record<string, unknown> } }[];
    };
    for (const phase of [
      "Phase 1 — Orient",
      "Phase 2 — Gather",
      "Phase 3 — Consolidate",
      "Phase 4 — Prune and index",
    ])
      expect(body.system).toContain(phase);
    expect(body.system).toContain("You are performing a dream — a pruning pass over the memory files");
    expect(body.system).not.toContain("reflection pass");
    expect(body.system).toMatch(/Merge over create/);
    expect(body.system).toMatch(/200 lines and 25,000 bytes/);
    expect(body.system).toMatch(/never from today/);
    expect(body.tools.map((t) => t.name).sort()).toEqual([
      "memory_delete",
      "memory_edit",
      "memory_list",
      "memory_read",
      "memory_write",
    ]);
    for (const t of body.tools.filter((t) => t.name !== "memory_list" && t.name !== "memory_read"))
      expect(Object.keys(t.input_schema.properties), t.name).toContain("reason");

    const prompt = firstUserText(w);
    expect(prompt).toContain("Today is 2026-03-05 (UTC). Mode: prune.");
    expect(prompt).toContain("## Sessions since the last consolidation (3)");
    for (const id of GATHERED.sessions) expect(prompt).toContain(`- ${id}`);
    expect(prompt).toContain("Moved integration tests to the compose Postgres.");
    expect(prompt).toContain("the deploy freeze ended yesterday");
    expect(prompt).toMatch(/- testing-db\.md \(feedback, modified \d{4}-\d\d-\d\d\): No DB mocks/);
    expect(prompt).toContain("- user/role.md (user,");
    expect(prompt).not.toContain("team/shared.md");
    expect(prompt).toMatch(/MEMORY\.md: 4 lines, \d+ bytes \(budget 200 lines, 25000 bytes\)/);

    // testing-db.md holds the token on disk, the summary holds it and private text, the log entry private text.
    expect(bodies(w).length).toBe(4);
    for (const [i, b] of bodies(w).entries()) {
      expect(b, `request ${i}`).not.toContain(TOKEN);
      expect(b, `request ${i}`).not.toContain(PRIVATE);
      expect(b, `request ${i}`).not.toContain("<private>");
    }
    expect(bodies(w)[2]).toContain("[REDACTED"); // the read of testing-db.md came back redacted
  });

  it("reflect mode: its own wording, and a new synthesized file is a create", async () => {
    const w = await dreamWorld();
    const synth = topic(
      "test-database",
      "How integration tests use the database",
      "project",
      "Integration tests run against the compose Postgres.\n**Why:** mocks hid a broken migration.\n**How to apply:** `docker compose up db` first.",
      "2026-03-05T09:30:00Z",
    );
    w.server.enqueue(
      { toolCalls: [{ name: "memory_write", input: { file: "test-database.md", content: synth } }] },
      DONE,
    );
    const r = await w.dream("reflect");
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const system = (w.server.requests[0]!.body as { system: string }).system;
    expect(system).toContain("You are performing a dream — a reflection pass over the memory files");
    expect(system).toContain("synthesize scattered fragments");
    expect(system).not.toContain("pruning pass");
    expect(r.plan.mode).toBe("reflect");
    expect(r.plan.creates).toEqual([
      {
        scope: "project",
        file: "test-database.md",
        content: synth,
        kind: "reflect",
        reason: "model: memory_write test-database.md",
      },
    ]);
    expect(r.plan.seen).toEqual({ "project/test-database.md": null });
  });

  it("a final answer of nothing with no calls is an empty plan", async () => {
    const w = await dreamWorld();
    w.server.enqueue({ text: '{"status": "nothing", "notes": "already tidy"}' });
    const r = await w.dream("prune");
    expect(r.ok && isEmptyPlan(r.plan)).toBe(true);
    expect(r.ok && r.answer.status).toBe("nothing");
  });

  it("cuts the gathered text to the input budget, dropping the oldest summaries", async () => {
    const w = await dreamWorld();
    w.server.enqueue(DONE);
    const summaries = Array.from({ length: 30 }, (_, i) => ({
      sessionId: `s-${String(i).padStart(2, "0")}`,
      text: `summary number ${i} ${"detail ".repeat(500)}`,
    }));
    const r = await w.dream("prune", { gathered: { ...GATHERED, summaries }, maxInputTokens: 12_000 });
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    const prompt = firstUserText(w);
    expect(estimateTokens(prompt)).toBeLessThanOrEqual(12_000 - 6_000 + 200);
    expect(prompt).toContain("### Session s-29");
    expect(prompt).not.toContain("### Session s-00");
    expect(r.dropped.summaries).toBeGreaterThan(20);
    expect(prompt).toContain(`(${r.dropped.summaries} older summaries left out)`);
    expect(prompt).toContain("the deploy freeze ended yesterday"); // the log entries keep their share
    expect(r.plan.notes.some((n) => n.includes("left out to fit the input budget"))).toBe(true);
  });
});

describe("runModelDream failures yield no plan", () => {
  it("invalid final output twice → ok:false, even after staged changes", async () => {
    const w = await dreamWorld();
    w.server.enqueue(
      { toolCalls: [{ name: "memory_delete", input: { file: "old-deploy.md", reason: "stale" } }] },
      { text: "I deleted the stale memory." },
      { text: "Done!" },
    );
    const before = hashTree(w.roots.project);
    const r = await w.dream("prune");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toMatch(/^invalid model output: .*not JSON/);
    expect(r).not.toHaveProperty("plan");
    expect(hashTree(w.roots.project)).toEqual(before);
  });

  it("a provider error mid-run → ok:false with the error kind", async () => {
    const w = await dreamWorld();
    w.server.enqueue(
      { toolCalls: [{ name: "memory_read", input: { file: "testing.md" } }] },
      { error: { status: 529, type: "overloaded_error", message: "Overloaded" } },
    );
    const r = await w.dream("prune");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.error?.kind).toBe("overloaded");
    expect(r.reason).toMatch(/^overloaded: /);
    expect(r.turns).toBe(1);
  });

  it("an unknown tool twice (a shell) → ok:false; team/ writes are refused by the sandbox", async () => {
    const w = await dreamWorld();
    w.server.enqueue(
      { toolCalls: [{ name: "bash", input: { command: "rm -rf ~" } }] },
      { toolCalls: [{ name: "bash", input: { command: "rm -rf ~" } }] },
    );
    const r = await w.dream("prune");
    expect(r.ok).toBe(false);

    const w2 = await dreamWorld();
    const team = topic(
      "role",
      "Senior Go developer",
      "user",
      "Explain frontend in backend terms.",
      "2026-01-02",
    );
    w2.server.enqueue(
      { toolCalls: [{ name: "memory_write", input: { file: "team/role.md", content: team } }] },
      DONE,
    );
    const r2 = await w2.dream("reflect");
    expect(r2.ok && isEmptyPlan(r2.plan)).toBe(true);
    const toolResult = JSON.stringify(w2.server.requests[1]!.body);
    expect(toolResult).toContain("team memory (`team/`) cannot be read or changed here");
  });

  it("the turn limit reached before the final answer → ok:false, the staged changes dropped", async () => {
    const w = await dreamWorld();
    w.server.enqueue({ toolCalls: [{ name: "memory_delete", input: { file: "old-deploy.md" } }] });
    for (let i = 0; i < 4; i++) w.server.enqueue({ toolCalls: [{ name: "memory_list", input: {} }] });
    const r = await w.dream("prune");
    expect(r.ok).toBe(false);
    if (r.ok) return;
    expect(r.reason).toMatch(/did not finish within 5 turns/);
    expect(w.server.requests).toHaveLength(5);
  });
});
