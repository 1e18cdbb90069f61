/**
 * The bundled example session (examples/sessions/preferences-and-dashboard.jsonl, used by the README
 * quick start): the offline extraction yields exactly its expected memories and project facts,
 * nothing from ordinary task requests, and no private text or secret anywhere on disk.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readClaudeTranscript } from "../../../src/adapters/claude-code/transcript.js";
import { type PlannedMemory, runExtraction } from "../../../src/jobs/extract/index.js";
import { readTopic } from "../../../src/store/index.js";
import { tempDir } from "../../helpers/tmp.js";

const EXAMPLES = join(import.meta.dirname, "..", "..", "..", "examples", "sessions");
const TRANSCRIPT = join(EXAMPLES, "preferences-and-dashboard.jsonl");

interface Expected {
  sessionId: string;
  memories: { type: string; descriptionContains: string; bodyContains: string[] }[];
  projectFacts: string[];
  ordinaryPrompts: string[];
  mustNotAppear: string[];
}
const EXPECTED = JSON.parse(
  readFileSync(join(EXAMPLES, "preferences-and-dashboard.expected.json"), "utf8"),
) as Expected;
const NOW = Date.UTC(2026, 2, 2, 12, 0, 0);

function setup() {
  const root = tempDir("memdir-extract-example-");
  const target = {
    memoryDir: join(root, "claude", "projects", "-home-dev-shop-api", "memory"),
    userMemoryDir: join(root, "memdir-home", "user-memory"),
    projectMemoryFile: join(root, "shop-api", ".memdir", "project-memory.json"),
    projectRoot: join(root, "shop-api"),
  };
  return { root, target, stateRoot: join(root, "shop-api", ".memdir") };
}

function walk(dir: string): string[] {
  return readdirSync(dir, { recursive: true })
    .map((f) => join(dir, String(f)))
    .filter((p) => statSync(p).isFile());
}

/** Pairs each expectation with exactly one distinct memory. */
function matchAll(memories: { type: string; description: string; body: string }[]) {
  const used = new Set<number>();
  for (const want of EXPECTED.memories) {
    const i = memories.findIndex(
      (m, j) =>
        !used.has(j) &&
        m.type === want.type &&
        m.description.includes(want.descriptionContains) &&
        want.bodyContains.every((b) => m.body.includes(b)),
    );
    expect(
      i,
      `expected memory ${JSON.stringify(want)} in ${JSON.stringify(memories, null, 2)}`,
    ).toBeGreaterThanOrEqual(0);
    used.add(i);
  }
}

describe("the bundled example session", () => {
  it("is a Claude Code transcript the adapter reads whole", async () => {
    const slice = readClaudeTranscript(TRANSCRIPT, 0);
    expect(slice.sessionId).toBe(EXPECTED.sessionId);
    expect(slice.cwd).toBe("/home/dev/shop-api");
    expect(slice.endOffset).toBe(statSync(TRANSCRIPT).size);
    expect(slice.messages.filter((m) => m.kind === "prompt")).toHaveLength(12);
    const calls = slice.messages.flatMap((m) => m.toolCalls);
    expect(new Set(calls.map((c) => c.name))).toEqual(new Set(["Bash", "Read", "Edit", "Write", "Task"]));
    expect(calls.some((c) => c.result?.isError)).toBe(true);
    expect(
      calls.some((c) => c.name === "Bash" && c.input.command === "pnpm test" && c.result?.isError === false),
    ).toBe(true);
  });

  it("yields exactly the expected memories and facts, and nothing from task requests", async () => {
    const { target, stateRoot } = setup();
    const r = await runExtraction({
      sessionId: EXPECTED.sessionId,
      transcriptPath: TRANSCRIPT,
      read: readClaudeTranscript,
      stateRoot,
      target,
      nowMs: NOW,
    });

    expect(r.plan!.memories).toHaveLength(EXPECTED.memories.length);
    matchAll(r.plan!.memories);
    expect(r.plan!.projectFacts).toEqual(EXPECTED.projectFacts);

    const slice = readClaudeTranscript(TRANSCRIPT, 0);
    const sources = new Set(r.plan!.memories.flatMap((m: PlannedMemory) => m.sources ?? []));
    for (const text of EXPECTED.ordinaryPrompts) {
      const p = slice.messages.find((m) => m.kind === "prompt" && m.text.startsWith(text));
      expect(p, text).toBeDefined();
      expect(sources.has(p!.uuid)).toBe(false);
      expect(r.plan!.skipped.map((s) => s.uuid)).toContain(p!.uuid);
    }

    // on disk: user memories in user scope, the rest in the project's memory dir, all created
    expect(r.result!.written.map((w) => w.action)).toEqual(EXPECTED.memories.map(() => "created"));
    const topics = (dir: string) =>
      readdirSync(dir)
        .filter((f) => f.endsWith(".md") && f !== "MEMORY.md")
        .map((f) => readTopic(join(dir, f)));
    const project = topics(target.memoryDir);
    const user = topics(target.userMemoryDir);
    expect(user.map((t) => t.type)).toEqual(
      EXPECTED.memories.filter((m: { type: string }) => m.type === "user").map(() => "user"),
    );
    expect(project.every((t) => t.type !== "user")).toBe(true);
    expect(project.length + user.length).toBe(EXPECTED.memories.length);
    matchAll([...project, ...user]);
    for (const t of [...project, ...user]) {
      expect(t.metadata.originSessionId).toBe(EXPECTED.sessionId);
      expect(readFileSync(join(t.path, "..", "MEMORY.md"), "utf8")).toContain(`(${t.name}.md)`);
    }
    const pm = readFileSync(target.projectMemoryFile, "utf8");
    for (const f of EXPECTED.projectFacts) expect(pm).toContain(f);
    expect(r.result!.factsAdded).toBe(EXPECTED.projectFacts.length);
  });

  it("writes no private text and no secret anywhere", async () => {
    const { root, target, stateRoot } = setup();
    await runExtraction({
      sessionId: EXPECTED.sessionId,
      transcriptPath: TRANSCRIPT,
      read: readClaudeTranscript,
      stateRoot,
      target,
      nowMs: NOW,
    });
    const files = walk(root);
    expect(files.length).toBeGreaterThanOrEqual(EXPECTED.memories.length + 3);
    const original = readFileSync(TRANSCRIPT, "utf8");
    for (const s of EXPECTED.mustNotAppear) {
      expect(original, `the example must contain ${s}`).toContain(s);
      for (const f of files) expect(readFileSync(f, "utf8"), `${s} in ${f}`).not.toContain(s);
    }
  });
});
