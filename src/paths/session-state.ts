import { join } from "node:path";
import { readTextIfExists } from "../core/fs.js";
import { normalizeNewlines } from "../core/text.js";
import { assertPathSegment } from "./validate.js";

/** A path that may be read (possibly a legacy fallback). Created only by paths/. */
/** The largest session state file read (bytes); real ones are a few KB. */
const MAX_STATE_BYTES = 4 * 1024 * 1024;

export type ReadPath = string & { readonly __brand: "ReadPath" };
/** A path that may be written (always session-scoped). Created only by paths/. */
export type WritePath = string & { readonly __brand: "WritePath" };

export interface SessionStatePaths {
  /** `<stateRoot>/state/sessions/<sessionId>` */
  dir: WritePath;
  /** `<dir>/<name>-state.json`. Throws MemdirError BAD_INPUT for an unsafe `name`. */
  write(name: string): WritePath;
  /** `[<dir>/<name>-state.json, <stateRoot>/state/<name>-state.json]`: session-scoped first, legacy second. */
  read(name: string): ReadPath[];
}

/**
 * The state paths of one session.
 * @param stateRoot the `.memdir/` dir (from `resolveStateRoot`)
 * @param sessionId from hook stdin: validated (no `/`, `\`, `..`, NUL; 1-200 characters)
 * @throws MemdirError BAD_INPUT for an unsafe session id.
 */
export function sessionStatePaths(stateRoot: string, sessionId: string): SessionStatePaths {
  assertPathSegment(sessionId, "session id");
  const stateDir = join(stateRoot, "state");
  const dir = join(stateDir, "sessions", sessionId) as WritePath;
  return {
    dir,
    write(name) {
      assertPathSegment(name, "state file name");
      return join(dir, `${name}-state.json`) as WritePath;
    },
    read(name) {
      assertPathSegment(name, "state file name");
      return [join(dir, `${name}-state.json`) as ReadPath, join(stateDir, `${name}-state.json`) as ReadPath];
    },
  };
}

/**
 * Reads the first of `paths` that exists and holds valid JSON (BOM/CRLF tolerated); a missing,
 * unreadable or corrupt file is skipped (state files are lenient). Sync: hooks call it.
 * @returns the parsed value (not validated: callers check its shape), or `fallback`.
 */
export function readStateJson<T>(paths: readonly ReadPath[], fallback: T): T {
  for (const p of paths) {
    let text: string | undefined;
    try {
      text = readTextIfExists(p, MAX_STATE_BYTES);
    } catch {
      continue; // a directory, a FIFO, too large or unreadable: lenient
    }
    if (text === undefined) continue;
    try {
      return JSON.parse(normalizeNewlines(text)) as T;
    } catch {
      // corrupt: try the next path
    }
  }
  return fallback;
}
