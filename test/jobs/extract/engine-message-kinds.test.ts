/**
 * Recall kinds that need the whole message (see recall-kinds.test.ts for single sentences): a rule
 * after task talk and a lead-in, the alternative and the reason of a rule in later sentences, a
 * pointer's link in the next sentence. The sentences were written for this file, not taken from the
 * quality set or the held-out set.
 */
import { describe, expect, it } from "vitest";
import { planExtraction } from "../../../src/jobs/extract/engine/index.js";
import type { ConversationMessage } from "../../../src/transcripts/types.js";

const NOW = Date.parse("2026-01-12T12:00:00.000Z");

function plan(text: string) {
  const msg: ConversationMessage = {
    kind: "prompt",
    uuid: "u-1",
    timestamp: "2026-01-12T10:00:00.000Z",
    text,
    toolCalls: [],
    isSidechain: false,
    endOffset: 0,
  };
  return planExtraction([msg], { sessionId: "s-1", nowMs: NOW }).memories;
}

/** Asserts `text` yields exactly one memory of `type` whose text contains every keyword (any case). */
function expectOne(text: string, type: string, ...keywords: string[]) {
  const got = plan(text);
  expect(got.map((m) => m.type)).toEqual([type]);
  const all = `${got[0]!.description}\n${got[0]!.body}`.toLowerCase();
  for (const k of keywords) expect(all).toContain(k.toLowerCase());
  return got[0]!;
}

describe("sentences of one message work together", () => {
  it("folds the alternative after a prohibition in, even past a reason statement (EN and KO)", () => {
    const en = expectOne(
      "don't use moment.js. it bloats the bundle by 200kb. instead, reach for date-fns",
      "feedback",
      "date-fns",
    );
    expect(en.body).toContain("**Why:** It bloats the bundle");
    const ko = expectOne(
      "enum은 쓰지 마세요. 우리 번들러가 enum을 제대로 못 없애요. 타입이 필요하면 유니온 타입으로 쓰면 돼요",
      "feedback",
      "유니온 타입",
    );
    expect(ko.body).toContain("**Why:** 우리 번들러가 enum을");
  });

  it("takes a following statement as the reason only when it is about the same thing", () => {
    const same = expectOne(
      "never bump major versions on a Friday. major bumps break the mobile app",
      "feedback",
    );
    expect(same.body).toContain("**Why:** Major bumps break the mobile app.");
    const other = expectOne(
      "never bump major versions on a Friday. the coffee machine is broken",
      "feedback",
    );
    expect(other.body).toContain("(no reason given)");
  });

  it("keeps a link given in the next sentence with the pointer", () => {
    expectOne(
      "빌드 상태는 Buildkite에서 봐요. https://buildkite.com/acme/web 여기요",
      "reference",
      "https://buildkite.com/acme/web",
    );
    expectOne(
      "the latency graphs are in Grafana. here: https://grafana.example.com/d/latency",
      "reference",
      "https://grafana.example.com/d/latency",
    );
    // a link on its own is not a pointer
    expect(plan("https://grafana.example.com/d/latency here")).toEqual([]);
  });

  it("mines the rule after task talk and a lead-in, and leaves the task talk alone", () => {
    const got = plan(
      "nice, that works. quick aside before you push: never rebase branches other people have pulled. then open the PR please",
    );
    expect(got.map((m) => `[${m.type}] ${m.description}`)).toEqual([
      "[feedback] Never rebase branches other people have pulled",
    ]);
  });
});
