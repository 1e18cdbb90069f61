/**
 * Contradictions: when two memories contradict on the same subject, the newer is kept and the
 * superseded one recorded. Detected on the state before any merge, between live topics of
 * one scope and type (`conflict.ts`: one value slot of one sentence; `subject.ts`: the same subject,
 * descriptions and headings included). The newer side records each superseded
 * fact in `metadata.supersedes: [{text, until, file}]`; the older side loses the contradicted
 * sentences (and any heading or lead-in left with nothing under it) and is deleted when no other
 * fact is left; its description is never replaced. Only two explicitly dated sides with different
 * dates are resolved; otherwise both are left, with a note.
 */
import { squashWhitespace, truncateCodePoints } from "../../../core/text.js";
import { normalizeForContainment } from "../../../store/similarity.js";
import { allPairs, conflictCandidates } from "./candidates.js";
import type { UnitConflict } from "./conflict.js";
import { MAX_SUPERSEDES } from "./fold.js";
import { explicitDateOf, isoSeconds } from "./orient.js";
import { topicConflicts } from "./subject.js";
import { bodyUnits, type FactUnit, isLeadInLine, isWhyHowLine, sentences } from "./tokens.js";
import type { WorkTopic } from "./types.js";

/** How a working topic is named in reasons and notes. */
export const label = (w: WorkTopic): string =>
  w.origin === "log" ? `an entry of ${w.logs[0] ?? "a daily log"}` : w.file;

/** A superseded fact as recorded on the newer topic. */
export interface Superseded {
  text: string;
  /** When it stopped being true: the newer fact's time (ISO 8601 UTC). */
  until: string;
  /** Where it was written. */
  file: string;
}

interface Loss {
  older: WorkTopic;
  units: Set<FactUnit>;
}

/** The explicit date of a working topic (ms): a log entry's time, a file's `explicitDateOf`. */
const dateOf = (w: WorkTopic): number | undefined =>
  w.origin === "log" ? w.recencyMs : explicitDateOf(w.topic);

/** The file name whose words are part of a topic's subject (`subject.ts`); undefined for a log entry. */
const fileOf = (w: WorkTopic): string | undefined => (w.origin === "file" ? w.file : undefined);

/**
 * Resolves every contradiction among `work` (live, not frozen); returns the number resolved. Only when BOTH
 * sides have an explicit date and the dates differ (an mtime is not a memory's date: a `touch`,
 * `git checkout` or `cp` changes it); otherwise both are left and a note says "possible contradiction, left
 * for a person". Nor when it would change the older side's description. `compare`: the pairs compared,
 * `conflictCandidates` (default) or every pair (the reference, same result, slower).
 */
export function resolveContradictions(
  work: WorkTopic[],
  notes: string[],
  compare: "candidates" | "all" = "candidates",
): number {
  const live = work.filter((w) => w.status === "alive" && !w.frozen);
  const found: { older: WorkTopic; newer: WorkTopic; pairs: UnitConflict[]; olderIsA: boolean }[] = [];
  for (const [i, j] of compare === "all" ? allPairs(live.length) : conflictCandidates(live)) {
    const a = live[i]!;
    const b = live[j]!;
    if (a.scope !== b.scope || a.topic.type !== b.topic.type) continue;
    const pairs = topicConflicts(a.topic, b.topic, [fileOf(a), fileOf(b)]);
    if (pairs.length === 0) continue;
    const da = dateOf(a);
    const db = dateOf(b);
    if (da === undefined || db === undefined || da === db) {
      const why = da === undefined || db === undefined ? "not both dated" : "equally new";
      notes.push(
        `possible contradiction, left for a person: ${label(a)} vs ${label(b)} ` +
          `("${short(pairs[0]!.a.text)}" / "${short(pairs[0]!.b.text)}"; ${why})`,
      );
      continue;
    }
    const olderIsA = da < db;
    found.push({ older: olderIsA ? a : b, newer: olderIsA ? b : a, pairs, olderIsA });
  }
  // the older side's description is never replaced: when it is among the lost facts and the older
  // side keeps other facts, nothing is resolved against that side
  const lostBy = new Map<WorkTopic, Set<FactUnit>>();
  for (const f of found) {
    const s = lostBy.get(f.older) ?? new Set<FactUnit>();
    for (const p of f.pairs) s.add(f.olderIsA ? p.a : p.b);
    lostBy.set(f.older, s);
  }
  const keep = new Set<WorkTopic>();
  for (const [older, lost] of lostBy) {
    if (![...lost].some((u) => u.where === "description")) continue;
    if (bodyUnits({ ...older.topic, body: dropFromBody(older.topic.body, lost) }).length === 0) continue;
    keep.add(older);
    notes.push(
      `possible contradiction, left for a person: ${label(older)} (its description is contradicted ` +
        "but it holds other facts)",
    );
  }
  const losses = new Map<WorkTopic, Loss>();
  const gains = new Map<WorkTopic, Superseded[]>();
  let resolved = 0;
  for (const f of found) {
    if (keep.has(f.older)) continue;
    record(f.older, f.newer, f.pairs, f.olderIsA, losses, gains);
    resolved++;
  }
  for (const [newer, list] of gains) supersede(newer, list);
  for (const { older, units: lost } of losses.values()) dropUnits(older, lost);
  return resolved;
}

