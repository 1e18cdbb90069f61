/**
 * Promotion: moving one personal topic file into team memory, an explicit act of the user (extraction
 * and the dream never do it). Refused, with the reason, for a `user` memory (always private), a file
 * over the per-file cap, a file with a secret or `<private>` text, a full team dir, or a name the team
 * already has. The personal file is removed only after the team copy is written; MEMORY.md then lists
 * `team/<file>`.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { MemdirError } from "../core/errors.js";
import { readTextIfExists, writeFileAtomic } from "../core/fs.js";
import { deleteMemory, readTopic, teamDirOf } from "../store/index.js";
import { pathGate, secretGate, sizeGate, syncable, TEAM_MAX_ENTRIES } from "./gates.js";

export interface PromoteResult {
  /** The team file written (absolute). */
  teamFile: string;
  /** The personal file removed. */
  removed: string;
}

function refused(name: string, why: string, hint: string): MemdirError {
  return new MemdirError("INPUT_REFUSED", `memdir team promote: ${name} cannot go to team memory: ${why}`, {
    expected: "a feedback, project or reference memory without secrets, at most the per-file cap",
    received: name,
    hint,
  });
}

/** Promotes personal memory `name` (file name with or without `.md`). Throws MemdirError (NOT_FOUND, BAD_PATH, INPUT_REFUSED). */
export async function promoteMemory(memoryDir: string, name: string): Promise<PromoteResult> {
  const stem = name.replace(/\.md$/i, "");
  if (stem === "" || /[/\\]/.test(stem) || stem.startsWith("."))
    throw new MemdirError("BAD_PATH", `memdir team promote: ${JSON.stringify(name)} is not a memory name`, {
      expected: "the name of a topic file in the memory dir, e.g. testing-no-db-mocks",
      received: JSON.stringify(name),
      hint: "use a name listed by `memdir status` or MEMORY.md, without a directory",
    });
  const file = `${stem}.md`;
  const path = join(memoryDir, file);
  const topic = readTopic(path);
  if (topic.type === "user")
    throw refused(
      file,
      "it is a `user` memory (about you); user memories are always private",
      "keep it personal",
    );
  const text = readTextIfExists(path);
  if (text === undefined) throw refused(file, "it no longer exists", "check the name with `memdir list`");
  const size = sizeGate(file, statSync(path).size);
  if (size) throw refused(file, size.reason, "split it into smaller topic files first");
  const byName = await pathGate(file);
  if (byName)
    throw refused(byName.shown, byName.reason, "rename the memory (a file name without the secret)");
  const secret = await secretGate(text);
  if (secret)
    throw refused(file, secret.reason, "remove the secret from the file (or keep the memory personal)");
  const teamDir = teamDirOf(memoryDir);
  const names = (() => {
    try {
      return readdirSync(teamDir).filter((n) => syncable(n));
    } catch {
      return [];
    }
  })();
  if (names.some((n) => n.toLowerCase() === file.toLowerCase()))
    throw refused(file, `team memory already has ${file}`, "rename your memory first, or edit the team file");
  if (names.length >= TEAM_MAX_ENTRIES)
    throw refused(
      file,
      `team memory is full (${names.length} files, the cap is ${TEAM_MAX_ENTRIES})`,
      "remove or merge team files first",
    );
  const teamFile = join(teamDir, file);
  writeFileAtomic(teamFile, text, { mode: 0o644 });
  deleteMemory(memoryDir, stem);
  return { teamFile, removed: path };
}
