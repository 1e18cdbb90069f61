/**
 * Issue 5 point 3, "must be shown": a dream with a slow scripted model (each reply delayed 300-800
 * ms) while three real child processes write new memories through the store — one of them also
 * rewrites a file the model has already read. Then the plan is applied with `applyDreamPlan`: all
 * three writes survive, and the dream's merge is merged with the live rewrite (its new lines kept,
 * nothing overwritten).
 */
import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { applyDreamPlan } from "../../../src/jobs/dream/apply/index.js";
import type { ScriptedReply } from "../../helpers/scripted-llm/index.js";
import { dreamWorld, MERGED, NOW, sha } from "./model-fixture.js";

const STORE = join(import.meta.dirname, "..", "..", "..", "src", "store", "index.ts");
const LIVE_LINE = "Live session note: seed data comes from fixtures/seed.sql.";

/**
 * A child that, once it reads "go" on stdin (so process start-up is paid before the dream reaches
 * the window), writes one new memory through the store and, with `rewrite`, appends to testing.md.
 */
const CHILD = `import { readFileSync } from "node:fs";
import { join } from "node:path";
import { replaceMemory, topicHash, upsertMemory } from ${JSON.stringify(STORE)};
const o = JSON.parse(process.argv[2]);
process.stdout.write("ready\\n");
process.stdin.once("data", () => {
const out = [];
const r = upsertMemory(o.dir, o.draft, { nowMs: o.nowMs });
out.push([r.action, r.name]);
if (o.rewrite) {
  const text = readFileSync(join(o.rewrite.dir, "testing.md"), "utf8");
  const next = text.trimEnd() + "\\n\\n" + o.rewrite.line + "\\n";
  const x = replaceMemory(o.rewrite.dir, "testing.md", next, { nowMs: o.nowMs, expectedHash: topicHash(text) });
  out.push([x.action, "testing"]);
}
process.stdout.write(JSON.stringify(out));
process.stdin.destroy();
});
`;

const draft = (type: string, name: string, description: string, body: string) => ({
  type,
  name,
  description,
  body,
});

interface Writer {
  ready: Promise<void>;
  go(): void;
  done: Promise<{ out: [string, string][]; endedAt: number }>;
}

/** Starts a child; `ready` resolves once it is loaded, `go` lets it write, `done` gives what it did. */
function start(bundle: string, arg: unknown): Writer {
  const child = spawn(process.execPath, [bundle, JSON.stringify(arg)], { stdio: ["pipe", "pipe", "pipe"] });
  let markReady: () => void = () => {};
  const ready = new Promise<void>((res) => {
    markReady = res;
  });
  const done = new Promise<{ out: [string, string][]; endedAt: number }>((resolve, reject) => {
    let out = "";
    let err = "";
    child.stdout.on("data", (d) => {
      out += d;
      if (out.startsWith("ready\n")) markReady();
    });
    child.stderr.on("data", (d) => {
      err += d;
    });
    child.on("close", (code) =>
      code === 0
        ? resolve({ out: JSON.parse(out.slice("ready\n".length)) as [string, string][], endedAt: Date.now() })
        : reject(new Error(`child exited ${code}: ${err}`)),
    );
  });
  return { ready, go: () => child.stdin.write("go\n"), done };
}

