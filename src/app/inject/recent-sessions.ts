/**
 * "Recent sessions" for SessionStart: the last few ended sessions of this project, from their end
 * records (sessions/<id>.json) and turn state: when, how long, the first prompt (scrubbed when it was
 * stored), and what the tools did. Gives the next session continuity even when nothing met the bar
 * for a memory.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { readJsonFile } from "../../core/json.js";
import type { SessionEndRecord } from "../../sessions/index.js";
import { readTurnState } from "../turn-state.js";

/** How many sessions are listed. */
export const RECENT_SESSIONS = 3;
/**
 * How many end records are read, newest file first (the rest are only stat'ed: a project keeps one
 * record per session it ever had). More than RECENT_SESSIONS: the current session's record, a broken
 * one, or a record rewritten after its end (recovered tool calls) may be among the newest files.
 */
const READ_AT_MOST = RECENT_SESSIONS + 5;

/** The `.json` files of `dir`, newest modification first; [] when it cannot be listed. */
function newestFirst(dir: string): string[] {
  let names: string[];
  try {
    names = readdirSync(dir).filter((f) => f.endsWith(".json"));
  } catch {
    return [];
  }
  const dated = names.map((n) => {
    try {
      return { path: join(dir, n), mtimeMs: statSync(join(dir, n)).mtimeMs };
    } catch {
      return { path: join(dir, n), mtimeMs: 0 };
    }
  });
  return dated.sort((a, b) => b.mtimeMs - a.mtimeMs).map((d) => d.path);
}

function describeTools(t: SessionEndRecord["toolStats"]): string {
  const parts: string[] = [];
  const add = (n: number, what: string) => n > 0 && parts.push(`${n} ${what}`);
  add(t.readCount, "reads");
  add(t.searchCount, "searches");
  add(t.bashCount, "shell commands");
  add(t.editFileCount, "edits");
  add(t.otherToolCount, "other tool calls");
  const lines = t.linesAdded || t.linesRemoved ? `, +${t.linesAdded}/-${t.linesRemoved} lines` : "";
  return parts.length ? `${parts.join(", ")}${lines}` : "no tool calls";
}

/** Markdown lines for the last RECENT_SESSIONS ended sessions other than `currentSessionId` ("" when none). */
export function recentSessionsText(stateRoot: string, sessionsDir: string, currentSessionId: string): string {
  const records = newestFirst(sessionsDir)
    .slice(0, READ_AT_MOST)
    .map((f) => readJsonFile<SessionEndRecord | null>(f, null, true))
    .filter(
      (r): r is SessionEndRecord =>
        !!r && typeof r.session_id === "string" && r.session_id !== currentSessionId,
    )
    .sort((a, b) => String(b.ended_at).localeCompare(String(a.ended_at)))
    .slice(0, RECENT_SESSIONS);
  return records
    .map((r) => {
      const when = String(r.started_at ?? r.ended_at)
        .slice(0, 16)
        .replace("T", " ");
      const minutes = Math.max(1, Math.round((Number(r.duration_ms) || 0) / 60_000));
      const first = readTurnState(stateRoot, r.session_id).firstPrompt;
      const prompt = first ? ` started with "${first}";` : "";
      return `- ${when} UTC (${minutes} min, ended: ${r.reason}):${prompt} ${describeTools(r.toolStats)}`;
    })
    .join("\n");
}
