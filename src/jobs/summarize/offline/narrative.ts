/**
 * The sections the offline engine reads off the prompts, replies and compaction summaries: Session
 * Title, Current State, Task specification, Codebase and System Documentation, Learnings, Worklog.
 */
import { commandOf, fileOf } from "./activity.js";
import { clean, code, errorLine, firstLine, firstSentence, isCorrection, relPath, when } from "./text.js";
import { bulletLines, type CompactKey, lastReply, type Turn } from "./turns.js";

type CompactOf = (t: Turn) => Map<CompactKey, string>;

const isCommand = (p: string) => /^\s*\//.test(p);
/** A prompt worth listing as a request: not a bare "yes"/"continue", not a correction. */
const isRequest = (p: string) =>
  !isCorrection(p) && !isCommand(p) && (p.trim().split(/\s+/).length >= 4 || p.trim().length >= 24);

/** The first real request's first line; else the first compaction summary's request; else a command. */
export function titleSection(turns: Turn[], compact: CompactOf): string {
  const prompts = turns.flatMap((t) => (t.prompt ? [t.prompt.text] : []));
  const first = prompts.find((p) => !isCommand(p) && !isCorrection(p));
  if (first) return firstLine(first, 100);
  const c = turns.find((t) => t.compact && compact(t).has("primary request and intent"));
  if (c) return firstSentence(compact(c).get("primary request and intent")!, 100);
  return prompts[0] ? firstLine(prompts[0], 100) : "";
}

/** What a turn did, in a few words: "edited a.ts, b.ts; ran `npm test` +2 (1 failed); read 4 files". */
export function didSummary(turn: Turn, cwd: string | undefined): string {
  const edited: string[] = [];
  const cmds: string[] = [];
  let failed = 0;
  let reads = 0;
  let searches = 0;
  let other = 0;
  for (const c of turn.calls) {
    const cat = c.kind;
    if (c.result?.isError) failed++;
    if (cat === "edit") {
      const f = relPath(fileOf(c), cwd).split("/").pop() ?? "";
      if (f && !edited.includes(f)) edited.push(f);
    } else if (cat === "shell") cmds.push(commandOf(c));
    else if (cat === "read") reads++;
    else if (cat === "search") searches++;
    else other++;
  }
  const parts: string[] = [];
  if (edited.length)
    parts.push(
      `edited ${edited
        .slice(0, 4)
        .map((f) => clean(f, 60))
        .join(", ")}${edited.length > 4 ? ` +${edited.length - 4}` : ""}`,
    );
  if (cmds.length) parts.push(`ran ${code(cmds[0]!, 60)}${cmds.length > 1 ? ` +${cmds.length - 1}` : ""}`);
  if (reads) parts.push(`read ${reads} file${reads > 1 ? "s" : ""}`);
  if (searches) parts.push(`${searches} search${searches > 1 ? "es" : ""}`);
  if (other) parts.push(`${other} other tool call${other > 1 ? "s" : ""}`);
  if (failed) parts.push(`${failed} failed`);
  return parts.join("; ");
}

/** Tool calls after a compaction beyond which its "current work" and "next step" are taken as stale. */
const STALE_AFTER_CALLS = 10;

/** Where the session stands: the last request, reply and actions, and a newer compaction's "Current Work". */
export function currentStateSection(turns: Turn[], cwd: string | undefined, compact: CompactOf): string {
  const lines: string[] = [];
  const lastPromptAt = turns.findLastIndex((t) => t.prompt);
  const lastCompactAt = turns.findLastIndex((t) => t.compact);
  if (lastPromptAt >= 0) {
    const t = turns[lastPromptAt]!;
    lines.push(`- last request (${when(t.time)}): "${clean(t.prompt!.text, 400)}"`);
  }
  const last = turns[turns.length - 1];
  if (last) {
    const reply = lastReply(last).replace(/```[\s\S]*?(?:```|$)/g, " ");
    if (reply.trim()) lines.push(`- last reply: "${clean(reply, 700)}"`);
    const did = didSummary(last, cwd);
    if (did) lines.push(`- last actions: ${did}`);
    const lastCall = last.calls[last.calls.length - 1];
    if (lastCall?.result?.isError)
      lines.push(
        `- the last tool call failed: ${clean(lastCall.name, 40)}: ${errorLine(lastCall.result.text, 200)}`,
      );
  }
  // A compaction's "current work / next step" only describes now while little has happened since: after
  // that the session moved on (often finishing exactly that work), and repeating it would send a resumed
  // agent back to done work.
  const since = lastCompactAt < 0 ? 0 : turns.slice(lastCompactAt).reduce((n, t) => n + t.calls.length, 0);
  if (lastCompactAt > lastPromptAt && since > STALE_AFTER_CALLS) {
    lines.push(`- work continued after the last compaction (${since} tool calls since); see Worklog`);
  } else if (lastCompactAt > lastPromptAt) {
    const c = compact(turns[lastCompactAt]!);
    for (const [k, label] of [
      ["current work", "current work"],
      ["pending tasks", "pending tasks"],
      ["optional next step", "next step"],
    ] as const) {
      const v = c.get(k);
      if (v) lines.push(`- ${label} (compaction summary): ${clean(v, 600)}`);
    }
  }
  return lines.join("\n");
}

