/**
 * Corrections at extraction: a later session's correction, cued or not ("we switched to pnpm",
 * "I don't use tabs anymore", "yarn에서 pnpm으로 바꿨어요"), rewrites the memory it corrects, and
 * within one transcript only the corrected preference is left; a new rule on another subject
 * supersedes nothing.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { applyExtraction, planExtraction } from "../../../src/jobs/extract/index.js";
import { readTopic } from "../../../src/store/index.js";
import type { ConversationMessage } from "../../../src/transcripts/types.js";
import { tempDir } from "../../helpers/tmp.js";

const DAY = 86_400_000;
const START = Date.UTC(2026, 2, 2, 10);

const msg = (text: string, i: number, day = 0): ConversationMessage => ({
  kind: "prompt",
  uuid: `u-${day}-${i}`,
  timestamp: new Date(START + day * DAY + i * 60_000).toISOString(),
  text,
  toolCalls: [],
  isSidechain: false,
  endOffset: 0,
});

function target() {
  const dir = tempDir("memdir-corr-");
  return {
    memoryDir: join(dir, "mem"),
    userMemoryDir: join(dir, "user"),
    projectMemoryFile: join(dir, "project-memory.json"),
    projectRoot: dir,
  };
}

/** Each session (a list of user prompts) extracted and applied, a day apart; the topics left. */
function sessions(...said: string[][]) {
  const t = target();
  said.forEach((prompts, day) => {
    const plan = planExtraction(
      prompts.map((p, i) => msg(p, i, day)),
      { sessionId: `s-${day}`, nowMs: START + day * DAY },
    );
    applyExtraction(plan, t, START + day * DAY);
  });
  const files = readdirSync(t.memoryDir).filter((f) => f.endsWith(".md") && f !== "MEMORY.md");
  return {
    topics: files.map((f) => readTopic(join(t.memoryDir, f))),
    index: readFileSync(join(t.memoryDir, "MEMORY.md"), "utf8"),
  };
}

/** [first session, later session, what the memory must say now, what it must no longer say]. */
const CASES: [string, string, RegExp, RegExp][] = [
  ["Always use yarn in this repo.", "We switched to pnpm.", /pnpm/, /\byarn in this repo/],
  ["Always use yarn in this repo.", "We moved from yarn to pnpm.", /pnpm/, /\byarn in this repo/],
  ["Always use yarn in this repo.", "We use pnpm now instead of yarn.", /pnpm/, /\byarn in this repo/],
  ["I prefer tabs over spaces.", "I don't use tabs anymore.", /tabs anymore/, /prefer tabs/],
  ["I prefer tabs over spaces.", "Not tabs anymore, spaces.", /spaces over tabs/, /prefer tabs/],
  ["I prefer tabs over spaces.", "I no longer use tabs, I use spaces.", /spaces/, /prefer tabs/],
  ["들여쓰기는 항상 탭을 쓰세요.", "이제부터 스페이스 써요.", /스페이스/, /탭을/],
  ["항상 yarn을 쓰세요.", "yarn에서 pnpm으로 바꿨어요.", /pnpm/, /yarn을/],
  ["저는 탭을 선호해요.", "탭 말고 스페이스로 바꿨어요.", /스페이스/, /탭을/],
  ["Always use mocha for tests.", "We migrated from mocha to vitest.", /vitest/, /mocha for/],
  ["항상 yarn을 쓰세요.", "이제 yarn 대신 pnpm 써요.", /pnpm/, /yarn을/],
  ["저는 탭을 선호해요.", "더 이상 탭 안 써요.", /안 써요/, /탭을 선호/],
  ["I prefer dark theme.", "I use the light theme these days.", /light/, /dark/],
  // a stored change is itself corrected back; the class named in passing ("테스트 러너") is no new subject
  [
    "We switched from Jest to Vitest last week.",
    "테스트 러너를 Vitest에서 Jest로 다시 바꿨어요.",
    /jest/i,
    /to vitest/i,
  ],
  ["I prefer tabs over spaces.", "actually no, spaces.", /spaces over tabs/, /prefer tabs/],
];

describe("a correction in a later session supersedes the memory it corrects", () => {
  for (const [first, later, now, gone] of CASES) {
    it(`"${later}" after "${first}"`, () => {
      const { topics, index } = sessions([first], [later]);
      expect(topics).toHaveLength(1);
      const t = topics[0]!;
      expect(t.description).toMatch(now);
      expect(t.description).not.toMatch(gone);
      expect(t.body).not.toMatch(gone);
      expect(index).toMatch(now);
      expect(index).not.toMatch(gone);
      expect(t.metadata.supersedes).toEqual([
        expect.objectContaining({ text: first, until: "2026-03-03T10:00:00Z" }),
      ]);
    });
  }
});

describe("within one transcript the later correction wins", () => {
  it('"I prefer tabs" … "actually no — spaces now" ends with only the spaces memory', () => {
    const { topics, index } = sessions([
      "I prefer tabs.",
      "ok let's start with the parser",
      "actually no — spaces now",
    ]);
    expect(topics).toHaveLength(1);
    expect(topics[0]!.description).toMatch(/spaces/i);
    expect(`${topics[0]!.description}\n${topics[0]!.body}`).not.toMatch(/\btabs\b/i);
    expect(index).not.toMatch(/tabs/i);
  });

  it("a Korean correction later in the same transcript replaces the earlier choice", () => {
    const { topics } = sessions([
      "항상 yarn을 쓰세요.",
      "그럼 빌드부터 해볼게요",
      "아니요, yarn에서 pnpm으로 바꿨어요.",
    ]);
    expect(topics).toHaveLength(1);
    expect(topics[0]!.description).toMatch(/pnpm/);
    expect(topics[0]!.body).not.toMatch(/yarn을/);
  });
});

describe("a new rule on another subject supersedes nothing", () => {
  it('"we switched to kafka for events" leaves "use pnpm"', () => {
    const { topics } = sessions(["Always use pnpm in this repo."], ["We switched to kafka for events."]);
    expect(topics.some((t) => /pnpm/.test(t.description))).toBe(true);
    expect(topics.every((t) => t.metadata.supersedes === undefined)).toBe(true);
  });

  for (const later of [
    "We moved the docs to the wiki.",
    "I switched teams last month.",
    "We switched to weekly releases.",
  ]) {
    it(`"${later}" leaves "use pnpm"`, () => {
      const { topics } = sessions(["Always use pnpm in this repo."], [later]);
      expect(topics.some((t) => t.description === "Always use pnpm in this repo")).toBe(true);
      expect(topics.every((t) => t.metadata.supersedes === undefined)).toBe(true);
    });
  }

  it("a switch on staging leaves the prod rule", () => {
    const { topics } = sessions(
      ["Never deploy to prod on Fridays."],
      ["We no longer deploy to staging on Fridays."],
    );
    expect(topics.some((t) => /prod on Fridays/.test(t.description))).toBe(true);
    expect(topics.every((t) => t.metadata.supersedes === undefined)).toBe(true);
  });
});
