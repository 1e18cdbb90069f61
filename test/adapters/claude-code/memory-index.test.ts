/** Whether Claude Code loads MEMORY.md itself: env switches, then autoMemoryEnabled local > project > user. */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadsMemoryIndex } from "../../../src/adapters/claude-code/memory-index.js";
import { tempDir } from "../../helpers/tmp.js";

function setup() {
  const home = tempDir("memdir-memory-index-");
  const project = join(home, "project");
  const config = join(home, ".claude");
  for (const d of [join(project, ".claude"), config]) mkdirSync(d, { recursive: true });
  const env = { HOME: home, CLAUDE_CONFIG_DIR: config };
  const set = (file: string, v: boolean) => writeFileSync(file, JSON.stringify({ autoMemoryEnabled: v }));
  const loads = () => loadsMemoryIndex(env, { harnessMemoryDir: true, projectRoot: project });
  return {
    env,
    loads,
    user: (v: boolean) => set(join(config, "settings.json"), v),
    shared: (v: boolean) => set(join(project, ".claude", "settings.json"), v),
    local: (v: boolean) => set(join(project, ".claude", "settings.local.json"), v),
  };
}

describe("Claude Code loads MEMORY.md itself", () => {
  it("by default, from its own memory dir only, and not with CLAUDE_CODE_DISABLE_AUTO_MEMORY", () => {
    const s = setup();
    expect(s.loads()).toBe(true);
    expect(loadsMemoryIndex(s.env, { harnessMemoryDir: false })).toBe(false);
    expect(
      loadsMemoryIndex({ ...s.env, CLAUDE_CODE_DISABLE_AUTO_MEMORY: "1" }, { harnessMemoryDir: true }),
    ).toBe(false);
  });

  it("autoMemoryEnabled: the project's local settings over its shared ones over the user's", () => {
    const s = setup();
    s.user(false);
    expect(s.loads()).toBe(false);
    s.shared(true);
    expect(s.loads()).toBe(true);
    s.local(false);
    expect(s.loads()).toBe(false);
    s.user(true);
    s.shared(false);
    s.local(true);
    expect(s.loads()).toBe(true);
  });
});
