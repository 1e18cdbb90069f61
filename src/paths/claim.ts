/**
 * Key collision detection (DESIGN.md §3.1): the project key is lossy (`/a/b_c` and `/a/b-c` share
 * one), so the first project to use a memory dir records its original path in `.project.json`
 * (`{"originalPath": "..."}`) and a different project that resolves to the same dir is told.
 */
import { existsSync, linkSync, rmSync } from "node:fs";
import { join } from "node:path";
import { errnoCode } from "../core/errors.js";
import { ensureDir, writeFileAtomic } from "../core/fs.js";
import { readJsonFile } from "../core/json.js";

/** File name of the claim record inside a memory dir. */
export const PROJECT_CLAIM_FILE = ".project.json";

function readClaim(file: string): string | undefined {
  const v = readJsonFile<unknown>(file, undefined, true);
  if (
    typeof v === "object" &&
    v !== null &&
    typeof (v as { originalPath?: unknown }).originalPath === "string"
  ) {
    return (v as { originalPath: string }).originalPath;
  }
  return undefined;
}

/** Creates `file` with `content` only if it does not exist, atomically (temp file + hard link). */
function createOnce(file: string, content: string): void {
  const tmp = `${file}.${Math.random().toString(36).slice(2)}.tmp`;
  writeFileAtomic(tmp, content);
  try {
    linkSync(tmp, file);
  } catch (e) {
    const code = errnoCode(e);
    if (code !== "EEXIST") {
      if (code === "EPERM" || code === "ENOTSUP" || code === "ENOSYS" || code === "EXDEV") {
        writeFileAtomic(file, content); // no hard links here: last writer wins, next claim still checks
      } else throw e;
    }
  } finally {
    rmSync(tmp, { force: true });
  }
}

/**
 * Records that `projectRoot` owns `memoryDir` (creating the dir), or reports that another project
 * already does. A missing or unreadable `.project.json` is (re)written with `projectRoot`.
 * Call it for memory dirs chosen by the default rule (`source: "default"`); a dir set explicitly by
 * env or config may be shared on purpose.
 * @returns `{}` when the dir is ours, `{ collision: "<the other project's original path>" }` otherwise.
 * @throws the underlying fs error when the dir cannot be created or written.
 */
export function claimMemoryDir(memoryDir: string, projectRoot: string): { collision?: string } {
  const file = join(memoryDir, PROJECT_CLAIM_FILE);
  const mine = projectRoot.normalize("NFC");
  let owner = readClaim(file);
  if (owner === undefined) {
    ensureDir(memoryDir);
    const content = `${JSON.stringify({ originalPath: mine }, null, 2)}\n`;
    if (existsSync(file))
      writeFileAtomic(file, content); // present but not a valid claim: repair it
    else createOnce(file, content);
    owner = readClaim(file); // a racing claimer may have won
  }
  return owner === undefined || owner.normalize("NFC") === mine ? {} : { collision: owner };
}
