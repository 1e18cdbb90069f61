/**
 * Issue 3, "what must be shown": replaying a recorded session where a prompt relates to an existing
 * memory injects that memory once (not again on a later related prompt); unrelated prompts inject
 * nothing. The memory is planted in the sandbox home before the replay.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { basename, join } from "node:path";
import { describe, expect, it } from "vitest";
import { replay } from "../../../src/app/commands/replay.js";
import { projectKey } from "../../../src/paths/index.js";
import { EXAMPLE_SESSION as EXAMPLE } from "../../helpers/example.js";
import { tempDir } from "../../helpers/tmp.js";

function recordedCwd(file: string): string {
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (line.includes('"cwd"')) return (JSON.parse(line) as { cwd: string }).cwd;
  }
  throw new Error("no cwd");
}

describe("replay with a memory planted before the session", () => {
  it("injects the related memory exactly once and nothing for unrelated prompts", async () => {
    const home = tempDir("memdir-replay-recall-");
    const projectRoot = join(home, "project", basename(recordedCwd(EXAMPLE)));
    const memoryDir = join(home, ".claude", "projects", projectKey(projectRoot), "memory");
    mkdirSync(memoryDir, { recursive: true });
    const planted = join(memoryDir, "health-endpoint.md");
    writeFileSync(
      planted,
      "---\nname: health-endpoint\ndescription: The health endpoint must return the app version and git sha\ntype: project\n---\nGET /health returns {version, sha}; load balancers poll it every 5 s.\n",
    );
    const r = await replay({ transcript: EXAMPLE, home, env: { PATH: process.env.PATH } });
    expect(r.badOutputs).toEqual([]);
    const withPlanted = r.recalls.filter((x) => x.memories.includes(planted));
    expect(withPlanted).toHaveLength(1);
    expect(withPlanted[0]?.kind).toBe("prompt");
    expect(withPlanted[0]?.trigger).toMatch(/^add a GET \/health endpoint/);
    // A later prompt about the health check does not bring it back.
    expect(r.recalls.some((x) => /health check/.test(x.trigger) && x.memories.includes(planted))).toBe(false);
    for (const unrelated of ["did you push?", "commit this", "don't run the full suite yet"]) {
      expect(
        r.recalls.some((x) => x.trigger.startsWith(unrelated)),
        unrelated,
      ).toBe(false);
    }
  });
});

describe("the session being worked on is searchable without backfill", () => {
  it("the extraction job indexes the transcript's turns, scrubbed", async () => {
    const home = tempDir("memdir-replay-sessions-");
    const r = await replay({ transcript: EXAMPLE, home, env: { PATH: process.env.PATH } });
    const { openSearchDb, querySearchDb } = await import("../../../src/search/index.js");
    const db = openSearchDb(join(home, ".memdir", "index", "search.db"));
    try {
      const hits = querySearchDb(db, "grafana latency board", {
        nowMs: Date.now(),
        filter: { sources: ["sessions"] },
      });
      expect(hits[0]?.meta.sessionId).toBe(r.sessionId);
      expect(typeof hits[0]?.meta.turn).toBe("number");
      const all = db
        .prepare("SELECT name || description || body AS t FROM docs WHERE source = 'sessions'")
        .pluck()
        .all() as string[];
      expect(all.length).toBeGreaterThan(5);
      expect(all.join("\n")).not.toContain("AKIAQX4GZ7LMB2RT5WNE");
      expect(all.join("\n")).not.toMatch(/<private>/i);
    } finally {
      db.close();
    }
  });
});
