/**
 * Self-introductions: one user memory per introduction that keeps every clause about the person
 * (role, years, tools, what they are new to), in English, Korean and mixed, terse or lower case;
 * requests about explaining land in "How to apply"; task state and other instructions stay out.
 */
import { describe, expect, it } from "vitest";
import { planExtraction } from "../../../src/jobs/extract/index.js";
import type { ConversationMessage } from "../../../src/transcripts/types.js";

function plan(...texts: string[]) {
  const messages: ConversationMessage[] = texts.map((text, i) => ({
    kind: "prompt",
    uuid: `u-${i}`,
    timestamp: "2026-03-02T10:00:00.000Z",
    text,
    toolCalls: [],
    isSidechain: false,
    endOffset: 0,
  }));
  return planExtraction(messages, { sessionId: "s-1", nowMs: Date.UTC(2026, 2, 2) });
}

/** The single user memory of `text`, with its name + description + body lower-cased. */
function userMemoryOf(text: string) {
  const users = plan(text).memories.filter((m) => m.type === "user");
  expect(users, text).toHaveLength(1);
  const m = users[0]!;
  return { ...m, all: `${m.name}\n${m.description}\n${m.body}`.toLowerCase() };
}

describe("a self-introduction", () => {
  it.each([
    ["I'm a backend engineer, I mostly write Go and I'm new to React", ["backend engineer", "go", "react"]],
    [
      "context: mobile dev, 7 yrs of swift mostly on ios (uikit), first time doing flutter + dart.",
      ["mobile dev", "swift", "uikit", "flutter"],
    ],
    [
      "hey so im a data analyst, sql and excel mostly, i know tableau pretty well but im a total beginner at python",
      ["data analyst", "tableau", "python"],
    ],
    [
      "quick intro: platform engineer, ~9 years. fluent in go and helm, rusty on java (last used it in 2019).",
      ["platform engineer", "helm", "java"],
    ],
    [
      "Hi! I'm Dana, a QA engineer at a fintech. I know Cypress well and I've never written Playwright.",
      ["qa engineer", "cypress", "playwright"],
    ],
    [
      "저는 안드로이드 개발자고 주로 Kotlin 써요. 회사에서 Compose로 3년 정도 앱을 만들었어요.",
      ["안드로이드", "kotlin", "compose"],
    ],
    ["나 데이터 분석가야. R만 써봤고 파이썬은 이번이 처음이라 천천히 알려줘", ["분석가", "r만", "파이썬"]],
    ["I'm a backend dev, 주로 Java 써요. Kubernetes is new to me.", ["backend dev", "java", "kubernetes"]],
  ])("%s → one user memory with every detail", (text, words) => {
    const m = userMemoryOf(text);
    for (const w of words) expect(m.all, w).toContain(w);
    expect(m.description).not.toMatch(/\bI\b|\bI'/);
    expect(Array.from(m.description).length).toBeLessThanOrEqual(150);
  });

  it("puts requests about explaining in How to apply and writes no feedback memory for them", () => {
    const p = plan(
      "some context on me: embedded dev, 10 yrs of C on nRF52, first time writing Zig. dont explain what a pointer is but do explain comptime when it comes up",
    );
    expect(p.memories.map((m) => m.type)).toEqual(["user"]);
    const how = /\*\*How to apply:\*\* (.*)$/m.exec(p.memories[0]!.body)?.[1] ?? "";
    expect(how).toContain("comptime");
    expect(p.memories[0]!.body).toContain("nRF52");
  });

  it("leaves a later sentence with another instruction to the other rules", () => {
    const p = plan(
      "quick intro: data engineer, ~5 years. I read your diffs on my tablet, so keep each PR under 200 lines",
    );
    const user = p.memories.find((m) => m.type === "user")!;
    expect(user.description).toContain("data engineer");
    expect(user.body).not.toContain("200 lines");
  });

  it("opens on the line after an intro lead of its own and leaves a preference in the list to feedback", () => {
    const p = plan(
      "a bit about me\n- 8 yrs ruby/rails\n- learning elixir on weekends\n- prefer terse answers",
    );
    const user = p.memories.filter((m) => m.type === "user");
    expect(user).toHaveLength(1);
    expect(user[0]!.body.toLowerCase()).toContain("elixir");
    expect(user[0]!.body.toLowerCase()).not.toContain("terse");
  });

  it("keeps 'haven't … yet' as a fact about the person, in the third person", () => {
    const m = userMemoryOf(
      "I'm a PHP developer, 10 years in. Our shop is moving to Go and I haven't written any yet.",
    );
    expect(m.all).toContain("has not written");
    expect(m.all).toContain("go");
  });

  it("stops at the task that follows the introduction", () => {
    const m = userMemoryOf(
      "I'm a Rails developer and I'm new to Elixir. Now look at lib/worker.ex and fix the crash.",
    );
    expect(m.all).toContain("elixir");
    expect(m.all).not.toContain("worker.ex");
  });
});

describe("not a self-introduction", () => {
  it.each([
    "I'm working on the login page",
    "I'm not sure this is right",
    "I'm new to this file, where is the config loaded?",
    "this is my first time seeing this error",
    "I'm getting used to it",
    "I know this code well, just fix the typo",
    "the backend dev said the API is down",
    "we've had this bug for 2 years",
    "저는 지금 로그인 페이지 작업 중이에요",
    "이 에러는 처음 봐요",
  ])("%s → no user memory", (text) => {
    expect(plan(text).memories.filter((m) => m.type === "user")).toEqual([]);
  });
});
