/**
 * Runs the T track of the LoCoMo protocol (peers-and-benchmarks.md §4) for the memdir engine and the
 * plain BM25 baseline (§2.6) in the same run: one store per conversation, every question as a query.
 */
import { performance } from "node:perf_hooks";
import { buildBaseline, queryBaseline } from "./baseline.js";
import { type Conversation, splitOf } from "./data.js";
import { type BenchMemory, buildStore, closeStore, query } from "./engine.js";
import { type QuestionScore, scoreQuestion } from "./metrics.js";

export interface EngineScores {
  memdir: QuestionScore[];
  baseline: QuestionScore[];
}

export interface RunResult {
  /** Scores of the development conversations (splitOf) and of the test ones. */
  dev: EngineScores;
  test: EngineScores;
  /** Wall time to build the memdir stores (write topic files + index them), ms. */
  buildMs: number;
}

/** Hits asked per question: `memdir search --limit 10`. */
export const K = 10;
const DAY_MS = 86_400_000;

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

/**
 * Runs both engines over `conversations`. The search clock of a conversation is one day after its
 * last session (the user asks the day after they last talked).
 */
export async function runLocomo(conversations: Conversation[], indices: number[]): Promise<RunResult> {
  const res: RunResult = {
    dev: { memdir: [], baseline: [] },
    test: { memdir: [], baseline: [] },
    buildMs: 0,
  };
  for (const [i, conv] of conversations.entries()) {
    const { memdir, baseline } = res[splitOf(indices[i] ?? i)];
    const memories = turnMemories(conv);
    const bodyOf = new Map(memories.map((m) => [m.source, m.body]));
    const chars10 = (ranked: string[]) =>
      ranked.slice(0, 10).reduce((a, s) => a + (bodyOf.get(s)?.length ?? 0), 0);
    const nowMs = Math.max(...memories.map((m) => m.updatedMs)) + DAY_MS;
    const t0 = performance.now();
    const store = buildStore(memories, nowMs);
    await query(store, "warm up", K); // the first search builds the search database
    res.buildMs += performance.now() - t0;
    const bl = buildBaseline(memories.map((m) => m.body));
    for (const q of conv.questions) {
      let t = performance.now();
      const ranked = await query(store, q.question, K);
      let ms = performance.now() - t;
      memdir.push(scoreQuestion(q.category, q.evidence, ranked, chars10(ranked), ms));
      t = performance.now();
      const rb = queryBaseline(bl, q.question, K).map((i) => memories[i]!.source);
      ms = performance.now() - t;
      baseline.push(scoreQuestion(q.category, q.evidence, rb, chars10(rb), ms));
    }
    closeStore(store);
  }
  return res;
}
