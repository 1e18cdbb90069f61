import { it } from "vitest";
import { planExtraction } from "../../../src/jobs/extract/index.js";
const EX = [
"Heads up: code freeze starts Thursday 2026-11-19, after that only hotfixes go into main.",
"we're freezing merges on Friday 2026-12-04 for the release",
"We decided to drop support for Python 3.8 in the next major release.",
"We chose SQLite over Postgres for the edge nodes because they have no network during sync.",
"The v2 launch deadline is March 15, 2027; legal sign-off is required before then.",
"The legacy billing module is being rewritten by another team, so avoid touching anything under billing/legacy.",
"다음 달 10일(2026-12-10)까지 결제 기능을 출시해야 해요.",
"우리 팀은 상태 관리를 Redux에서 Zustand로 옮기기로 결정했어요.",
"I've been writing Rust for about six years but I'm pretty new to Kubernetes.",
"FYI I'm on Windows 11 with WSL2, so paths in scripts need to work there.",
"I'm based in Berlin, so my timezone is CET. Keep that in mind when you mention times.",
"I'm colorblind (deuteranopia), so please don't rely on red vs green alone in charts or terminal output.",
"My native language is Portuguese; English is fine but keep sentences simple.",
"I use a screen reader, so avoid ASCII-art diagrams in explanations.",
"저는 한국 시간(KST) 기준으로 일해요.",
"Always put refactors and behavior changes in separate PRs. Keep those in separate PRs, reviewers hate mixing them.",
"Stop using `any` in TypeScript code. I'd rather have `unknown` plus a type guard.",
"did we decide to drop 3.8?", "let's decide later", "decide which one to use", "I decided to rename this variable", "the deadline for this PR is today?",
];
it("ex", () => {
  for (const t of EX) {
    const p = planExtraction([{ kind: "prompt", uuid: "u", timestamp: "2026-11-10T10:00:00.000Z", text: t, toolCalls: [], isSidechain: false, endOffset: 0 }], { sessionId: "s", nowMs: 0 });
    console.log("\n### " + t + "\n" + (p.memories.map((m) => `[${m.type}] ${m.description}\n${m.body}`).join("\n--\n") || "(none) " + JSON.stringify(p.skipped) + JSON.stringify(p.projectFacts)));
  }
});
