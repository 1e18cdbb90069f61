/** A dream's plan (each change with its reason) and a run's outcome as text. */
import type { DreamOutcome } from "../../app/jobs/dream.js";
import { type DreamPlan, isEmptyPlan } from "../../jobs/dream/index.js";
import { type Color, plain } from "./color.js";

/** Longest reason or file list shown per line (a merge of hundreds of files has a reason as long). */
const SHOWN_CHARS = 300;

const shown = (s: string) =>
  s.length > SHOWN_CHARS ? `${s.slice(0, SHOWN_CHARS)}… (${s.length} characters; --json for all)` : s;

/** The plan as text, one line per change with its reason. */
export function formatDreamPlan(plan: DreamPlan, c: Color = plain): string {
  const out = [c.bold(`dream plan (${plan.engine}, ${plan.mode}) at ${plan.createdAt}`)];
  if (isEmptyPlan(plan)) out.push("  nothing to change");
  const at = (scope: string, file: string) => (scope === "user" ? `user/${file}` : file);
  for (const m of plan.merges)
    out.push(
      `  merge   ${at(m.scope, m.file)} ← ${shown(m.from.join(", "))}`,
      c.dim(`          ${shown(m.reason)}`),
    );
  for (const w of plan.rewrites)
    out.push(`  rewrite ${at(w.scope, w.file)} (${w.kind})`, c.dim(`          ${shown(w.reason)}`));
  for (const n of plan.creates)
    out.push(`  create  ${at(n.scope, n.file)} (${n.kind})`, c.dim(`          ${shown(n.reason)}`));
  for (const d of plan.deletions)
    out.push(`  delete  ${at(d.scope, d.file)} (${d.kind})`, c.dim(`          ${shown(d.reason)}`));
  for (const i of plan.index)
    out.push(
      `  index   ${i.scope === "user" ? "user/" : ""}MEMORY.md ${i.before.lines} → ${i.after.lines} lines, ${i.before.bytes} → ${i.after.bytes} bytes`,
      c.dim(`          ${shown(i.reason)}`),
    );
  for (const l of plan.logs) out.push(`  distill ${l.file} (up to byte ${l.bytes})`);
  if (plan.sessions.used.length + plan.sessions.skipped.length > 0)
    out.push(
      c.dim(
        `  sessions: ${plan.sessions.used.length} reviewed, ${plan.sessions.skipped.length} skipped (no substantive interaction)`,
      ),
    );
  for (const n of plan.notes) out.push(c.dim(`  note: ${n}`));
  return out.join("\n");
}

/** A run's outcome as text. */
export function formatDreamOutcome(o: DreamOutcome, c: Color = plain): string {
  if (o.status === "planned")
    return `${formatDreamPlan(o.plan, c)}\n${c.dim("(dry run: nothing was written)")}`;
  if (o.status === "skipped") {
    const detail = Object.entries(o.detail)
      .filter(([k]) => k !== "reason" && k !== "trigger")
      // Floored, so 23.999 hours never reads as the 24 the gate asks for.
      .map(([k, v]) => `${k} ${typeof v === "number" ? Math.floor(v * 100) / 100 : String(v)}`)
      .join(", ");
    const hint =
      o.reason === "lock"
        ? "another dream is running"
        : "run `memdir dream` (without --gated) to consolidate now";
    return `dream skipped: ${o.reason}${detail ? ` (${detail})` : ""}; ${hint}`;
  }
  const done = o.applied.filter((a) => a.action !== "skipped" && a.action !== "unchanged").length;
  const left = o.applied.filter((a) => a.action === "skipped");
  const lines = [
    formatDreamPlan(o.plan, c),
    `dream done in ${o.ms} ms: ${done} change(s) applied${left.length ? `, ${left.length} left for the next dream` : ""}${o.notepadExpired ? `, ${o.notepadExpired} expired notepad note(s) dropped` : ""}`,
  ];
  for (const a of left) lines.push(c.dim(`  left: ${a.change} ${a.file}: ${shown(a.reason)}`));
  lines.push(o.changeSetId ? `undo with: memdir undo ${o.changeSetId}` : "nothing changed");
  return lines.join("\n");
}
