/** What `memdir replay` prints: a human-readable rendering of its report. */
import type { ReplayReport } from "../../app/commands/replay-report.js";
import type { Color } from "./color.js";
import { formatDreamOutcome } from "./dream.js";

/** A human-readable rendering of the report (for the terminal). */
export function formatReport(r: ReplayReport, color: Color): string {
  const out: string[] = [];
  const h = (s: string) => out.push("", color.bold(`== ${s}`));
  out.push(
    color.bold(`memdir replay of ${r.transcript}`),
    color.dim(`sandbox home: ${r.home} (your real memory was not touched)`),
  );
  h("hook events driven");
  out.push(
    Object.entries(r.events)
      .map(([k, v]) => `${k} ×${v}`)
      .join(", "),
  );
  if (r.badOutputs.length) out.push(`!! ${r.badOutputs.length} hook outputs were not one JSON object`);
  h(`memories written (${r.memories.length})`);
  if (!r.memories.length) out.push(color.dim("(none: nothing in this session met the bar for a memory)"));
  if (r.unchanged > 0)
    out.push(color.dim(`(${r.unchanged} memories already in this home are unchanged and not listed)`));
  for (const m of r.memories) {
    out.push(`- [${m.type}, ${m.scope}] ${m.name}: ${m.description}`);
    out.push(...m.body.split("\n").map((l) => `    ${l}`));
  }
  h(`memories recalled during the session (${r.recalls.length})`);
  if (!r.recalls.length) out.push(color.dim("(none: no prompt or file related to a stored memory)"));
  for (const x of r.recalls) {
    const what = x.kind === "prompt" ? `prompt "${x.trigger}"` : `touching ${x.trigger}`;
    out.push(`- ${what}: ${x.memories.map((m) => m.split("/").pop()).join(", ")}`);
  }
  h("notepad (.memdir/notepad.md)");
  out.push(r.notepad.trim() || color.dim("(empty)"));
  h("project memory (.memdir/project-memory.json)");
  out.push(JSON.stringify(r.projectMemory, null, 2));
  h("session end record");
  out.push(JSON.stringify(r.endRecord, null, 2));
  h("consolidation after the session (memdir dream)");
  out.push(formatDreamOutcome(r.dream, color));
  h(`context injected at the next SessionStart (${r.nextContextChars} characters)`);
  out.push(r.nextContext || color.dim("(nothing)"));
  return out.join("\n");
}
