/**
 * User rules: statements about the person ("I'm a data scientist", "I'm new to React", "my role
 * is …", "I've been writing Go for 10 years", "저는 백엔드 개발자입니다"). Claude Code 2.1.x: `user`
 * memories hold "the user's role, goals, expertise and preferences"; they live in user scope.
 * Task state ("I'm working on the login page", "I'm not sure") never matches.
 */
import { memoryName, oneLine } from "./compose.js";
import { capitalize, isKorean, norm, objection, REDACTED, tidy } from "./cues.js";
import type { RuleOutcome, Sentence } from "./types.js";

const ROLE =
  "engineer|developer|dev|programmer|coder|scientist|designer|manager|pm|student|researcher|architect|analyst|sre|admin|administrator|lead|founder|co-founder|cto|ceo|consultant|contractor|freelancer|maintainer|beginner|newbie|novice|intern|hobbyist|professor|teacher|writer|specialist|expert|veteran|dba|tester";
/** "I'm a/an <up to 4 words> ROLE <tail>" */
const I_AM_A = new RegExp(`^(?:i'm|i am|im)\\s+((?:a|an)\\s+(?:[\\w+#./-]+\\s+){0,4}?(?:${ROLE})s?\\b.*)$`);
const I_AM_MOSTLY = new RegExp(
  `^(?:i'm|i am)\\s+((?:mostly|primarily|mainly|basically)\\s+(?:a|an)\\s+(?:[\\w+#./-]+\\s+){0,3}?(?:${ROLE})s?\\b.*)$`,
);
const I_AM_NEW = /^(?:i'm|i am|im)\s+((?:quite |fairly |pretty |very |totally |completely )?new to\s+.+)$/;
const I_AM_SKILLED =
  /^(?:i'm|i am)\s+((?:very |quite |pretty |not (?:very |really )?)?(?:fluent|comfortable|experienced|familiar|proficient|an expert|rusty)\s+(?:in|with|at)\s+.+)$/;
const MY_ROLE = /^my (role|job|title|background|day job) is\s+(.+)$/;
const I_WORK = /^i work (on|at|as|in|for|with)\s+(.+)$/;
const I_HAVE_BEEN =
  /^i've been\s+((?:using|writing|doing|working with|working in|coding in|programming in|building)\s+.+?\s+for\s+(?:\d+|a few|many|several|over \d+|about \d+|almost \d+)\s+(?:years?|months?).*)$/;
/** Objects that make "I'm new to …" task state, not a fact about the person. */
const TASK_OBJECT =
  /^(?:new to )?(?:this|that|the) (?:bug|file|function|error|issue|ticket|pr|task|branch|test|method|class)\b/;
const CLAUSE_END =
  /(?:,\s*|\s+)(?:so|and so|but|because|and (?:i|you|we|please|can|could))\b.*$|,\s*(?:so|but)\b.*$/;

const KO_ROLE =
  "개발자|엔지니어|디자이너|학생|연구원|과학자|기획자|매니저|리드|초보|초보자|신입|관리자|데브옵스|창업자|대표|PM|SRE";

/**
 * The user rule. Returns a `user` memory ("User is a backend engineer, mostly Go"), a reject for a
 * question/hedge, or `undefined` when the sentence is not a statement about the user.
 */
export function userRule(s: Sentence): RuleOutcome | undefined {
  if (isKorean(s.text)) return koreanUser(s);
  const orig = tidy(s.text.replace(/\*\*|__/g, "").replace(/^(?:also|btw|fyi|oh|and|but|so)\b[\s,]*/i, ""));
  const t = norm(orig);
  const forms: [RegExp | RegExp[], (m: RegExpExecArray) => string][] = [
    [[I_AM_MOSTLY, I_AM_A, I_AM_NEW, I_AM_SKILLED], (m) => `User is ${tail(orig, m[1]!)}`],
    [MY_ROLE, (m) => `User's ${m[1]} is ${tail(orig, m[2]!)}`],
    [I_WORK, (m) => `User works ${m[1]} ${tail(orig, m[2]!)}`],
    [I_HAVE_BEEN, (m) => `User has been ${tail(orig, m[1]!)}`],
  ];
  let fact: string | undefined;
  let object = "";
  for (const [res, make] of forms) {
    const m = (Array.isArray(res) ? res : [res]).map((r) => r.exec(t)).find((x) => x !== null);
    if (!m) continue;
    fact = make(m);
    object = m[2] ?? m[1]!;
    break;
  }
  if (!fact) return undefined;
  if (TASK_OBJECT.test(object) || /^(?:it|this|that|them|here)\b/.test(object)) {
    return { kind: "reject", rule: "user-statement", reason: "task state, not a fact about the user" };
  }
  const why = objection(s.text) ?? (REDACTED.test(fact) ? "built around a redacted secret" : undefined);
  if (why) return { kind: "reject", rule: "user-statement", reason: why };
  return userMemory(fact, s.date, "user-statement");
}

/** The original-case text of `lowerPart` inside `orig`, cut at the end of its clause. */
function tail(orig: string, lowerPart: string): string {
  const at = norm(orig).lastIndexOf(lowerPart);
  const part = at >= 0 ? orig.slice(at, at + lowerPart.length) : lowerPart;
  return tidy(part.replace(CLAUSE_END, ""));
}

function koreanUser(s: Sentence): RuleOutcome | undefined {
  const t = tidy(s.text);
  let fact: string | undefined;
  const a = new RegExp(
    `^저는\\s+(.*?(?:${KO_ROLE}).*?)\\s*(?:입니다|이에요|예요|에요|이고요?|이고|고요?|이라서|라서)`,
  ).exec(t);
  const b =
    /^(?:저는|제가)\s+(.+?(?:처음|익숙하지 않|잘 몰라|잘 모릅니다|잘 모르|전문|담당|년째|년 동안)[^\s,.]*)/.exec(
      t,
    );
  if (a) fact = `User is ${a[1]}`;
  else if (b)
    fact = `User: ${b[1]!.replace(/(?:이라서|라서|이라|이고|인데|니까|예요|이에요|입니다|이지만|지만)$/, "")}`;
  if (!fact) return undefined;
  const why = objection(s.text);
  if (why) return { kind: "reject", rule: "user-ko", reason: why };
  return userMemory(fact, s.date, "user-ko");
}

function userMemory(fact: string, _date: string, rule: "user-statement" | "user-ko"): RuleOutcome {
  const description = oneLine(capitalize(tidy(fact)));
  return {
    kind: "memory",
    rule,
    memory: {
      type: "user",
      name: memoryName("user", description.replace(/^User(?:'s|:)?\s+(?:is\s+)?/i, "")),
      description,
      body: `${description}.`,
    },
  };
}
