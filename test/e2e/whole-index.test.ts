/**
 * When memdir injects the project MEMORY.md itself (Codex CLI, Gemini CLI; Claude Code with its auto
 * memory reading another dir), the real pinned CLI's first agent-loop request carries every line of a 200-line index:
 * Gemini CLI 0.61.0 in the SessionStart context (no inline cap), Claude Code 2.1.332 and Codex 0.171.0
 * split under their inline caps between SessionStart and the first prompt's context. Claude Code reads
 * its own MEMORY.md from another, empty dir (a local `autoMemoryDirectory` memdir does not follow), so
 * only memdir can have put the index there.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { realCliSkipReason } from "../helpers/harness/clis.js";
import { claude, codex, type Driver, gemini } from "./drivers.js";
import { waitForJobsIdle } from "./e2e-lib.js";
import {
  closeScenario,
  firstMainText,
  runFrom,
  type Scenario,
  setupScenario,
  stepInstall,
} from "./scenario.js";

const skip = realCliSkipReason();
if (skip) console.warn(skip);

const open: Scenario[] = [];
afterEach(async () => {
  for (const s of open.splice(0)) await closeScenario(s);
});

/** 200 lines, each naming its number; `detail` words set the size (12 → ~24,500 bytes, 4 → ~15,300). */
const index = (detail: number) =>
  `${Array.from(
    { length: 200 },
    (_, i) =>
      `- [Topic ${i}](topic-${i}.md) — IDX${String(i).padStart(3, "0")} ${"detail ".repeat(detail).trim()}`,
  ).join("\n")}\n`;

const seen = (text: string) => [...new Set([...text.matchAll(/IDX(\d{3})/g)].map((m) => Number(m[1])))];
const all = Array.from({ length: 200 }, (_, i) => i);

async function firstRequestLines(d: Driver, detail: number): Promise<number[]> {
  const s = await setupScenario(d, "index");
  open.push(s);
  if (d.harness === "claude") {
    // Claude Code reads its memory from another (empty) dir: an untrusted local `autoMemoryDirectory`,
    // which `-p` follows and memdir does not, so memdir injects its own index.
    mkdirSync(join(s.sb.project, ".claude"), { recursive: true });
    writeFileSync(
      join(s.sb.project, ".claude", "settings.local.json"),
      JSON.stringify({ autoMemoryDirectory: join(s.sb.home, "claude-own-memory") }),
    );
  }
  await stepInstall(s);
  mkdirSync(s.paths.memoryDir, { recursive: true });
  writeFileSync(join(s.paths.memoryDir, "MEMORY.md"), index(detail));
  s.server.script({ text: "ok" });
  const { run, from } = await runFrom(s, "What do you know about this project?");
  expect(run.code, run.stderr).toBe(0);
  const text = firstMainText(s, from);
  await waitForJobsIdle(s.sb);
  return seen(text);
}

describe.skipIf(skip !== null)("the whole MEMORY.md in the first request", { timeout: 180_000 }, () => {
  it("Gemini CLI: a 24,500-byte index, whole, from SessionStart", async () => {
    expect(await firstRequestLines(gemini, 12)).toEqual(all);
  });
  it("Claude Code (its memory in another dir): a 15,300-byte index, whole, from SessionStart and the first prompt", async () => {
    expect(await firstRequestLines(claude, 4)).toEqual(all);
  });
  it("Codex: a 15,300-byte index, whole, from SessionStart and the first prompt", async () => {
    expect(await firstRequestLines(codex, 4)).toEqual(all);
  });
});
