/**
 * A writer that takes no memdir lock (Claude Code's own Write/Edit of a memory file) appending a
 * line every 15 ms while dreams run over 200 topic files (real processes, the built bin): not one
 * appended line may be lost. 20 dreams here; the reliability harness runs the same helper with more.
 */
import { describe, expect, it } from "vitest";
import { runLiveWriterStress } from "../../helpers/live-writer-stress.js";

describe("a live writer during dreams", () => {
  it("20 dreams over 200 topic files, one appender every 15 ms: every appended line is kept", async () => {
    const r = await runLiveWriterStress({ dreams: 20, topics: 200, intervalMs: 15 });
    expect(r.dreams).toBe(20);
    expect(r.appended).toBeGreaterThan(500);
    // The dreams really replaced and deleted files (the race needs both).
    expect(r.actions.replaced ?? 0).toBeGreaterThan(500);
    expect(r.actions.deleted ?? 0).toBeGreaterThan(500);
    expect(r.lost).toEqual([]);
  }, 240_000);
});
