/** A correction ("… now") rewrites the memory it contradicts and records what it superseded. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readTopic, upsertMemory } from "../../src/store/index.js";
import { tempDir } from "../helpers/tmp.js";

const NOW = Date.UTC(2026, 2, 2, 10);
const draft = (s: string, date: string) => ({
  type: "feedback" as const,
  description: s,
  body: `${s}.\n**Why:** Stated by the user on ${date} (no reason given).`,
});

describe("corrections supersede at write time", () => {
  it("rewrites the contradicted preference: one file, description and MEMORY.md line current", () => {
    const dir = tempDir();
    upsertMemory(dir, draft("I prefer tabs over spaces", "2026-03-02"), { nowMs: NOW });
    const r = upsertMemory(dir, draft("I prefer spaces over tabs now", "2026-03-04"), {
      nowMs: NOW + 2 * 86_400_000,
    });
    expect(r.action).toBe("replaced");
    const files = readdirSync(dir).filter((f) => f.endsWith(".md") && f !== "MEMORY.md");
    expect(files).toHaveLength(1);
    const t = readTopic(r.path);
    expect(t.description).toBe("I prefer spaces over tabs");
    expect(t.body).not.toContain("I prefer tabs over spaces");
    expect(t.metadata.supersedes).toEqual([
      {
        text: "I prefer tabs over spaces.",
        until: "2026-03-04T10:00:00Z",
        file: expect.stringMatching(/tabs/),
      },
    ]);
    const index = readFileSync(join(dir, "MEMORY.md"), "utf8");
    expect(index).toContain("I prefer spaces over tabs");
    expect(index).not.toContain("I prefer tabs over spaces");
  });

  it("leaves an opposite statement without a correction cue in its own file", () => {
    const dir = tempDir();
    upsertMemory(dir, draft("Always squash commits before merging", "2026-03-02"), { nowMs: NOW });
    const r = upsertMemory(dir, draft("Never squash commits before merging", "2026-03-03"), {
      nowMs: NOW + 86_400_000,
    });
    expect(r.action).toBe("created");
  });
});
