/** The Markdown report of a LoCoMo run (bench/RESULTS.md, between the locomo markers). */
import { spliceSection } from "../shared/splice.js";
import { CATEGORY_NAMES, type Dataset } from "./data.js";
import type { EngineScores, RunResult } from "./harness.js";
import { type Row, table } from "./metrics.js";

export const START = "<!-- locomo:start -->";
export const END = "<!-- locomo:end -->";

const f1 = (x: number) => x.toFixed(1);

/** Rows of the headline table: cats 4, 1, 2, 3, then overall 1-4 (adversarial left out). */
const HEADLINE = [0, 1, 2, 3, 5];

function detail(rows: Row[]): string[] {
  const out = ["| category | n | R@5 | R@10 | any@10 | all@10 | MRR@10 | tokens@10 | p50 ms | p95 ms |"];
  out.push(`|${" --- |".repeat(10)}`);
  for (const r of rows) {
    const cells = [r.label, String(r.n), f1(r.recall[5]!), f1(r.recall[10]!), f1(r.any10), f1(r.all10)];
    cells.push(f1(r.mrr), r.tokens10.toFixed(0), r.p50.toFixed(2), r.p95.toFixed(2));
    out.push(`| ${cells.join(" | ")} |`);
  }
  return out;
}

function both(s: EngineScores): { m: Row[]; b: Row[] } {
  return { m: table(s.memdir, CATEGORY_NAMES), b: table(s.baseline, CATEGORY_NAMES) };
}

/** The R@10 table per category: memdir and the in-run BM25 baseline, dev / test / all. */
function headline(res: RunResult): string[] {
  const dev = both(res.dev);
  const test = both(res.test);
  const all = both({
    memdir: [...res.dev.memdir, ...res.test.memdir],
    baseline: [...res.dev.baseline, ...res.test.baseline],
  });
  const out = [
    "| category | dev n | dev memdir | dev BM25 | test n | test memdir | test BM25 | all memdir | all BM25 |",
    `|${" --- |".repeat(9)}`,
  ];
  for (const i of HEADLINE) {
    const c = (t: { m: Row[]; b: Row[] }) => [f1(t.m[i]!.recall[10]!), f1(t.b[i]!.recall[10]!)];
    const cells = [
      dev.m[i]!.label,
      String(dev.m[i]!.n),
      ...c(dev),
      String(test.m[i]!.n),
      ...c(test),
      ...c(all),
    ];
    out.push(`| ${cells.join(" | ")} |`);
  }
  return out;
}

export interface ReportMeta {
  date: string;
  node: string;
  /** os.loadavg() (1, 5, 15 min) at the start and at the end of the run. */
  loadStart: number[];
  loadEnd: number[];
  cores: number;
}

/** The report section (markers included). */
export function renderReport(ds: Dataset, res: RunResult, meta: ReportMeta): string {
  const turns = ds.conversations.reduce((a, c) => a + c.turns.length, 0);
  const load = (l: number[]) => l.map((x) => x.toFixed(2)).join(" / ");
  const dev = both(res.dev);
  const test = both(res.test);
  return [
    START,
    "## LoCoMo retrieval (bench/locomo/run.mjs)",
    "",
    `Measured ${meta.date}, Node ${meta.node}, ${meta.cores} cores, load average (1/5/15 min) ${load(meta.loadStart)}`,
    `at the start and ${load(meta.loadEnd)} at the end. Dataset \`locomo10.json\` (${ds.bytes} bytes, sha256`,
    `\`${ds.sha256}\`): ${ds.conversations.length} conversations, ${turns} turns. Split (fixed, \`splitOf\` in`,
    "bench/locomo/data.ts): conversations 0, 2, 4, 6, 8 of the file are the development half (ranking is tuned",
    "on them only), 1, 3, 5, 7, 9 the test half. The memdir engine is the user-facing path: each conversation is a",
    "memory dir of one topic file per turn in the shape the store writes (bench/locomo/engine.ts), asked through",
    "`runSearch`, the function behind `memdir search --json --limit 10`. R@k = mean fraction of evidence turns",
    "in the top k hits (LoCoMo paper definition), in percent; questions with empty evidence skipped; category",
    "ids of the file (1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop). No LLM, no embeddings.",
    "",
    "### R@10 per category, memdir vs the plain BM25 baseline of the same run",
    "",
    ...headline(res),
    "",
    "### memdir, development half",
    "",
    ...detail(dev.m),
    "",
    "### memdir, test half",
    "",
    ...detail(test.m),
    "",
    "### plain BM25 baseline (one index per conversation, [a-z0-9]+, 80 stopwords, k1 1.2, b 0.75), test half",
    "",
    ...detail(test.b),
    "",
    "Latency here is a whole `runSearch` (the sync's check of the memory dir's files included), in process.",
    END,
  ].join("\n");
}

/** `file` with this bench's section replaced (or appended at the end when absent). */
export function spliceReport(file: string, section: string): string {
  return spliceSection(file, section, START, END);
}
