/**
 * Fragments: sentences that only make sense with the rule before them ("Keep those in separate
 * PRs", "I'd rather have …", "instead, …", "대신 …", "…으로 받아서 쓰면 돼요"). They fold into
 * that memory (its "How to apply") and never become memories of their own. A plain statement
 * between a rule and such a fragment may be the rule's reason (`reasonInto`).
 */
import { capitalize, contentWords, isKorean, norm, STOPWORDS, stripFiller, tidy } from "./cues.js";
import type { PlannedMemory } from "./types.js";

/** A sentence that leans on the one before it ("Keep those …", "I'd rather have …", "Keep that in mind …"). */
const FRAGMENT_ANAPHORIC =
  /^(?:(?:keep|put|do|make|leave|treat|handle|split)\s+(?:those|these|them|that|it|this|both)\b|(?:those|these|they|them)\s+(?:should|must|need|needs|go|belong|are|can)\b|same (?:for|goes)\b|that (?:goes|applies) (?:for|to)\b)/;
const FRAGMENT_FOLLOW_UP = /^(?:i'd rather|i would rather|instead\b|rather\b)/;
/** The alternative after a Korean prohibition ("대신 …", "…으로 받아서 쓰면 돼요"). */
const FRAGMENT_FOLLOW_UP_KO = /^대신(?:에)?\s|(?:으면|면)\s*(?:돼요|됩니다|돼|된다|되죠)$/;

/** "anaphoric" (needs the memory before it), "follow-up" (may fold into it) or `undefined`. */
export function fragmentKind(sentence: string): "anaphoric" | "follow-up" | undefined {
  const n = norm(stripFiller(sentence)).trim();
  if (FRAGMENT_ANAPHORIC.test(n)) return "anaphoric";
  if (FRAGMENT_FOLLOW_UP.test(n) || FRAGMENT_FOLLOW_UP_KO.test(tidy(n))) return "follow-up";
  return undefined;
}

/** Folds a fragment into a memory: a "How to apply" when it has none, else the end of its first line. */
export function foldInto(m: PlannedMemory, fragment: string): void {
  const f = `${capitalize(tidy(fragment))}.`;
  if (!m.body.includes("**How to apply:**")) {
    m.body = `${m.body}\n**How to apply:** ${f}`;
    return;
  }
  const lines = m.body.split("\n");
  lines[0] = `${lines[0]} ${f}`;
  m.body = lines.join("\n");
}

const NO_REASON = /\*\*Why:\*\* Stated by the user on [\d-]+ \(no reason given\)\./;

/** Content words of three characters or more, and Latin words inside Korean ("any는" → "any"). */
function topicWords(text: string): string[] {
  const latin = norm(text).match(/[a-z][a-z0-9.+#-]*[a-z0-9+#]/g) ?? [];
  const words = contentWords(text).filter((w) => w.length >= (isKorean(w) ? 2 : 3));
  return [...words, ...latin.filter((w) => w.length >= 2 && !STOPWORDS.has(w))];
}

/**
 * A plain statement right after a feedback or project memory that gave no reason, about the same
 * thing ("Don't ever force-push shared branches. … a force-push wipes their local work."): its
 * reason. Only
 * when the statement shares a content word with the memory or points back at it ("it …", "they
 * …"); returns true when it was taken.
 */
export function reasonInto(m: PlannedMemory, statement: string): boolean {
  if ((m.type !== "feedback" && m.type !== "project") || !NO_REASON.test(m.body)) return false;
  const rule = new Set(topicWords(m.description));
  const pointsBack = /^(?:it|it's|they|they're|this|that|these|those|그게|그건|이게|이건)(?=[\s,.]|$)/.test(
    norm(statement),
  );
  // a code token of the rule (`any`) meets its name in the statement (`no-explicit-any`)
  const code = (m.description.match(/`([^`]+)`/g) ?? []).map((c) => norm(c.slice(1, -1)));
  const parts = new Set(norm(statement).split(/[^a-z0-9_$]+/));
  const sharesCode = code.some((c) => parts.has(c));
  if (!pointsBack && !sharesCode && !topicWords(statement).some((w) => rule.has(w))) return false;
  m.body = m.body.replace(NO_REASON, `**Why:** ${capitalize(tidy(statement))}.`);
  return true;
}
