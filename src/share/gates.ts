/**
 * What may enter or leave team memory (Claude Code's team memory kept the same gates:
 * only `.md`/`.txt`, dotfiles skipped, a secret scan at write and at push, a per-file and a per-batch
 * size cap, an entry cap). A file that fails a gate stays local and is reported, never pushed.
 */
import { scrubDeep } from "../privacy/index.js";

/** Largest team file, in bytes (Claude Code 2.1.332 keeps files over 102,400 bytes local). */
export const TEAM_FILE_MAX_BYTES = 102_400;
/** Most bytes of changed files one push commits (Claude Code 2.1.100: 200,000 per upload batch); the rest waits for the next push. */
export const TEAM_PUSH_MAX_BYTES = 200_000;
/** Most files team memory holds; a new file past this stays local (`entries_capped`). */
export const TEAM_MAX_ENTRIES = 200;

/** Why a file cannot go to team memory. */
export type GateRefusal =
  | { gate: "kind"; reason: string }
  | { gate: "size"; reason: string; bytes: number; cap: number }
  | { gate: "secret"; reason: string; rule: string };

/** True for a name team memory syncs: a `.md` or `.txt` file whose path has no dotfile or dot-dir segment. */
export function syncable(relPath: string): boolean {
  const segs = relPath.split("/");
  return segs.every((s) => s !== "" && !s.startsWith(".")) && /\.(md|txt)$/i.test(relPath);
}

/** The cheap gates (kind and size) for a file of `bytes` bytes; undefined when it passes. */
export function sizeGate(relPath: string, bytes: number): GateRefusal | undefined {
  if (!syncable(relPath))
    return { gate: "kind", reason: "only .md and .txt files that are not dotfiles are shared" };
  if (bytes > TEAM_FILE_MAX_BYTES)
    return {
      gate: "size",
      reason: `${bytes} bytes is over the ${TEAM_FILE_MAX_BYTES}-byte cap per team file`,
      bytes,
      cap: TEAM_FILE_MAX_BYTES,
    };
  return undefined;
}

/**
 * The secret gate: the full scrub (regex rules and secretlint's recommended preset, plus `<private>` text).
 * Resolves with a refusal naming the rule (never the secret), or undefined when the text is clean.
 */
export async function secretGate(text: string): Promise<GateRefusal | undefined> {
  const scrubbed = await scrubDeep(text);
  if (scrubbed === text) return undefined;
  const rule = /\[REDACTED:([^\]]+)\]/.exec(scrubbed)?.[1] ?? "private";
  return {
    gate: "secret",
    rule,
    reason:
      rule === "private"
        ? "it holds text inside private tags" // no tag here: a log's scrub would cut an unclosed one
        : `it contains a potential secret (rule ${rule}); secrets never go to team memory`,
  };
}

/**
 * The secret gate on a file's path (a token in a file name leaves with the name). Resolves with the
 * refusal and the path as it may be shown (the secret replaced by `[REDACTED:<rule>]`), or undefined.
 */
export async function pathGate(relPath: string): Promise<(GateRefusal & { shown: string }) | undefined> {
  const scrubbed = await scrubDeep(relPath);
  if (scrubbed === relPath) return undefined;
  const refusal = await secretGate(relPath);
  return {
    ...(refusal ?? { gate: "secret", rule: "private", reason: "" }),
    gate: "secret",
    reason: "its file name contains a potential secret; rename the file",
    shown: scrubbed,
  } as GateRefusal & { shown: string };
}
