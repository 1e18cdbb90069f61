/** The Markdown report of a LoCoMo run (bench/RESULTS.md, between the locomo markers). */
import { spliceSection } from "../shared/splice.js";
import { CATEGORY_NAMES, type Dataset } from "./data.js";
import type { RunResult } from "./harness.js";
import { type Row, table } from "./metrics.js";

export const START = "<!-- locomo:start -->";
export const END = "<!-- locomo:end -->";

const f1 = (x: number) => x.toFixed(1);

function lines(rows: Row[], latency: boolean): string[] {
  const head = "| category | n | R@5 | R@10 | R@25 | R@50 | any@10 | all@10 | MRR | tokens@10 |";
  const out = [latency ? `${head} p50 ms | p95 ms |` : head];
  out.push(`|${" --- |".repeat(latency ? 12 : 10)}`);
  for (const r of rows) {
    const cells = [
      r.label,
      String(r.n),
      f1(r.recall[5]!),
      f1(r.recall[10]!),
      f1(r.recall[25]!),
      f1(r.recall[50]!),
    ];
    cells.push(f1(r.any10), f1(r.all10), f1(r.mrr), r.tokens10.toFixed(0));
    if (latency) cells.push(r.p50.toFixed(2), r.p95.toFixed(2));
    out.push(`| ${cells.join(" | ")} |`);
  }
  return out;
}

/** The report section (markers included). */
export function renderReport(ds: Dataset, res: RunResult, meta: { date: string; node: string }): string {
  const m = table(res.memdir, CATEGORY_NAMES);
  const b = table(res.baseline, CATEGORY_NAMES);
  const delta = m.map((r, i) => `${r.label.replace(/\*/g, "")} ${f1(r.recall[10]! - b[i]!.recall[10]!)}`);
  const turns = ds.conversations.reduce((a, c) => a + c.turns.length, 0);
  return [
    START,
    "## LoCoMo retrieval (bench/locomo/run.mjs)",
    "",
    `Measured ${meta.date}, Node ${meta.node}. Dataset \`locomo10.json\` (${ds.bytes} bytes, sha256 \`${ds.sha256}\`):`,
    `${ds.conversations.length} conversations, ${turns} turns, one store per conversation; T track (one memory per`,
    "turn, body `<speaker>: <text>` + ` [shares image: <caption>]`); the raw question is the query; questions",
    "with empty evidence skipped; category ids of the file (1 multi-hop, 2 temporal, 3 open-domain, 4 single-hop,",
    "5 adversarial). R@k = mean fraction of evidence turns in the top k (LoCoMo paper definition), in percent;",
    "tokens@10 = characters of the top-10 bodies / 4; latency = one warm query, in process. No LLM, no embeddings.",
    "",
    "### memdir (analyze + FTS5 bm25 + rank)",
    "",
    ...lines(m, true),
    "",
    "### plain BM25 baseline (peers-and-benchmarks.md §2.6: [a-z0-9]+, 80 stopwords, k1 1.2, b 0.75; same run)",
    "",
    ...lines(b, true),
    "",
    `R@10 memdir − baseline: ${delta.join(" · ")}.`,
    "Anchors: DRAGON dense retriever (LoCoMo paper Table 3, dialog turns, all 5 categories) R@5 56.7, R@10 66.2,",
    "R@25 76.7, R@50 82.7; the reference's BM25 turn baseline cat 1-4 R@5 50.1, R@10 57.0.",
    END,
  ].join("\n");
}

/** `file` with this bench's section replaced (or appended at the end when absent). */
export function spliceReport(file: string, section: string): string {
  return spliceSection(file, section, START, END);
}
