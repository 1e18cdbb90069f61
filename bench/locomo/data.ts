/**
 * LoCoMo loader for the offline retrieval protocol (../shared/reference/peers-and-benchmarks.md §2.1,
 * §4): turns of each conversation as memories (T track), questions with normalized evidence ids.
 */
import { createHash } from "node:crypto";
import { readFileSync } from "node:fs";

/** Category ids of locomo10.json (NOT the mem0 paper's map; §2.1). */
export const CATEGORY_NAMES: Record<number, string> = {
  1: "multi-hop",
  2: "temporal",
  3: "open-domain",
  4: "single-hop",
  5: "adversarial",
};

/** One turn, stored as one memory (T track). */
export interface Turn {
  /** Canonical dia_id, `D<session>:<turn>`. */
  diaId: string;
  session: number;
  /** Chronological position in the conversation, 0-based. */
  seq: number;
  speaker: string;
  /** `"<speaker>: <text>"` plus `" [shares image: <blip_caption>]"` when the turn has an image. */
  body: string;
  /** The session's `date_time` as written in the file ("1:56 pm on 8 May, 2023"). */
  date: string;
  /** That date in ms since the epoch (UTC), or 0 when it does not parse. */
  dateMs: number;
}

export interface Question {
  /** `<sampleId>#<qaIndex>`. */
  id: string;
  question: string;
  category: number;
  /** Normalized evidence ids (may include ids absent from the conversation: unretrievable). */
  evidence: string[];
}

export interface Conversation {
  sampleId: string;
  turns: Turn[];
  questions: Question[];
  /** Questions dropped because their evidence list is empty. */
  skippedEmpty: number;
}

export interface Dataset {
  conversations: Conversation[];
  sha256: string;
  bytes: number;
}

/**
 * Tolerant evidence parsing: `D8:6; D9:17`, `D:11:26`, `D30:05`, space-separated lists and a bare
 * `D` (dropped) all normalize to `D<session>:<turn>` with no leading zeros.
 */
export function parseEvidence(raw: unknown): string[] {
  const items = Array.isArray(raw) ? raw : [raw];
  const out: string[] = [];
  for (const item of items) {
    for (const m of String(item ?? "").matchAll(/D:?(\d+):0*(\d+)/g)) {
      const id = `D${Number(m[1])}:${Number(m[2])}`;
      if (!out.includes(id)) out.push(id);
    }
  }
  return out;
}

const MONTHS = [
  "january",
  "february",
  "march",
  "april",
  "may",
  "june",
  "july",
  "august",
  "september",
  "october",
  "november",
  "december",
];

/** Parses LoCoMo's `"1:56 pm on 8 May, 2023"` (UTC); 0 when it does not parse. */
export function parseSessionDate(s: string): number {
  const m = /(\d{1,2}):(\d{2})\s*(am|pm)\s+on\s+(\d{1,2})\s+([A-Za-z]+),?\s+(\d{4})/i.exec(s);
  if (!m) return 0;
  const month = MONTHS.indexOf(m[5]!.toLowerCase());
  if (month < 0) return 0;
  let h = Number(m[1]) % 12;
  if (m[3]!.toLowerCase() === "pm") h += 12;
  return Date.UTC(Number(m[6]), month, Number(m[4]), h, Number(m[2]));
}

interface RawTurn {
  speaker: string;
  dia_id: string;
  text: string;
  blip_caption?: string;
}

/** Reads and normalizes `locomo10.json`. Throws on a file that is not the LoCoMo layout. */
export function loadLocomo(path: string): Dataset {
  const buf = readFileSync(path);
  const raw = JSON.parse(buf.toString("utf8")) as Array<Record<string, unknown>>;
  if (!Array.isArray(raw)) throw new Error(`${path}: expected a JSON array of LoCoMo samples`);
  const conversations = raw.map((sample): Conversation => {
    const conv = sample.conversation as Record<string, unknown>;
    const sessions = Object.keys(conv)
      .map((k) => /^session_(\d+)$/.exec(k))
      .filter((m): m is RegExpExecArray => m !== null)
      .map((m) => Number(m[1]))
      .sort((a, b) => a - b);
    const turns: Turn[] = [];
    for (const n of sessions) {
      const date = String(conv[`session_${n}_date_time`] ?? "");
      for (const t of (conv[`session_${n}`] as RawTurn[]) ?? []) {
        const [diaId] = parseEvidence(t.dia_id);
        if (!diaId) continue;
        const caption = t.blip_caption ? ` [shares image: ${t.blip_caption}]` : "";
        turns.push({
          diaId,
          session: n,
          seq: turns.length,
          speaker: t.speaker,
          body: `${t.speaker}: ${t.text}${caption}`,
          date,
          dateMs: parseSessionDate(date),
        });
      }
    }
    const sampleId = String(sample.sample_id);
    let skippedEmpty = 0;
    const questions: Question[] = [];
    (sample.qa as Array<Record<string, unknown>>).forEach((qa, i) => {
      const evidence = parseEvidence(qa.evidence);
      if (evidence.length === 0) {
        skippedEmpty++;
        return;
      }
      questions.push({
        id: `${sampleId}#${i}`,
        question: String(qa.question),
        category: Number(qa.category),
        evidence,
      });
    });
    return { sampleId, turns, questions, skippedEmpty };
  });
  return { conversations, sha256: createHash("sha256").update(buf).digest("hex"), bytes: buf.length };
}

/**
 * The fixed development/test split: conversations at even positions of locomo10.json (0, 2, 4, 6, 8)
 * are the development half (ranking is tuned on them only), odd positions the test half.
 */
export function splitOf(index: number): "dev" | "test" {
  return index % 2 === 0 ? "dev" : "test";
}
