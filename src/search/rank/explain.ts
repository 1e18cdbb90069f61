/** Why a document ranked: which query terms it contains, and in which fields. */
import { type AnalyzedQuery, analyze } from "../analyze/index.js";
import type { Candidate, RankedHit } from "./types.js";

const FIELDS = ["name", "description", "body"] as const;

function containsRun(tokens: string[], phrase: string[]): boolean {
  outer: for (let i = 0; i + phrase.length <= tokens.length; i++) {
    for (let j = 0; j < phrase.length; j++) if (tokens[i + j] !== phrase[j]) continue outer;
    return true;
  }
  return false;
}

/** The run a phrase of overlapping bigrams spells (`["끝말", "말잇", "잇기"]` → `끝말잇기`). */
export function phraseText(p: string[]): string {
  return (
    (p[0] ?? "") +
    p
      .slice(1)
      .map((g) => Array.from(g).slice(1).join(""))
      .join("")
  );
}

/**
 * Matched query terms (CJK phrases shown as the run they spell) and the fields they matched in.
 * Re-analyzes the candidate's fields: call it for returned hits only.
 */
export function explain(q: AnalyzedQuery, fields: Candidate["fields"]): RankedHit["why"] {
  const terms: string[] = [];
  const hitFields: string[] = [];
  const perField = FIELDS.map((f) => analyze(fields[f] ?? ""));
  const sets = perField.map((toks) => new Set(toks));
  const found = new Set<number>();
  q.terms.forEach((t) => {
    let hit = false;
    sets.forEach((s, i) => {
      if (s.has(t)) {
        hit = true;
        found.add(i);
      }
    });
    if (hit) terms.push(t);
  });
  for (const p of q.phrases) {
    let hit = false;
    perField.forEach((toks, i) => {
      if (containsRun(toks, p)) {
        hit = true;
        found.add(i);
      }
    });
    if (hit)
      terms.push(
        p[0]! +
          p
            .slice(1)
            .map((g) => Array.from(g).slice(1).join(""))
            .join(""),
      );
  }
  FIELDS.forEach((f, i) => {
    if (found.has(i)) hitFields.push(f);
  });
  return { terms, fields: hitFields };
}
