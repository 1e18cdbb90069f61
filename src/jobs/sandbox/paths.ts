/**
 * Path rules of the memory sandbox: no path traversal, and writes only inside the memory dir (as Claude
 * Code 2.1.88 createAutoMemCanUseTool allows). A model names files by relative path: `feedback_testing.md`
 * (the project memory dir) or `user/role.md` (the user memory dir). Every rule is checked on the text
 * first, then on disk with `lstat` (a symlink anywhere on the path is refused, even one pointing inside);
 * files are read with O_NOFOLLOW (read-file.ts).
 */
import { join, relative, sep } from "node:path";
import { MemdirError } from "../../core/errors.js";
import { byteLength, truncateCodePoints } from "../../core/text.js";
import { INDEX_FILE } from "../../store/index.js";
import { lstatOrUndefined } from "./read-file.js";
import type { MemoryScope, SandboxRoots } from "./types.js";

export const MEMORY_EXAMPLE =
  "a topic file name such as `feedback_testing.md` (project memory) or `user/role.md` (user memory)";
/** Longest file name accepted, in UTF-8 bytes (file systems allow 255). */
const MAX_NAME_BYTES = 200;

/** Why a path is refused, and what to do instead. */
const RULES = {
  empty: ["the file name is empty", "name a topic file"],
  control: ["the path contains a NUL or control character", "use a plain relative path"],
  backslash: ["backslashes are not allowed in paths", "separate directories with `/`"],
  absolute: ["absolute paths are not allowed", "give the path relative to the root, without a leading `/`"],
  emptySegment: ["the path has an empty segment", "remove the doubled or trailing `/`"],
  dots: [
    "`.` and `..` segments are not allowed (nothing outside the root is reachable)",
    "name the file directly",
  ],
  team: [
    "team memory (`team/`) cannot be read or changed here",
    "promoting a memory to the team is an explicit act of the user (DESIGN.md §3.4); leave team files alone",
  ],
  noUser: ["there is no user memory dir in this run", "store this memory in the project memory dir instead"],
  subdir: [
    "topic files live at the root of the memory dir; subdirectories are not allowed",
    "use a file name without a directory",
  ],
  hidden: ["hidden files (locks, history) are not memory", "use a name that does not start with `.`"],
  notMd: ["topic files are Markdown files ending in `.md`", "add `.md` to the name"],
  long: [`the file name is longer than ${MAX_NAME_BYTES} bytes`, "use a short kebab-case name"],
  index: [
    "MEMORY.md is the index and is maintained by memdir",
    "write or edit the topic file itself; its index line follows",
  ],
  outside: ["the path resolves outside the memory dir", "name a file directly inside the memory dir"],
  symlink: ["symbolic links are never followed", "use a path without symbolic links"],
  notFile: ["the path is not a regular file", "name a file, not a directory or device"],
  protected: [
    "this path may hold secrets or memdir state and is never read",
    "read source or documentation files instead",
  ],
} as const;

/** @throws MemdirError BAD_PATH for `rule`, naming `input`. */
export function refuse(rule: keyof typeof RULES, input: string, expected = MEMORY_EXAMPLE): never {
  const [summary, hint] = RULES[rule];
  throw new MemdirError("BAD_PATH", `Refused: ${summary}`, {
    expected,
    received: truncateCodePoints(JSON.stringify(input), 120),
    hint,
  });
}

/** Checks shared by memory and project paths; returns the `/`-separated segments. */
export function segmentsOf(input: string, expected: string): string[] {
  if (/[\0-\x1f\x7f]/.test(input)) refuse("control", input, expected);
  if (input.includes("\\")) refuse("backslash", input, expected);
  if (input.startsWith("/") || input.startsWith("~") || /^[A-Za-z]:/.test(input))
    refuse("absolute", input, expected);
  const segs = input.split("/");
  if (segs.some((s) => s === "")) refuse("emptySegment", input, expected);
  if (segs.some((s) => s === "." || s === "..")) refuse("dots", input, expected);
  return segs;
}

/** A memory file the model named, resolved. */
export interface MemoryTarget {
  scope: MemoryScope;
  /** Plain file name inside the scope's root. */
  file: string;
  /** Absolute path. */
  path: string;
  /** The name as the model uses it (`role.md` of the user scope is `user/role.md`). */
  display: string;
  /** Whether a regular file exists there now. */
  exists: boolean;
}

/** `file` of `scope` as the model names it. */
export const displayName = (scope: MemoryScope, file: string) => (scope === "user" ? `user/${file}` : file);

/**
 * Resolves a model-given memory path. `intent` "write" also refuses MEMORY.md (maintained by memdir).
 * @throws MemdirError BAD_PATH for: empty, NUL/control characters, backslashes, absolute paths,
 *   empty, `.` or `..` segments, `team/…` (promotion to the team is a user act, DESIGN.md §3.4),
 *   `user/…` without a user root, other subdirectories, hidden names, names not ending in `.md`,
 *   names over 200 bytes, a symlink or a non-regular file at the path.
 */
export function resolveMemoryPath(
  input: string,
  roots: SandboxRoots,
  intent: "read" | "write",
): MemoryTarget {
  if (input === "") refuse("empty", input);
  const segs = segmentsOf(input, MEMORY_EXAMPLE);
  let scope: MemoryScope = "project";
  let name = segs[0] as string;
  if (name.toLowerCase() === "team" && segs.length > 1) refuse("team", input);
  if (segs.length === 2 && segs[0] === "user") {
    if (roots.user === undefined)
      refuse("noUser", input, "a project topic file name such as `feedback_testing.md`");
    scope = "user";
    name = segs[1] as string;
  } else if (segs.length > 1) refuse("subdir", input);
  if (name.startsWith(".")) refuse("hidden", input);
  if (!/\.md$/i.test(name)) refuse("notMd", input);
  if (byteLength(name) > MAX_NAME_BYTES) refuse("long", input);
  if (intent === "write" && name.toLowerCase() === INDEX_FILE.toLowerCase()) refuse("index", input);
  const root = scope === "user" ? (roots.user as string) : roots.project;
  const path = join(root, name);
  if (relative(root, path) !== name || name.includes(sep)) refuse("outside", input);
  const st = lstatOrUndefined(path);
  if (st?.isSymbolicLink()) refuse("symlink", input);
  if (st && !st.isFile()) refuse("notFile", input);
  return { scope, file: name, path, display: displayName(scope, name), exists: st !== undefined };
}
