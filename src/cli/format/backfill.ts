/** The end-of-run summary of `memdir backfill`. */
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
