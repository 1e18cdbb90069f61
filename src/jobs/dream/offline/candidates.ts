/**
 * Candidate pairs for the offline dream's pairwise phases (duplicates, contradictions): instead of
 * every pair of live topics, only the pairs that can pass the phase's predicate, found through an
 * inverted index with prefix filtering. Each topic gives key sets to index and key sets to probe
 * with, each probe with `need`, the fewest of its keys any passing partner must hold. Keys are
 * ordered rarest first (fewest topics, then by text); a probe looks up only its rarest
 * `size - need + 1` keys, since a partner holding `need` of its keys holds one of those. Keys are
 * namespaced by scope and memory type, so only topics of one scope and type ever pair, as the
 * predicates require. Every pair the predicate accepts is a candidate (no pair is lost); the
 * candidates are returned in all-pairs order (i < j, by i then j) so the phases decide and note
 * exactly as they would over all pairs.
 */
import { ruleKey } from "../../../store/rule-key.js";
import { MERGE_THRESHOLD } from "../../../store/similarity.js";
import { blockWords, descWords } from "./block-words.js";
import { topicBlocks } from "./blockers.js";
import { isPolarity, MAX_SLOT_TOKENS, MIN_SUBJECT_TOKENS } from "./conflict.js";
import { type FactUnit, factUnits } from "./tokens.js";
import type { WorkTopic } from "./types.js";

/** A key set of topic `owner` to probe with: any passing partner holds at least `need` of `keys`. */
interface Probe {
  owner: number;
  keys: string[];
  need: number;
}

/** What one topic gives: key sets to index, probes to look up. */
interface Features {
  index: Iterable<string>[];
  probes: { keys: string[]; need: number }[];
}

/** Every pair `[i, j]` (i < j) of `topics`, in order: the reference the candidates must match. */
export function allPairs(n: number): [number, number][] {
  const out: [number, number][] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) out.push([i, j]);
  return out;
}

/**
 * The pairs `[i, j]` (i < j, sorted) of topics whose features meet: some probe of one has a key in
 * its prefix that the other indexes. `features(i)` returns keys already namespaced.
 */
function meetingPairs(n: number, features: (i: number) => Features): [number, number][] {
  const postings = new Map<string, number[]>();
  const probes: Probe[] = [];
  for (let i = 0; i < n; i++) {
    const f = features(i);
    for (const set of f.index) {
      for (const k of set) {
        const list = postings.get(k);
        if (!list) postings.set(k, [i]);
        else if (list[list.length - 1] !== i) list.push(i);
      }
    }
    for (const p of f.probes) probes.push({ owner: i, keys: p.keys, need: p.need });
  }
  const df = (k: string) => postings.get(k)?.length ?? 0;
  const rarest = (a: string, b: string) => df(a) - df(b) || (a < b ? -1 : a > b ? 1 : 0);
  const seen = new Set<number>();
  for (const p of probes) {
    const keys = [...new Set(p.keys)].sort(rarest);
    const prefix = keys.length - Math.max(1, p.need) + 1;
    for (let x = 0; x < prefix; x++) {
      for (const o of postings.get(keys[x]!) ?? []) {
        if (o === p.owner) continue;
        seen.add(o < p.owner ? o * n + p.owner : p.owner * n + o);
      }
    }
  }
  return [...seen].sort((a, b) => a - b).map((v) => [Math.floor(v / n), v % n]);
}

const groupOf = (w: WorkTopic) => `${w.scope}\0${w.topic.type}\0`;

/** The fewest shared words of a set of `size` words whose overlap (or Jaccard) reaches `t`. */
function fewestShared(size: number, t: number): number {
  let k = 1;
  while (k < size && k / size < t) k++;
  return k;
}

/**
 * Candidate pairs for `duplicateCheck`: a near duplicate needs, for its first block, a block of
 * the other scoring at least MERGE_THRESHOLD: equal normalized text, a word overlap (or Jaccard)
 * of the blocks' word sets, or, between two first blocks, of the descriptions' word sets or one
 * rule key of the descriptions. An
 * overlap of t over the smaller set means sharing `fewestShared(smaller size)` of its words.
 */
