/**
 * Sentences that continue the memory before them in the same message, so one instruction stays
 * one memory with the user's details in it:
 * - the alternative after a prohibition ("이미 적용된 마이그레이션 파일은 절대 수정하지 마세요. …
 *   항상 새 V 번호로 파일 추가해 주세요", "never edit applied migrations. always add a new file"),
 *   a rule of its own by form, is that prohibition's "instead";
 * - a plain statement about the same thing after the reason ("그 뒤로 apply는 Atlantis PR에서만
 *   해요") is a detail of the rule, kept in the user's words.
 * Both need a shared topic word (Korean particles stripped). Pure; mutates only the given memory.
 */
import { KO_PARTICLES } from "../../../core/korean.js";
import { capitalize, contentWords, isKorean, norm, STOPWORDS, tidy } from "./cues.js";
import { ALTERNATIVE, INCIDENT, isInstruction, PROHIBITION } from "./feedback-cues.js";
import type { PlannedMemory } from "./types.js";

/** A Korean prohibition ending ("…지 마세요", "…금지", "…하면 안 돼요"). */
const PROHIBITION_KO =
  /(?:지 ?마(?:세요|요|라)?|지 ?말아(?:요|줘| ?주세요)?|지 말 것|금지|(?:하|되|쓰)면 안 ?(?:돼요|됩니다|돼|된다))$/;
/** A Korean request or imperative ending: an instruction, not a plain statement. */
const REQUEST_KO = /(?:줘|줘요|주세요|줄래요?|해라|하자|합시다|세요)$/;
const NO_REASON = /\*\*Why:\*\* Stated by the user on [\d-]+ \(no reason given\)\./;
/** At most this many detail sentences join one memory. */
const MAX_DETAILS = 2;

