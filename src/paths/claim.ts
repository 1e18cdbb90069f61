/**
 * Key collision detection (DESIGN.md §3.1): the project key is lossy (`/a/b_c` and `/a/b-c` share
 * one), so the first project to use a memory dir records its original path in `.project.json`
 * (`{"originalPath": "..."}`) and a different project that resolves to the same dir is told.
 *
 * Race-free across processes. The invariant: once a valid claim is visible in `.project.json` it is
 * never replaced, so every claimer decides from what the file holds after its own attempt.
 * - A missing claim is created exclusively (temp file + hard link; `wx` open where hard links are
 *   unsupported). Losing that race (EEXIST) just means re-reading the winner's claim.
 * - Only an unparsable claim (corrupt JSON, no string `originalPath`, unreadable) is repaired, under
 *   the lock `.project.json.lock`, and only if it is still unparsable when re-read under the lock.
 * - A valid claim of another path is a collision: reported, never overwritten.
 */
import { closeSync, fsyncSync, linkSync, openSync, writeSync } from "node:fs";
import { join } from "node:path";
import { errnoCode } from "../core/errors.js";
import { ensureDir, readTextIfExists, removeFile, writeFileAtomic } from "../core/fs.js";
import { withLockSync } from "../core/lock.js";
import { uniqueSuffix } from "../core/unique.js";

/** File name of the claim record inside a memory dir. */
export const PROJECT_CLAIM_FILE = ".project.json";

/** How many read/act rounds a claimer makes before giving up (each round makes progress normally). */
const MAX_ROUNDS = 20;

type ClaimState = { kind: "missing" } | { kind: "invalid" } | { kind: "valid"; owner: string };

function readClaim(file: string): ClaimState {
  let text: string | undefined;
  try {
    text = readTextIfExists(file);
  } catch {
    return { kind: "invalid" }; // present but unreadable (EACCES, EISDIR…): repair reports the fs error
  }
  if (text === undefined) return { kind: "missing" };
  try {
    const v = JSON.parse(text.replace(/^\uFEFF/, "")) as unknown;
    if (
      typeof v === "object" &&
      v !== null &&
      typeof (v as { originalPath?: unknown }).originalPath === "string"
    )
      return { kind: "valid", owner: (v as { originalPath: string }).originalPath };
  } catch {
    // unparsable: falls through
  }
  return { kind: "invalid" };
}

/**
 * Creates `file` with `content` only if it does not exist. Readers never see a partial file: the
 * content is written to a temp file first and hard-linked into place (fails with EEXIST if `file`
 * exists). Without hard links, an exclusive `wx` create is used instead.
 * @returns false when `file` already existed.
 */
function createExclusive(file: string, content: string): boolean {
  const tmp = `${file}.${uniqueSuffix()}.tmp`;
  writeFileAtomic(tmp, content);
  try {
    linkSync(tmp, file);
    return true;
  } catch (e) {
    const code = errnoCode(e);
    if (code === "EEXIST") return false;
    if (code === "EPERM" || code === "ENOTSUP" || code === "ENOSYS" || code === "EXDEV") {
      return createExclusiveNoLink(file, content);
    }
    throw e;
  } finally {
    removeFile(tmp);
  }
}

function createExclusiveNoLink(file: string, content: string): boolean {
  let fd: number;
  try {
    fd = openSync(file, "wx", 0o600);
  } catch (e) {
    if (errnoCode(e) === "EEXIST") return false;
    throw e;
  }
  try {
    const buf = Buffer.from(content, "utf8");
    let off = 0;
    while (off < buf.length) off += writeSync(fd, buf, off, buf.length - off);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  return true;
}

/**
 * Records that `projectRoot` owns `memoryDir` (creating the dir), or reports that another project
 * already does. A missing `.project.json` is created exclusively; an unparsable one is repaired with
 * `projectRoot` (under a lock, re-checked); a valid claim of another project is never overwritten.
 * Call it for memory dirs chosen by the default rule (`source: "default"`); a dir set explicitly by
 * env or config may be shared on purpose.
 * @returns `{}` when the dir is ours, `{ collision: "<the other project's original path>" }` otherwise.
 * @throws the underlying fs error when the dir cannot be created or written, MemdirError LOCK_TIMEOUT
 *   when a live process holds the repair lock for more than 10 s.
 */
export function claimMemoryDir(memoryDir: string, projectRoot: string): { collision?: string } {
  const file = join(memoryDir, PROJECT_CLAIM_FILE);
  const mine = projectRoot.normalize("NFC");
  const content = `${JSON.stringify({ originalPath: mine }, null, 2)}\n`;
  for (let round = 0; round < MAX_ROUNDS; round++) {
    const state = readClaim(file);
    if (state.kind === "valid") {
      return state.owner.normalize("NFC") === mine ? {} : { collision: state.owner };
    }
    if (state.kind === "missing") {
      ensureDir(memoryDir);
      createExclusive(file, content); // won or lost: the next round reads whoever won
      continue;
    }
    // Present but not a valid claim: repair it, unless someone else fixed it meanwhile.
    withLockSync(
      `${file}.lock`,
      () => {
        if (readClaim(file).kind === "invalid") writeFileAtomic(file, content);
      },
      { staleMs: 30_000 },
    );
  }
  return {}; // the claim kept vanishing or stayed unreadable: no other project's record to report
}
