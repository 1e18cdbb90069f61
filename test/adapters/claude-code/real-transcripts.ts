/**
 * Real Claude Code transcripts (read-only, in ../shared/data) and independent counts computed with a
 * bare line split + JSON.parse, so the adapter's results can be checked against something it did not compute.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { TRANSCRIPTS_DIR } from "../../helpers/tmp.js";

/** Every `.jsonl` under the transcripts dir, subagent files included. */
export function allTranscripts(): string[] {
  const files: string[] = [];
  const walk = (d: string) => {
    for (const f of readdirSync(d).sort()) {
      const p = join(d, f);
      if (statSync(p).isDirectory()) walk(p);
      else if (p.endsWith(".jsonl")) files.push(p);
    }
  };
  walk(TRANSCRIPTS_DIR);
  return files;
}

export const transcript = (name: string) => join(TRANSCRIPTS_DIR, name);

// biome-ignore lint/suspicious/noExplicitAny: raw transcript entries are untyped JSON
export function entries(path: string): any[] {
  return readFileSync(path, "utf8")
    .split("\n")
    .filter((l) => l.trim() !== "")
    .map((l) => JSON.parse(l));
}

/** tool_use block ids of top-level assistant entries, deduplicated (with the number of duplicates seen). */
export function independentToolUses(path: string): { ids: Set<string>; duplicates: number } {
  const ids = new Set<string>();
  let duplicates = 0;
  for (const e of entries(path)) {
    if (e.type !== "assistant" || !Array.isArray(e.message?.content)) continue;
    for (const b of e.message.content) {
      if (b?.type !== "tool_use") continue;
      if (ids.has(b.id)) duplicates++;
      ids.add(b.id);
    }
  }
  return { ids, duplicates };
}

/** Hooks that actually ran, from `progress/hook_progress` entries: event → set of toolUseIDs. */
export function recordedHooks(path: string): Map<string, Set<string>> {
  const m = new Map<string, Set<string>>();
  for (const e of entries(path)) {
    if (e.type !== "progress" || e.data?.type !== "hook_progress") continue;
    const set = m.get(e.data.hookEvent) ?? new Set<string>();
    set.add(e.toolUseID);
    m.set(e.data.hookEvent, set);
  }
  return m;
}
