/**
 * Lead-ins before the signal of a longer prompt: "hold on though, before you push: never
 * force-push …", "that goes for everything you write here: early returns …", "for context, this
 * isn't a one-off: the SOC 2 auditors are here March 3 …". The rules anchor at the start of a
 * sentence, so a lead-in before a colon hides the statement after it. Filler words ("great.",
 * "anyway", "참고로") are removed by `stripFiller` (cues.ts); this module handles the colon form.
 */
import { norm, objection, stripFiller } from "./cues.js";
import { isInstruction } from "./rules-feedback.js";

/** A sentence taken apart at a lead-in colon: the lead (context) and the statement after it. */
export interface LeadSplit {
  lead: string;
  rest: string;
}

/** "<lead>: <statement>": a short lead (no URL, code or question) and a clause that starts with a word. */
const COLON_LEAD = /^([^:`]{3,100}?)\s*:\s+(?!\/\/)(?=[\p{L}"'“‘])(.+)$/u;
/** A lead that asks for something: the part after the colon is its object, not a statement of its own. */
const REQUEST_LEAD =
  /^(?:can|could|would|will|please|pls|fix|add|implement|rename|change|update|refactor|write|create|make|run|check|look|try|help|explain|show|tell|give|list|find|remove|delete|replace|move|set|print|use|here(?:'s| is| are)|see|compare|i (?:need|want|get|got|see)|we (?:need|want|get|got)|error|warning|output|result|log|logs)\b/;
const MAX_LEAD_WORDS = 14;
/** A statement that points back at the lead ("…: it's in Notion", "…: they live in Grafana"). */
const BACK_REFERENCE = /^(?:it|its|it's|they|they're|them|this|that|these|those)\b/;
/** A label: every word capitalized ("Default", "Core Rules", "Next Steps"); people type lead-ins as clauses. */
const LABEL =
  /^(?:[\p{Lu}\d][\p{L}\p{N}'-]*)(?:\s+(?:[\p{Lu}\d][\p{L}\p{N}'-]*|of|and|or|the|for|to|in|on))*$/u;

/**
 * The statement after a lead-in colon, or `undefined` when `sentence` has none. The lead must be
 * context, not content: not a question, request or instruction (whose object follows the colon:
 * "fix this: …", "never restart the workers by hand: the autoscaler fights you" keep their
 * colon), without a short-lived marker or hedge (which would apply to the statement too), and
 * at most MAX_LEAD_WORDS words, and not a label of a pasted document ("Default: …"). The
 * statement must be two words or more and not a URL.
 */
export function splitLead(sentence: string): LeadSplit | undefined {
  const m = COLON_LEAD.exec(sentence.trim());
  if (!m) return undefined;
  const lead = m[1]!.trim();
  const rest = m[2]!.trim();
  if (/https?:|[?？]/.test(lead) || lead.split(/\s+/).length > MAX_LEAD_WORDS) return undefined;
  // "Default: Use beads for …", "Core Rules: …": a label of a pasted document, not a lead-in
  if (LABEL.test(lead.replace(/[^\p{L}\p{N}\s'-]/gu, "").trim())) return undefined;
  if (rest.split(/\s+/).length < 2 || /^https?:/i.test(rest)) return undefined;
  // "the deploy runbook: it's in Notion": the lead is the subject of the statement, not a lead-in
  if (BACK_REFERENCE.test(norm(rest))) return undefined;
  const plain = stripFiller(lead);
  const n = norm(plain);
  if (REQUEST_LEAD.test(n) || (plain !== "" && isInstruction(plain))) return undefined;
  if (objection(lead) !== undefined) return undefined;
  return { lead, rest };
}
