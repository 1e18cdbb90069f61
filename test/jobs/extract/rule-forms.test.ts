/**
 * Rules recognised by their form, not by a phrase list: announced rules, lists of rules, a rule and
 * a pointer in one sentence, a reason before or after the rule, the alternative after a
 * prohibition, a rule after a one-off exception. Sentences written for these tests, not taken from
 * the quality set.
 */
import { describe, expect, it } from "vitest";
import { expectOne, planPrompt } from "../../helpers/plan-prompt.js";

/** The Why line of a body ("" when none). */
function why(body: string): string {
  return /\*\*Why:\*\* (.*)/.exec(body)?.[1] ?? "";
}

describe("a rule announced as one", () => {
  it("keeps the rule and its because-clause as the Why", () => {
    const m = expectOne(
      "one rule for this repo: src/server.js must never log request bodies, because they contain customer PII",
      "feedback",
      "src/server.js",
      "request bodies",
    );
    expect(why(m.body)).toContain("customer PII");
  });

  it("accepts a passive convention under the announcement", () => {
    const m = expectOne(
      "house rule: a generated client always gets regenerated together with its schema — the CI diff check fails otherwise",
      "feedback",
      "generated client",
    );
    expect(why(m.body)).toContain("CI diff check");
  });
});

describe("a list of rules", () => {
  it("is one feedback memory per item", () => {
    const got = planPrompt(
      "a few rules for this repo:\n- conventional commits\n- ask before adding a dependency",
    );
    expect(got.map((m) => m.description)).toEqual(["Conventional commits", "Ask before adding a dependency"]);
    expect(got.every((m) => m.type === "feedback")).toBe(true);
  });

  it("is one memory per item in Korean too", () => {
    const got = planPrompt(
      "이 저장소에서는 이것만 지켜주세요\n1. PR 제목은 영어로\n2. 배포 전에 QA 채널에 알리기",
    );
    expect(got.map((m) => m.type)).toEqual(["feedback", "feedback"]);
  });

  it("is nothing when it lists steps of the task", () => {
    expect(planPrompt("here are the steps:\n1. run the migration\n2. restart the worker")).toEqual([]);
    expect(planPrompt("can you check these:\n- the login page\n- the signup page")).toEqual([]);
  });
});

describe("a sentence with a rule and a pointer", () => {
  it("yields the rule and the channel as two memories (Korean)", () => {
    const got = planPrompt(
      "배포 설정 바꾸는 PR은 SRE 승인 필수고, 승인 요청은 슬랙 #sre-approvals 채널에 올리면 돼요.",
    );
    expect(got.map((m) => m.type).sort()).toEqual(["feedback", "reference"]);
    expect(got.find((m) => m.type === "reference")?.description).toContain("#sre-approvals");
  });

  it("yields the rule and the link, and the link is never the rule's reason", () => {
    const got = planPrompt(
      "always add a migration note, the template is described at https://wiki.example.org/migration-notes",
    );
    expect(got.map((m) => m.type).sort()).toEqual(["feedback", "reference"]);
    const rule = got.find((m) => m.type === "feedback")!;
    expect(why(rule.body)).not.toContain("https://");
  });

  it("yields two pointers named in one sentence as two memories", () => {
    const got = planPrompt(
      "when the queue backs up, the runbook is https://wiki.example.org/runbooks/queue-backlog and the alert pages the pagerduty service QZ81KX (billing)",
    );
    expect(got.map((m) => m.type)).toEqual(["reference", "reference"]);
    expect(got.some((m) => m.body.includes("QZ81KX"))).toBe(true);
  });

  it("gives each clause with its own pointer its own reference memory", () => {
    const got = planPrompt(
      "the build dashboard is https://grafana.example.org/d/builds and the alerts go to #build-alerts",
    );
    expect(got.map((m) => m.description)).toEqual([
      expect.stringContaining("https://grafana.example.org/d/builds"),
      expect.stringContaining("#build-alerts"),
    ]);
  });

  it("drops a clause's rule that means nothing without the pointer before it", () => {
    const got = planPrompt("our design docs live in notion, and we always update them after a release");
    expect(got.map((m) => m.type)).toEqual(["reference"]);
  });

  it("keeps a channel named in passing in a rule as a reference memory", () => {
    const got = planPrompt(
      "never deploy on a friday, and if you have to, announce it in #release-train first",
    );
    expect(got.some((m) => m.type === "reference" && m.description.includes("#release-train"))).toBe(true);
  });
});

