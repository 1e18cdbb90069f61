/** `memdir wiki lint` findings as text. */
import type { LintFinding } from "../../wiki/index.js";

/** One line per finding: `kind  slug  message (hint)`. */
export function formatLint(findings: LintFinding[]): string {
  if (!findings.length) return "wiki: no findings";
  return findings
    .map((f) => `${f.kind.padEnd(15)} ${f.slug}: ${f.message}\n${" ".repeat(16)}${f.hint}`)
    .join("\n");
}
