/**
 * Duplicates (issue 5 point 3: "merge exact and near duplicates (normalized text, token overlap),
 * keeping provenance of both"). Topics of one scope and type are clustered when their normalized
 * text is equal or `dupScore` reaches the store's MERGE_THRESHOLD, and never when any of their facts
 * contradict (PostgreSQL 14 / 16 share every word but the number, which the similarity ignores).
 * Stricter than the store's upsert: no "short rule" containment, so "Always use pnpm" and "Always
 * use pnpm workspaces" stay apart.
 */
import {
  factText,
  jaccard,
  MERGE_THRESHOLD,
  normalizeForContainment,
  overlap,
} from "../../../store/similarity.js";
import type { TopicFile } from "../../../store/types.js";
import { unitConflicts } from "./conflict.js";
import { label } from "./contradictions.js";
import { byTargetOrder, foldInto, pickTarget } from "./fold.js";
import { cmp } from "./orient.js";
import { dreamWords, factUnits } from "./tokens.js";
import type { WorkTopic } from "./types.js";

type Text = Pick<TopicFile, "description" | "body">;

interface Profile {
  norm: string;
  desc: Set<string>;
  all: Set<string>;
  paras: Set<string>[];
}

const profiles = new WeakMap<object, Profile>();

/** The word sets `dupScore` compares, cached per topic object. */
function profile(t: Text): Profile {
  let p = profiles.get(t);
  if (!p) {
    p = {
      norm: normalizeForContainment(`${t.description}\n${t.body}`),
      desc: dreamWords(factText(t.description)),
      all: dreamWords(factText(`${t.description}\n${t.body}`)),
      paras: t.body
        .split(/\n\s*\n/)
        .map((para) => factText(para))
        .filter((f) => f.trim() !== "")
        .map((f) => dreamWords(f)),
    };
    profiles.set(t, p);
  }
  return p;
}

/**
 * How alike two topics are (0..1, symmetric): 1 for equal normalized text, else the best of
 * description vs description (overlap), whole text (Jaccard), and each one's whole text vs each
 * paragraph of the other (overlap), over `dreamWords` of the fact text (numbers and Why/How lines
 * left out, Korean particles stripped).
 */
export function dupScore(a: Text, b: Text): number {
  const pa = profile(a);
  const pb = profile(b);
  if (pa.norm === pb.norm) return 1;
  let best = Math.max(overlap(pa.desc, pb.desc), jaccard(pa.all, pb.all));
  for (const p of pb.paras) best = Math.max(best, overlap(pa.all, p));
  for (const p of pa.paras) best = Math.max(best, overlap(pb.all, p));
  return best;
}

/** True when any fact of `a` contradicts any fact of `b`. */
export function topicsConflict(a: TopicFile, b: TopicFile): boolean {
  return unitConflicts(factUnits(a), factUnits(b)).length > 0;
}

interface Edge {
  a: WorkTopic;
  b: WorkTopic;
  score: number;
}

/**
 * Clusters the live, unfrozen topics of `work` and folds each cluster into its target
 * (`pickTarget`). Returns the number of clusters merged.
 */
export function mergeDuplicates(work: WorkTopic[]): number {
  const live = work.filter((w) => w.status === "alive" && !w.frozen);
  const edges: Edge[] = [];
  for (let i = 0; i < live.length; i++) {
    for (let j = i + 1; j < live.length; j++) {
      const a = live[i]!;
      const b = live[j]!;
      if (a.scope !== b.scope || a.topic.type !== b.topic.type) continue;
      const score = dupScore(a.topic, b.topic);
      if (score >= MERGE_THRESHOLD) edges.push({ a, b, score });
    }
  }
  edges.sort((x, y) => y.score - x.score || cmp(key(x), key(y)));
  const cluster = new Map<WorkTopic, WorkTopic[]>(live.map((w) => [w, [w]]));
  const used = new Map<WorkTopic[], Edge[]>();
  const conflictCache = new Map<string, boolean>();
  const conflicts = (a: WorkTopic, b: WorkTopic) => {
    const k = `${a.scope}/${a.file}\0${b.file}`;
    let v = conflictCache.get(k);
    if (v === undefined) {
      v = topicsConflict(a.topic, b.topic);
      conflictCache.set(k, v);
    }
    return v;
  };
  for (const e of edges) {
    const ca = cluster.get(e.a)!;
    const cb = cluster.get(e.b)!;
    if (ca === cb) continue;
    if (ca.some((x) => cb.some((y) => conflicts(x, y)))) continue;
    const merged = [...ca, ...cb];
    for (const w of merged) cluster.set(w, merged);
    used.set(merged, [...(used.get(ca) ?? []), ...(used.get(cb) ?? []), e]);
    used.delete(ca);
    used.delete(cb);
  }
  let n = 0;
  for (const [members, es] of [...used].sort((x, y) => cmp(pickTarget(x[0]).file, pickTarget(y[0]).file))) {
    const target = pickTarget(members);
    for (const m of members.filter((w) => w !== target).sort(byTargetOrder)) {
      const mine = es.filter((e) => e.a === m || e.b === m);
      const why = mine.map((e) => `${label(e.a === m ? e.b : e.a)} ${e.score.toFixed(2)}`).join(", ");
      foldInto(target, m, "duplicate", `near duplicate of ${why}`);
    }
    n++;
  }
  return n;
}

const key = (e: Edge) => `${e.a.scope}/${e.a.file}\0${e.b.file}`;
