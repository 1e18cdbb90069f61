/** The Markdown section of bench/search in bench/RESULTS.md (between the search markers). */
import { spliceSection } from "../shared/splice.js";
import { SEED } from "./generate.js";
import type { SizeResult } from "./measure.js";
import { STAGES } from "./profile.js";
import { QUERY_KINDS } from "./queries.js";

export const START = "<!-- search:start -->";
export const END = "<!-- search:end -->";

/** The search index's bar: at 100k documents, p50 under 5 ms and at least 50x faster than the scan. */
export const BAR = { n: 100_000, p50Ms: 5, ratio: 50 } as const;

const ms = (x: number) =>
  Number.isNaN(x) ? "-" : x >= 100 ? x.toFixed(0) : x >= 10 ? x.toFixed(1) : x.toFixed(2);
const count = (n: number) => (n >= 1000 && n % 1000 === 0 ? `${n / 1000}k` : String(n));
const frac = ([a, b]: [number, number]) => `${a}/${b}`;

export function mainTable(rows: SizeResult[]): string[] {
  const out = [
    "| files | build from empty (s) | re-sync, no change (ms) | re-sync, 1 changed (ms) | index (MB) | query p50 (ms) | query p95 (ms) | scan p50 (ms) | scan p95 (ms) | scan / query (p50) | cached scan p50 (ms) | cached scan / query |",
    `|${" --- |".repeat(12)}`,
  ];
  for (const r of rows) {
    out.push(
      `| ${count(r.n)} | ${(r.buildMs / 1000).toFixed(2)} | ${ms(r.resyncMs)} | ${ms(r.resyncOneMs)} | ${(r.dbBytes / 1e6).toFixed(1)} | ${ms(r.query.p50)} | ${ms(r.query.p95)} | ${ms(r.scan.p50)} (${r.scan.n} q) | ${ms(r.scan.p95)} | ${(r.scan.p50 / r.query.p50).toFixed(0)}x | ${ms(r.scanCached.p50)} | ${(r.scanCached.p50 / r.query.p50).toFixed(1)}x |`,
    );
  }
  return out;
}

export function checksTable(rows: SizeResult[]): string[] {
  const out = [
    "| files | planted token: file first (index) | planted token: file first (scan) | planted token + word: file in top 5 (index) | non-miss queries with hits | miss queries empty | files that failed to index |",
    `|${" --- |".repeat(7)}`,
  ];
  for (const r of rows) {
    const c = r.checks;
    out.push(
      `| ${count(r.n)} | ${frac(c.plantedIndex)} | ${frac(c.plantedScan)} | ${frac(c.plantedTop5)} | ${frac(c.nonEmpty)} | ${frac(c.missEmpty)} | ${r.syncErrors} |`,
    );
  }
  return out;
}

export function kindTable(r: SizeResult): string[] {
  const out = [
    `| query kind (${count(r.n)} files) | samples | p50 (ms) | p95 (ms) | max (ms) |`,
    `|${" --- |".repeat(5)}`,
  ];
  for (const k of QUERY_KINDS) {
    const s = r.byKind[k];
    out.push(`| ${k} | ${s.n} | ${ms(s.p50)} | ${ms(s.p95)} | ${ms(s.max)} |`);
  }
  return out;
}

const STAGE_NOTES: Record<(typeof STAGES)[number], string> = {
  plan: "planQuery: analysis + one fts_vocab lookup per unit",
  candidates:
    "candidateRows: the AND of the rarest units (large index), the OR within the postings budget when the AND found < 5, the LIKE fallback",
  rankAndHits: "rankRows: neighbour positions, rank() limit 5 with lazy full rows, snippets + meta of the 5",
  unpruned: "for comparison, not on the query path: querySearchDb with the OR of every unit",
};

