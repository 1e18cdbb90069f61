/**
 * Classifies the content of an explicit request ("remember that <content>"): user → user memory,
 * a rule → feedback, a pointer → reference, a setup fact → project facts, a deadline / decision /
 * incident → project memory. Code patterns, architecture, git history and fix recipes are refused
 * even when asked (Claude Code 2.1.x "what NOT to save").
 */
import { oneLine, ruleBody, splitReason } from "./compose.js";
import { capitalize, contentWords, isKorean, norm, objection, tidy } from "./cues.js";
import { memoryName } from "./name.js";
import { factRule } from "./rules-facts.js";
import { feedbackRule } from "./rules-feedback.js";
import { referenceRule } from "./rules-reference.js";
import { userRule } from "./rules-user.js";
import type { RuleOutcome, Sentence } from "./types.js";

const PROJECT_SIGNAL =
  /\b(?:deadline|due|freeze|frozen|release|launch|ship|ships|shipping|demo|migration|incident|outage|postmortem|decided|decision|agreed|stakeholders?|customers?|clients?|legal|compliance|audit|budget|owner|owns|owned|blocked|waiting on|sprint|quarter|q[1-4]|milestone|january|february|march|april|june|july|august|september|october|november|december|monday|tuesday|wednesday|thursday|friday|next week|next month|\d{4}-\d{2}-\d{2})\b|(?:마감|배포|출시|릴리스|데드라인|장애|결정|회의|분기|스프린트|요일|고객|법무|\d+월)/;
const NOT_TO_SAVE =
  /`|\b[\w-]+\/[\w./-]+|\.(?:ts|js|tsx|jsx|py|go|rs|ex|exs|rb|java|json|ya?ml|md|sql|css|html)\b|\(\)|\b(?:function|class|method|module|file|directory|folder|commit|commits|branch|merged|pull request|pr #?\d+|the fix|fixed by|to fix|workaround|pattern|architecture|refactor(?:ed)?|endpoint|schema|variable|import|export|stack trace|regex)\b/;
/** A statement about the speaker followed by an instruction ("I'm colorblind so don't …"). */
const STATEMENT_SO_RULE = /^(?:i'm|i am|i|my)\b.*?(?:,\s*|\s+)(?:so|so please|which means|therefore)\s+\S/;
const RELATIVE_DATE =
  /\b(?:today|tonight|tomorrow|yesterday|next (?:week|month|monday|tuesday|wednesday|thursday|friday)|this (?:week|month|friday)|in \d+ (?:days|weeks))\b|(?:오늘|내일|어제|다음 주|이번 주)/;

/**
 * Classifies explicit content `s.text`. `temporal` is true for "from now on / going forward /
 * 앞으로" cues, where only instructions, facts and clearly project-level statements qualify.
 */
export function classifyExplicit(s: Sentence, temporal: boolean): RuleOutcome {
  const why = objection(s.text, true);
  if (why) return { kind: "reject", rule: "explicit", reason: why };
  const fb = feedbackRule(s, { standing: true });
  // "I'm colorblind so don't rely on red/green": the instruction is the memory, the statement its reason
  if (fb?.kind === "memory" && STATEMENT_SO_RULE.test(norm(s.text))) return { ...fb, rule: "explicit" };
  const user = userRule(s, { explicit: true });
  if (user?.kind === "memory") return { ...user, rule: "explicit" };
  const ref = referenceRule(s);
  if (ref?.kind === "memory") return { ...ref, rule: "explicit" };
  if (fb) return { ...fb, rule: "explicit" };
  if (user) return { ...user, rule: "explicit" };
  const facts = factRule(s);
  if (facts) return { ...facts, rule: "explicit" };
  return projectMemory(s, temporal);
}

function projectMemory(s: Sentence, temporal: boolean): RuleOutcome {
  const n = norm(s.text);
  if (NOT_TO_SAVE.test(n)) {
    return {
      kind: "reject",
      rule: "explicit",
      reason: "not worth saving (code, architecture, git history or a fix)",
    };
  }
  const signal = PROJECT_SIGNAL.test(n);
  if (temporal && !signal)
    return { kind: "reject", rule: "explicit", reason: "no instruction or project-level fact" };
  if (contentWords(s.text).length < (isKorean(s.text) ? 2 : 3)) {
    return { kind: "reject", rule: "explicit", reason: "too short to be a project memory" };
  }
  const parts = splitReason(s.text, s.next);
  const fact = tidy(parts.tail ? `${parts.rule}; ${parts.tail}` : parts.rule);
  const description = oneLine(capitalize(fact));
  const dated = RELATIVE_DATE.test(n) ? ` Said on ${s.date}; relative dates count from that day.` : "";
  return {
    kind: "memory",
    rule: "explicit",
    memory: {
      type: "project",
      name: memoryName("project", description),
      description,
      body: ruleBody(
        fact,
        parts.why,
        `Keep it in mind when planning or prioritizing related work.${dated}`,
        s.date,
      ),
    },
  };
}
