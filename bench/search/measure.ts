/**
 * One corpus size of bench/search: generate the files, build the index from empty, re-sync with
 * no change and with one changed file, time the queries (warm, in process, limit 5, the recall
 * filter), time the linear scan on the same queries in the same run, and check that both find the
 * planted files.
 */
import { appendFileSync, mkdtempSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openSearchDb } from "../../src/search/db/db.js";
import { querySearchDb } from "../../src/search/query/index.js";
import type { SearchFilter } from "../../src/search/query/types.js";
import { syncSearchDb } from "../../src/search/sync/index.js";
import { NOW_MS, plantedIndex, writeCorpus } from "./generate.js";
import { type Profile, profileQueries } from "./profile.js";
import { type BenchQuery, QUERY_KINDS, type QueryKind } from "./queries.js";
import { buildScanCache, scanCached, scanQuery } from "./scan.js";
import { median, type Stats, stats } from "./stats.js";

/** The project root the synthetic memories belong to (a path that is never read). */
export const PROJECT = "/bench/project";
/** What UserPromptSubmit recall passes (src/app/inject/recall.ts), minus the surfaced keys. */
export const RECALL_FILTER: SearchFilter = { sources: ["memories"], project: PROJECT };
export const LIMIT = 5;

export interface SizeOptions {
  queries: BenchQuery[];
  /** How many queries (a prefix of `queries`) the file-reading scan answers. */
  scanQueries: number;
  /** Timed passes over the queries (after one warm-up pass). */
  rounds: number;
  /** Parent dir of the corpus (default: the OS temp dir); the corpus is removed unless `keep`. */
  parent?: string;
  keep?: boolean;
  /** Stage profile (EXPLAIN QUERY PLAN, candidate counts, stage timings). */
  profile?: boolean;
  log?: (line: string) => void;
}

export interface SizeResult {
  n: number;
  dir: string;
  generateMs: number;
  buildMs: number;
  syncErrors: number;
  /** Index file bytes after a WAL checkpoint. */
  dbBytes: number;
  resyncMs: number;
  resyncOneMs: number;
  query: Stats;
  byKind: Record<QueryKind, Stats>;
  scan: Stats;
  scanCached: Stats;
  /**
   * Checks, as [passed, of]: a single planted token finds its file first (index, scan); a planted
   * token with a common word has its file in the index's top 5; queries that should hit do; misses don't.
   */
  checks: {
    plantedIndex: [number, number];
    plantedScan: [number, number];
    plantedTop5: [number, number];
    nonEmpty: [number, number];
    missEmpty: [number, number];
  };
  /** Top-5 paths per query (index), in query order; the test reads them. */
  indexTop: string[][];
  /** Top-5 file names per scanned query (scan), for the first `scanQueries` queries. */
  scanTop: string[][];
  profile?: Profile;
}

function time<T>(f: () => T): [T, number] {
  const t0 = performance.now();
  const v = f();
  return [v, performance.now() - t0];
}

async function timeAsync<T>(f: () => Promise<T>): Promise<[T, number]> {
  const t0 = performance.now();
  const v = await f();
  return [v, performance.now() - t0];
}