describe("a slow model dream while three processes write memories", () => {
  it("keeps all three writes and merges the dream's merge with the live rewrite", async () => {
    const w = await dreamWorld();
    const entry = join(w.root, "child.ts");
    writeFileSync(entry, CHILD);
    const bundle = join(w.root, "child.cjs");
    await build({
      entryPoints: [entry],
      bundle: true,
      platform: "node",
      format: "cjs",
      outfile: bundle,
      logLevel: "error",
    });

    const slow: ScriptedReply[] = [
      { toolCalls: [{ name: "memory_list", input: {} }], delayMs: 300 },
      {
        toolCalls: ["testing.md", "testing-db.md", "old-deploy.md"].map((file) => ({
          name: "memory_read",
          input: { file },
        })),
        delayMs: 400,
      },
      {
        toolCalls: [
          {
            name: "memory_write",
            input: { file: "testing.md", content: MERGED, reason: "absorbs testing-db.md" },
          },
          {
            name: "memory_delete",
            input: { file: "testing-db.md", reason: "duplicate, merged into testing.md" },
          },
          { name: "memory_delete", input: { file: "old-deploy.md", reason: "stale" } },
        ],
        delayMs: 800,
      },
      { text: '{"status": "done", "notes": "merged, pruned"}', delayMs: 800 },
    ];
    const later = NOW + 60_000;
    const writers = [
      start(bundle, {
        dir: w.roots.project,
        nowMs: later,
        draft: draft(
          "project",
          "release-train",
          "Releases ship every second Tuesday",
          "Releases ship every second Tuesday.\n**Why:** the store review window.\n**How to apply:** plan merges before Monday.",
        ),
      }),
      start(bundle, {
        dir: w.roots.user,
        nowMs: later,
        draft: draft(
          "user",
          "prefers-terse",
          "Prefers terse answers without summaries",
          "Keep answers short; no recap at the end.",
        ),
      }),
      start(bundle, {
        dir: w.roots.project,
        nowMs: later,
        draft: draft(
          "reference",
          "ci-runner",
          "CI runs on the self-hosted runner pool",
          "CI runs on the self-hosted runner pool `linux-big`; its dashboard is grafana/d/ci.",
        ),
        rewrite: { dir: w.roots.project, line: LIVE_LINE },
      }),
    ];
    await Promise.all(writers.map((x) => x.ready));

    w.server.enqueue(...slow);
    const dream = w.dream("prune").then((r) => ({ r, endedAt: Date.now() }));
    // Request 3 carries the results of the model's reads: from here on it has seen testing.md.
    while (w.server.requests.length < 3) await new Promise((res) => setTimeout(res, 5));
    const readAt = Date.now();
    for (const x of writers) x.go();
    const children = await Promise.all(writers.map((x) => x.done));
    const { r, endedAt } = await dream;
    expect(r.ok, r.ok ? "" : r.reason).toBe(true);
    if (!r.ok) return;
    // The three writes really happened during the dream, after the model read testing.md.
    for (const c of children) {
      expect(c.endedAt).toBeGreaterThanOrEqual(readAt);
      expect(c.endedAt).toBeLessThan(endedAt);
    }
    expect(children.map((c) => c.out)).toEqual([
      [["created", "release-train"]],
      [["created", "prefers-terse"]],
      [
        ["created", "ci-runner"],
        ["replaced", "testing"],
      ],
    ]);
    const testingPath = join(w.roots.project, "testing.md");
    expect(r.plan.merges.map((m) => [m.file, m.from])).toEqual([["testing.md", ["testing-db.md"]]]);
    expect(r.plan.seen["project/testing.md"]).not.toBe(sha(readFileSync(testingPath, "utf8")));

    const applied = await applyDreamPlan(r.plan, { nowMs: NOW + 120_000 });
    expect(applied.changes.map((c) => [c.change, c.file, c.action])).toEqual([
      ["merge", "testing.md", "merged"],
      ["delete", "testing-db.md", "deleted"],
      ["delete", "old-deploy.md", "deleted"],
    ]);

    const testing = readFileSync(testingPath, "utf8");
    expect(testing).toContain(LIVE_LINE); // the live session's line survives
    expect(testing).toContain("docker compose Postgres"); // and the dream's merge is merged in
    expect(testing).toContain("Integration tests must hit a real database.");
    expect(testing.match(/\*\*Why:\*\*/g)?.length).toBeGreaterThanOrEqual(1);
    for (const [dir, file, text] of [
      [w.roots.project, "release-train.md", "Releases ship every second Tuesday."],
      [w.roots.project, "ci-runner.md", "self-hosted runner pool `linux-big`"],
      [w.roots.user, "prefers-terse.md", "Keep answers short; no recap at the end."],
    ] as const)
      expect(readFileSync(join(dir, file), "utf8"), file).toContain(text);
    expect(existsSync(join(w.roots.project, "testing-db.md"))).toBe(false);
    expect(existsSync(join(w.roots.project, "old-deploy.md"))).toBe(false);
    const index = readFileSync(join(w.roots.project, "MEMORY.md"), "utf8");
    for (const f of ["testing.md", "release-train.md", "ci-runner.md"]) expect(index).toContain(`(${f})`);
    expect(index).not.toContain("(testing-db.md)");
    expect(readFileSync(join(w.roots.user, "MEMORY.md"), "utf8")).toContain("(prefers-terse.md)");
  });
});
