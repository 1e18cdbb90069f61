/**
 * Runs the T track of the LoCoMo protocol (peers-and-benchmarks.md §4) for the memdir engine and the
 * plain BM25 baseline (§2.6) in the same run: one store per conversation, every question as a query.
 */
import { performance } from "node:perf_hooks";
import { buildBaseline, queryBaseline } from "./baseline.js";
import type { Conversation } from "./data.js";
import { type BenchMemory, buildStore, closeStore, query } from "./engine.js";
import { type QuestionScore, scoreQuestion } from "./metrics.js";

export interface RunResult {
  memdir: QuestionScore[];
  baseline: QuestionScore[];
  /** Wall time to build the memdir stores (write topic files + index them), ms. */
  buildMs: number;
}

const K = 50;

/** The memories of one conversation, T track: one per turn, group = session number. */
export function turnMemories(conv: Conversation): BenchMemory[] {
  const first = new Map<number, number>();
  for (const t of conv.turns) if (!first.has(t.session)) first.set(t.session, t.seq);
  return conv.turns.map((t) => ({
    source: t.diaId,
    body: t.body,
    group: String(t.session),
    seq: t.seq - first.get(t.session)!,
    updatedMs: t.dateMs,
  }));
}

/** Runs both engines over `conversations`. `nowMs` is the clock given to rank() (recency). */
export async function runLocomo(conversations: Conversation[], nowMs: number): Promise<RunResult> {
  const memdir: QuestionScore[] = [];
  const baseline: QuestionScore[] = [];
  let buildMs = 0;
  for (const conv of conversations) {
    const memories = turnMemories(conv);
    const bodyOf = new Map(memories.map((m) => [m.source, m.body]));
    const chars10 = (ranked: string[]) =>
      ranked.slice(0, 10).reduce((a, s) => a + (bodyOf.get(s)?.length ?? 0), 0);
    const t0 = performance.now();
    const store = await buildStore(memories, nowMs);
    buildMs += performance.now() - t0;
    const bl = buildBaseline(memories.map((m) => m.body));
    for (const q of conv.questions) query(store, q.question, K); // warm-up pass (statement cache)
    for (const q of conv.questions) {
      let t = performance.now();
      const ranked = query(store, q.question, K);
      let ms = performance.now() - t;
      memdir.push(scoreQuestion(q.category, q.evidence, ranked, chars10(ranked), ms));
      t = performance.now();
      const rb = queryBaseline(bl, q.question, K).map((i) => memories[i]!.source);
      ms = performance.now() - t;
      baseline.push(scoreQuestion(q.category, q.evidence, rb, chars10(rb), ms));
    }
    closeStore(store);
  }
  return { memdir, baseline, buildMs };
}
