/** `memdir search` / `memdir wiki query` results and `memdir reindex` reports as text. */
import { relative } from "node:path";
import type { SearchHit, SearchResult, SyncReport } from "../../app/commands/search.js";
import { squashWhitespace, truncateCodePoints } from "../../core/text.js";
import type { Color } from "./color.js";

/** Whitespace squashed, cut to 160 code points (descriptions of session turns are whole prompts). */
function oneLine(s: string): string {
  return truncateCodePoints(squashWhitespace(s), 160);
}

function where(h: SearchHit, cwd: string): string {
  if (h.source === "sessions" && typeof h.meta.sessionId === "string") {
    const when =
      typeof h.meta.timestamp === "string" ? h.meta.timestamp : new Date(h.updatedMs).toISOString();
    const turn = typeof h.meta.turn === "number" ? ` turn ${h.meta.turn}` : "";
    return `session ${h.meta.sessionId}${turn} · ${when}`;
  }
  const rel = relative(cwd, h.path);
  return rel.startsWith("..") ? h.path : rel;
}

/** Human output: one block per hit (rank, score, source/scope/type, where, title, snippet, why). */
export function formatSearch(r: SearchResult, cwd: string, c: Color): string {
  const out: string[] = [];
  if (!r.hits.length) {
    out.push(`No results for ${JSON.stringify(truncateCodePoints(r.query, 80))}.`);
    if (r.hint) out.push(c.dim(r.hint));
  }
  r.hits.forEach((h, i) => {
    const label = [h.source, h.scope, h.type].filter(Boolean).join("/");
    out.push(`${c.bold(`${i + 1}. ${h.name}`)}  ${c.dim(`${h.score.toFixed(3)} · ${label}`)}`);
    out.push(`   ${c.dim(where(h, cwd))}`);
    const desc = oneLine(h.description);
    if (desc && desc !== h.name) out.push(`   ${desc}`);
    if (h.snippet && h.snippet !== h.description) out.push(`   ${c.dim("…")} ${oneLine(h.snippet)}`);
    if (h.why.terms.length)
      out.push(`   ${c.dim(`matched ${h.why.terms.join(", ")} in ${h.why.fields.join(", ")}`)}`);
  });
  for (const e of r.errors) out.push(c.dim(`not searchable (fix the file): ${e.path}: ${e.message}`));
  for (const w of r.warnings) out.push(`warning: ${w}`);
  return out.join("\n");
}

/** One line per counter of a sync report, plus the files that failed to parse. */
export function formatSyncReport(r: SyncReport): string {
  const lines = [
    `indexed: ${r.added} added, ${r.changed} changed, ${r.moved} moved, ${r.removed} removed, ${r.unchanged} unchanged`,
  ];
  for (const e of r.errors) lines.push(`not indexed (fix the file, then run again): ${e.path}: ${e.message}`);
  return lines.join("\n");
}
