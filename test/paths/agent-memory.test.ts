import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  agentDirRefusal,
  agentMemoryDir,
  agentSnapshotDir,
  sanitizeAgentName,
} from "../../src/paths/index.js";
import { tempDir } from "../helpers/tmp.js";

describe("agent memory paths (Claude Code 2.1.332 layout)", () => {
  it("sanitizes the agent name as Claude Code does: [^A-Za-z0-9_-] → -, empty → unknown", () => {
    expect(sanitizeAgentName("code-reviewer_2")).toBe("code-reviewer_2");
    expect(sanitizeAgentName("plugin:review")).toBe("plugin-review");
    expect(sanitizeAgentName("../../etc")).toBe("------etc");
    expect(sanitizeAgentName("a b/c.d")).toBe("a-b-c-d");
    expect(sanitizeAgentName("été")).toBe("-t-");
    expect(sanitizeAgentName("😀")).toBe("--"); // one code point, two UTF-16 units
    expect(sanitizeAgentName("")).toBe("unknown");
  });

  it("puts user scope under the Claude config dir and project/local under the session cwd", () => {
    const env = { HOME: "/h", CLAUDE_CONFIG_DIR: "/cfg" };
    expect(agentMemoryDir("user", "rev", { cwd: "/p/sub", env })).toBe("/cfg/agent-memory/rev");
    expect(agentMemoryDir("user", "rev", { cwd: "/p", env: { HOME: "/h" } })).toBe(
      "/h/.claude/agent-memory/rev",
    );
    expect(agentMemoryDir("project", "a:b", { cwd: "/p/sub", env })).toBe("/p/sub/.claude/agent-memory/a-b");
    expect(agentMemoryDir("local", "rev", { cwd: "/p", env })).toBe("/p/.claude/agent-memory-local/rev");
    expect(agentSnapshotDir("/p", "a:b")).toBe("/p/.claude/agent-memory-snapshots/a-b");
  });

  it("refuses a symlinked project/local folder or MEMORY.md, never user scope", () => {
    const root = tempDir();
    const elsewhere = join(root, "elsewhere");
    mkdirSync(elsewhere);
    const env = { HOME: root };
    const proj = agentMemoryDir("project", "rev", { cwd: root, env });
    mkdirSync(join(proj, ".."), { recursive: true });
    expect(agentDirRefusal("project", proj)).toBeUndefined();
    symlinkSync(elsewhere, proj);
    expect(agentDirRefusal("project", proj)).toContain("is a symbolic link");
    const local = agentMemoryDir("local", "rev", { cwd: root, env });
    mkdirSync(local, { recursive: true });
    writeFileSync(join(elsewhere, "MEMORY.md"), "x");
    symlinkSync(join(elsewhere, "MEMORY.md"), join(local, "MEMORY.md"));
    expect(agentDirRefusal("local", local)).toContain("MEMORY.md is a symbolic link");
    const linkedBase = join(root, "p2", ".claude");
    mkdirSync(join(root, "p2"));
    symlinkSync(elsewhere, linkedBase);
    expect(
      agentDirRefusal("project", agentMemoryDir("project", "rev", { cwd: join(root, "p2"), env })),
    ).toContain("is a symbolic link");
    expect(agentDirRefusal("user", proj)).toBeUndefined();
  });
});
