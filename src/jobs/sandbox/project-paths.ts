/**
 * Path rules of the read-only project tools: the text rules of memory paths (paths.ts), no
 * secret-bearing names (`.env*`, `*.pem`, `*.key`, `id_rsa*` and kin, `.npmrc`, `.netrc`) and no
 * `.git/`, `.memdir/`, `.ssh/`, `.aws/`, `.gnupg/`; every component `lstat`ed, a symlink refused.
 */
import { type Stats, statSync } from "node:fs";
import { join } from "node:path";
import { MemdirError } from "../../core/errors.js";
import { truncateCodePoints } from "../../core/text.js";
import { refuse, segmentsOf } from "./paths.js";
import { lstatOrUndefined } from "./read-file.js";

const SECRET_FILE =
  /^(?:\.env.*|.*\.(?:pem|key|p12|pfx)|id_(?:rsa|dsa|ecdsa|ed25519).*|\.npmrc|\.netrc|\.pgpass)$/i;
const PRIVATE_DIR = /^(?:\.git|\.memdir|\.ssh|\.aws|\.gnupg)$/i;
const PROJECT_EXAMPLE = "a path relative to the project root, such as `src/index.ts` (or `.` for the root)";

/** True for names the project tools never open or list (see the module doc). */
export function isProtectedName(name: string): boolean {
  return SECRET_FILE.test(name) || PRIVATE_DIR.test(name);
}

/**
 * Resolves a model-given project path. A leading `./` and trailing `/` are dropped; `.` is the root.
 * @throws MemdirError BAD_PATH (the text rules, a protected name in any component, a symlink in any
 *   component), NOT_FOUND (no such path).
 */
export function resolveProjectPath(
  projectRoot: string,
  input: string,
): { path: string; rel: string; stats: Stats } {
  let rel = input.replace(/^(?:\.\/)+/, "").replace(/\/+$/, "");
  if (rel === ".") rel = "";
  const segs = rel === "" ? [] : segmentsOf(rel, PROJECT_EXAMPLE);
  if (segs.some(isProtectedName)) refuse("protected", input, PROJECT_EXAMPLE);
  let path = projectRoot;
  let stats = statSync(projectRoot); // the root itself may be reached through a link (macOS /var)
  for (const s of segs) {
    path = join(path, s);
    const st = lstatOrUndefined(path);
    if (st === undefined) {
      throw new MemdirError("NOT_FOUND", `No such file or directory in the project: ${rel}`, {
        expected: PROJECT_EXAMPLE,
        received: truncateCodePoints(JSON.stringify(input), 120),
        hint: "list its directory with project_read",
      });
    }
    if (st.isSymbolicLink()) refuse("symlink", input, PROJECT_EXAMPLE);
    stats = st;
  }
  return { path, rel, stats };
}
