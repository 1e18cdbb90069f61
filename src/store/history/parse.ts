/** Reading a change-set file back: shape checks, so a damaged file is reported and never half-used. */
import { MemdirError } from "../../core/errors.js";
import { parseJson } from "../../core/json.js";
import { CHANGE_SET_KINDS, type ChangeSet, type StoredEntry } from "./types.js";

/** A change-set id: the UTC second, a dash, at least 4 hex digits (`20261129T101500Z-ab12`). */
export const ID_RE = /^\d{8}T\d{6}Z-[0-9a-f]{4,}$/;

function badSet(source: string, what: string): MemdirError {
  return new MemdirError("BAD_JSON", `${source} is not a memdir change set`, {
    expected: "a change set written by memdir (version 1: id, kind, createdAt, summary, files)",
    received: what,
    hint: `move ${source} out of the .history directory; other change sets are not affected`,
  });
}

/** Parses and checks a change set's JSON text. @throws MemdirError BAD_JSON */
export function parseChangeSet(text: string, source: string): ChangeSet {
  const v = parseJson(text, source) as Partial<ChangeSet> | null;
  if (typeof v !== "object" || v === null || v.version !== 1) throw badSet(source, "no version 1 object");
  if (typeof v.id !== "string" || !CHANGE_SET_KINDS.includes(v.kind as never))
    throw badSet(source, `id ${JSON.stringify(v.id)}, kind ${JSON.stringify(v.kind)}`);
  if (!Array.isArray(v.files) || typeof v.createdAt !== "string" || typeof v.seq !== "number")
    throw badSet(source, "files, createdAt or seq missing");
  if (v.complete !== undefined && typeof v.complete !== "boolean")
    throw badSet(source, `complete ${JSON.stringify(v.complete)}`);
  for (const f of v.files as StoredEntry[]) {
    const ok =
      (f?.scope === "project" || f?.scope === "user") &&
      typeof f.file === "string" &&
      !f.file.split("/").includes("..") &&
      !f.file.startsWith("/") &&
      (f.before === null || typeof f.before === "string") &&
      (f.after === null || typeof f.after === "string") &&
      (f.pending === undefined || f.pending === null || typeof f.pending === "string");
    if (!ok) throw badSet(source, `a bad file entry ${JSON.stringify(f).slice(0, 120)}`);
  }
  return v as ChangeSet;
}
