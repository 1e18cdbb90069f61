/**
 * Read-only project access for the sandbox (read-only tools only, as Claude Code's extraction agent gets):
 * `project_read` (a file, or a directory listing) and `project_grep` (a literal string: no regex, so no
 * ReDoS). Confined to the project root by the path rules of paths.ts; secret-bearing names (`.env*`,
 * `*.pem`, `*.key`, `id_rsa*`, …), `.git/` and `.memdir/` are never opened; every text is scrubbed before
 * it is returned (privacy `scrub`, whole file first, so a multi-line `<private>` block never leaks through
 * a single line).
 */
import { type Dirent, lstatSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { MemdirError } from "../../core/errors.js";
import { elideMiddle, truncateCodePoints } from "../../core/text.js";
import { scrub } from "../../privacy/index.js";
import { isProtectedName, resolveProjectPath } from "./project-paths.js";
import { readRegularFile } from "./read-file.js";
import { defineTool, objectSchema } from "./schema.js";
import type { AgentTool } from "./types.js";

/** Largest project file read or searched, in bytes. */
export const MAX_PROJECT_FILE_BYTES = 1024 * 1024;
/** project_grep opens at most this many files … */
export const GREP_MAX_FILES = 200;
/** … and reports at most this many matching lines. */
export const GREP_MAX_MATCHES = 50;
/** Directory entries a grep walk looks at before it stops (huge trees). */
const GREP_MAX_ENTRIES = 20_000;
/** Longest literal a grep accepts, in code points. */
const GREP_MAX_PATTERN = 200;
/** Entries a directory listing shows. */
const LIST_MAX_ENTRIES = 300;
/** Directories a grep never descends into (besides the protected names). */
const SKIP_DIRS = new Set(["node_modules", ".hg", ".svn"]);

const isBinary = (buf: Buffer) => buf.subarray(0, 8192).includes(0);

function sortedEntries(dir: string): Dirent[] {
  return readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
    a.name < b.name ? -1 : a.name > b.name ? 1 : 0,
  );
}

function listDirectory(path: string, rel: string): string {
  const entries = sortedEntries(path).filter((d) => !isProtectedName(d.name));
  const shown = entries.slice(0, LIST_MAX_ENTRIES).map((d) => {
    if (d.isSymbolicLink()) return `${d.name} (symbolic link, not followed)`;
    return d.isDirectory() ? `${d.name}/` : d.name;
  });
  const more = entries.length > LIST_MAX_ENTRIES ? [`… ${entries.length - LIST_MAX_ENTRIES} more`] : [];
  return [`Directory ${rel === "" ? "." : rel}/ (${entries.length} entries):`, ...shown, ...more].join("\n");
}

function readText(path: string, rel: string): string {
  const buf = readRegularFile(path, MAX_PROJECT_FILE_BYTES, rel) as Buffer;
  if (isBinary(buf)) {
    throw new MemdirError("BAD_INPUT", `Refused: ${rel} is a binary file`, {
      expected: "a text file",
      received: `${buf.length} bytes with NUL bytes`,
      hint: "read source or documentation files",
    });
  }
  return scrub(buf.toString("utf8"));
}

interface GrepState {
  needle: string;
  ignoreCase: boolean;
  matches: string[];
  files: number;
  filesWithMatch: number;
  entries: number;
  stopped?: string;
}

function grepFile(path: string, rel: string, s: GrepState): void {
  let buf: Buffer | undefined;
  try {
    const st = lstatSync(path);
    if (!st.isFile() || st.size > MAX_PROJECT_FILE_BYTES) return;
    buf = readRegularFile(path, MAX_PROJECT_FILE_BYTES, rel);
  } catch {
    return; // vanished, swapped for a link, unreadable: skipped
  }
  if (buf === undefined) return;
  s.files++;
  if (isBinary(buf)) return;
  const lines = scrub(buf.toString("utf8")).split("\n");
  let hit = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i] as string;
    if (!(s.ignoreCase ? line.toLowerCase() : line).includes(s.needle)) continue;
    hit = true;
    if (s.matches.length >= GREP_MAX_MATCHES) {
      s.stopped = `stopped at ${GREP_MAX_MATCHES} matching lines`;
      break;
    }
    s.matches.push(`${rel}:${i + 1}: ${truncateCodePoints(line.trim(), 240)}`);
  }
  if (hit) s.filesWithMatch++;
}

