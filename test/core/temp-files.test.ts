import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isPidAlive } from "../../src/core/lock.js";
import { parseTempName, sweepStaleTempFiles } from "../../src/core/temp-files.js";
import { uniqueSuffix } from "../../src/core/unique.js";
import { runBin } from "../helpers/bin.js";
import { tempDir } from "../helpers/tmp.js";

/** The pid of a process that has exited. */
function deadPid(): number {
  const r = spawnSync(process.execPath, ["-e", "process.stdout.write(String(process.pid))"], {
    encoding: "utf8",
  });
  return Number(r.stdout);
}

/** A temp name as writeFileAtomic makes it, for `target`, written by `pid`. */
function tempName(target: string, pid: number): string {
  return `.${target}.${pid.toString(36)}${uniqueSuffix().slice(process.pid.toString(36).length)}.tmp`;
}

function plant(dir: string, name: string, ageMs: number): string {
  const p = join(dir, name);
  writeFileSync(p, "half-written");
  const t = (Date.now() - ageMs) / 1000;
  utimesSync(p, t, t);
  return p;
}

describe("stale temp files", () => {
  it("parses writeFileAtomic's own names and nothing else", () => {
    expect(parseTempName(`.a.md.${uniqueSuffix()}.tmp`)).toEqual({ target: "a.md", pid: process.pid });
    expect(parseTempName("notes.tmp")).toBeUndefined();
    expect(parseTempName(".a.md.tmp")).toBeUndefined();
  });

  it("removes old ones of dead writers, keeps young ones, live writers' and foreign .tmp files", () => {
    const dir = tempDir();
    const dead = deadPid();
    expect(isPidAlive(dead)).toBe(false);
    const stale = plant(dir, tempName("a.md", dead), 10 * 60_000);
    const young = plant(dir, tempName("b.md", dead), 30_000);
    const live = plant(dir, tempName("c.md", process.pid), 10 * 60_000);
    const ancient = plant(dir, tempName("d.md", process.pid), 2 * 3600_000);
    const foreign = plant(dir, "mine.tmp", 10 * 3600_000);
    const removed = sweepStaleTempFiles(dir, { nowMs: Date.now(), isAlive: isPidAlive });
    expect(removed).toHaveLength(2);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(ancient)).toBe(false);
    expect(existsSync(young)).toBe(true);
    expect(existsSync(live)).toBe(true);
    expect(existsSync(foreign)).toBe(true);
  });

  it("the next dream sweeps what a killed write left in the memory dir", () => {
    const home = tempDir("memdir-sweep-");
    const memory = join(home, "memory");
    const project = join(home, "project");
    mkdirSync(memory, { recursive: true });
    mkdirSync(project, { recursive: true });
    writeFileSync(
      join(memory, "a.md"),
      "---\nname: a\ndescription: Deploys need a ticket\ntype: feedback\n---\nDeploys need a ticket.\n",
    );
    const stale = plant(memory, tempName("a.md", deadPid()), 10 * 60_000);
    const r = runBin(["dream", "--force"], "", {
      HOME: home,
      MEMDIR_HOME: join(home, ".memdir"),
      CLAUDE_CONFIG_DIR: join(home, ".claude"),
      MEMDIR_MEMORY_DIR: memory,
      CLAUDE_PROJECT_DIR: project,
    });
    expect(r.status).toBe(0);
    expect(existsSync(stale)).toBe(false);
    expect(existsSync(join(memory, "a.md"))).toBe(true);
  });
});
