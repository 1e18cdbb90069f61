/**
 * Health warnings for SessionStart and `memdir status`: recent failures recorded in events.jsonl.
 * Reads only the tail of the file (bounded bytes) so it stays cheap.
 */
import { closeSync, existsSync, fstatSync, readSync } from "node:fs";
import { isoUtc } from "../../core/clock.js";
import { openInputFile } from "../../core/input-file.js";
import { breakerStatus } from "../../llm/ledger/index.js";
import type { AppContext } from "../context.js";
import { llmFingerprint } from "../model/choice.js";

/** How much of events.jsonl is read from the end, in bytes. */
const TAIL_BYTES = 64 * 1024;
const DAY_MS = 24 * 60 * 60 * 1000;

export interface EventRecord {
  ts: string;
  kind: string;
  [key: string]: unknown;
}

/** The last complete records of an events.jsonl file (at most TAIL_BYTES read). Never throws. */
export function readRecentEvents(file: string, tailBytes = TAIL_BYTES): EventRecord[] {
  let fd: number | undefined;
  try {
    ({ fd } = openInputFile(file, { what: "the event log" }));
    const size = fstatSync(fd).size;
    const start = Math.max(0, size - tailBytes);
    const buf = Buffer.alloc(size - start);
    readSync(fd, buf, 0, buf.length, start);
    const lines = buf.toString("utf8").split("\n");
    if (start > 0) lines.shift(); // partial first line
    const out: EventRecord[] = [];
    for (const l of lines) {
      if (!l.trim()) continue;
      try {
        const r = JSON.parse(l) as EventRecord;
        if (r && typeof r.kind === "string") out.push(r);
      } catch {
        // a torn line: skip
      }
    }
    return out;
  } catch {
    return [];
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * The circuit breaker's health flag (llm/ledger): while it is open no model call is made and
 * extraction runs offline. One stat when there is no ledger (no model was ever used).
 */
export function modelHealthWarnings(ctx: AppContext): string[] {
  if (!existsSync(ctx.paths.ledgerFile)) return [];
  let fingerprint: string | undefined;
  try {
    fingerprint = llmFingerprint(ctx.config.llm, ctx.rt.env);
  } catch {
    // a bad MEMDIR_LLM: status reports it; the breaker is shown as recorded
  }
  const b = breakerStatus(ctx.paths.ledgerFile, ctx.rt.now(), fingerprint);
  if (!b.open) return [];
  const until = b.untilMs ? ` until ${isoUtc(b.untilMs)}` : "";
  return [
    `model calls are paused${until} after ${b.reason ?? "an error"} (${(b.message ?? "").slice(0, 120)}); extraction runs offline meanwhile; changing the key, model or provider lifts it, as does \`memdir status --reset-breaker\``,
  ];
}

/** Failure kind → the event that shows the same work succeeded since. */
const RECOVERED_BY: ReadonlyArray<readonly [string, (e: EventRecord) => boolean]> = [
  ["extraction_failed", (e) => e.kind === "extraction"],
  ["extraction_model_failed", (e) => e.kind === "extraction" && e.engine === "model"],
  ["session_memory_failed", (e) => e.kind === "session_memory_updated"],
  ["session_memory_model_failed", (e) => e.kind === "session_memory_updated" && e.engine !== "offline"],
];

/**
 * Warnings about failures in the last 24 hours not followed by a success of the same work (one line
 * per kind, with a count), then the breaker flag.
 */
export function recentHealthWarnings(ctx: AppContext): string[] {
  const since = ctx.rt.now() - DAY_MS;
  const counts = new Map<string, { n: number; last: string }>();
  for (const e of readRecentEvents(ctx.paths.eventsFile)) {
    if (Date.parse(e.ts) < since) continue;
    // A later success of the same work clears its failures: the warning is about now, not the day.
    for (const [failed, ok] of RECOVERED_BY) if (ok(e)) counts.delete(failed);
    if (!e.kind.endsWith("_failed")) continue;
    const c = counts.get(e.kind) ?? { n: 0, last: "" };
    c.n++;
    c.last = typeof e.error === "string" ? e.error : c.last;
    counts.set(e.kind, c);
  }
  return [
    ...[...counts].map(
      ([kind, c]) =>
        `${c.n} × ${kind.replace(/_/g, " ")} in the last 24 h (last: ${c.last.slice(0, 160)}); run \`memdir status\``,
    ),
    ...modelHealthWarnings(ctx),
  ];
}
