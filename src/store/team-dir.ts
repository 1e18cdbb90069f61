/**
 * Where a memory dir's team memory lives. By default `<memory dir>/team/` (a clone of
 * the team's own repository). `memdir team init --in-repo <path>` instead records, in
 * `<memory dir>/.team.json`, a folder of the project repository: the team dir is then resolved to that
 * folder (never a symbolic link: the store refuses links). Free of `yaml`.
 */
import { join } from "node:path";
import { readJsonFile } from "../core/json.js";

/** The file in the memory dir that records how team memory is set up (written by `memdir team init`). */
export const TEAM_CONFIG_FILE = ".team.json";

/** `<memory dir>/.team.json`. */
export interface TeamConfig {
  /** `repo`: `<memory dir>/team/` is a clone of a dedicated repository; `in-repo`: a folder of the project repository. */
  mode: "repo" | "in-repo";
  /** The remote URL (mode `repo`). */
  remote?: string;
  /** The project repository's top level (mode `in-repo`), absolute. */
  repoRoot?: string;
  /** The team folder relative to `repoRoot`, `/`-separated (mode `in-repo`). */
  path?: string;
}

/** The team config of `memoryDir`, or undefined when team memory was never set up (or the file is unreadable). */
export function readTeamConfig(memoryDir: string): TeamConfig | undefined {
  const c = readJsonFile<Partial<TeamConfig> | undefined>(join(memoryDir, TEAM_CONFIG_FILE), undefined, true);
  if (!c || (c.mode !== "repo" && c.mode !== "in-repo")) return undefined;
  if (c.mode === "in-repo" && (typeof c.repoRoot !== "string" || typeof c.path !== "string"))
    return undefined;
  return c as TeamConfig;
}

/** The team dir of `memoryDir`: the in-repo folder when one is configured, else `<memoryDir>/team`. */
export function teamDirOf(memoryDir: string, config = readTeamConfig(memoryDir)): string {
  if (config?.mode === "in-repo") return join(config.repoRoot!, ...config.path!.split("/"));
  return join(memoryDir, "team");
}

/**
 * The MEMORY.md link of team topic file `file` (a file name): `team/<file>` for the default layout
 * (Claude Code's combined index), the absolute path for an in-repo team dir (a relative link would not resolve).
 */
export function teamLink(memoryDir: string, file: string, config = readTeamConfig(memoryDir)): string {
  return config?.mode === "in-repo" ? join(teamDirOf(memoryDir, config), file) : `team/${file}`;
}
