/**
 * `memdir list`, `memdir show`, `memdir search --agent` and `memdir agent snapshot` through the built
 * bin (dist/memdir.cjs): JSON shapes, exit codes (0 ok, 1 not found, 2 usage), real files, real SQLite.
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runBin } from "../helpers/bin.js";
import { tempDir } from "../helpers/tmp.js";

function setup() {
  const home = tempDir("memdir-list-");
  const project = join(home, "project");
  mkdirSync(project, { recursive: true });
  const env = { HOME: home, MEMDIR_HOME: join(home, ".memdir"), CLAUDE_PROJECT_DIR: project };
  const run = (...args: string[]) => runBin(args, "", env);
  const topic = (dir: string, name: string, description: string, body = description) => {
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, `${name}.md`),
      `---\nname: ${name}\ndescription: ${description}\ntype: feedback\n---\n${body}\n`,
    );
    writeFileSync(join(dir, "MEMORY.md"), `# Memory Index\n- [${name}](${name}.md) — ${description}\n`);
  };
  const agentDir = (scope: string, agent: string) =>
    scope === "user"
      ? join(home, ".claude", "agent-memory", agent)
      : join(project, ".claude", scope === "project" ? "agent-memory" : "agent-memory-local", agent);
  return { home, project, run, topic, agentDir };
}

describe("memdir list / show / search --agent / agent snapshot", () => {
  it("lists an agent type's memory per scope, and one scope only", () => {
    const s = setup();
    s.topic(s.agentDir("project", "code-reviewer"), "use-pnpm", "Use pnpm, never npm");
    s.topic(s.agentDir("user", "code-reviewer"), "short-reviews", "Keep reviews short");
    const all = s.run("list", "--agent", "code-reviewer", "--json");
    expect(all.status, all.stderr).toBe(0);
    const r = JSON.parse(all.stdout) as {
      locations: { scope: string; exists: boolean; memories: { name: string }[] }[];
    };
    expect(r.locations.map((l) => [l.scope, l.exists, l.memories.map((m) => m.name)])).toEqual([
      ["user", true, ["short-reviews"]],
      ["project", true, ["use-pnpm"]],
      ["local", false, []],
    ]);
    const one = JSON.parse(
      s.run("list", "--agent", "code-reviewer", "--scope", "project", "--json").stdout,
    ) as typeof r;
    expect(one.locations.map((l) => l.scope)).toEqual(["project"]);
    expect(s.run("list", "--agent", "code-reviewer").stdout).toContain("use-pnpm");
    // Nothing anywhere: exit 1. A bad scope: exit 2.
    expect(s.run("list", "--agent", "nobody").status).toBe(1);
    const bad = s.run("list", "--agent", "code-reviewer", "--scope", "team");
    expect(bad.status).toBe(2);
    expect(bad.stderr).toContain("expected: user | project | local");
    expect(s.run("list", "--scope", "local").status).toBe(2);
  });

  it("shows one topic file (exit 1 when absent, 2 for a path)", () => {
    const s = setup();
    s.topic(s.agentDir("local", "rev"), "use-pnpm", "Use pnpm, never npm");
    const ok = s.run("show", "use-pnpm", "--agent", "rev");
    expect(ok.status, ok.stderr).toBe(0);
    expect(ok.stdout).toContain("Use pnpm, never npm");
    expect(ok.stderr).toContain("rev agent, local scope");
    const j = JSON.parse(s.run("show", "use-pnpm.md", "--agent", "rev", "--json").stdout) as { path: string };
    expect(j.path).toBe(join(s.agentDir("local", "rev"), "use-pnpm.md"));
    expect(s.run("show", "use-pnpm", "--agent", "rev", "--scope", "user").status).toBe(1);
    expect(s.run("show", "../../x", "--agent", "rev").status).toBe(2);
  });

  it("searches an agent type's memory, not the project's", () => {
    const s = setup();
    s.topic(
      s.agentDir("local", "rev"),
      "use-pnpm",
      "Use pnpm for installs",
      "Always pnpm install, the lockfile is pnpm-lock.yaml.",
    );
    s.topic(s.agentDir("user", "other"), "pnpm-other", "pnpm in another agent");
    const r = s.run("search", "pnpm", "--agent", "rev", "--json");
    expect(r.status, r.stderr).toBe(0);
    const hits = (JSON.parse(r.stdout) as { hits: { name: string; scope: string }[] }).hits;
    expect(hits.map((h) => [h.name, h.scope])).toEqual([["use-pnpm", "rev/local"]]);
    expect(
      (
        JSON.parse(s.run("search", "pnpm", "--agent", "rev", "--scope", "user", "--json").stdout) as {
          hits: [];
        }
      ).hits,
    ).toEqual([]);
  });

  it("publishes a snapshot with updatedAt for the team to commit; nothing to publish is exit 1", () => {
    const s = setup();
    expect(s.run("agent", "snapshot", "rev").status).toBe(1);
    s.topic(s.agentDir("project", "rev"), "use-pnpm", "Use pnpm, never npm");
    const r = s.run("agent", "snapshot", "rev", "--json");
    expect(r.status, r.stderr).toBe(0);
    const snap = join(s.project, ".claude", "agent-memory-snapshots", "rev");
    const { updatedAt } = JSON.parse(readFileSync(join(snap, "snapshot.json"), "utf8")) as {
      updatedAt: string;
    };
    expect(JSON.parse(r.stdout)).toMatchObject({ to: snap, updatedAt, files: ["MEMORY.md", "use-pnpm.md"] });
    expect(readFileSync(join(snap, "use-pnpm.md"), "utf8")).toContain("Use pnpm");
    const status = JSON.parse(s.run("status", "--json").stdout) as {
      agentMemory: {
        defaultScopes: string[];
        agents: { agent: string; memories: Record<string, number>; snapshot?: { updatedAt: string } }[];
      };
    };
    expect(status.agentMemory.defaultScopes).toEqual(["local"]);
    expect(status.agentMemory.agents).toEqual([
      expect.objectContaining({
        agent: "rev",
        memories: { project: 1 },
        snapshot: { updatedAt, syncedFrom: { project: updatedAt } },
      }),
    ]);
  });
});
