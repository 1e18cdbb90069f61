/** What the model is sent: the no-prose gate and the oldest-first fitting. */
import { describe, expect, it } from "vitest";
import { fitBlocks, isProse } from "../../../src/jobs/extract/model/render.js";

describe("isProse", () => {
  it.each([
    "以后请一直用中文回答我，不要用英文。",
    "今後は必ず日本語で返答してください。",
    "한국어로 답해줘",
    "Use pnpm.",
    "I'm Bob.",
    "No mocks!",
    "Here is the error, the deploy broke after the migration:\n```\nError: relation does not exist\n```",
  ])("prose: %s", (t) => expect(isProse(t)).toBe(true));

  it.each([
    "ok",
    "ok go",
    "y",
    "```ts\nconst x = 1;\n```",
    '{"compilerOptions": {"strict": true, "target": "ES2022"}}',
    "    at Object.<anonymous> (/app/src/index.ts:12:5)\n    at Module._compile (node:internal/modules/cjs/loader:1256:14)",
    "$ npm test",
    "",
  ])("not prose: %j", (t) => expect(isProse(t)).toBe(false));
});

describe("fitBlocks", () => {
  it("keeps the newest blocks within the budget and says how many older ones were dropped", () => {
    const blocks = ["a".repeat(400), "b".repeat(400), "c".repeat(400)]; // 100 tokens each (+1 separator)
    expect(fitBlocks(blocks, 1000)).toEqual({ text: blocks.join("\n\n"), dropped: 0 });
    const two = fitBlocks(blocks, 210);
    expect(two.dropped).toBe(1);
    expect(two.text).toBe(`${blocks[1]}\n\n${blocks[2]}`);
    const cut = fitBlocks(["x".repeat(4000)], 100);
    expect(cut.dropped).toBe(0);
    expect(cut.text.length).toBeLessThanOrEqual(400);
  });
});
