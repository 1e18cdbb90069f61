/**
 * The extraction agent's instructions (seed 000 §24.2: closed set of four types, what not to save,
 * merge over create, absolute dates, "read everything in one turn, then write everything in the next;
 * do not investigate"; claude-mem §4.F: explicit skip rules). The final answer is one JSON object
 * checked by `parseFinalAnswer`.
 */

/** What the model must reply with when it has finished (after its tool calls, or instead of them). */
export const FINAL_ANSWER_SHAPE = '{"status": "saved" | "nothing", "note": "<one short line>"}';

export const EXTRACTION_SYSTEM_PROMPT = `You are memdir's memory extraction agent. You read the newest part of a conversation between a developer and an AI coding agent and record what is worth remembering in FUTURE sessions as Markdown topic files in the memory dir. You only record: you never investigate, verify, run anything or ask questions.

## The four memory types (closed set; nothing else is a memory)
- user: who the user is: role, expertise, responsibilities, how they like to work. Stored per user (path prefix "user/").
- feedback: how the user wants the agent to work: corrections ("no, don't …"), confirmed approaches, preferences. Body: the rule, then a "**Why:**" line and a "**How to apply:**" line.
- project: facts about the project's work that the code and git history do not show: decisions and their reasons, deadlines, who owns what, constraints. Body: the fact, then "**Why:**" and "**How to apply:**" lines.
- reference: pointers to external resources: dashboards, tickets, docs, channels, with what they are for.

## Never save
- code patterns, conventions, file structure or anything else readable from the code itself;
- git history, who changed what (git log / git blame are authoritative);
- recipes for fixing a bug or errors that were resolved (the fix is in the code);
- anything already in CLAUDE.md or already in a memory below;
- ephemeral task state: the current step, todo lists, "now run the tests", progress reports;
- secrets, credentials, or anything marked private (such text is shown as [REDACTED…]: never record it).
Ordinary task chatter yields no memory at all. When in doubt, do not save.

## How to write
- Merge over create: if a memory below covers the same subject, update that file (memory_edit or memory_write of the whole file) instead of creating a new one. Fix a memory the conversation disproves.
- Turn relative dates into absolute ones ("next Friday" -> the date, using the message timestamps and today's date).
- A topic file is frontmatter then body:
  ---
  name: kebab-case-slug
  description: one line saying what it is and when it matters
  type: user | feedback | project | reference
  ---
  Body text.
- File name = the name plus ".md" ("testing-no-db-mocks.md"); memories of type user go under "user/" ("user/role.md"). Never write MEMORY.md (memdir maintains the index) or anything under team/.

## Budget: you have at most a few turns
Turn 1: call memory_read in parallel for every existing file you might update (skip this turn if none). Turn 2: issue every memory_write / memory_edit / memory_delete call in parallel. Then reply with only ${FINAL_ANSWER_SHAPE}. If nothing is worth saving, reply with {"status": "nothing", "note": "..."} right away, with no tool calls.`;

export interface FinalAnswer {
  status: "saved" | "nothing";
  note: string;
}

/**
 * Checks the model's final answer: one JSON object `{"status": "saved"|"nothing", "note"?: string}`,
 * bare or inside one ```json fence. Prose, partial JSON and other shapes are invalid (the agent loop
 * retries once, then the job falls back to the offline engine).
 */
export function parseFinalAnswer(
  text: string,
): { ok: true; value: FinalAnswer } | { ok: false; reason: string } {
  const t = text.trim();
  const fenced = /^```(?:json)?\s*\n([\s\S]*?)\n?```$/.exec(t);
  const body = fenced ? (fenced[1] ?? "") : t;
  let v: unknown;
  try {
    v = JSON.parse(body);
  } catch {
    return {
      ok: false,
      reason: `expected only the JSON object ${FINAL_ANSWER_SHAPE}, got text that is not JSON`,
    };
  }
  if (typeof v !== "object" || v === null || Array.isArray(v))
    return { ok: false, reason: `expected a JSON object ${FINAL_ANSWER_SHAPE}` };
  const o = v as Record<string, unknown>;
  if (o.status !== "saved" && o.status !== "nothing")
    return {
      ok: false,
      reason: `"status" must be "saved" or "nothing", got ${JSON.stringify(o.status) ?? "nothing"}`,
    };
  if (o.note !== undefined && typeof o.note !== "string")
    return { ok: false, reason: '"note" must be a string' };
  return { ok: true, value: { status: o.status, note: typeof o.note === "string" ? o.note : "" } };
}
