/**
 * A list of standing rules in one message: an intro that announces rules ("a few rules for this
 * repo:", "이 레포에서 작업할 때 몇 가지만 지켜주세요") and two or more bullet or numbered items
 * ("- conventional commits", "2. 새 의존성 추가하기 전에 저한테 먼저 물어보기"). Each item is one
 * feedback memory in the user's words, whatever its grammar (items are often noun phrases). A list
 * of steps for the task ("do these:", "steps:") is not one.
 */
import { applyClause, GENERIC_HOW, oneLine, ruleBody, splitReason } from "./compose.js";
import { capitalize, contentWords, generalCue, isKorean, norm, objection, tidy } from "./cues.js";
import { memoryName } from "./name.js";
import type { RuleOutcome } from "./types.js";

const ITEM = /^\s*(?:[-*•]|\d{1,2}[.)])\s+(.+)$/;
/** An intro that announces rules to keep (English). */
const INTRO_EN =
  /\b(?:rules?|conventions?|guidelines?|ground rules|standards|policies|things to (?:know|keep in mind|remember)|(?:a few|some|couple(?: of)?) things(?: to (?:follow|keep in mind|remember))?|keep in mind|stick to|please follow|always follow)\b/;
/** An intro that announces rules to keep (Korean). */
const INTRO_KO = /(?:지켜|규칙|원칙|컨벤션|룰|약속|가이드|몇 가지|주의해|기억해)/;
/** An intro of task steps or a question: the items are the work at hand. */
const TASK_INTRO =
  /\b(?:steps?|todo|to-do|tasks?|next|do (?:these|this|the following)|fix|implement|can you|could you|please (?:do|fix|add|implement|make)|errors?|output|logs?|results?|options?|which)\b|[?？]|(?:해 ?줘|해 ?주세요|할까요|순서)\s*[:：]?$/;
const MAX_ITEM_CHARS = 200;

/** One list found in a message: the intro line, the items and the line numbers they occupy. */
export interface RuleList {
  intro: string;
  items: string[];
  lines: number[];
}

/** The first list of rules in `prose` (lines as the message has them), or `undefined`. */
export function findRuleList(prose: string): RuleList | undefined {
  const lines = prose.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const intro = lines[i]!.trim();
    if (intro === "" || ITEM.test(intro)) continue;
    const items: string[] = [];
    const at: number[] = [i];
    for (let j = i + 1; j < lines.length; j++) {
      const m = ITEM.exec(lines[j]!);
      if (!m) break;
      items.push(tidy(m[1]!));
      at.push(j);
    }
    if (items.length < 2 || !isRuleIntro(intro)) continue;
    return { intro, items, lines: at };
  }
  return undefined;
}

function isRuleIntro(intro: string): boolean {
  const n = norm(intro);
  if (TASK_INTRO.test(n) && !/(?:지켜|규칙|rules?\b|conventions?\b)/.test(n)) return false;
  if (objection(intro) !== undefined) return false;
  return isKorean(intro) ? INTRO_KO.test(intro) : INTRO_EN.test(n) || generalCue(n) !== undefined;
}

/** An item the sentence rules should read: about the speaker, or a pointer (URL, #channel). */
const NOT_A_RULE_ITEM =
  /^(?:i|i'm|im|i've|my|저는|제가|나는|난|내가)(?=[\s']|$)|https?:\/\/|(?:^|\s)#[a-z0-9][\w-]+/i;

/**
 * The feedback memory of one list item under `intro`, a reject (a question, hedge or empty item),
 * or `undefined` when the item is for the sentence rules (about the speaker, or a pointer).
 */
export function listItemMemory(item: string, intro: string, date: string): RuleOutcome | undefined {
  if (NOT_A_RULE_ITEM.test(norm(item))) return undefined;
  const why = objection(item);
  if (why) return { kind: "reject", rule: "feedback-list", reason: why };
  if (Array.from(item).length > MAX_ITEM_CHARS || contentWords(item).length === 0) {
    return { kind: "reject", rule: "feedback-list", reason: "not a rule (empty or a paste)" };
  }
  const parts = splitReason(item);
  const rule = tidy(parts.tail ? `${parts.rule}; ${parts.tail}` : parts.rule);
  const description = oneLine(capitalize(rule));
  const how = applyClause(tidy(intro).replace(/[:：]$/, "")) ?? GENERIC_HOW;
  return {
    kind: "memory",
    rule: "feedback-list",
    memory: {
      type: "feedback",
      name: memoryName("feedback", description),
      description,
      body: ruleBody(rule, parts.why, how, date),
    },
  };
}
