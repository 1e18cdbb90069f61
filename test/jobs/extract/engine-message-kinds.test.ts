/**
 * Recall kinds that need the whole message (see recall-kinds.test.ts for single sentences): a rule
 * after task talk and a lead-in, the alternative and the reason of a rule in later sentences, a
 * pointer's link in the next sentence. The sentences were written for this file, not taken from the
 * quality set or the held-out set.
 */
import { describe, expect, it } from "vitest";
import { expectOne, planPrompt } from "../../helpers/plan-prompt.js";

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
    expect(planPrompt("https://grafana.example.com/d/latency here")).toEqual([]);
  });

  it("mines the rule after task talk and a lead-in, and leaves the task talk alone", () => {
    const got = planPrompt(
      "nice, that works. quick aside before you push: never rebase branches other people have pulled. then open the PR please",
    );
    expect(got.map((m) => `[${m.type}] ${m.description}`)).toEqual([
      "[feedback] Never rebase branches other people have pulled",
    ]);
  });
});
