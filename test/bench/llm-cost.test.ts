/** bench/llm-cost's measurement on a real transcript: every first request stays within the per-call cap. */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { CAP, measure } from "../../bench/llm-cost/measure.js";
import { TRANSCRIPTS_DIR } from "../helpers/tmp.js";

describe("bench/llm-cost", () => {
  it("the extraction request of every turn of a 2.7 MB session stays within the cap, far below raw forwarding", async () => {
    const r = await measure(join(TRANSCRIPTS_DIR, "ae4a77f8-aedd-4bc1-888f-c94edc91af04.jsonl"));
    expect(r.turns).toBeGreaterThan(0);
    expect(r.calls).toBeGreaterThan(0);
    expect(r.max).toBeLessThanOrEqual(CAP);
    expect(r.naiveTotal).toBeGreaterThan(10 * r.total);
  }, 60_000);
});