export function profileTable(r: SizeResult): string[] {
  const p = r.profile;
  if (!p) return [];
  const out = [
    `| stage (${count(r.n)} files) | queries | p50 (ms) | p95 (ms) | what |`,
    `|${" --- |".repeat(5)}`,
  ];
  for (const s of STAGES) {
    const st = p.stages[s];
    out.push(`| ${s} | ${st.n} | ${ms(st.p50)} | ${ms(st.p95)} | ${STAGE_NOTES[s]} |`);
  }
  const pct = (a: number, b: number) => `${b ? ((100 * a) / b).toFixed(0) : "-"}%`;
  out.push(
    "",
    `Rows FTS5 scores per query (bm25 for every match before the LIMIT): p50 ${p.scored.p50.toFixed(0)}, p95 ${p.scored.p95.toFixed(0)}, max ${p.scored.max}; unpruned OR p50 ${p.scoredUnpruned.p50.toFixed(0)}, p95 ${p.scoredUnpruned.p95.toFixed(0)}, max ${p.scoredUnpruned.max}.`,
    `The AND alone answered ${p.andOnly} of ${p.queries} queries. Pruned vs unpruned top 5 (${p.compared} queries with hits): same first hit ${pct(p.sameTop1, p.compared)}, mean overlap ${(100 * p.overlap5).toFixed(0)}%.`,
    `EXPLAIN QUERY PLAN: ${p.plan.map((l) => `\`${l}\``).join(" · ")}`,
  );
  return out;
}

export function verdict(rows: SizeResult[]): string {
  const r = rows.find((x) => x.n === BAR.n);
  if (!r)
    return `Bar (at ${count(BAR.n)} files p50 < ${BAR.p50Ms} ms and >= ${BAR.ratio}x the scan): not measured in this run.`;
  const ratio = r.scan.p50 / r.query.p50;
  const ok1 = r.query.p50 < BAR.p50Ms;
  const ok2 = ratio >= BAR.ratio;
  return `Bar at ${count(BAR.n)} files: query p50 ${ms(r.query.p50)} ms (< ${BAR.p50Ms} ms: ${ok1 ? "met" : "MISSED"}), ${ratio.toFixed(0)}x the linear scan (>= ${BAR.ratio}x: ${ok2 ? "met" : "MISSED"}).`;
}

export interface RunMeta {
  date: string;
  node: string;
  sqlite: string;
  cpus: number;
  queries: number;
  rounds: number;
}

/** The whole section, markers included. */
export function renderReport(rows: SizeResult[], meta: RunMeta): string {
  const big = rows[rows.length - 1];
  return [
    START,
    "## search database (bench/search/run.mjs)",
    "",
    `Measured ${meta.date}, Node ${meta.node}, SQLite ${meta.sqlite}, ${meta.cpus} cores. Synthetic topic files in the`,
    `memdir format (seed ${SEED}: Zipf words over ~2,900 English forms, ~5% identifiers (20k concepts) in camelCase / snake_case /`,
    "paths, ~5% of files with a Korean or Chinese sentence, 0.5% CJK only; 8 memories per origin session).",
    `${meta.queries} fixed queries (55% prompt-like words, 20% identifiers, 10% CJK, 10% misses, 5% planted unique`,
    `tokens), \`querySearchDb(limit 5)\` with the recall filter (memories of the project + user scope), warm, in`,
    `process: one warm-up pass, then ${meta.rounds} timed passes pooled. The scan runs in the same process right after:`,
    "list the dir, read every file from the (warm) page cache, lowercase word split, score by distinct query words",
    "matched, top 5 — a fresh read per query, as grep would; at large sizes it answers a prefix of the (shuffled)",
    'query list, its time hardly depends on the query. "Cached scan" keeps every file pre-split in memory (no I/O,',
    "no tokenizing per query): the floor of any scan. Re-sync = `syncSearchDb` again (what every recall hook does before",
    "it queries): median of 5 with nothing changed on disk, median of 3 with one file appended to each time.",
    "",
    ...mainTable(rows),
    "",
    verdict(rows),
    "",
    ...checksTable(rows),
    ...(big ? ["", ...kindTable(big)] : []),
    ...(big?.profile ? ["", ...profileTable(big)] : []),
    END,
  ].join("\n");
}

/** `file` with this bench's section replaced (or appended at the end when absent). */
export function spliceReport(file: string, section: string): string {
  return spliceSection(file, section, START, END);
}
