/** Rule keys: restatements meet (in Korean too), other rules stay apart. */
import { describe, expect, it } from "vitest";
import { restates } from "../../src/store/rule-key.js";

describe("restates", () => {
  it.each([
    ["커밋은 영어로 작성해줘.", "커밋 메시지는 영어로 써 주세요."],
    ["Never use npm here, always pnpm.", "Always use pnpm in this repo, never npm."],
    ["npm 말고 항상 pnpm 쓰세요.", "여기서는 npm 말고 pnpm을 쓰세요."],
    ["Force-pushing to main is not allowed.", "Never force-push to main."],
  ])("%j says nothing that %j does not", (fact, known) => {
    expect(restates(fact, known)).toBe(true);
  });

  it.each([
    ["커밋은 한국어로 작성해줘.", "커밋 메시지는 영어로 써 주세요."],
    ["Always use yarn.", "Always use pnpm in this repo, never npm."],
    ["Never squash commits.", "Always squash commits."],
    ["Force-pushing to main is allowed.", "Never force-push to main."],
  ])("%j is not a restatement of %j", (fact, known) => {
    expect(restates(fact, known)).toBe(false);
  });
});