export function duplicateCandidates(live: WorkTopic[]): [number, number][] {
  if (!(MERGE_THRESHOLD > 0)) return allPairs(live.length);
  return meetingPairs(live.length, (i) => {
    const w = live[i]!;
    const g = groupOf(w);
    const index: string[][] = [];
    const probes: Features["probes"] = [];
    const add = (ns: string, words: Iterable<string>) => {
      const keys = [...words].map((x) => `${g}${ns}\0${x}`);
      if (keys.length === 0) return;
      index.push(keys);
      probes.push({ keys, need: fewestShared(keys.length, MERGE_THRESHOLD) });
    };
    for (const b of topicBlocks(w.topic)) {
      add("n", [b.norm]);
      add("w", blockWords(b));
    }
    add("d", descWords(w.topic));
    // two descriptions with one rule key score 1 (`blockScore`): they share every term, the rarest too
    const rule = [...ruleKey(w.topic.description).terms.keys()].map((x) => `${g}r\0${x}`);
    if (rule.length >= 2) {
      index.push(rule);
      probes.push({ keys: rule, need: rule.length });
    }
    return { index, probes };
  });
}

/**
 * True when some fact of `a` and some fact of `b` can contradict (`unitConflicts`): they share at
 * least MIN_SUBJECT_TOKENS keys and each side's tokens whose key the other lacks, polarity words
 * aside, fit in one run of at most MAX_SLOT_TOKENS tokens (the substituted slot; every other
 * token is matched by key).
 */
function factsMayConflict(a: FactUnit[], b: FactUnit[]): boolean {
  for (const ua of a) {
    for (const ub of b) {
      let shared = 0;
      for (const k of ub.keys) if (ua.keys.has(k)) shared++;
      if (shared >= MIN_SUBJECT_TOKENS && fitsSlot(ua, ub.keys) && fitsSlot(ub, ua.keys)) return true;
    }
  }
  return false;
}

function fitsSlot(u: FactUnit, other: Set<string>): boolean {
  let first = -1;
  for (let p = 0; p < u.tokens.length; p++) {
    const t = u.tokens[p]!;
    if (isPolarity(t) || other.has(t.key)) continue;
    if (first < 0) first = p;
    else if (p - first >= MAX_SLOT_TOKENS) return false;
  }
  return true;
}

/**
 * Candidate pairs for `topicConflicts`: two contradicting facts share at least MIN_SUBJECT_TOKENS
 * token keys (`unitConflicts`) and differ by one substituted slot of at most MAX_SLOT_TOKENS
 * non-polarity tokens or of polarity words only (`slotConflict`), so a fact's keys that no
 * polarity word of it has are all in the other fact but MAX_SLOT_TOKENS. Pairs the index finds
 * are kept when `factsMayConflict`.
 */
export function conflictCandidates(live: WorkTopic[]): [number, number][] {
  const pairs = meetingPairs(live.length, (i) => {
    const w = live[i]!;
    const g = groupOf(w);
    const index: string[][] = [];
    const probes: Features["probes"] = [];
    for (const u of factUnits(w.topic)) {
      const all = [...u.keys].map((k) => `${g}u\0${k}`);
      if (all.length < MIN_SUBJECT_TOKENS) continue;
      index.push(all);
      const polar = new Set(u.tokens.filter(isPolarity).map((t) => t.key));
      const plain = [...u.keys].filter((k) => !polar.has(k)).map((k) => `${g}u\0${k}`);
      const plainNeed = plain.length - MAX_SLOT_TOKENS;
      // the probe with the shorter prefix (size - need + 1 keys)
      if (plainNeed >= 1 && plain.length - plainNeed < all.length - MIN_SUBJECT_TOKENS)
        probes.push({ keys: plain, need: plainNeed });
      else probes.push({ keys: all, need: MIN_SUBJECT_TOKENS });
    }
    return { index, probes };
  });
  return pairs.filter(([i, j]) => factsMayConflict(factUnits(live[i]!.topic), factUnits(live[j]!.topic)));
}