describe("reasons land in the Why", () => {
  it("takes a statement after a comma as the reason", () => {
    const m = expectOne(
      "never put ticket numbers in branch names, the deploy bot parses them as versions",
      "feedback",
      "branch names",
    );
    expect(why(m.body)).toContain("deploy bot");
  });

  it.each([
    ["pls dont add docstrings that just repeat the signature, i find them noisy", "User finds them noisy"],
    ["keep changelog entries short, one line each, nobody reads paragraphs", "Nobody reads paragraphs"],
    [
      "make sure every new queue has a dead-letter queue, otherwise poison messages block it",
      "Otherwise poison",
    ],
    [
      "never hardcode bucket names; read them from config since we deploy to three clouds",
      "We deploy to three clouds",
    ],
  ])("finds the reason clause of %j", (text, reason) => {
    const [m] = planPrompt(text);
    expect(m?.type).toBe("feedback");
    expect(why(m!.body)).toContain(reason);
  });

  it.each([
    ["커밋 메시지에 해시태그 넣지 마 배포 봇이 깨져", "배포 봇이 깨져"],
    ["컴포넌트는 되도록 작게 나눠 주세요, 리뷰하기 힘들어요", "리뷰하기 힘들어요"],
    ["통합 테스트에서 큐 모킹하지 마세요. 지난번에 모킹 때문에 재시도 버그를 못 잡았어요.", "재시도 버그"],
    [
      "never retry refunds automatically. last time a retry refunded an order twice.",
      "refunded an order twice",
    ],
  ])("finds the reason of %j by its form", (text, reason) => {
    const [m] = planPrompt(text);
    expect(m?.type).toBe("feedback");
    expect(why(m!.body)).toContain(reason);
  });

  it("never takes an unrelated next sentence for the reason", () => {
    const [m] = planPrompt("always run the linter before pushing. the weather is nice today.");
    expect(why(m?.body ?? "")).not.toContain("weather");
  });

  it("keeps the instruction after a Korean prohibition in the rule", () => {
    const [m] = planPrompt("release 브랜치에 직접 푸시하면 안 돼요, 항상 PR로 올려주세요");
    expect(m?.body).toContain("PR로 올려주세요");
  });

  it("never takes the alternative for the reason", () => {
    const [m] = planPrompt("don't use lodash, we use the standard library instead");
    expect(why(m?.body ?? "")).not.toContain("standard library");
  });

  it("takes the sentence before a 'so from now on' rule as the reason", () => {
    const got = planPrompt(
      "context: last sprint a retry loop hammered the geocoding API and we got rate-limited for a day. so from now on every call to the geocoding API must go through the shared limiter",
    );
    expect(got).toHaveLength(1);
    expect(why(got[0]!.body)).toContain("rate-limited");
  });

  it("keeps a Korean reason ending in 때문에요 after the rule", () => {
    const m = expectOne(
      "운영 DB에는 직접 쿼리 날리지 마세요, 락이 걸리면 결제가 전부 멈추기 때문에요.",
      "feedback",
      "운영 DB",
    );
    expect(why(m.body)).toContain("락이");
  });
});

describe("one instruction is one memory", () => {
  it("folds the alternative after a prohibition into it", () => {
    const got = planPrompt(
      "이미 배포된 설정 파일은 절대 덮어쓰지 마세요. 항상 새 버전 파일로 추가해 주세요.",
    );
    expect(got).toHaveLength(1);
    expect(got[0]!.body).toContain("새 버전 파일");
  });

  it("folds the alternative after a verbless prohibition into it", () => {
    const got = planPrompt(
      "nope, no default exports anywhere in this codebase. use named exports and re-export from index.ts.",
    );
    expect(got).toHaveLength(1);
    expect(got[0]!.body).toContain("named exports");
  });
});

