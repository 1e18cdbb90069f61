/** The end-of-run summary of `memdir backfill`. */

import type { TranscriptRetention } from "../../adapters/registry.js";
import type { BackfillReport } from "../../app/commands/backfill.js";

/** The end-of-run summary (plain text, several lines; errors listed one per line). */
export function formatBackfillReport(r: BackfillReport): string {
  const lines = [
    `backfill: ${r.from}`,
    `  ${r.filesScanned} files scanned, ${r.filesWithNewData} with new data, ${r.turnsAdded} turns added` +
      `${r.turnsUpdated ? ` (${r.turnsUpdated} updated)` : ""}, ${r.sessions} sessions, ${r.errors.length} errors` +
      ` (${(r.bytesRead / 1e6).toFixed(1)} MB in ${(r.durationMs / 1000).toFixed(1)} s)`,
  ];
  for (const e of r.errors) lines.push(`  error: ${e.path}: ${e.message.split("\n")[0]}`);
  return lines.join("\n");
}

/** The warning after a backfill for each harness that deletes its transcripts after some days. */
export function retentionWarning(r: TranscriptRetention & { harness: string }): string {
  const why = r.source === "default" ? `${r.setting}, default` : `${r.setting} in ${r.settingsFile}`;
  return (
    `warning: ${r.harness} deletes transcripts older than ${r.days} days (${why}). ` +
    `Run \`memdir backfill\` at least that often, or raise ${r.setting} in ${r.settingsFile}.`
  );
}
