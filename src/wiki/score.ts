/**
 * Keyword + tag scoring of pages: a query scores by keyword and tag matches, no embeddings.
 * Pure and small: the search index serves real queries; this breaks ties and serves
 * a wiki without an index. Words come from store's `contentWords` (NFKC, lower case, stopwords
 * dropped, light stemming); a query word in a CJK script matches as a substring, since those
 * scripts do not separate words with spaces.
 */
import { contentWords } from "../store/similarity.js";
import type { PageScore, WikiPage } from "./types.js";

/** Points per matched query word, by the best field it matched in. */
export const SCORE_WEIGHTS = { tag: 3, title: 2, category: 1.5, body: 1 } as const;

const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;
const fold = (s: string) => s.normalize("NFKC").toLowerCase();

/** What `scorePages` needs of a page. */
export type ScorablePage = Pick<WikiPage, "slug" | "title" | "tags" | "body"> & { category?: string };

interface Field {
  words: Set<string>;
  text: string;
}
const field = (s: string): Field => ({ words: contentWords(s), text: fold(s) });
const has = (f: Field, term: string) => f.words.has(term) || (CJK.test(term) && f.text.includes(term));

/**
 * Scores each page against `query`: for every distinct query word, the weight of the best field
 * it occurs in (tag 3, title 2, category 1.5, body 1), summed. Pages scoring 0 are left out.
 * Sorted by score (highest first), then slug. An empty or stopword-only query gives `[]`. Never throws.
 */
export function scorePages(pages: readonly ScorablePage[], query: string): PageScore[] {
  const terms = typeof query === "string" ? [...contentWords(query)] : [];
  if (terms.length === 0) return [];
  const out: PageScore[] = [];
  for (const p of pages) {
    const tags = p.tags.map((t) => ({ tag: t, f: field(t.replace(/-/g, " ")) }));
    const title = field(p.title);
    const category = field(p.category ?? "");
    let body: Field | undefined; // the largest field: built only when needed
    let score = 0;
    const matched: string[] = [];
    const matchedTags = new Set<string>();
    for (const term of terms) {
      let w = 0;
      for (const t of tags) {
        if (has(t.f, term)) {
          matchedTags.add(t.tag);
          w = SCORE_WEIGHTS.tag;
        }
      }
      if (w === 0 && has(title, term)) w = SCORE_WEIGHTS.title;
      if (w === 0 && has(category, term)) w = SCORE_WEIGHTS.category;
      if (w === 0) {
        body ??= field(p.body);
        if (has(body, term)) w = SCORE_WEIGHTS.body;
      }
      if (w > 0) {
        score += w;
        matched.push(term);
      }
    }
    if (score > 0) out.push({ slug: p.slug, score, terms: matched, tags: [...matchedTags] });
  }
  return out.sort((a, b) => b.score - a.score || (a.slug < b.slug ? -1 : a.slug > b.slug ? 1 : 0));
}
