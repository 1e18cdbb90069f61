import { it } from "vitest";
import { planExtraction } from "../../../src/jobs/extract/index.js";
const EX = [
"Quit wrapping every function in try/catch; let errors propagate",
"Don't wrap every function in try/catch.",
"please don't add comments to obvious code",
"No more default exports please; named exports only",
"You keep forgetting: tests go next to the source file, not in a separate test/ dir.",
"Keep in mind that I do data science day to day",
"I work mostly in Rust and I'm new to Node",
"My role: SRE on the platform team",
"이거 기억해: 나는 프론트엔드 개발자야",
"나는 프론트엔드 개발자라는 걸 기억해",
"console.log 대신 logger를 써줘, 로그 수집 때문에",
"버그는 Jira PAY 보드에서 관리해요: https://jira.example.com/jira/software/projects/PAY",
"Stop adding emoji to log messages; they break our Splunk parser",
"Stop adding emoji to log messages, they break tree shaking",
"I'm a backend engineer, so keep summaries short",
"I'm a backend engineer, mostly Swift",
"I prefer the left layout for this page, thanks",
"use the v2 client instead of the v1 client in checkout.ts",
"항상 실패하는 테스트 좀 고쳐줘",
"이 파일에서 var 말고 let 써줘",
"remember that the wifi password is correcthorsebattery",
"always connect with: docker login -u ci -p DockerAlwaysPw_5521 registry",
];
it("probe", () => {
  for (const t of EX) {
    const p = planExtraction([{ kind: "prompt", uuid: "u", timestamp: "2026-03-02T10:00:00Z", text: t, toolCalls: [], isSidechain: false, endOffset: 0 }], { sessionId: "s", nowMs: 0 });
    console.log("### " + t + "\n" + (p.memories.map(m => `  [${m.type}] ${m.description} | ${m.body.replace(/\n/g, " / ")}`).join("\n") || "  (none)") + (p.projectFacts.length ? "\n  facts: " + p.projectFacts.join(" | ") : "") + "\n  skipped: " + p.skipped.map(s => s.reason).join(","));
  }
});