/** Runs one size. The corpus and its index live in a fresh temp dir. */
export async function runSize(n: number, opts: SizeOptions): Promise<SizeResult> {
  const log = opts.log ?? (() => {});
  const dir = mkdtempSync(join(opts.parent ?? tmpdir(), `memdir-bench-search-${n}-`));
  const memoryDir = join(dir, "memory");
  const roots = { project: PROJECT, memoryDir };
  const db = openSearchDb(join(dir, "index", "search.db"));
  try {
    const [files, generateMs] = time(() => writeCorpus(memoryDir, n));
    log(`  ${n}: wrote ${n} files in ${(generateMs / 1000).toFixed(1)} s`);
    const [built, buildMs] = await timeAsync(() => syncSearchDb(db, roots, NOW_MS));
    if (built.added !== n) throw new Error(`first sync added ${built.added} of ${n} files`);
    log(`  ${n}: built the index in ${(buildMs / 1000).toFixed(1)} s (${built.errors.length} errors)`);
    db.pragma("wal_checkpoint(TRUNCATE)");
    const dbBytes = statSync(join(dir, "index", "search.db")).size;
    const resync: number[] = [];
    for (let i = 0; i < 5; i++) {
      const [r, ms] = await timeAsync(() => syncSearchDb(db, roots, NOW_MS));
      if (r.unchanged !== n) throw new Error(`no-change re-sync saw ${r.unchanged} unchanged of ${n}`);
      resync.push(ms);
    }

    const qs = opts.queries;
    const run = (q: BenchQuery) =>
      querySearchDb(db, q.text, { nowMs: NOW_MS, limit: LIMIT, filter: RECALL_FILTER });
    const indexTop = qs.map((q) => run(q).map((h) => h.path)); // warm-up pass, and the results
    const samples: number[] = [];
    const kindSamples = new Map<QueryKind, number[]>(QUERY_KINDS.map((k) => [k, []]));
    for (let round = 0; round < opts.rounds; round++) {
      for (const q of qs) {
        const [, ms] = time(() => run(q));
        samples.push(ms);
        kindSamples.get(q.kind)!.push(ms);
      }
    }
    const query = stats(samples);
    log(`  ${n}: query p50 ${query.p50.toFixed(2)} ms, p95 ${query.p95.toFixed(2)} ms`);

    const scanned = qs.slice(0, Math.min(qs.length, opts.scanQueries));
    const scanMs: number[] = [];
    const scanTop: string[][] = [];
    for (const q of scanned) {
      const [hits, ms] = time(() => scanQuery(memoryDir, q.text, LIMIT));
      scanMs.push(ms);
      scanTop.push(hits.map((h) => h.file));
    }
    const scan = stats(scanMs);
    log(`  ${n}: scan (${scanned.length} queries) p50 ${scan.p50.toFixed(1)} ms`);
    const cache = buildScanCache(memoryDir);
    const cachedMs = qs.map((q) => time(() => scanCached(cache, q.text, LIMIT))[1]);

    const fileOf = (j: number) => join(memoryDir, files[plantedIndex(j, n)]!);
    const planted = qs.map((q, i) => ({ q, i })).filter(({ q }) => q.kind === "planted");
    // Single-token planted queries must put their file first in both. With a common word added,
    // BM25 may rightly put a file with that word in its name first: the file must be in the top 5.
    const pure = planted.filter(({ q }) => !q.text.includes(" "));
    const mixed = planted.filter(({ q }) => q.text.includes(" "));
    const plantedIndexOk = pure.filter(({ q, i }) => indexTop[i]![0] === fileOf(q.planted!)).length;
    const plantedTop5 = mixed.filter(({ q, i }) => indexTop[i]!.includes(fileOf(q.planted!))).length;
    const plantedScanOk = pure.filter(({ q, i }) => {
      const top = i < scanTop.length ? scanTop[i]! : scanQuery(memoryDir, q.text, LIMIT).map((h) => h.file);
      return top[0] !== undefined && join(memoryDir, top[0]) === fileOf(q.planted!);
    }).length;
    const shouldHit = qs.map((q, i) => ({ q, i })).filter(({ q }) => q.kind !== "miss");
    const misses = qs.map((q, i) => ({ q, i })).filter(({ q }) => q.kind === "miss");

    const profile = opts.profile ? profileQueries(db, qs, RECALL_FILTER, NOW_MS, LIMIT) : undefined;

    const one: number[] = [];
    for (let i = 0; i < 3; i++) {
      appendFileSync(join(memoryDir, files[i]!), `Edited again ${i}.\n`);
      const [r, ms] = await timeAsync(() => syncSearchDb(db, roots, NOW_MS));
      if (r.changed !== 1) throw new Error(`one-file re-sync changed ${r.changed} files`);
      one.push(ms);
    }
    return {
      n,
      dir,
      generateMs,
      buildMs,
      syncErrors: built.errors.length,
      dbBytes,
      resyncMs: median(resync),
      resyncOneMs: median(one),
      query,
      byKind: Object.fromEntries([...kindSamples].map(([k, v]) => [k, stats(v)])) as Record<QueryKind, Stats>,
      scan,
      scanCached: stats(cachedMs),
      checks: {
        plantedIndex: [plantedIndexOk, pure.length],
        plantedTop5: [plantedTop5, mixed.length],
        plantedScan: [plantedScanOk, pure.length],
        nonEmpty: [shouldHit.filter(({ i }) => indexTop[i]!.length > 0).length, shouldHit.length],
        missEmpty: [misses.filter(({ i }) => indexTop[i]!.length === 0).length, misses.length],
      },
      indexTop,
      scanTop,
      ...(profile ? { profile } : {}),
    };
  } finally {
    db.close();
    if (!opts.keep) rmSync(dir, { recursive: true, force: true });
  }
}
