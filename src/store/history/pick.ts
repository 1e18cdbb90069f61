/**
 * Which change set `memdir undo [id]` reverts: an exact id, a unique prefix, or the newest one that
 * is not undone and is not itself an undo; with errors that show what `memdir history` lists.
 */
import { join } from "node:path";
import { MemdirError } from "../../core/errors.js";
import { incompleteState, readAllChangeSets, readChangeSet } from "./files.js";
import type { ChangeSet } from "./types.js";

/** `memdir history`'s lines, for error messages (newest 10). */
function listing(projectDir: string, sets: ChangeSet[]): string {
  if (sets.length === 0) return "no change sets (nothing recorded yet)";
  const lines = sets.slice(0, 10).map((c) => {
    const incomplete = incompleteState(projectDir, c);
    const state = (incomplete ? ` [${incomplete}]` : "") + (c.undoneBy ? ` [undone by ${c.undoneBy}]` : "");
    return `${c.id} ${c.kind}: ${c.summary}${state}`;
  });
  return lines.join("; ") + (sets.length > 10 ? `; … ${sets.length - 10} older` : "");
}

/** The change set to undo: `id` (exact or a unique prefix), else the newest live non-undo one. */
export function pickTarget(projectDir: string, id: string | undefined): ChangeSet {
  const all = readAllChangeSets(projectDir);
  if (id === undefined) {
    const live = all.find((c) => !c.undoneBy && c.kind !== "undo");
    if (live) return live;
    throw new MemdirError("NOT_FOUND", "nothing to undo", {
      expected: "a change set that is not undone yet (dream or extraction)",
      received: listing(projectDir, all),
      hint: "`memdir history` lists the change sets; to redo an undo, pass its id: memdir undo <id>",
    });
  }
  const exact = readChangeSet(projectDir, id);
  if (exact) return exact;
  const matches = id.length >= 4 ? all.filter((c) => c.id.startsWith(id)) : [];
  if (matches.length === 1 && matches[0]) return matches[0];
  throw new MemdirError(
    matches.length > 1 ? "BAD_INPUT" : "NOT_FOUND",
    matches.length > 1
      ? `change-set id ${JSON.stringify(id)} is ambiguous`
      : `no change set ${JSON.stringify(id)} in ${join(projectDir, ".history")}`,
    {
      expected: `one of the ids \`memdir history\` shows: ${listing(projectDir, matches.length > 1 ? matches : all)}`,
      received: JSON.stringify(id),
      hint: "run `memdir history` and copy an id (a unique prefix is enough)",
    },
  );
}

export function refuseUndone(cs: ChangeSet): void {
  if (!cs.undoneBy) return;
  throw new MemdirError("BAD_INPUT", `change set ${cs.id} is already undone (by ${cs.undoneBy})`, {
    expected: "a change set that is not undone yet",
    received: `${cs.id} ${cs.kind}: ${cs.summary}, undone by ${cs.undoneBy}`,
    hint: `to redo it, undo the undo: memdir undo ${cs.undoneBy}`,
  });
}
