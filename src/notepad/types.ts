/** The project notepad `.memdir/notepad.md` (oh-my-claudecode's notepad drawer). */

/** One note in Priority Context or Working Memory. */
export interface NotepadEntry {
  /**
   * When it was written: ISO 8601 with an explicit zone, as stored (memdir writes UTC seconds,
   * `2026-11-29T10:00:00Z`). Absent for an entry written by hand without a timestamp.
   */
  at?: string;
  /** The note (LF line ends, may span lines, no surrounding blank lines). */
  text: string;
  /** Hand-written text in no entry form (not a `- ` bullet): re-emitted verbatim, never reformatted. */
  raw?: boolean;
}

export interface Notepad {
  /** Text before the first section (title and comment), verbatim; the default is used when blank. */
  preamble: string;
  /** Priority Context, newest first. Injected at every session start as `<notepad-priority>`. */
  priority: NotepadEntry[];
  /** Working Memory, oldest first. Pruned after 7 days at session start. */
  working: NotepadEntry[];
  /** Manual: the user's free text, verbatim (unknown `## ` sections are moved here, never dropped). */
  manual: string;
  /** Whole-line HTML comments found directly in the two managed sections, kept in place. */
  comments: { priority: string[]; working: string[] };
}

/** What `parseRememberTags` found, each list in document order, trimmed, empty ones dropped, deduplicated. */
export interface RememberTags {
  /** `<remember>…</remember>`: Working Memory. */
  working: string[];
  /** `<remember priority>…</remember>`: Priority Context. */
  priority: string[];
}