/** Content words of three letters or more (two Hangul syllables), Korean particles stripped. */
export function topicWords(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of contentWords(text)) {
    const ko = isKorean(w);
    const p = ko ? KO_PARTICLES.find((x) => w.endsWith(x) && w.length > x.length + 1) : undefined;
    const stem = p ? w.slice(0, -p.length) : w;
    if (stem.length >= (ko ? 2 : 3)) out.add(stem);
  }
  for (const latin of norm(text).match(/[a-z][a-z0-9.+#-]*[a-z0-9+#]/g) ?? [])
    if (!STOPWORDS.has(latin)) out.add(latin);
  return out;
}

function shares(a: string, b: string): boolean {
  const words = topicWords(a);
  for (const w of topicWords(b)) if (words.has(w)) return true;
  return false;
}

function isProhibition(rule: string): boolean {
  const t = tidy(rule);
  return isKorean(t) ? PROHIBITION_KO.test(t) : PROHIBITION.test(norm(t));
}

/**
 * True when `next` (a feedback memory of the sentence after `before`) is the alternative to the
 * prohibition `before`: a positive instruction about the same thing that gives no reason of its own.
 */
export function isAlternative(
  before: PlannedMemory,
  next: Omit<PlannedMemory, "rule" | "originSessionId" | "sources">,
): boolean {
  if (before.type !== "feedback" || next.type !== "feedback") return false;
  if (!isProhibition(before.description) || isProhibition(next.description)) return false;
  if (!NO_REASON.test(next.body)) return false;
  // "… Use the docker-compose Postgres instead": "instead" says it is the alternative
  return shares(before.description, next.description) || /\binstead\b/i.test(next.description);
}

/** Appends `text` to the first line of `m`'s body (the rule, in the user's words). */
export function appendToRule(m: PlannedMemory, text: string): void {
  const lines = m.body.split("\n");
  lines[0] = `${lines[0]} ${capitalize(tidy(text))}.`;
  m.body = lines.join("\n");
}

/**
 * Adds a plain statement about the same thing to `m` as a detail ("그 뒤로 apply는 Atlantis PR에서만
 * 해요"), when `m` already has a reason and fewer than MAX_DETAILS details. Never a question or an
 * instruction. Returns true when taken.
 */
export function detailInto(m: PlannedMemory, statement: string, taken: number): boolean {
  if (taken >= MAX_DETAILS || (m.type !== "feedback" && m.type !== "project")) return false;
  if (NO_REASON.test(m.body)) return false;
  const t = tidy(statement);
  if (/[?？]/.test(t) || isInstruction(t) || REQUEST_KO.test(t)) return false;
  if (!shares(m.description, t)) return false;
  appendToRule(m, t);
  return true;
}

/**
 * A sentence that opens by pointing back at its cause ("so from now on …", "since then the
 * decision is …", "that's why …", "그래서 …", "그 뒤로 …"): the sentence before it is the reason.
 */
const CAUSE_BEFORE =
  /^(?:so|since then|ever since(?: then)?|after that|from then on|that's why|that is why|because of that|which is why|hence|그래서|그러니까|그 뒤로|그 뒤로는|그 이후로|그 이후로는|그때부터|그 일 이후로)(?=[\s,]|$)/i;
/** A lead before the cause ("context:", "before you touch X, context:", "for context,"): not part of it. */
const CAUSE_LEAD = /^(?:.{0,80}?\b)?(?:context|background|for context|some context|heads up)\s*[:,—–-]\s*/i;

/**
 * Sets the Why of `m` (a memory of `sentence` that gave no reason) to `previous`, the plain
 * statement before it, when `sentence` opens with a back-pointing connective. Returns true when set.
 */
export function reasonBefore(m: PlannedMemory, previous: string | undefined, sentence: string): boolean {
  if (previous === undefined || (m.type !== "feedback" && m.type !== "project")) return false;
  if (!NO_REASON.test(m.body) || !CAUSE_BEFORE.test(norm(sentence).trim())) return false;
  const cause = tidy(previous.replace(CAUSE_LEAD, ""));
  if (cause === "" || /[?？]/.test(cause) || isInstruction(cause)) return false;
  m.body = m.body.replace(NO_REASON, `**Why:** ${capitalize(cause)}.`);
  return true;
}

/**
 * True when `sentence`, an instruction the rules refused as one-off, names the alternative to the
 * prohibition `before` ("no `any` anywhere in this codebase. use `unknown` and narrow it").
 */
export function namesAlternative(before: PlannedMemory, sentence: string): boolean {
  if (
    before.type !== "feedback" ||
    (!isProhibition(before.description) && !/^no\s/i.test(before.description))
  )
    return false;
  const t = norm(tidy(sentence));
  return !isKorean(t) && ALTERNATIVE.test(t) && !/[?？]/.test(t) && !PROHIBITION.test(t);
}

/** A statement of what happened once ("지난번에 모킹 때문에 …", "last time the cache …"): a reason by form. */
const INCIDENT_OPENING =
  /^(?:지난번에|지난번엔|지난달에|지난주에|예전에|작년에|저번에|전에|last (?:time|week|month|quarter|year|sprint|release)|the last time|once|yesterday|we once|a while ago)(?=[\s,]|$)/i;

/** Korean stems of `text` cut to two syllables ("모킹하지" → "모킹"): words meet across endings. */
function koreanStems(text: string): Set<string> {
  const out = new Set<string>();
  for (const w of text.match(/\p{Script=Hangul}{2,}/gu) ?? []) out.add(w.slice(0, 2));
  return out;
}

/**
 * The Why of `m` (a rule that gave none) from the statement right after it when that statement
 * tells what happened once, or shares a Korean stem with the rule. Returns true when set.
 */
export function reasonAfterRule(m: PlannedMemory, statement: string): boolean {
  if ((m.type !== "feedback" && m.type !== "project") || !NO_REASON.test(m.body)) return false;
  const t = tidy(statement);
  if (t === "" || /[?？]/.test(t) || isInstruction(t) || REQUEST_KO.test(t)) return false;
  const incident = INCIDENT_OPENING.test(norm(t)) || INCIDENT.test(norm(t));
  const stems = koreanStems(m.description);
  const sharesStem = isKorean(t) && [...koreanStems(t)].some((w) => stems.has(w));
  if (!incident && !sharesStem) return false;
  m.body = m.body.replace(NO_REASON, `**Why:** ${capitalize(t)}.`);
  return true;
}
