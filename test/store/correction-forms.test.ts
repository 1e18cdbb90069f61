/**
 * A correction is recognised by its form (a change verb, "no longer", "anymore", "from X to Y",
 * "X instead of Y" with a change, 바꿨/바꾸/전환, 이제부터) and supersedes the stored memory on the
 * same subject; a new rule on another subject, or a near miss, supersedes nothing.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  commitChangeSet,
  createJournal,
  readTopic,
  undoChangeSet,
  upsertMemory,
} from "../../src/store/index.js";
import { tempDir } from "../helpers/tmp.js";
import { plantMemoryDirs, treeHash } from "./history-fixture.js";

const DAY = 86_400_000;
const NOW = Date.UTC(2026, 2, 2, 10);
const draft = (s: string) => ({
  type: "feedback" as const,
  description: s,
  body: `${s}.\n**Why:** Stated by the user (no reason given).`,
});
const topics = (dir: string) => readdirSync(dir).filter((f) => f.endsWith(".md") && f !== "MEMORY.md");

/** Stores `old`, then `next` a day later; the result of the second write and the files left. */
function pair(old: string, next: string) {
  const dir = tempDir();
  upsertMemory(dir, draft(old), { nowMs: NOW });
  const r = upsertMemory(dir, draft(next), { nowMs: NOW + DAY });
  return { dir, r, files: topics(dir), index: readFileSync(join(dir, "MEMORY.md"), "utf8") };
}

/** [stored, correction, a word the current memory must say, a word its description must no longer state as the choice]. */
const SUPERSEDES: [string, string, RegExp][] = [
  ["Always use yarn in this repo", "We switched to pnpm", /pnpm/],
  ["Always use yarn in this repo", "We moved from yarn to pnpm", /pnpm/],
  ["Always use yarn in this repo", "We use pnpm now instead of yarn", /pnpm/],
  ["Use jest for unit tests", "We replaced jest with vitest", /vitest/],
  ["Use jest for unit tests", "We changed the test runner from jest to vitest", /vitest/],
  ["I prefer tabs over spaces", "I don't use tabs anymore", /anymore/],
  ["I prefer tabs over spaces", "Not tabs anymore, spaces", /spaces/],
  ["I prefer tabs over spaces", "I no longer use tabs, I use spaces", /spaces/],
  ["I prefer tabs", "Spaces now", /spaces/i],
  ["들여쓰기는 항상 탭을 쓰세요", "이제부터 스페이스 써요", /스페이스/],
  ["항상 yarn을 쓰세요", "yarn에서 pnpm으로 바꿨어요", /pnpm/],
  ["저는 탭을 선호해요", "탭 말고 스페이스로 바꿨어요", /스페이스/],
  ["항상 yarn을 쓰세요", "pnpm으로 전환했어요", /pnpm/],
];

describe("corrections recognised by their form supersede the stored memory", () => {
  for (const [old, next, current] of SUPERSEDES) {
    it(`"${next}" supersedes "${old}"`, () => {
      const { r, files, index } = pair(old, next);
      expect(r.action).toBe("replaced");
      expect(files).toHaveLength(1);
      const t = readTopic(r.path);
      expect(t.description).toMatch(current);
      expect(t.body).not.toContain(old);
      expect(index).not.toContain(old);
      expect(index).toMatch(current);
      expect(t.metadata.supersedes).toEqual([
        { text: `${old}.`, until: "2026-03-03T10:00:00Z", file: expect.stringMatching(/\.md$/) },
      ]);
    });
  }

  it("an elliptical correction keeps what the old memory said, with the value swapped", () => {
    const { r } = pair("I prefer tabs over spaces", "Not tabs anymore, spaces");
    const t = readTopic(r.path);
    expect(t.description).toBe("I prefer spaces over tabs");
    expect(t.body).toMatch(/^I prefer spaces over tabs\./);
  });

  it("an elliptical Korean correction swaps the value and fits the particle to it", () => {
    const { r } = pair("들여쓰기는 항상 탭을 쓰세요", "이제부터 스페이스 써요");
    expect(readTopic(r.path).description).toBe("들여쓰기는 항상 스페이스를 쓰세요");
  });
});

/** [stored, new statement]: different subjects or near misses, never a supersession. */
const APART: [string, string][] = [
  ["Always use pnpm in this repo", "We switched to kafka for events"],
  ["Always use pnpm in this repo", "We moved the config to .memdir"],
  ["Never deploy to staging on Fridays", "We no longer deploy to prod on Fridays"],
  ["Always use yarn for the frontend", "We switched to pnpm for the backend"],
  ["Use tabs for indentation in Makefiles", "I don't use tabs anymore"],
  ["Always use pnpm in this repo, never npm", "Always use yarn in this repo, never npm"],
  ["npm 말고 pnpm을 쓰세요", "npm 말고 yarn을 쓰세요"],
  ["Always squash commits before merging", "Never squash commits before merging"],
  ["Run migrations on staging first", "We switched to running migrations on production first"],
];

describe("a new rule on another subject supersedes nothing", () => {
  for (const [old, next] of APART) {
    it(`"${next}" leaves "${old}"`, () => {
      const { r, files, dir } = pair(old, next);
      expect(r.action).not.toBe("replaced");
      const all = files.map((f) => readTopic(join(dir, f)));
      expect(all.some((t) => t.body.includes(old))).toBe(true);
      expect(all.every((t) => t.metadata.supersedes === undefined)).toBe(true);
    });
  }
});

describe("a correction by form is one change set", () => {
  it("undo brings back the corrected memory, its file name and its MEMORY.md line", () => {
    const roots = plantMemoryDirs(tempDir("memdir-corr-undo-"));
    upsertMemory(roots.project, draft("Always use yarn in this repo"), { nowMs: NOW });
    const before = treeHash(roots.project, roots.user);
    const journal = createJournal({ kind: "extraction", summary: "correction", roots, nowMs: NOW + DAY });
    const r = upsertMemory(roots.project, draft("We switched to pnpm"), { nowMs: NOW + DAY, journal });
    expect(r.action).toBe("replaced");
    expect(readTopic(r.path).description).toBe("Always use pnpm in this repo");
    const id = commitChangeSet(journal);
    expect(treeHash(roots.project, roots.user)).not.toBe(before);
    const u = undoChangeSet(roots, id, { nowMs: NOW + 2 * DAY });
    expect(u.conflicts).toEqual([]);
    expect(treeHash(roots.project, roots.user)).toBe(before);
  });
});
