import { it } from "vitest";
import { duplicateCheck, dupScore } from "../src/jobs/dream/offline/index.js";
const t = (d: string) => ({ description: d, body: `${d}.\n**Why:** Stated by the user on 2026-03-02 (no reason given).\n**How to apply:** Whenever this preference is relevant.` });
it("probe", () => {
  const pairs = [["Always use pnpm in this repo, never npm", "Never use npm here, always pnpm"], ["Always use pnpm in this repo, never npm", "Use pnpm, not npm"], ["커밋 메시지는 영어로 써 주세요", "커밋은 영어로 작성해줘"], ["Never force-push to main", "Force-pushing to main is not allowed"]];
  for (const [a, b] of pairs) console.log("Q", a, "|", b, dupScore(t(a!), t(b!)).toFixed(2), JSON.stringify(duplicateCheck(t(a!), t(b!))));
});