/** Breadth-first walk from `start`: symlinks, protected names and SKIP_DIRS are never entered. */
function grepTree(root: string, start: string, s: GrepState): void {
  const queue = [start];
  while (queue.length > 0 && s.stopped === undefined) {
    const rel = queue.shift() as string;
    let entries: Dirent[];
    try {
      entries = sortedEntries(join(root, rel));
    } catch {
      continue;
    }
    for (const d of entries) {
      if (++s.entries > GREP_MAX_ENTRIES) s.stopped = `stopped after ${GREP_MAX_ENTRIES} directory entries`;
      if (s.stopped !== undefined) return;
      if (d.isSymbolicLink() || isProtectedName(d.name)) continue;
      const childRel = rel === "" ? d.name : `${rel}/${d.name}`;
      if (d.isDirectory()) {
        if (!SKIP_DIRS.has(d.name)) queue.push(childRel);
      } else if (d.isFile()) {
        if (s.files >= GREP_MAX_FILES) {
          s.stopped = `stopped after ${GREP_MAX_FILES} files`;
          return;
        }
        grepFile(join(root, childRel), childRel, s);
      }
    }
  }
}

/** project_read and project_grep, confined to `projectRoot`. */
export function projectTools(projectRoot: string, maxReadChars: number): AgentTool[] {
  const read = defineTool(
    "project_read",
    "Read a text file of the project (read-only), or list a directory. Paths are relative to the " +
      "project root. Secrets files (.env, keys), .git/ and .memdir/ are not readable.",
    objectSchema(
      {
        path: { type: "string", minLength: 1, description: "Relative path, e.g. `src/index.ts`, or `.`." },
        start_line: { type: "integer", minimum: 1, description: "First line to show (1-based)." },
        line_count: { type: "integer", minimum: 1, description: "Number of lines to show." },
      },
      ["path"],
    ),
    (input) => {
      const { path, rel, stats } = resolveProjectPath(projectRoot, input.path as string);
      if (stats.isDirectory()) return elideMiddle(listDirectory(path, rel), maxReadChars);
      let text = readText(path, rel);
      const start = input.start_line as number | undefined;
      const count = input.line_count as number | undefined;
      if (start !== undefined || count !== undefined) {
        const lines = text.split("\n");
        const from = Math.min((start ?? 1) - 1, lines.length);
        const to = Math.min(count === undefined ? lines.length : from + count, lines.length);
        text = `[lines ${from + 1}-${to} of ${lines.length}]\n${lines.slice(from, to).join("\n")}`;
      }
      return elideMiddle(text, maxReadChars);
    },
  );
  const grep = defineTool(
    "project_grep",
    `Search the project's text files for a literal string (not a regex). At most ${GREP_MAX_FILES} files ` +
      `are searched and ${GREP_MAX_MATCHES} matching lines shown; node_modules, binaries and files over 1 MB are skipped.`,
    objectSchema(
      {
        pattern: { type: "string", minLength: 1, description: "Literal text to find." },
        path: {
          type: "string",
          minLength: 1,
          description: "Directory or file to search (default: the root).",
        },
        ignore_case: { type: "boolean", description: "Match regardless of letter case." },
      },
      ["pattern"],
    ),
    (input) => {
      const pattern = input.pattern as string;
      if (Array.from(pattern).length > GREP_MAX_PATTERN) {
        throw new MemdirError("BAD_INPUT", "Refused: the search string is too long", {
          expected: `a literal of at most ${GREP_MAX_PATTERN} characters`,
          received: `${Array.from(pattern).length} characters`,
          hint: "search for a shorter, distinctive part",
        });
      }
      const ignoreCase = input.ignore_case === true;
      const { rel, stats } = resolveProjectPath(projectRoot, (input.path as string | undefined) ?? ".");
      const s: GrepState = {
        needle: ignoreCase ? pattern.toLowerCase() : pattern,
        ignoreCase,
        matches: [],
        files: 0,
        filesWithMatch: 0,
        entries: 0,
      };
      if (stats.isDirectory()) grepTree(projectRoot, rel, s);
      else grepFile(join(projectRoot, rel), rel, s);
      const summary =
        s.matches.length === 0
          ? `No matches for ${JSON.stringify(pattern)} (${s.files} files searched).`
          : `${s.matches.length} matching lines in ${s.filesWithMatch} files (${s.files} files searched).`;
      const out = [
        ...s.matches,
        summary,
        ...(s.stopped ? [`Search ${s.stopped}; narrow it with \`path\`.`] : []),
      ];
      return truncateCodePoints(out.join("\n"), maxReadChars, "\n… (output cut)");
    },
  );
  return [read, grep];
}
