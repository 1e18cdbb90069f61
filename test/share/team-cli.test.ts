/** `memdir team …` through the built bin: two teammates (two homes) and a bare remote, real git. */
import { spawnSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN } from "../helpers/bin.js";
import { tempDir } from "../helpers/tmp.js";
import { bareRemote, remoteFiles } from "./team-fixture.js";

function person(name: string) {
  const home = tempDir(`memdir-team-cli-${name}-`);
  const project = join(home, "project");
  mkdirSync(project, { recursive: true });
  const memoryDir = join(home, "memory");
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    HOME: home,
    MEMDIR_HOME: join(home, ".memdir"),
    MEMDIR_MEMORY_DIR: memoryDir,
    GIT_CONFIG_NOSYSTEM: "1",
    MEMDIR_NO_JOBS: "1",
  };
  const run = (...args: string[]) => {
    const r = spawnSync(process.execPath, [BIN, ...args], {
      cwd: project,
      env,
      encoding: "utf8",
      timeout: 60_000,
    });
    return { code: r.status, out: r.stdout + r.stderr };
  };
  return { home, project, memoryDir, run };
}

describe("memdir team (CLI)", () => {
  it("init, promote, pull, status; bad input exits 1 with the reason", async () => {
    const remote = bareRemote();
    const a = person("a");
    const b = person("b");
    expect(a.run("team", "init", remote)).toMatchObject({ code: 0 });
    expect(b.run("team", "init", remote)).toMatchObject({ code: 0 });
    writeFileSync(
      join(a.memoryDir, "ci.md"),
      "---\nname: ci\ndescription: CI runs on main only\ntype: project\n---\nCI runs on main only.\n",
    );
    writeFileSync(
      join(a.memoryDir, "me.md"),
      "---\nname: me\ndescription: who I am\ntype: user\n---\nI am a backend dev.\n",
    );
    const promoted = a.run("team", "promote", "ci");
    expect(promoted.out).toContain("pushed");
    expect(promoted.code).toBe(0);
    expect(remoteFiles(remote)).toEqual(["ci.md"]);
    const refused = a.run("team", "promote", "me");
    expect(refused.code).toBe(1);
    expect(refused.out).toMatch(/user memories are always private/);
    expect(b.run("team", "pull").out).toContain("pulled");
    const status = JSON.parse(b.run("status", "--json").out) as { team: { mode: string; teamDir: string } };
    expect(status.team).toMatchObject({ mode: "repo", teamDir: join(b.memoryDir, "team") });
    const ts = JSON.parse(b.run("team", "status", "--json").out) as {
      entries: number;
      caps: Record<string, number>;
    };
    expect(ts).toMatchObject({ entries: 1, caps: { fileBytes: 102_400, pushBytes: 200_000, entries: 200 } });
    const both = a.run("team", "init");
    expect(both.code).toBe(1);
    expect(both.out).toMatch(/exactly one of <remote> or --in-repo/);
    // The background job SessionStart starts.
    writeFileSync(
      join(a.memoryDir, "team", "more.md"),
      "---\nname: more\ndescription: d\ntype: project\n---\nMore.\n",
    );
    expect(a.run("team", "push").code).toBe(0);
    expect(b.run("job", "team-sync", "--session", "s1", "--cwd", b.project).code).toBe(0);
    expect(remoteFiles(remote)).toEqual(["ci.md", "more.md"]);
    expect(b.run("team", "status").out).toMatch(/entries: 2\/200/);
  });

  it("the dream never moves or changes team files, and MEMORY.md keeps their lines", () => {
    const remote = bareRemote();
    const a = person("a");
    expect(a.run("team", "init", remote).code).toBe(0);
    const team =
      "---\nname: deploy\ndescription: Deploys go out on Fridays\ntype: project\n---\nDeploys go out on Fridays.\n";
    writeFileSync(join(a.memoryDir, "team", "deploy.md"), team);
    expect(a.run("team", "push").code).toBe(0);
    const topic = (n: string) =>
      `---\nname: ${n}\ndescription: Deploys go out on Fridays\ntype: project\n---\nDeploys go out on Fridays.\n`;
    writeFileSync(join(a.memoryDir, "deploy-day.md"), topic("deploy-day"));
    writeFileSync(join(a.memoryDir, "deploys.md"), topic("deploys"));
    const d = a.run("dream", "--force", "--json");
    expect(d.code).toBe(0);
    expect(readFileSync(join(a.memoryDir, "team", "deploy.md"), "utf8")).toBe(team);
    expect(a.run("team", "status", "--json").out).toContain('"changed": []');
    expect(readFileSync(join(a.memoryDir, "MEMORY.md"), "utf8")).toContain("(team/deploy.md)");
  });
});
