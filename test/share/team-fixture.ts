/**
 * Two teammates over a real git remote: a bare repository in a temp dir, and per teammate a home, a
 * project dir, a memory dir and an app context with a settable clock (test/helpers/app-sandbox.ts).
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type AppContext, projectContext } from "../../src/app/context.js";
import { appSandbox } from "../helpers/app-sandbox.js";
import { tempDir } from "../helpers/tmp.js";

/** Plain git for setting up and inspecting repositories (neutral identity, no user config). */
export function sh(cwd: string, ...args: string[]): string {
  return execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
    cwd,
    encoding: "utf8",
    env: { PATH: process.env.PATH, HOME: cwd, GIT_CONFIG_NOSYSTEM: "1", GIT_CONFIG_GLOBAL: "/dev/null" },
    stdio: ["ignore", "pipe", "pipe"],
  }).trim();
}

/** A bare remote (`<dir>/team.git`) with no commit yet. */
export function bareRemote(): string {
  const dir = join(tempDir("memdir-team-remote-"), "team.git");
  mkdirSync(dir);
  sh(dir, "init", "-q", "--bare", "-b", "main");
  return dir;
}

/** Files (paths) in the remote's `main` branch. */
export function remoteFiles(remote: string): string[] {
  try {
    return sh(remote, "ls-tree", "-r", "--name-only", "main").split("\n").filter(Boolean);
  } catch {
    return [];
  }
}

export interface Teammate {
  name: string;
  home: string;
  project: string;
  memoryDir: string;
  ctx: () => AppContext;
  setClock: (ms: number) => void;
  requests: ReturnType<typeof appSandbox>["requests"];
  env: Record<string, string | undefined>;
  /** Writes a personal topic file `<memoryDir>/<name>.md`. */
  memory: (name: string, type: string, body: string, description?: string) => string;
  team: (file: string) => string;
  index: () => string;
}

export function teammate(
  name: string,
  opts: { project?: string; env?: Record<string, string> } = {},
): Teammate {
  const sb = appSandbox(`memdir-team-${name}-`);
  const memoryDir = join(sb.home, "memory");
  const project = opts.project ?? sb.project;
  Object.assign(sb.rt.env, {
    PATH: process.env.PATH,
    MEMDIR_MEMORY_DIR: memoryDir,
    GIT_CONFIG_NOSYSTEM: "1",
    ...opts.env,
  });
  sb.rt.cwd = project;
  return {
    name,
    home: sb.home,
    project,
    memoryDir,
    ctx: () => projectContext(sb.rt, project),
    setClock: sb.setClock,
    requests: sb.requests,
    env: sb.rt.env,
    memory: (n, type, body, description = `${n} in one line`) => {
      mkdirSync(memoryDir, { recursive: true });
      const p = join(memoryDir, `${n}.md`);
      writeFileSync(p, `---\nname: ${n}\ndescription: ${description}\ntype: ${type}\n---\n${body}\n`);
      return p;
    },
    team: (file) => readFileSync(join(memoryDir, "team", file), "utf8"),
    index: () => readFileSync(join(memoryDir, "MEMORY.md"), "utf8"),
  };
}

/** The events of `kind` in the teammate's events.jsonl. */
export function events(t: Teammate, kind: string): Record<string, unknown>[] {
  let text = "";
  try {
    text = readFileSync(join(t.home, ".memdir", "logs", "events.jsonl"), "utf8");
  } catch {
    return [];
  }
  return text
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((e) => e.kind === kind);
}
