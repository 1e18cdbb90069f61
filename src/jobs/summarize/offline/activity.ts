/**
 * The sections the offline engine reads off the tool calls: Files and Functions, Workflow, Errors &
 * Corrections, Key results. Extractive and deterministic; every text goes through `clean`.
 */
import type { ToolCall } from "../../../transcripts/types.js";
import { clean, code, errorLine, isCorrection, isRejected, relPath, sentenceMatching, when } from "./text.js";
import { bulletLines, type CompactKey, type Turn } from "./turns.js";

const str = (v: unknown): string => (typeof v === "string" ? v : "");

/** The file a read or edit works on, or "". */
export function fileOf(c: ToolCall): string {
  return c.kind === "read" || c.kind === "edit" ? (c.paths[0] ?? "") : "";
}

/** The command of a shell call (first line), or "". */
export function commandOf(c: ToolCall): string {
  return c.kind === "shell" ? ((c.command ?? "").split("\n")[0] ?? "").trim() : "";
}

const DEFINITION =
  /\b(?:function\*?\s+([A-Za-z_$][\w$]*)|class\s+([A-Z][\w$]*)|(?:def|defp|defmodule)\s+([A-Za-z_][\w.]*[?!]?)|fn\s+([a-z_]\w*)|func\s+(?:\([^)]*\)\s*)?([A-Za-z_]\w*)|(?:const|let)\s+([A-Za-z_$][\w$]*)\s*=\s*(?:async\s*)?(?:\([^)]*\)|[A-Za-z_$][\w$]*)\s*=>)/g;

/** Names of functions/classes defined in the new text of an edit or write (at most `max`). */
function definitions(c: ToolCall, max: number): string[] {
  const texts = c.written ?? [];
  const out: string[] = [];
  for (const t of texts)
    for (const m of t.slice(0, 20_000).matchAll(DEFINITION)) {
      const name = m.slice(1).find(Boolean);
      if (name && !out.includes(name)) out.push(name);
      if (out.length >= max) return out;
    }
  return out;
}

/** Files touched, most edited first: "- `src/a.ts` — edited 3×, read 2× — defines: foo, Bar". */
export function filesSection(turns: Turn[], cwd: string | undefined): string {
  const files = new Map<string, { edits: number; reads: number; first: number; defs: string[] }>();
  let i = 0;
  for (const c of turns.flatMap((t) => t.calls)) {
    const path = fileOf(c);
    const cat = c.kind;
    if (!path || (cat !== "read" && cat !== "edit")) continue;
    const f = files.get(path) ?? { edits: 0, reads: 0, first: i++, defs: [] };
    files.set(path, f);
    if (cat === "read") f.reads++;
    else if (!c.result?.isError) {
      f.edits++;
      for (const d of definitions(c, 6)) if (f.defs.length < 6 && !f.defs.includes(d)) f.defs.push(d);
    }
  }
  const rows = [...files.entries()].sort(
    ([, a], [, b]) => b.edits - a.edits || b.reads - a.reads || a.first - b.first,
  );
  return rows
    .map(([path, f]) => {
      const what = [f.edits ? `edited ${f.edits}×` : "", f.reads ? `read ${f.reads}×` : ""].filter(Boolean);
      const defs = f.defs.length ? ` — defines: ${f.defs.map((d) => clean(d, 60)).join(", ")}` : "";
      return `- ${code(relPath(path, cwd), 160)} — ${what.join(", ")}${defs}`;
    })
    .join("\n");
}

/** Commands run, most frequent first, with failures; plus the tools used. */
export function workflowSection(turns: Turn[]): string {
  const calls = turns.flatMap((t) => t.calls);
  if (!calls.length) return "";
  const byTool = new Map<string, number>();
  for (const c of calls) byTool.set(c.name, (byTool.get(c.name) ?? 0) + 1);
  const tools = [...byTool.entries()].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0]));
  const cmds = new Map<string, { n: number; failed: number; first: number }>();
  let i = 0;
  for (const c of calls) {
    const cmd = clean(commandOf(c), 120);
    if (!cmd) continue;
    const e = cmds.get(cmd) ?? { n: 0, failed: 0, first: i++ };
    cmds.set(cmd, e);
    e.n++;
    if (c.result?.isError) e.failed++;
  }
  const lines = [`- tools used: ${tools.map(([n, k]) => `${clean(n, 60)} ${k}`).join(", ")}`];
  const rows = [...cmds.entries()].sort(([, a], [, b]) => b.n - a.n || a.first - b.first);
  for (const [cmd, e] of rows) {
    const fails = e.failed ? ` (${e.failed} failed)` : "";
    lines.push(`- ${code(cmd, 120)}${e.n > 1 ? ` — ${e.n}×` : ""}${fails}`);
  }
  return lines.join("\n");
}