describe("a standing rule after a one-off exception", () => {
  it.each([
    ["you can skip the linter for this hotfix. but normally always run the linter before pushing", "linter"],
    ["use yarn for this one script. in general though we always use pnpm in this repo", "pnpm"],
  ])("keeps the rule and not the exception: %j", (text, keyword) => {
    const got = planPrompt(text);
    expect(got).toHaveLength(1);
    expect(got[0]!.description).toContain(keyword);
    expect(got[0]!.description).not.toMatch(/this hotfix|this one script/);
  });
});

describe("standing from the user's lasting habit or an explicit Korean cue", () => {
  it("keeps an instruction that follows from how the user works", () => {
    const m = expectOne(
      "I read your PRs on a tablet most days, so keep each commit under 200 lines",
      "feedback",
      "200 lines",
    );
    expect(why(m.body)).toContain("tablet");
  });

  it("keeps a one-off reason's instruction out", () => {
    expect(planPrompt("I'm in a hurry so skip the tests")).toEqual([]);
  });

  it("reads 이제부터 as from now on", () => {
    expectOne("이제부터 태그는 v 접두사 없이 붙여요", "feedback", "태그");
  });
});

describe("casual typing", () => {
  it.each([
    ["alwyas use guard clauses, deep nesting is hard to review", "feedback", "guard clauses"],
    ["tbh i hate long PR titles, one short line is enough", "feedback", "PR titles"],
    ["we r on python 3.10, dont use 3.12 syntax", "feedback", "3.12"],
    ["plz dont run the formatter on the whole repo, only on files u touched", "feedback", "formatter"],
    ["PR 올릴때 description에 롤백 방법 꼭 적어주세요", "feedback", "롤백"],
    ["시크릿은 절대 하드코딩 하지마세요 vault에 넣고요", "feedback", "하드코딩"],
    [
      "vendor 폴더 파일 직접 수정하지 말고 패치 파일로 관리하세요, 업데이트할 때 충돌나요",
      "feedback",
      "패치",
    ],
  ])("%j yields one %s memory mentioning %j", (text, type, keyword) => {
    expectOne(text, type, keyword);
  });
});

describe("long messages", () => {
  it("keeps the detail after a dash when the rule also gave a reason", () => {
    const m = expectOne(
      "that's wrong, we don't use moment anymore — we moved everything to date-fns last year because the bundle was huge",
      "feedback",
      "date-fns",
    );
    expect(why(m.body)).toContain("bundle");
  });

  it("takes the rule after a concession", () => {
    expectOne(
      "I know you like adding type annotations everywhere but in this codebase we only annotate exported functions",
      "feedback",
      "exported functions",
    );
  });

  it("takes a purpose clause after 'so' as the reason", () => {
    const m = expectOne(
      "going forward please always open PRs as drafts first so the reviewers aren't pinged early",
      "feedback",
      "drafts",
    );
    expect(why(m.body)).toContain("reviewers");
  });

  it("takes a rule after a situation inside a 'so' sentence", () => {
    expectOne(
      "our runners are small, so whenever you add a benchmark keep it under a second, otherwise the job times out",
      "feedback",
      "benchmark",
    );
  });
});

describe("project statements by form", () => {
  it.each([
    ["we moved off heroku to fly.io last month because of pricing", "fly.io", "pricing"],
    ["the onboarding rewrite is on hold until after the spring launch", "on hold", ""],
    ["since then the decision is that schema changes only ship on tuesdays", "tuesdays", ""],
    ["검색 개편은 시리즈B 이후로 보류됐어요", "보류", ""],
    ["결제 쪽 담당은 김민수님이라 결제 API 바꿀 땐 먼저 물어봐야 돼요", "김민수", ""],
  ])("%j is a project memory", (text, keyword, reason) => {
    const m = expectOne(text, "project", keyword);
    if (reason) expect(why(m.body)).toContain(reason);
  });
});

describe("still nothing from", () => {
  it.each([
    "the frame decoder should never panic on bad input, it must return an error",
    "should we always squash merge?",
    "we moved the helper into utils.ts",
    "legal wants to know if we store emails",
    "the team wants this done by friday",
    "haha no 😅 just fix the typo",
    "이 함수는 나중에 지울 예정이에요",
    "어제 배포가 중간에 갑자기 중단됐어요",
  ])("%j", (text) => {
    expect(planPrompt(text)).toEqual([]);
  });
});