/** The first request in full (cut), later requests, and the last compaction summary's request and tasks. */
export function taskSection(turns: Turn[], compact: CompactOf): string {
  const prompts = turns.filter((t) => t.prompt && !isCommand(t.prompt.text));
  const lines: string[] = [];
  const first = prompts.find((t) => !isCorrection(t.prompt!.text));
  if (first) lines.push(`Initial request (${when(first.time)}): ${clean(first.prompt!.text, 1500)}`);
  for (const t of prompts)
    if (t !== first && isRequest(t.prompt!.text))
      lines.push(`- follow-up (${when(t.time)}): "${clean(t.prompt!.text, 240)}"`);
  const lastCompact = turns.findLast((t) => t.compact);
  if (lastCompact) {
    const c = compact(lastCompact);
    const req = c.get("primary request and intent");
    if (req)
      lines.push(`- request as summarized at the compaction (${when(lastCompact.time)}): ${clean(req, 900)}`);
    const pending = c.get("pending tasks");
    if (pending) lines.push(`- pending tasks at the compaction: ${clean(pending, 400)}`);
  }
  return lines.join("\n");
}

const DOC = /(?:\.(?:md|mdx|rst|adoc|txt)$|(?:^|\/)docs?\/)/i;

/** Areas of the code base worked in, documentation read, the compaction summaries' key concepts. */
export function codebaseSection(turns: Turn[], cwd: string | undefined, compact: CompactOf): string {
  const areas = new Map<string, Set<string>>();
  const docs: string[] = [];
  for (const c of turns.flatMap((t) => t.calls)) {
    const path = relPath(fileOf(c), cwd);
    if (!path) continue;
    const cat = c.kind;
    if (cat === "read" && DOC.test(path) && !docs.includes(path)) docs.push(path);
    if (cat === "edit" || cat === "read") {
      const dir = path.includes("/") ? path.slice(0, path.lastIndexOf("/")) : ".";
      const set = areas.get(dir) ?? new Set<string>();
      areas.set(dir, set.add(path));
    }
  }
  const lines: string[] = [];
  const top = [...areas.entries()]
    .sort((a, b) => b[1].size - a[1].size || a[0].localeCompare(b[0]))
    .slice(0, 12);
  if (top.length)
    lines.push(`- areas worked in: ${top.map(([d, s]) => `${code(d, 80)} (${s.size})`).join(", ")}`);
  if (docs.length)
    lines.push(
      `- documentation read: ${docs
        .slice(0, 20)
        .map((d) => code(d, 100))
        .join(", ")}`,
    );
  const lastCompact = turns.findLast((t) => t.compact);
  if (lastCompact)
    for (const b of bulletLines(compact(lastCompact).get("key technical concepts") ?? "").slice(0, 20))
      lines.push(`- ${clean(b, 200)}`);
  return lines.join("\n");
}

const LEARNING =
  /\b(?:root cause|turns out|it turned out|the (?:issue|problem|bug|error|cause) (?:is|was)|the fix (?:is|was)|fixed by|(?:happens|happened|fails|failed) because|the reason (?:is|was)|note that|gotcha|workaround|doesn't support|does not support)\b/i;

/** Assistant sentences that state a cause or a fix, commands that failed before they passed, and
 * the compaction summaries' "Problem Solving". Chronological. */
export function learningsSection(turns: Turn[], compact: CompactOf): string {
  const lines: string[] = [];
  const seen = new Set<string>();
  const cmdFails = new Map<string, number>();
  for (const t of turns) {
    const at = when(t.time);
    if (t.compact)
      for (const b of bulletLines(compact(t).get("problem solving") ?? "").slice(0, 10))
        lines.push(`- ${at} (compaction summary) ${clean(b, 240)}`);
    for (const c of t.calls) {
      const cmd = commandOf(c);
      if (!cmd || !c.result) continue;
      if (c.result.isError) cmdFails.set(cmd, (cmdFails.get(cmd) ?? 0) + 1);
      else if (cmdFails.get(cmd)) {
        lines.push(`- ${at} ${code(cmd, 100)} failed ${cmdFails.get(cmd)}× before it passed`);
        cmdFails.delete(cmd);
      }
    }
    for (const m of t.assistant)
      for (const s of m.text.replace(/```[\s\S]*?(?:```|$)/g, " ").split(/(?<=[.!?])\s+|\n+/)) {
        if (!LEARNING.test(s) || s.length < 25) continue;
        const line = clean(s.replace(/^[\s#>*-]+/, ""), 260);
        if (line && !seen.has(line)) lines.push(`- ${when(m.timestamp || t.time)} ${line}`);
        seen.add(line);
      }
  }
  return lines.join("\n");
}

/** One line per turn: time, what was asked, what was done, how the reply began. */
export function worklogSection(turns: Turn[], cwd: string | undefined): string {
  const lines: string[] = [];
  for (const t of turns) {
    const at = when(t.time);
    if (t.compact) {
      lines.push(`- ${at} context compacted (summary recorded)`);
      continue;
    }
    const asked = t.prompt ? `asked: "${clean(t.prompt.text, 120)}"` : "continued";
    const did = didSummary(t, cwd);
    const reply = firstSentence(lastReply(t), 140);
    if (!t.prompt && !did && !reply) continue;
    lines.push(`- ${at} ${asked}${did ? ` · did: ${did}` : ""}${reply ? ` · reply: "${reply}"` : ""}`);
  }
  return lines.join("\n");
}
