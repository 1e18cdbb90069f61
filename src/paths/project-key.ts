/**
 * The Claude Code project key (DESIGN.md §3.1; reference/claude-code.md §2.2, Claude Code 2.1.x):
 * every UTF-16 code unit outside `[A-Za-z0-9]` becomes `-` (so an emoji, two units, becomes `--`);
 * a result longer than 200 characters becomes its first 200 characters + `-` + base-36 of the
 * absolute 32-bit Java-style hash of the ORIGINAL path. Lossy: `/a/b_c` and `/a/b-c` collide.
 */

/** Sanitized keys longer than this get the prefix + hash form (Claude Code >= 2.1.x; 2.0.77 had no cap). */
export const MAX_KEY_CHARS = 200;

/**
 * Java's `String.hashCode` over UTF-16 code units: `h = h * 31 + unit`, wrapping to a signed int32.
 * @returns a signed 32-bit integer.
 */
export function javaStringHash(s: string): number {
  let h = 0;
  for (let i = 0; i < s.length; i++) h = (Math.imul(h, 31) + s.charCodeAt(i)) | 0;
  return h;
}

/**
 * The directory name Claude Code uses under `<config dir>/projects/` for `path` (used as given: no
 * normalization, so pass the canonical git root or project root exactly).
 * Vectors: `/Users/alice/my.project` -> `-Users-alice-my-project`, `C:\Users\bob\repo` -> `C--Users-bob-repo`.
 */
export function projectKey(path: string): string {
  const sanitized = path.replace(/[^a-zA-Z0-9]/g, "-");
  if (sanitized.length <= MAX_KEY_CHARS) return sanitized;
  return `${sanitized.slice(0, MAX_KEY_CHARS)}-${Math.abs(javaStringHash(path)).toString(36)}`;
}

/**
 * Whether a `projects/` directory name belongs to `path`: equal to `projectKey(path)`, or, for long
 * paths, the same 200-character prefix + `-` + any base-36 suffix (Bun-run builds of Claude Code
 * 2.1.113..2.1.223 used `Bun.hash` for the suffix; reference/claude-code.md §2.2).
 */
export function matchesProjectKey(dirName: string, path: string): boolean {
  const key = projectKey(path);
  if (dirName === key) return true;
  if (key.length <= MAX_KEY_CHARS) return false;
  const prefix = key.slice(0, MAX_KEY_CHARS + 1);
  return dirName.startsWith(prefix) && /^[0-9a-z]+$/.test(dirName.slice(prefix.length));
}
