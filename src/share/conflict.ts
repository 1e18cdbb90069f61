/**
 * Keeping both sides of a conflicting team file (pure). The merged file is this teammate's version,
 * then the other teammate's whole version (frontmatter included) between two marker lines memdir
 * recognises; nothing of either side is dropped. The user keeps what holds and deletes the block.
 */

export const CONFLICT_BEGIN = "<!-- memdir:conflict begin";
export const CONFLICT_END = "<!-- memdir:conflict end -->";

/** True when `text` still holds a conflict block. */
export function hasConflictBlock(text: string): boolean {
  return text.includes(CONFLICT_BEGIN);
}

/**
 * `ours` (the local version) followed by `theirs` (the version merged in from `from`, a commit id) in a
 * conflict block. Either side absent (deleted on that side) yields the other side unchanged.
 */
export function keepBoth(
  ours: string | undefined,
  theirs: string | undefined,
  from: string,
  atIso: string,
): string {
  if (ours === undefined) return theirs ?? "";
  if (theirs === undefined || theirs === ours) return ours;
  const head = ours.endsWith("\n") ? ours : `${ours}\n`;
  const tail = theirs.endsWith("\n") ? theirs : `${theirs}\n`;
  return (
    `${head}\n${CONFLICT_BEGIN}: a teammate changed this file too (commit ${from.slice(0, 12)}, merged ${atIso}). ` +
    `Their whole version follows; keep what holds above, then delete this block. -->\n` +
    `${tail}${CONFLICT_END}\n`
  );
}
