/**
 * Containment: memdir writes only inside the directories it resolved. Each directory has a base the
 * user chose (the project root, `MEMDIR_STATE_DIR`, `CLAUDE_CONFIG_DIR`, `MEMDIR_HOME`, a configured
 * memory dir; links above or at a base are the user's own and are followed) and the parts memdir
 * names below it (`.memdir/`, `state/`, `projects/<key>/memory/`, `.history/`, `user-memory/`, …).
 * A part below a base that is a symbolic link would send writes elsewhere (a repository that ships
 * `.memdir` as a link, a `.history` link planted in the memory dir), so it is a problem, reported
 * with what was found. One `lstat` per part: cheap enough for every hook.
 */
import { lstatSync, readlinkSync } from "node:fs";
import { basename, dirname, join, relative } from "node:path";
import { MemdirError } from "../core/errors.js";
import { claudeConfigDir, type Env } from "./home.js";
import type { ProjectPaths } from "./project-paths.js";

export interface ContainmentProblem {
  /** The offending path. */
  path: string;
  /** What memdir uses it for: "the state root", "the memory dir's change sets (.history)". */
  what: string;
  /** What is there instead: "a symbolic link to /etc". */
  found: string;
}

interface Part {
  /** Path relative to the base, `/`-separated. */
  rel: string;
  what: string;
}

/** The first part of `rel` (each prefix, outermost first) that is a symbolic link, if any. */
function linkOnChain(base: string, rel: string): string | undefined {
  let p = base;
  for (const seg of rel.split("/")) {
    p = join(p, seg);
    let isLink: boolean;
    try {
      isLink = lstatSync(p).isSymbolicLink();
    } catch {
      return undefined; // nothing there yet: memdir creates it as a real directory or file
    }
    if (isLink) return p;
  }
  return undefined;
}

function check(base: string, parts: Part[], out: ContainmentProblem[]): void {
  for (const part of parts) {
    const link = linkOnChain(base, part.rel);
    if (link === undefined || out.some((o) => o.path === link)) continue;
    let target = "?";
    try {
      target = readlinkSync(link);
    } catch {
      // raced away
    }
    out.push({ path: link, what: part.what, found: `a symbolic link to ${target}` });
  }
}

const STATE_PARTS: Part[] = [
  { rel: "state", what: "the session state dir" },
  { rel: "sessions", what: "the session records dir" },
  { rel: "summaries", what: "the session summaries dir" },
  { rel: "wiki", what: "the wiki dir" },
  { rel: "notepad.md", what: "the notepad" },
  { rel: "project-memory.json", what: "the project memory" },
  { rel: "project-memory.pending.jsonl", what: "the project learning log" },
  { rel: ".gitignore", what: "the state root's .gitignore" },
];

const MEMORY_PARTS: Part[] = [
  { rel: ".history", what: "the memory dir's change sets (.history)" },
  { rel: "logs", what: "the memory dir's daily logs" },
  { rel: "team", what: "the team memory dir" },
];

/**
 * Every part of `paths` below its base that is a symbolic link ([] when memdir may work here).
 * Reads only `lstat`/`readlink`; creates nothing.
 */
export function containmentProblems(paths: ProjectPaths, env: Env): ContainmentProblem[] {
  const out: ContainmentProblem[] = [];
  const stateName = basename(paths.stateRoot);
  check(
    dirname(paths.stateRoot),
    [
      { rel: stateName, what: "the state root" },
      ...STATE_PARTS.map((p) => ({ rel: `${stateName}/${p.rel}`, what: p.what })),
    ],
    out,
  );
  let memoryBase = paths.memoryDir;
  let memoryRel: string | undefined;
  if (paths.memoryDirSource === "default") {
    memoryBase = claudeConfigDir(env);
    memoryRel = relative(memoryBase, paths.memoryDir).split(/[\\/]/).join("/");
  }
  check(
    memoryBase,
    [
      ...(memoryRel ? [{ rel: memoryRel, what: "the memory dir" }] : []),
      ...MEMORY_PARTS.map((p) => ({ rel: memoryRel ? `${memoryRel}/${p.rel}` : p.rel, what: p.what })),
    ],
    out,
  );
  check(
    paths.memdirHome,
    [
      { rel: basename(paths.userMemoryDir), what: "the user memory dir" },
      { rel: "logs", what: "memdir's log dir" },
      { rel: "index", what: "the search database dir" },
      { rel: "state", what: "memdir's state dir for repositories that ship .memdir" },
    ],
    out,
  );
  return out;
}

/** The one line that says why memdir is off for the project, what was found and what to do. */
export function containmentLine(problems: ContainmentProblem[]): string {
  const first = problems[0];
  if (!first) return "";
  const more = problems.length > 1 ? ` (and ${problems.length - 1} more)` : "";
  return `memdir is off for this project: ${first.what} ${first.path} is ${first.found}${more}; memdir never writes through links. Replace it with a real directory (or file), or point MEMDIR_STATE_DIR / MEMDIR_MEMORY_DIR elsewhere.`;
}

/**
 * Throws when `paths` has a containment problem.
 * @throws MemdirError UNSAFE_PATH naming the first problem, what was found and what to do.
 */
export function assertContained(paths: ProjectPaths, env: Env): void {
  const problems = containmentProblems(paths, env);
  const first = problems[0];
  if (!first) return;
  throw new MemdirError("UNSAFE_PATH", containmentLine(problems), {
    expected: `${first.what} as a real directory or file below the directory memdir resolved`,
    received: `${first.path}: ${first.found}`,
    hint: "remove the link and let memdir create the directory, or set MEMDIR_STATE_DIR / MEMDIR_MEMORY_DIR to a directory you own",
  });
}
