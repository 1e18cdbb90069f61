/**
 * A temp home for app-level tests: a project dir, `~/.memdir/config.json` (harnessLoadsMemoryMd false
 * plus `config`), and an injected Runtime with a settable clock whose detached jobs are collected.
 */

import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type JobRequest, jobArgv } from "../../src/app/jobs/request.js";
import type { Runtime } from "../../src/app/runtime.js";
import { tempDir } from "./tmp.js";

export function appSandbox(
  prefix: string,
  config: Record<string, unknown> = {},
  startMs = Date.parse("2026-02-11T20:00:00Z"),
) {
  const home = tempDir(prefix);
  const project = join(home, "project");
  mkdirSync(project, { recursive: true });
  mkdirSync(join(home, ".memdir"), { recursive: true });
  writeFileSync(
    join(home, ".memdir", "config.json"),
    JSON.stringify({ harnessLoadsMemoryMd: false, ...config }),
  );
  let clock = startMs;
  const jobs: string[][] = [];
  const requests: JobRequest[] = [];
  const rt: Runtime = {
    env: { HOME: home, MEMDIR_HOME: join(home, ".memdir"), CLAUDE_CONFIG_DIR: join(home, ".claude") },
    cwd: project,
    now: () => clock,
    pid: process.pid,
    ownerPid: process.pid,
    isAlive: () => true,
    // Never the machine's /etc/claude-code: a test writes managed settings here when it needs them.
    managedSettingsDir: join(home, "managed-settings"),
    spawnJob: async (r) => {
      jobs.push(jobArgv(r));
      requests.push(r);
    },
  };
  return { home, project, rt, jobs, requests, setClock: (ms: number) => (clock = Math.max(clock, ms)) };
}
