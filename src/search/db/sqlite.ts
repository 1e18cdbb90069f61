/**
 * Opening a better-sqlite3 database with its native addon located directly. The package's JS is
 * bundled into dist/*.cjs (so the hook's V8 code cache covers it); only the `.node` addon is loaded
 * from node_modules, by path, which also skips the `bindings` package's search of a dozen paths.
 */

import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import Database from "better-sqlite3";

let addon: string | null | undefined;

/** The compiled addon's path, or null when it is not where node-gyp puts it (then `bindings` searches). */
function addonPath(): string | null {
  if (addon !== undefined) return addon;
  try {
    const req = typeof require === "function" ? require : createRequire(import.meta.url);
    const p = join(
      dirname(req.resolve("better-sqlite3/package.json")),
      "build",
      "Release",
      "better_sqlite3.node",
    );
    addon = existsSync(p) ? p : null;
  } catch {
    addon = null;
  }
  return addon;
}

/** `new Database(file, {timeout})` with the addon path passed as `nativeBinding` when known. */
export function newDatabase(file: string, timeoutMs: number): Database.Database {
  const nativeBinding = addonPath();
  return new Database(file, nativeBinding ? { timeout: timeoutMs, nativeBinding } : { timeout: timeoutMs });
}
