/** The pending learning log: PostToolUse appends, turn end folds; nothing is counted twice or lost. */
import { existsSync, mkdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { toolUse } from "../../src/adapters/claude-code/tools.js";
import { foldToolLog, logToolUse, pendingLogPath, readProjectMemory } from "../../src/project/index.js";
import { tempDir } from "../helpers/tmp.js";

function setup() {
  const root = tempDir("memdir-learnlog-");
  mkdirSync(join(root, ".memdir"));
  return { root, pm: join(root, ".memdir", "project-memory.json") };
}

describe("pending learning log", () => {
  it("logs only calls that teach something, scrubbed, and folds them once", () => {
    const { root, pm } = setup();
    const t = 1_780_000_000_000;
    expect(
      logToolUse(pm, root, { ...toolUse("Read", { file_path: join(root, "src/a.ts") }), success: true }, t),
    ).toBe(true);
    expect(
      logToolUse(
        pm,
        root,
        { ...toolUse("Read", { file_path: join(root, "node_modules/x/i.js") }), success: true },
        t,
      ),
    ).toBe(false);
    expect(logToolUse(pm, root, { ...toolUse("Bash", { command: "pnpm test" }), success: true }, t)).toBe(
      true,
    );
    expect(logToolUse(pm, root, { ...toolUse("Bash", { command: "pnpm test" }), success: false }, t)).toBe(
      false,
    );
    logToolUse(
      pm,
      root,
      {
        ...toolUse("Bash", { command: "API_TOKEN=ghp_abcdefghijklmnopqrstuvwxyz0123456789 pnpm deploy" }),
        success: true,
      },
      t,
    );
    const pending = readFileSync(pendingLogPath(pm), "utf8");
    expect(pending).not.toContain("ghp_abcdefghijklmnopqrstuvwxyz0123456789");

    expect(foldToolLog(pm, root, t + 1)).toBeGreaterThanOrEqual(2);
    expect(existsSync(pendingLogPath(pm))).toBe(false);
    expect(foldToolLog(pm, root, t + 2)).toBe(0);
    const mem = readProjectMemory(pm)!;
    expect(mem.hotPaths.map((h) => h.path)).toEqual(["src/a.ts"]);
    expect(mem.commands.find((c) => c.command === "pnpm test")?.count).toBe(1);
    expect(JSON.stringify(mem)).not.toContain("ghp_abcdefghijklmnopqrstuvwxyz0123456789");
  });

  it("does nothing before the state dir exists", () => {
    const root = tempDir("memdir-learnlog-");
    const pm = join(root, ".memdir", "project-memory.json");
    expect(logToolUse(pm, root, { ...toolUse("Bash", { command: "pnpm test" }), success: true }, 1)).toBe(
      false,
    );
  });
});
