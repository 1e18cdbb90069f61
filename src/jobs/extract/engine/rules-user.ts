/**
 * User rules: statements about the person ("I'm a data scientist", "I'm new to React", "my role
 * is …", "I've been writing Go for 10 years", "저는 백엔드 개발자입니다"). Claude Code 2.1.x: `user`
 * memories hold "the user's role, goals, expertise and preferences"; they live in user scope.
 * Task state ("I'm working on the login page", "I'm not sure") never matches.
 */
import { hasFirstPerson, thirdPerson } from "./compose.js";
import { contentWords, isKorean, norm, objection, stripFiller, tidy } from "./cues.js";
import { isInstruction } from "./rules-feedback.js";
import { koreanUser } from "./rules-user-ko.js";
import type { RuleOutcome, Sentence } from "./types.js";
import { COUNT, ROLE } from "./user-cues.js";
import { covers, userMemory } from "./user-memory.js";
import { introduction } from "./user-run.js";

/** "I'm a/an/the <up to 4 words> ROLE <tail>" */
const I_AM_A = new RegExp(
  `^(?:i'm|i am|im)\\s+((?:a|an|the)\\s+(?:[\\w+#./-]+\\s+){0,4}?(?:${ROLE})s?\\b.*)$`,
);
const I_AM_MOSTLY = new RegExp(
  `^(?:i'm|i am)\\s+((?:mostly|primarily|mainly|basically)\\s+(?:a|an)\\s+(?:[\\w+#./-]+\\s+){0,3}?(?:${ROLE})s?\\b.*)$`,
);
const I_AM_NEW = /^(?:i'm|i am|im)\s+((?:quite |fairly |pretty |very |totally |completely )?new to\s+.+)$/;
const I_AM_SKILLED =
  /^(?:i'm|i am)\s+((?:very |quite |pretty |not (?:very |really )?)?(?:fluent|comfortable|experienced|familiar|proficient|an expert|rusty)\s+(?:in|with|at)\s+.+)$/;
/** "I'm on macOS (, not Linux)": the user's platform. */
const I_AM_ON =
  /^(?:i'm|i am|im)\s+((?:on|using|running)\s+(?:an? )?(?:macos|mac|macbook|os x|osx|linux|windows(?: \d+)?(?: wsl2?)?|wsl2?|ubuntu|debian|fedora|arch(?: linux)?|nixos|chromeos|freebsd|apple silicon|intel mac|m[1-4] mac)\b(?:\s+(?:with|and|\+)\s+(?:wsl2?|[\w.-]+ \d+|zsh|fish|bash|powershell))?(?:,?\s+not\s+(?:on\s+)?[\w .-]+?)?)(?=$|[,.;!]|\s+(?:so|and|but)\b)/;
/**
 * Statements about the speaker accepted only after an explicit "remember that …": "I'm colorblind",
 * "I use vim keybindings", "I speak German". Task state ("I'm working on …") never matches.
 */
const I_AM_EXPLICIT = /^(?:i'm|i am|im)\s+(.+)$/;
const I_DO_EXPLICIT =
  /^i (?:(?:mostly|mainly|primarily|usually) )?(?:use|speak|live|know|don't know|do not know|read|type|can't|cannot|do(?! not\b)|write|code|program)\s+(.+)$/;
const TASK_STATE =
  /^(?:not|working|doing|going|trying|about|done|finished|looking|fixing|debugging|testing|running|getting|having|stuck|back|here|ready|busy|away|leaving|off|out|on it|still|almost|sure|unsure|confused|seeing|waiting|in the middle|currently|just|gonna|in a|on a|at|so|glad|happy|sorry|afraid|thinking|tired|sleepy|hungry|sick|late|early|offline|online|on (?:vacation|leave|call|my way|a call|the phone)|in a (?:hurry|meeting|rush))\b/;
const MY_ROLE =
  /^my (role|job|title|background|day job|native language|first language|mother tongue|timezone|time zone|pronouns)(?: is|\s*:)\s+(.+)$/;
const ADVERB = "(?:mostly|mainly|primarily|usually|largely)";
const I_WORK = new RegExp(`^i work ((?:${ADVERB} )?(?:on|at|as|in|for|with))\\s+(.+)$`);
/** "I write mostly Swift", "I mostly code in Rust": what the user works in (an adverb makes it a habit). */
const I_WRITE = new RegExp(
  `^i (?:${ADVERB} (?:write|code|program)(?: in| with)? |(?:write|code|program)(?: in| with)? ${ADVERB} (?:in |with )?)(?!(?:the|this|that|it|a|an)\\b)(.+)$`,
);
/** "I'm based in Berlin", "I'm colorblind (deuteranopia)": where the user is, how they perceive. */
const I_AM_TRAIT =
  /^(?:i'm|i am)\s+((?:based|located|living) in\s+(?!(?:the|this|that|a|an|my|your|our)\b)[\w .'-]+?|(?:colou?r-?blind|dyslexic|deaf|hard of hearing|visually impaired|legally blind|blind|left-handed|a non-native (?:english )?speaker)(?:\s*\([^)]{1,40}\))?)(?=$|[,.;!]|\s+(?:so|and|but)\b)/;
/** "I use a screen reader": assistive tech or input setup. */
const I_USE_AT =
  /^i (?:use|rely on)\s+(?:a |an )?(?:screen reader|screen magnifier|braille display|voice control|dictation|dvorak|colemak|one hand|high contrast mode)\b/;
/** "I do data science day to day": the user's field. */
const I_DO_FIELD =
  /^i (?:(?:mostly|mainly|primarily) )?do\s+(?!(?:the|this|that|it|a|an|not)\b)(.+?)\s+(?:day to day|day-to-day|for a living|professionally|for work|at work|at my day job)$/;
/** A fragment that qualifies the statement before it ("I'm a backend engineer; mostly Swift."). */
const QUALIFIER = /^(?:mostly|mainly|primarily|largely|usually)\s+[\w+#. -]{1,40}$/i;
/** "…, so keep summaries short": what the statement means for the work (kept in the memory). */
const SO_CLAUSE = /(?:,\s*|\s+)(?:so|and so|so please)\s+(.+)$/i;
const I_HAVE_BEEN = new RegExp(
  `^i've been\\s+((?:using|writing|doing|working with|working in|coding in|programming in|building)\\s+.+?\\s+for\\s+(?:${COUNT}).*)$`,
);
/** "I spent ten years on Java/Spring": years of experience in the past tense. */
const I_SPENT = new RegExp(
  `^i(?:'ve| have)? spent\\s+(?:${COUNT})\\s+(?:on|in|doing|writing|working|with|as|at|building|coding|programming)\\b.+$`,
);
/** "I lead the payments team", "I'm on the platform team": the user's team and role in it. */
const I_LEAD_TEAM =
  /^i (?:lead|run|manage|head|own|am on|'m on|am part of|'m part of)\s+(?:the\s+|our\s+|a\s+)?(?!(?:this|that|it|tests?)\b)[\w/&+.-]+(?:\s+[\w/&+.-]+){0,3}?\s+(?:team|squad|group|org|organization|department|guild|chapter)\b.*$/;
/** "I come from a Java background", "I have a design background". */
const I_BACKGROUND =
  /^i (?:come from|'m coming from|am coming from|have)\s+(?:a |an )?(?:[\w+#./-]+\s+){1,3}?background\b.*$/;
/** "I'm still finding my feet in TypeScript", "I'm learning Go": what the user is learning. */
const I_AM_LEARNING =
  /^(?:i'm|i am)\s+((?:still |just |only |currently )?(?:learning|getting (?:used to|started with|the hang of)|finding (?:my|our) feet (?:in|with)|ramping up (?:on|in|with)|picking up)\s+(?!(?:the|this|that|it|its|how|what|why|where|your|our|a|an)\b).+)$/;
/** "this is my first week writing Rust": new to something, said of the speaker. */
const FIRST_TIME =
  /^this is (?:literally |actually |only |just |honestly )?(my first (?:week|month|day|time|year|project|job|app|program)\s+(?:writing|using|doing|with|in|on|coding|programming|building|working)\s+(?!(?:the|this|that|it|your|our)\b).+)$/;
/** Objects that make "I'm new to …" task state, not a fact about the person. */
const TASK_OBJECT =
  /^(?:new to )?(?:this|that|the) (?:bug|file|function|error|issue|ticket|pr|task|branch|test|method|class)\b/;
/**
 * Where a statement about the user ends: a reason, a request, words about someone else. A `but`
 * clause that is still about the user ("…, but this is my first Kubernetes operator") stays.
 */
const CLAUSE_END =
  /(?:,\s*|\s+)(?:so|and so|because|but(?!\s+i\b|\s+i'|\s+(?:this|it)(?:'s|\s+is)\s+my\b|\s+my\b)|and\s+(?:you|we|please|can|could))\b.*$/i;

/** A short lead-in before a colon ("Quick context before we start: I'm a …", "About me: …"). */
const LEAD_IN = /^[^:]{1,40}:\s+(?=(?:i'm|i am|im|i've|i|my)\b)/i;
/**
 * The user rule. Returns a `user` memory ("User is a backend engineer, mostly Go"), a reject for a
 * question/hedge, or `undefined` when the sentence is not a statement about the user.
 */
export function userRule(s: Sentence, opts: { explicit?: boolean } = {}): RuleOutcome | undefined {
  if (isKorean(s.text)) return koreanUser(s);
  const orig = tidy(
    s.text
      .replace(/\*\*|__/g, "")
      .replace(LEAD_IN, "")
      .replace(/^(?:also|btw|fyi|oh|and|but|so)\b[\s,]*/i, "")
      .replace(/^(?:fwiw|for what it's worth|anyway|for the record)\b[\s,]*/i, ""),
  );
  // "I mostly work in Rust" reads as "I work mostly in Rust"
  const t = norm(orig).replace(new RegExp(`^i (${ADVERB}) work `), "i work $1 ");
  const forms: [RegExp[], (m: RegExpExecArray) => string][] = [
    [[I_AM_TRAIT], (m) => `User is ${tail(orig, m[1]!)}`],
    [[I_USE_AT], () => tail(orig, t)],
    [[I_AM_MOSTLY, I_AM_A, I_AM_NEW, I_AM_SKILLED, I_AM_ON], (m) => `User is ${tail(orig, m[1]!)}`],
    [[MY_ROLE], (m) => `User's ${m[1]} is ${tail(orig, m[2]!)}`],
    [[I_WORK], (m) => `User works ${m[1]} ${tail(orig, m[2]!)}`],
    [[I_HAVE_BEEN], (m) => `User has been ${tail(orig, m[1]!)}`],
    [[I_AM_LEARNING], (m) => `User is ${tail(orig, m[1]!)}`],
    [[FIRST_TIME], (m) => `User is in ${tail(orig, m[1]!)}`],
    [[I_WRITE, I_DO_FIELD, I_LEAD_TEAM, I_SPENT, I_BACKGROUND], () => tail(orig, t)],
  ];
  if (opts.explicit === true) {
    forms.push(
      [[I_AM_EXPLICIT], (m) => `User is ${tail(orig, m[1]!)}`],
      [[I_DO_EXPLICIT], () => tail(orig, t)],
    );
  }
  let fact: string | undefined;
  let object = "";
  for (const [res, make] of forms) {
    const m = res.map((r) => r.exec(t)).find((x) => x !== null);
    if (!m) continue;
    object = m[2] ?? m[1]!;
    if (res[0] === I_AM_EXPLICIT && TASK_STATE.test(object)) {
      return { kind: "reject", rule: "user-statement", reason: "task state, not a fact about the user" };
    }
    fact = make(m);
    break;
  }
  if (!fact) return withIntroduction(s);
  if (
    TASK_OBJECT.test(object) ||
    /^(?:(?:new to|learning) )?(?:it|this|that|them|here)$|^(?:it|this|that|them|here)\b/.test(object)
  ) {
    return { kind: "reject", rule: "user-statement", reason: "task state, not a fact about the user" };
  }
  if (hasFirstPerson(fact) || !/^User\b/.test(fact)) {
    return (
      withIntroduction(s) ?? {
        kind: "reject",
        rule: "user-statement",
        reason: "could not restate it about the user",
      }
    );
  }
  const why = objection(s.text);
  if (why) return { kind: "reject", rule: "user-statement", reason: why };
  // "I'm a backend engineer; mostly Swift." — the qualifier belongs to the statement
  const qualifier = QUALIFIER.test(tidy(s.next))
    ? tidy(s.next).replace(/^[A-Z](?=[a-z])/, (c) => c.toLowerCase())
    : undefined;
  if (qualifier && !hasFirstPerson(qualifier)) fact = `${tidy(fact)}, ${qualifier}`;
  const so = SO_CLAUSE.exec(orig);
  let instruction = so && isInstructionLike(so[1]!) ? tidy(stripFiller(so[1]!)) : undefined;
  // "I'm based in Berlin, so my timezone is CET": a consequence about the user stays in the fact
  if (so && !instruction && /^my\s+\w+(?:\s+\w+)?\s+is\s+[\w+:() -]{1,30}$/i.test(tidy(so[1]!))) {
    fact = `${tidy(fact)}, so ${thirdPerson(tidy(so[1]!))}`;
  }
  // "My native language is Portuguese; English is fine but keep sentences simple."
  let absorbs = qualifier !== undefined;
  if (
    !qualifier &&
    !instruction &&
    s.nextAfterSemicolon === true &&
    !hasFirstPerson(s.next) &&
    SEMI_INSTRUCTION.test(norm(s.next))
  ) {
    instruction = tidy(s.next);
    absorbs = true;
  }
  return (
    withIntroduction(s, { fact, instruction, skip: absorbs ? 1 : 0 }) ?? {
      ...userMemory(fact, s.date, "user-statement", instruction),
      ...(absorbs ? { absorbsNext: true } : {}),
    }
  );
}

/**
 * The user memory of the self-introduction `s` opens (every clause about the person, the
 * following sentences still about them, requests about explaining as "How to apply"), or
 * `undefined` when `s` opens none. `known`: what the single-statement forms made of `s`; its
 * wording stays when it already holds every word of the introduction's first sentence.
 */
function withIntroduction(
  s: Sentence,
  known: { fact?: string; instruction?: string; skip?: number } = {},
): RuleOutcome | undefined {
  const intro = introduction(s, known.skip ?? 0);
  if (!intro) return undefined;
  const about = [...intro.about];
  if (known.fact && covers(known.fact, contentWords(about[0]!))) about[0] = known.fact;
  const how = known.instruction ? [known.instruction, ...intro.how] : intro.how;
  const out = userMemory(about, s.date, "user-statement", how);
  return intro.absorbs > 0 && out.kind === "memory" ? { ...out, absorbsFollowing: intro.absorbs } : out;
}

/** A `;` continuation that says how to talk to the user ("English is fine but keep sentences simple"). */
const SEMI_INSTRUCTION =
  /\b(?:keep|avoid|use|don't|do not|please|write|explain|answer|reply|prefer|stick to)\b/;

/** An instruction, or a requirement on the work ("paths in scripts need to work there"). */
function isInstructionLike(clause: string): boolean {
  return isInstruction(clause) || /\b(?:needs? to|must|should|have to|has to)\b/i.test(clause);
}

/**
 * The original-case text of `lowerPart` inside `orig`, cut at the end of its clause (a reason or
 * a request: "…, so explain …") and in third person: "a data scientist and I mostly write Python"
 * → "a data scientist and mostly writes Python". A trailing clause still in the first person
 * after that is cut off.
 */
function tail(orig: string, lowerPart: string): string {
  const at = norm(orig).lastIndexOf(lowerPart);
  const part = at >= 0 ? orig.slice(at, at + lowerPart.length) : lowerPart;
  let out = tidy(thirdPerson(part.replace(CLAUSE_END, "")));
  for (let i = 0; i < 4 && hasFirstPerson(out); i++) {
    const cut = /^(.+)(?:,\s*|\s+(?:and|but|or)\s+)/.exec(out);
    if (!cut) break;
    out = tidy(cut[1]!);
  }
  return out;
}
