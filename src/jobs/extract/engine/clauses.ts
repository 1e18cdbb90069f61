/**
 * Coordinated clauses of one sentence ("the runbook is <url> and the alert pages the PagerDuty
 * service PXK42QZ", "스키마 바꾸는 PR은 DBA 리뷰 필수고, 리뷰 요청은 슬랙 #dba-review 채널에 올리면
 * 돼요"): a sentence that holds a pointer may also hold a rule or a second pointer, each its own
 * memory. Pure string functions.
 */
import { isKorean } from "./cues.js";
import { URL } from "./reference-systems.js";

/** English coordination before a new subject: ", and the …", " and our …", "; the …". */
const EN_JOIN =
  /,?\s+and\s+(?=(?:the|our|their|its|we|they|it|you|there|all|every|new|if|when|whenever)\s)|,\s+(?=(?:and\s+)?(?:the|our)\s+[\w./-]+(?:\s+[\w./-]+){0,3}\s+(?:is|are|goes|go|lives|sits|pages|gets|must|should|needs)\b)/i;
/** Korean coordination: a connective ending ("…필수고,", "…있고,", "…하며,") or a comma between clauses. */
const KO_JOIN = /(?<=[\uac00-\ud7a3])(?:고|며|구)\s*,\s+|,\s+/;
/** A clause needs this many words to stand alone. */
const MIN_WORDS = 3;

/** The clauses of `sentence` in order (the sentence itself when it has no coordination). */
export function splitClauses(sentence: string): string[] {
  const join = isKorean(sentence) ? KO_JOIN : EN_JOIN;
  const parts = sentence.split(new RegExp(join.source, `${join.flags}g`)).map((p) => p.trim());
  if (parts.length < 2 || parts.some((p) => p.split(/\s+/).length < MIN_WORDS)) return [sentence];
  return parts;
}

/** A URL or a #channel. */
const LINK = new RegExp(`${URL.source}|#[a-z0-9][\\w-]{1,60}`, "gi");

/** URLs, #channels and service ids ("PXK42QZ", "PAY-OPS1") of `text`: the pointers a clause holds. */
export function pointersOf(text: string): string[] {
  const links = text.match(LINK) ?? [];
  const ids = text.replace(/\bhttps?:\/\/\S+/g, " ").match(/\b(?=[A-Z0-9-]*\d)[A-Z][A-Z0-9-]{3,}\b/g) ?? [];
  return [...links, ...ids];
}
