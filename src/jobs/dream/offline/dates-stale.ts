/**
 * Two small consolidate/prune steps of the offline dream: relative dates made absolute against the
 * memory's own time ("yesterday", "next Friday", "지난주"), and expired topics.
 */
import { absolutizeDates } from "../dates/index.js";
import { timeValue } from "./orient.js";
import type { WorkTopic } from "./types.js";

/**
 * Rewrites the relative dates of `w`'s description and body against its reference time
 * (`recencyOf`: metadata or top-level `updated`, else `created`, else mtime; a log entry's own
 * time) and records a `dates` change listing each replacement. Returns the number of replacements.
 */
export function absolutizeTopicDates(w: WorkTopic): number {
  const d = absolutizeDates(w.topic.description, w.recencyMs);
  const b = absolutizeDates(w.topic.body, w.recencyMs);
  const changes = [...d.changes, ...b.changes];
  if (changes.length === 0) return 0;
  w.topic = { ...w.topic, description: d.text, body: b.text };
  const list = changes.map((c) => `"${c.from}" → "${c.to}"`).join(", ");
  w.changes.push({ kind: "dates", detail: `relative dates made absolute: ${list}` });
  return changes.length;
}

/**
 * The expiry of a topic (`expires:` at the top level or in `metadata`), in ms; `invalid` when the
 * key is set but is not a date; undefined when absent.
 */
export function expiryOf(w: WorkTopic): number | "invalid" | undefined {
  const v = w.topic.extra.expires ?? w.topic.metadata.expires;
  if (v === undefined || v === null || v === "") return undefined;
  return timeValue(v) ?? "invalid";
}

/**
 * Marks expired topics (expiry before `nowMs`): deleted as `stale` in prune mode; in reflect mode
 * left alone but frozen, so no merge carries an expired fact into a live file.
 */
export function markStale(work: WorkTopic[], nowMs: number, prune: boolean, notes: string[]): void {
  for (const w of work) {
    if (w.origin !== "file" || w.status !== "alive") continue;
    const exp = expiryOf(w);
    if (exp === undefined) continue;
    if (exp === "invalid") {
      notes.push(`${w.scope}/${w.file}: \`expires\` is not a date; left as is`);
      continue;
    }
    if (exp >= nowMs) continue;
    const when = new Date(exp).toISOString();
    if (prune) {
      w.status = "deleted";
      w.deletion = { kind: "stale", reason: `expired at ${when}` };
    } else {
      w.frozen = true;
      notes.push(`${w.scope}/${w.file} expired at ${when}; a prune dream deletes it`);
    }
  }
}
