/**
 * The README quick start, end to end: replaying the bundled example through the real hook entry point
 * yields exactly its expected memories, nothing from ordinary task requests, no private text or secret
 * anywhere on disk, and the next SessionStart context carries the memories and the notepad priority.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { replay } from "../../../src/app/commands/replay.js";
import { formatDreamOutcome } from "../../../src/cli/format/dream.js";
import { EXAMPLE_SESSION as EXAMPLE } from "../../helpers/example.js";
import { tempDir } from "../../helpers/tmp.js";

const expected = JSON.parse(readFileSync(EXAMPLE.replace(/\.jsonl$/, ".expected.json"), "utf8")) as {
  memories: { type: string; descriptionContains: string; bodyContains: string[] }[];
  projectFacts: string[];
  mustNotAppear: string[];
};

function walk(dir: string, out: string[] = []): string[] {
  for (const f of readdirSync(dir)) {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) walk(p, out);
    else out.push(p);
  }
  return out;
}

describe("quick start: replay of the bundled example", () => {
  it("writes exactly the expected memories, keeps secrets off disk, and injects them next session", async () => {
    const home = tempDir("memdir-example-");
    const r = await replay({ transcript: EXAMPLE, home, env: { PATH: process.env.PATH } });
    expect(r.badOutputs).toEqual([]);

    expect(r.memories).toHaveLength(expected.memories.length);
    for (const m of expected.memories) {
      const hit = r.memories.find((x) => x.type === m.type && x.description.includes(m.descriptionContains));
      expect(hit, m.descriptionContains).toBeDefined();
      for (const b of m.bodyContains) expect(hit!.body).toContain(b);
    }
    expect(r.memories.filter((m) => m.type === "user").every((m) => m.scope === "user")).toBe(true);

    const files = walk(home).filter(
      (f) => !f.endsWith(".jsonl") || !f.includes(`${join(".claude", "projects")}`),
    );
    for (const f of files) {
      const text = readFileSync(f, "utf8");
      for (const bad of expected.mustNotAppear) expect(text.includes(bad), `${bad} in ${f}`).toBe(false);
    }

    for (const m of expected.memories) expect(r.nextContext).toContain(m.descriptionContains);
    for (const fact of expected.projectFacts) expect(r.nextContext).toContain(fact);
    expect(r.nextContext).toContain("<notepad-priority");
    expect(r.nextContext).toContain("docker-compose Postgres on localhost:5433");
    expect(r.notepad).toContain("still mocks src/db");
    // The dream after the session made the memory's relative date absolute (the session ran 2026-03-02).
    expect(r.memories.find((m) => m.body.includes("We got burned"))!.body).toContain("burned in 2025-Q4");
    expect(r.dream.status).toBe("done");
    expect(formatDreamOutcome(r.dream)).toMatch(/"last quarter" → "in 2025-Q4"/);
    expect(r.nextContextChars).toBeLessThanOrEqual(9_000);
    expect(r.nextContext).toContain("pnpm test");
  });
});
