/**
 * Tool stats counters by tool kind (the seven dimensions of Claude Code 2.1.100
 * `sdk-tools.d.ts`). Pure functions; the hook path calls them on every tool call.
 */
import type { ToolKind } from "../harness/index.js";
import type { ToolStats } from "./types.js";

/** The counter each tool kind increments (`agent` calls count as other tools). */
const COUNT_KEY: Record<ToolKind, keyof ToolStats> = {
  read: "readCount",
  search: "searchCount",
  shell: "bashCount",
  edit: "editFileCount",
  agent: "otherToolCount",
  other: "otherToolCount",
};

/** The ToolStats counter a tool kind increments. */
export function statKeyForKind(kind: ToolKind): keyof ToolStats {
  return COUNT_KEY[kind];
}

/** All-zero stats. */
export function emptyToolStats(): ToolStats {
  return {
    readCount: 0,
    searchCount: 0,
    bashCount: 0,
    editFileCount: 0,
    linesAdded: 0,
    linesRemoved: 0,
    otherToolCount: 0,
  };
}

/** Normalizes anything read from disk to ToolStats (missing or invalid counters → 0). */
export function toToolStats(v: unknown): ToolStats {
  const out = emptyToolStats();
  if (typeof v !== "object" || v === null) return out;
  for (const k of Object.keys(out) as (keyof ToolStats)[]) {
    const n = (v as Record<string, unknown>)[k];
    if (typeof n === "number" && Number.isFinite(n) && n >= 0) out[k] = Math.floor(n);
  }
  return out;
}
