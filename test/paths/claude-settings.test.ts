/** Claude Code's own USER settings may move the memory dir (memdir follows so both share one dir);
 * a repository's settings never can. */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { resolveMemoryDirDetailed } from "../../src/paths/index.js";
import { tempDir } from "../helpers/tmp.js";

describe("autoMemoryDirectory in Claude Code's settings", () => {
  it("follows the user settings file and ignores the repository's", () => {
    const home = tempDir("memdir-ccset-");
    const claude = join(home, ".claude");
    const repo = join(home, "repo");
    mkdirSync(join(repo, ".claude"), { recursive: true });
    mkdirSync(claude, { recursive: true });
    writeFileSync(
      join(repo, ".claude", "settings.json"),
      JSON.stringify({ autoMemoryDirectory: "/tmp/evil-redirect" }),
    );
    const env = { HOME: home, CLAUDE_CONFIG_DIR: claude };

    const before = resolveMemoryDirDetailed({ cwd: repo, env });
    expect(before.source).toBe("default");
    expect(before.memoryDir.startsWith(join(claude, "projects"))).toBe(true);

    writeFileSync(
      join(claude, "settings.json"),
      JSON.stringify({ model: "opus", autoMemoryDirectory: "~/cc-mem" }),
    );
    const after = resolveMemoryDirDetailed({ cwd: repo, env });
    expect(after).toMatchObject({ source: "claude-settings", memoryDir: join(home, "cc-mem") });

    // memdir's own config still wins over Claude Code's settings
    const mine = resolveMemoryDirDetailed({
      cwd: repo,
      env,
      trustedConfig: { autoMemoryDirectory: "~/mine" },
    });
    expect(mine).toMatchObject({ source: "config", memoryDir: join(home, "mine") });
  });

  it("ignores an invalid settings file", () => {
    const home = tempDir("memdir-ccset-");
    const claude = join(home, ".claude");
    mkdirSync(claude, { recursive: true });
    writeFileSync(join(claude, "settings.json"), '{ "autoMemoryDirectory": "~/x", // comment\n}');
    expect(
      resolveMemoryDirDetailed({ cwd: home, env: { HOME: home, CLAUDE_CONFIG_DIR: claude } }).source,
    ).toBe("default");
  });
});
