/**
 * Contradictions (issue 5 point 3: "when two memories contradict on the same subject, keep the newer
 * and record the superseded one"). Detected on the state before any merge, between live topics of
 * one scope and type (`conflict.ts`: one value slot of one sentence; `subject.ts`: the same subject,
 * descriptions and headings included). The newer side records each superseded
 * fact in `metadata.supersedes: [{text, until, file}]`; the older side loses the contradicted
 * sentences and is deleted when no other fact is left. Equal times: both are left, with a note.
 */
import { squashWhitespace, truncateCodePoints } from "../../../core/text.js";
import { normalizeForContainment } from "../../../store/similarity.js";
import type { UnitConflict } from "./conflict.js";
import { MAX_SUPERSEDES } from "./fold.js";
import { isoSeconds } from "./orient.js";
import { topicConflicts } from "./subject.js";
import { bodyUnits, type FactUnit, sentences } from "./tokens.js";
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

/** Resolves every contradiction among `work` (live, not frozen); returns the number resolved. */
export function resolveContradictions(work: WorkTopic[], notes: string[]): number {
  const live = work.filter((w) => w.status === "alive" && !w.frozen);
  const losses = new Map<WorkTopic, Loss>();
  const gains = new Map<WorkTopic, Superseded[]>();
  let resolved = 0;
  for (let i = 0; i < live.length; i++) {
    for (let j = i + 1; j < live.length; j++) {
      const a = live[i]!;
      const b = live[j]!;
      if (a.scope !== b.scope || a.topic.type !== b.topic.type) continue;
      const pairs = topicConflicts(a.topic, b.topic);
      if (pairs.length === 0) continue;
      if (a.recencyMs === b.recencyMs) {
        notes.push(
          `${label(a)} and ${label(b)} contradict ("${short(pairs[0]!.a.text)}" / "${short(pairs[0]!.b.text)}") ` +
            "but are equally new: both left as they are",
        );
        continue;
      }
      const [older, newer] = a.recencyMs < b.recencyMs ? [a, b] : [b, a];
      record(older, newer, pairs, a === older, losses, gains);
      resolved++;
    }
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

/** Removes the contradicted sentences from `older`; deletes it when no fact of its body is left. */
function dropUnits(older: WorkTopic, lost: Set<FactUnit>): void {
  const texts = [...lost].map((u) => u.text);
  const lines = older.topic.body.split("\n");
  const byLine = new Map<number, Set<string>>();
  for (const u of lost) {
    if (u.where === "description") continue;
    const s = byLine.get(u.where) ?? new Set<string>();
    s.add(u.text);
    byLine.set(u.where, s);
  }
  const kept: string[] = [];
  lines.forEach((line, i) => {
    const drop = byLine.get(i);
    if (!drop) {
      kept.push(line);
      return;
    }
    const marker = /^\s*(?:[-*+]|\d+[.)])\s+/.exec(line)?.[0] ?? "";
    const rest = sentences(line.slice(marker.length)).filter((s) => !drop.has(s));
    if (rest.length > 0) kept.push(marker + rest.join(" "));
  });
  const body = kept
    .join("\n")
    .replace(/\n{3,}/g, "\n\n")
    .replace(/^\s*\n/, "")
    .trimEnd();
  let description = older.topic.description;
  const next = { ...older.topic, body };
  const remaining = bodyUnits(next);
  const why = `contradicted by a newer memory: ${texts.map((t) => `"${short(t)}"`).join(", ")}`;
  if (remaining.length === 0) {
    older.status = "deleted";
    older.deletion = { kind: "contradicted", reason: why };
    return;
  }
  if ([...lost].some((u) => u.where === "description")) {
    description = truncateCodePoints(squashWhitespace(remaining[0]!.text), 150);
  }
  older.topic = { ...next, description };
  older.changes.push({ kind: "contradiction", detail: `removed what a newer memory superseded: ${why}` });
}

const short = (s: string) => truncateCodePoints(squashWhitespace(s), 80);