/** What a call was about, for error lines: the command, the file, or the pattern. */
function target(c: ToolCall, cwd: string | undefined): string {
  const t = commandOf(c) || relPath(fileOf(c), cwd) || str(c.input.pattern) || str(c.input.url);
  return t ? ` ${code(t, 100)}` : "";
}

/** Failed tool calls, rejected calls, user corrections and the compaction summaries' "Errors and fixes". */
export function errorsSection(
  turns: Turn[],
  cwd: string | undefined,
  compact: (t: Turn) => Map<CompactKey, string>,
): string {
  const lines: string[] = [];
  const seen = new Set<string>();
  const add = (key: string, line: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    lines.push(line);
  };
  for (const t of turns) {
    if (t.compact) {
      for (const b of bulletLines(compact(t).get("errors and fixes") ?? "").slice(0, 12))
        add(`c:${b}`, `- ${when(t.time)} (compaction summary) ${clean(b, 240)}`);
    }
    if (t.prompt && isCorrection(t.prompt.text))
      add(`u:${t.prompt.text}`, `- ${when(t.time)} user correction: "${clean(t.prompt.text, 240)}"`);
    for (const { c, at } of callsWithTime(t)) {
      const r = c.result;
      if (!r?.isError) continue;
      if (isRejected(r.text)) {
        add(`r:${c.id}`, `- ${at} the user rejected ${clean(c.name, 40)}${target(c, cwd)}`);
        continue;
      }
      const err = errorLine(r.text, 200);
      add(
        `e:${c.name}:${target(c, cwd)}:${err}`,
        `- ${at} ${clean(c.name, 40)}${target(c, cwd)} failed: ${err}`,
      );
    }
  }
  return lines.join("\n");
}

/** Each tool call of a turn with the time of the assistant message that made it. */
function callsWithTime(t: Turn): { c: ToolCall; at: string }[] {
  return t.assistant.flatMap((m) => m.toolCalls.map((c) => ({ c, at: when(m.timestamp || t.time) })));
}

/** Test runners and checkers whose output carries a tally ("42 passed", "0 failures"). */
const TEST_CMD =
  /^(?!git\b)(?:.*\b(?:(?:npm|pnpm|yarn|bun)\s+(?:run\s+)?test|vitest|jest|pytest|mocha|rspec|phpunit|ctest|(?:mix|go|cargo|make|dotnet|deno|swift)\s+test)\b)/;
const TEST_TALLY =
  /\b\d+\s+(?:tests?|passed|passing|failed|failures?|examples?|doctests?|properties)\b[^\n]{0,80}/i;
const DONE =
  /\b(?:all (?:\d+ )?tests pass|tests? (?:now )?pass(?:es|ed)?|implemented|fixed|added|created|completed|committed|pushed|merged|done|works now|now works|succeeded)\b/i;

/** Commits, pushes, PRs, test tallies of passing runs, and turn-ending replies that report a result. */
export function resultsSection(turns: Turn[]): string {
  const lines: string[] = [];
  const seen = new Set<string>();
  const add = (line: string) => {
    if (!seen.has(line)) lines.push(line);
    seen.add(line);
  };
  for (const t of turns) {
    for (const { c, at } of callsWithTime(t)) {
      const cmd = commandOf(c);
      if (!cmd || !c.result || c.result.isError) continue;
      const msg =
        /\bgit commit\b[^\n]*?-m\s+"?\$\(cat <<-?\s*'?EOF'?\s*\n\s*([^\n]+)/.exec(c.command ?? "") ??
        /\bgit commit\b[^\n]*?-m\s+(?:"([^"\n]+)|'([^'\n]+))/.exec(c.command ?? "");
      if (msg) add(`- ${at} committed: "${clean(msg[1] ?? msg[2] ?? "", 160)}"`);
      else if (/\bgit push\b/.test(cmd)) add(`- ${at} pushed (${code(cmd, 80)})`);
      const pr = /https:\/\/github\.com\/[^\s)]+\/pull\/\d+/.exec(c.result.text);
      if (pr && /\bgh pr create\b/.test(cmd)) add(`- ${at} opened ${clean(pr[0], 160)}`);
      const tally = TEST_CMD.test(cmd) ? TEST_TALLY.exec(c.result.text) : null;
      if (tally) add(`- ${at} ${code(cmd, 80)}: ${clean(tally[0], 120)}`);
    }
    const last = t.assistant[t.assistant.length - 1];
    const done = last ? sentenceMatching(last.text, DONE, 200) : "";
    if (done) add(`- ${when(last!.timestamp || t.time)} ${done}`);
  }
  return lines.join("\n");
}
