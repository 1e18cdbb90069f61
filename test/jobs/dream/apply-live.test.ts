/**
 * A live session writing MEMORY.md while a dream applies its plan (tester finding): the dream must
 * not move the new line out of MEMORY.md (its overflow topic belongs to the dream's change set, and
 * an undo would take the line away). The budget is left for the next dream; after `undo` the line
 * is still on disk.
 */
import { appendFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { applyDreamPlan, LIVE_EDIT_WARNING, planOfflineDream } from "../../../src/jobs/dream/index.js";
import { commitChangeSet, createJournal, undoChangeSet } from "../../../src/store/index.js";
import { readDirInput } from "../../helpers/planted-memory.js";
import { tempDir } from "../../helpers/tmp.js";

const NOW = Date.parse("2026-11-20T10:00:00Z");
const topic = (name: string, body: string) =>
  `---\nname: ${name}\ndescription: ${body}\ntype: project\nmetadata:\n  updated: 2026-11-01T00:00:00Z\n---\n${body}\n`;

describe("dream apply with a live MEMORY.md writer", () => {
  it("a line appended during the apply stays in MEMORY.md (not moved to the overflow topic) and survives undo", async () => {
    const dir = join(tempDir("memdir-dream-live-"), "memory");
    mkdirSync(dir, { recursive: true });
    const index = ["# Memory Index"];
    for (let i = 0; i < 3; i++) {
      const body = `The ${["billing", "search", "auth"][i]} service deploys from the main branch only`;
      writeFileSync(join(dir, `svc-${i}.md`), topic(`svc-${i}`, body));
      writeFileSync(join(dir, `svc-${i}-copy.md`), topic(`svc-${i}-copy`, body));
      index.push(`- [svc-${i}](svc-${i}.md) — ${body}`, `- [svc-${i}-copy](svc-${i}-copy.md) — ${body}`);
    }
    for (let i = 0; i < 230; i++) index.push(`Hand-written note ${i}: keep this line about the project`);
    writeFileSync(join(dir, "MEMORY.md"), `${index.join("\n")}\n`);
    const input = readDirInput(dir);
    const plan = planOfflineDream({
      mode: "prune",
      nowMs: NOW,
      roots: { project: dir },
      topics: input.topics,
      indexes: [input.index],
      logDrafts: [],
    });
    expect(plan.merges.length).toBe(3);
    expect(plan.index.length).toBe(1);
    const journal = createJournal({ kind: "dream", summary: "dream", roots: { project: dir }, nowMs: NOW });
    let steps = 0;
    const r = await applyDreamPlan(plan, {
      nowMs: NOW,
      journal,
      shouldStop: () => {
        if (++steps === 2)
          appendFileSync(join(dir, "MEMORY.md"), "- my hand note: the pager rota is in #ops\n");
        return false;
      },
    });
    expect(r.changes.find((c) => c.change === "index")?.warning).toBe(LIVE_EDIT_WARNING);
    expect(readFileSync(join(dir, "MEMORY.md"), "utf8")).toContain("pager rota");
    const id = commitChangeSet(journal)!;
    undoChangeSet({ project: dir }, id, { nowMs: NOW + 1 });
    const all = readdirSync(dir)
      .filter((f) => f.endsWith(".md"))
      .map((f) => readFileSync(join(dir, f), "utf8"))
      .join("\n");
    expect(all).toContain("pager rota");
  });
});
