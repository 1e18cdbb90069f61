/**
 * The reliability harness runs in two modes: `quick` inside `npm test` (CI), `full` through
 * `npm run test:reliability` (a benchmark: its figures go to bench/RESULTS.md). `RELIABILITY_MODE`
 * chooses; `RELIABILITY_REPORT` names a JSON file the full run writes its figures to.
 */
import { appendFileSync } from "node:fs";

export type Mode = "quick" | "full";

export const MODE: Mode = process.env.RELIABILITY_MODE === "full" ? "full" : "quick";

/** `quick` or `full` of a count. */
export const pick = (quick: number, full: number): number => (MODE === "full" ? full : quick);

/** Appends one line of figures (`{part, ...}`) to the report file when one is named. */
export function report(part: string, figures: Record<string, unknown>): void {
  const file = process.env.RELIABILITY_REPORT;
  if (file) appendFileSync(file, `${JSON.stringify({ part, mode: MODE, ...figures })}\n`);
}
