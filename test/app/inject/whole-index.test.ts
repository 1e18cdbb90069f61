/**
 * When memdir injects the project MEMORY.md itself (harnessLoadsMemoryMd false), the model gets the
 * whole prompt-ready index (200 lines / 25,000 bytes), through `runHook` per harness, real files:
 * Gemini CLI (no inline cap seen) in the SessionStart context; Claude Code and Codex (inline caps)
 * within their cap at SessionStart, the rest with the next prompts, every line exactly once.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { projectContext } from "../../../src/app/context.js";
import { runHook } from "../../../src/app/hooks/run.js";
import type { HarnessName } from "../../../src/harness/index.js";
import { appSandbox } from "../../helpers/app-sandbox.js";

/** A 200-line index of ~24,000 bytes: every line names its number. */
function bigIndex(): string[] {
  return Array.from(
    { length: 200 },
    (_, i) =>
      `- [Topic ${String(i).padStart(3, "0")}](topic-${i}.md) — IDX${String(i).padStart(3, "0")} ${"detail ".repeat(12).trim()}`,
  );
}

const EVENTS: Record<HarnessName, { start: string; prompt: string }> = {
  "claude-code": { start: "SessionStart", prompt: "UserPromptSubmit" },
  codex: { start: "SessionStart", prompt: "UserPromptSubmit" },
  gemini: { start: "SessionStart", prompt: "BeforeAgent" },
};

function setup(harness: HarnessName) {
  const s = appSandbox(`memdir-whole-index-${harness}-`);
  const { memoryDir } = projectContext(s.rt, s.project).paths;
  mkdirSync(memoryDir, { recursive: true });
  const lines = bigIndex();
  writeFileSync(join(memoryDir, "MEMORY.md"), `${lines.join("\n")}\n`);
  const hook = async (event: string, extra: Record<string, unknown>) => {
    const out = await runHook(
      event,
      JSON.stringify({ session_id: "whole-1", cwd: s.project, hook_event_name: event, ...extra }),
      s.rt,
      { harness },
    );
    return out ? ((JSON.parse(out).hookSpecificOutput?.additionalContext as string) ?? "") : "";
  };
  const ev = EVENTS[harness];
  return {
    lines,
    start: () => hook(ev.start, { source: "startup" }),
    prompt: (p: string) =>
      hook(ev.prompt, { prompt: p, ...(harness === "codex" ? { turn_id: "t", model: "m" } : {}) }),
  };
}

const seen = (text: string) => [...text.matchAll(/IDX(\d{3})/g)].map((m) => Number(m[1]));
const all = Array.from({ length: 200 }, (_, i) => i);

describe("the whole MEMORY.md reaches the model when memdir injects it", () => {
  it("Gemini CLI: every line in the SessionStart context, beyond the 9,000-character budget", async () => {
    const s = setup("gemini");
    const ctx = await s.start();
    expect(ctx.length).toBeGreaterThan(24_000);
    expect(seen(ctx)).toEqual(all);
    expect(seen(await s.prompt("what now?"))).toEqual([]); // nothing is repeated
  });

  for (const [harness, cap] of [
    ["claude-code", 9_900],
    ["codex", 9_000],
  ] as const) {
    it(`${harness}: SessionStart within its ${cap}-character cap, the rest with the next prompts, each line once`, async () => {
      const s = setup(harness);
      const pieces = [await s.start()];
      for (let i = 0; i < 4; i++) pieces.push(await s.prompt(`question ${i}`));
      for (const p of pieces) expect(p.length).toBeLessThanOrEqual(cap);
      expect(pieces[0]).toContain("[MEMORY.md continues at line");
      expect(seen(pieces.join("\n"))).toEqual(all);
      expect(seen(pieces.at(-1)!)).toEqual([]); // done: later prompts carry none of it
    });
  }
});