function record(
  older: WorkTopic,
  newer: WorkTopic,
  pairs: UnitConflict[],
  olderIsA: boolean,
  losses: Map<WorkTopic, Loss>,
  gains: Map<WorkTopic, Superseded[]>,
): void {
  const loss = losses.get(older) ?? { older, units: new Set<FactUnit>() };
  losses.set(older, loss);
  const list = gains.get(newer) ?? [];
  gains.set(newer, list);
  const recorded = new Set(list.map((s) => `${s.file}\0${normalizeForContainment(s.text)}`));
  for (const p of pairs) {
    const [o, n] = olderIsA ? [p.a, p.b] : [p.b, p.a];
    loss.units.add(o);
    const k = `${label(older)}\0${normalizeForContainment(o.text)}`;
    if (recorded.has(k)) continue;
    recorded.add(k);
    list.push({ text: o.text, until: isoSeconds(newer.recencyMs), file: label(older) });
    const detail = `"${short(n.text)}" supersedes "${short(o.text)}" (${label(older)})`;
    newer.changes.push({ kind: "contradiction", detail });
  }
}

function supersede(newer: WorkTopic, list: Superseded[]): void {
  const prev = Array.isArray(newer.topic.metadata.supersedes) ? newer.topic.metadata.supersedes : [];
  const supersedes = [...prev, ...list].slice(-MAX_SUPERSEDES);
  newer.topic = { ...newer.topic, metadata: { ...newer.topic.metadata, supersedes } };
}

/**
 * `body` without the `lost` sentences, and without any heading or lead-in line left with no fact
 * under it ("For the reporting worker:" must not end up introducing another
 * file's fact after a merge).
 */
function dropFromBody(body: string, lost: Set<FactUnit>): string {
  const byLine = new Map<number, Set<string>>();
  for (const u of lost) {
    if (u.where === "description") continue;
    const s = byLine.get(u.where) ?? new Set<string>();
    s.add(u.text);
    byLine.set(u.where, s);
  }
  const kept: string[] = [];
  body.split("\n").forEach((line, i) => {
    const drop = byLine.get(i);
    if (!drop) {
      kept.push(line);
      return;
    }
    const marker = /^\s*(?:[-*+]|\d+[.)])\s+/.exec(line)?.[0] ?? "";
    const rest = sentences(line.slice(marker.length)).filter((s) => !drop.has(s));
    if (rest.length > 0) kept.push(marker + rest.join(" "));
  });
  return dropOrphans(kept)
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .replace(/^\s*\n/, "")
    .trimEnd();
}

function headingLevel(line: string): number | undefined {
  const m = /^\s{0,3}(#{1,6})\s/.exec(line);
  return m ? m[1]!.length : undefined;
}

/** Drops headings and lead-in lines with no fact line under them (before the next heading of their level or above). */
function dropOrphans(lines: string[]): string[] {
  let out = lines;
  for (;;) {
    const next = out.filter((line, i) => {
      const level = headingLevel(line);
      const lead = level === undefined && isLeadInLine(line);
      if (level === undefined && !lead) return true;
      for (const below of out.slice(i + 1)) {
        const l = headingLevel(below);
        if (l !== undefined && (lead || l <= level!)) return false;
        if (below.trim() === "" || l !== undefined || isWhyHowLine(below)) continue;
        if (lead || !isLeadInLine(below)) return true;
      }
      return false;
    });
    if (next.length === out.length) return out;
    out = next;
  }
}

/** Removes the contradicted sentences from `older`; deletes it when no fact of its body is left. */
function dropUnits(older: WorkTopic, lost: Set<FactUnit>): void {
  const texts = [...lost].map((u) => u.text);
  const next = { ...older.topic, body: dropFromBody(older.topic.body, lost) };
  const why = `contradicted by a newer memory: ${texts.map((t) => `"${short(t)}"`).join(", ")}`;
  if (bodyUnits(next).length === 0) {
    older.status = "deleted";
    older.deletion = { kind: "contradicted", reason: why };
    return;
  }
  older.topic = next;
  older.changes.push({ kind: "contradiction", detail: `removed what a newer memory superseded: ${why}` });
}

const short = (s: string) => truncateCodePoints(squashWhitespace(s), 80);
