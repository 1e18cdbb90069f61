/**
 * English self-introductions: a sentence, or a run of sentences of one message, in which the user
 * says who they are ("context: firmware dev, 8 yrs of C mostly on STM32, first time doing Rust",
 * "im a solo indie dev, … i know c# pretty well but im a total noob at shaders so go slow on
 * those"). The sentence is cut into clauses; each clause is about the person (role, years,
 * languages and tools, what they are new to or fluent in), a request about how to explain things
 * to them, another instruction, or something else. All clauses about the person are kept, in the
 * user's own words and in the third person; requests about explaining become "How to apply".
 */
import { thirdPerson } from "./compose.js";
import { norm, objection, stripFiller, tidy } from "./cues.js";
import { isInstruction } from "./rules-feedback.js";
import { COUNT, ROLE } from "./user-cues.js";

/** One clause and the separator before it (", ", " but ", " so ", "" for the first). */
interface Clause {
  sep: string;
  text: string;
}

/** What a clause says. */
type ClauseKind = "person" | "neutral" | "aside" | "explain" | "instruction" | "other";

/** A sentence of an introduction taken apart. */
export interface IntroSentence {
  /** Clauses about the person, third person, joined with their separators ("" when none). */
  about: string;
  /** Requests about how to explain things to the user, as sentences. */
  how: string[];
  /** True when a clause about the person carries a signal (role, years, skill, newness). */
  signal: boolean;
  /** True when that signal is a first-person statement or a role named on its own ("firmware dev"). */
  strong: boolean;
}

/** "im" → "I'm", lower-case "i" → "I", "dont" → "don't": casual typing made readable. */
export function casualFix(s: string): string {
  return s
    .replace(/[’‘]/g, "'")
    .replace(/\bim\b/gi, "I'm")
    .replace(/\bive\b/gi, "I've")
    .replace(/\bi(?=['\s,;!)]|\.(?!\w)|$)/g, "I")
    .replace(/\b(do|does|can|won|have|has|did|is|are|was|were)nt\b/gi, "$1n't")
    .replace(/\bcan'?t\b/gi, (w) => (w.includes("'") ? w : `${w.slice(0, 3)}'t`));
}

const YEARS = new RegExp(
  `(?:^|[\\s~(,])(?:~\\s*)?(?:${COUNT}|\\d+\\+?\\s*(?:yrs?|years?))\\b(?!\\s+ago\\b)|\\b(?:years|days) (?:of|with|in|at|doing|writing)\\b`,
);
const ROLE_WORD = new RegExp(`\\b(?:${ROLE})s?\\b`);
/** A role named on its own: "firmware dev", "SRE on the platform team", "solo indie dev here". */
const TERSE_ROLE = new RegExp(
  `^(?!(?:the|this|that|our|your|their|its|a few)\\b)(?:a |an )?(?:[\\w+#./-]+\\s+){0,4}?(?:${ROLE})s?(?:\\s+(?:here|by trade|(?:on|at|in|for|with|from)\\s+.+))?(?:\\s*\\([^)]*\\))?$`,
);
const NEWNESS =
  /\bnew to (?!(?:it|them|here)\b|(?:this|that|these|those)\b\s*(?:$|[,.;!]|(?:bug|file|function|error|issue|ticket|pr|task|branch|test|method|class|one|part|code)s?\b)|the (?:bug|file|function|error|issue|ticket|pr|task|branch|test|method|class)s?\b)|\bfirst time (?:doing|using|writing|with|in|on|working|coding|building|trying|touching|learning)\b|\bmy first (?:real |serious |proper |ever )?(?:[\w+#.-]+ ){0,2}(?:project|app|program|operator|job|game|service|library)\b|\bmy first (?:time|week|month|year|day) (?:doing|using|writing|with|in|on|working|coding|building|trying|learning)\b(?! (?:this|that|it|these|those)\b)|\bfirst (?:real |serious |proper )?(?:project|app|program) (?:in|with|using)\b|\b(?:total |complete )?(?:noob|newbie|novice|beginner)\b|\bnever (?:really )?(?:worked|used|touched|written|done|programmed|tried|coded)\b|\bhaven't (?:really )?(?:used|written|touched|worked|done|tried|coded)\b|\b(?:still |currently |just )?(?:learning|getting (?:started with|the hang of|used to)|ramping up (?:on|in|with)|picking up) (?!(?:it|this|that|them|a lot|lots|something|things|stuff|how|from|the|your|our|these|those)\b)|\brusty\b|\binexperienced\b|\bshaky\b|\bdabbled\b|\b(?:don't|do not|doesn't) know (?:much|anything|a lot|a thing) (?:about|of)\b|\bnot (?:very |that |super |really )?(?:good|great|strong) (?:at|with|in)\b|\b(?:weak|weaker) (?:at|in|on|with)\b|\bstruggle with\b|\bunder (?:my|their) belt\b|\b(?:is|are|'s) (?:pretty |totally |completely |very |still )?new (?:for|to) (?:me|them)\b/;
const SKILL =
  /\b(?:fluent|comfortable|experienced|familiar|proficient|expert|specialist)\b|\bknow\w* .{1,40}?\b(?:well|inside out|by heart|cold)\b|\bbackground (?:in|as)\b|\bfrom my [\w+#.-]+ (?:years|days)\b|\bi (?:mostly |mainly |basically )?live in\b|\bday job\b|\bfor a living\b|\bprofessionally\b|\bby trade\b|\bi (?:mostly|mainly|primarily|usually) (?:write|use|code|work|do)\b|\bi (?:write|use|code|work|do) (?:mostly|mainly|primarily)\b|\bi work (?:as|on|at|in|with|for)\b/;
/** First person, "as a junior dev …", or the subject dropped ("been doing devops for 5 years"). */
const FIRST_PERSON = new RegExp(
  `^(?:i|i'm|i am|i've|i have|i'd|my|this is my|it's my|been|as an? (?:[\\w+#./-]+\\s+){0,3}?(?:${ROLE})s?)\\b`,
);
/** A clause whose subject is someone or something else ("we use Vue", "the build is slow"). */
const OTHER_SUBJECT =
  /^(?:the|this|that|it|its|it's|we|we're|we've|our|they|their|you|your|he|she|there|here|these|those|let's|let)\b/;
/** A finite verb: "the build is slow" is a statement about something else, "the React Native app" a noun phrase. */
const FINITE_VERB =
  /\b(?:is|are|was|were|has|have|had|does|do|did|will|would|can|could|should|must|needs?|keeps?|uses?|runs?|breaks?|fails?|works?|looks?|seems?|wants?)\b|'(?:s|re|ll|ve|d)\b/;
const EXPLAIN =
  /\b(?:explain\w*|go slow|slow(?:ly)?|walk (?:me )?through|teach\w*|basics|step by step|step-by-step|eli5|details?|detailed|spell (?:it|things|that) out|hand-?hold\w*|gentle|as you go|assume|jargon|plain (?:english|language|terms)|like (?:i'm|im|I'm) (?:five|5|new))\b/;
const INSTRUCTION_HEAD =
  /^(?:(?:so|then|and so)\s+)?(?:(?:please|pls|plz)\s+)?(?:(?:do|don't|do not|never|always|no need to)\s+)?(?:explain|skip|go|keep|use|avoid|walk|tell|show|give|write|assume|treat|talk|focus|point|mention|include|add|stick|try|make|ask|help|note)\b|^(?:don't|do not|never|always|no need to|you can skip|feel free|when you|if you|whenever you|i (?:like|prefer|want|'d like|would like|appreciate|need you to))\b/;
const TASK =
  /\b(?:can you|could you|would you|let's|first thing|look at|take a look|tell me what|fix|help me)\b|[\w-]+\/[\w-]+\/|[\w-]+\/[\w./-]*\.\w{1,4}\b|\.(?:c|h|ts|tsx|js|py|go|rs|kt|java|rb)\b/;

/** What a request about explaining names when it is about one thing at hand ("explain what this function does"). */
const TASK_OBJECT =
  /\b(?:this|that|the|these|those)\s+(?:[\w-]+\s+)?(?:function|file|code|error|test|line|bug|class|method|component|module|snippet|query|diff|pr|output|log|stack ?trace|trace|script|change|commit|branch|endpoint)s?\b|\bwhat (?:this|that|it) (?:does|is|means)\b|\bwhy (?:this|that|it) (?:fails|failed|breaks|broke|happens)\b/;

/** Splits at commas, `;`, dashes and clause-opening conjunctions, never inside parentheses. */
function clauses(text: string): Clause[] {
  const out: Clause[] = [];
  const sep =
    /,\s+|;\s+|\s+[—–]\s+|\s+-\s+|\s+(?=(?:but|so|whereas|though|and so)\s)|\s+(?=and\s+(?:I|I'm|I've|my|please|pls|do|don't)\b)/y;
  let depth = 0;
  let start = 0;
  let pendingSep = "";
  for (let i = 0; i < text.length; i++) {
    const c = text[i]!;
    if (c === "(") depth++;
    else if (c === ")") depth = Math.max(0, depth - 1);
    if (depth > 0) continue;
    sep.lastIndex = i;
    const m = sep.exec(text);
    if (!m || m[0].length === 0) continue;
    const piece = text.slice(start, i);
    if (piece.trim()) out.push({ sep: pendingSep, text: piece.trim() });
    pendingSep = m[0];
    start = i + m[0].length;
    i = start - 1;
  }
  const last = text.slice(start);
  if (last.trim()) out.push({ sep: pendingSep, text: last.trim() });
  return out;
}

/** The clause without its opening conjunction ("but im a total noob" → "im a total noob"). */
function bare(text: string): string {
  return text.replace(/^(?:and|but|so|whereas|though|and so|also|plus)\s+/i, "");
}

function kindOf(text: string, terseOk: boolean): { kind: ClauseKind; signal: boolean; strong: boolean } {
  const n = tidy(norm(bare(text)));
  const instruction = INSTRUCTION_HEAD.test(n) || isInstruction(n) || /\b(?:please|pls|plz)\b/.test(n);
  if (instruction) {
    const explain = EXPLAIN.test(n) && !TASK_OBJECT.test(n);
    return { kind: explain ? "explain" : "instruction", signal: false, strong: false };
  }
  if (TASK.test(n) || /[?？]/.test(n)) return { kind: "other", signal: false, strong: false };
  const first = FIRST_PERSON.test(n);
  const role = ROLE_WORD.test(n) && (first || TERSE_ROLE.test(n));
  // "I know this code well": the thing at hand, not the person's skills
  const signal = role || ((YEARS.test(n) || NEWNESS.test(n) || SKILL.test(n)) && !TASK_OBJECT.test(n));
  if (first) return { kind: signal ? "person" : "neutral", signal, strong: signal };
  // "we use Go and Postgres": about something else; kept only between clauses about the person
  if (OTHER_SUBJECT.test(n) && FINITE_VERB.test(n)) return { kind: "aside", signal: false, strong: false };
  if (!terseOk && !signal) return { kind: "other", signal: false, strong: false };
  return { kind: signal ? "person" : "neutral", signal, strong: role && TERSE_ROLE.test(n) };
}

/** A clause in the third person; `head` keeps "User" as its subject, else the subject is dropped. */
function restate(text: string, head: boolean): string {
  // "I haven't" → "I have not": the verb the third person conjugates ("has not")
  const t = thirdPerson(
    casualFix(text).replace(/\bI (have|had|was|did|could|would|should)n't\b/g, "I $1 not"),
  );
  const out = head ? t : t.replace(/^User (?=\S)/, "");
  return out
    .replace(/\bI'm\b/g, "they're")
    .replace(/\bI've\b/g, "they've")
    .replace(/\bI\b/g, "they");
}

/**
 * Takes one sentence apart as part of an introduction. `terseOk`: clauses without a subject count
 * as being about the user (after an intro lead, or inside a run). `first`: the sentence opens the
 * introduction, so a "…, so <instruction>" after a clause about the person is its "How to apply"
 * (in a later sentence any instruction but one about explaining ends the introduction). Returns
 * `undefined` for a question or hedge, or a sentence with neither a clause about the person nor
 * a request about explaining.
 */
export function introSentence(
  sentence: string,
  opts: { terseOk: boolean; first: boolean },
): IntroSentence | undefined {
  const text = stripFiller(casualFix(sentence));
  // "I haven't written any yet": not a one-off instruction, a fact about the person
  const why = objection(text);
  if (why !== undefined && why !== "short-lived marker 'yet'") return undefined;
  const about: string[] = [];
  const how: string[] = [];
  /** Asides after the last clause about the person: kept once another such clause follows. */
  const asides: string[] = [];
  let signal = false;
  let strong = false;
  for (const c of clauses(text)) {
    const k = kindOf(c.text, opts.terseOk || about.length > 0);
    const soClause = /^so\b/i.test(c.text) || /\bso\s*$/i.test(c.sep);
    if (k.kind === "explain" || (k.kind === "instruction" && opts.first && signal && soClause)) {
      how.push(tidy(restate(bare(c.text), true)));
      continue;
    }
    // a later sentence that also asks for something else stays out of the introduction
    if (k.kind === "instruction" && !opts.first) return undefined;
    if (k.kind === "instruction" || k.kind === "other") break;
    if (k.kind === "aside" && about.length === 0 && (opts.first || asides.length > 0)) break;
    if (k.kind === "neutral" && about.length === 0 && !opts.terseOk && !FIRST_PERSON.test(norm(c.text)))
      break;
    const opening = about.length + asides.length === 0;
    const joint = opening ? "" : /[,;]/.test(c.sep) ? ", " : ` ${c.sep.trim()} `.replace(/\s+/g, " ");
    const piece = `${joint}${restate(c.text, opening)}`;
    if (k.kind === "aside") {
      asides.push(piece);
      continue;
    }
    signal ||= k.signal;
    strong ||= k.strong;
    about.push(...asides.splice(0), piece);
  }
  if (!signal && how.length === 0) return undefined;
  let line = tidy(about.join("").replace(/\s+/g, " "));
  if (line && !/^User\b/.test(line)) line = `User: ${line}`;
  line = line.replace(/\b(?:me|myself)\b/g, "them").replace(/\bmy\b/g, "their");
  return { about: signal ? line : "", how: how.filter(Boolean), signal, strong };
}

/** An intro lead before a colon ("quick intro since we'll work together a lot:", "context on me:"). */
const INTRO_LEAD =
  /^[^:]{0,80}?\b(?:context|intro|introduction|background|about me|about myself|who i am|on me)\b[^:]{0,60}:\s+/i;

/** A lead before a comma or dash ("just so you know, …", "for context — …"). */
const INTRO_LEAD_COMMA =
  /^(?:just so you know|so you know|for context|for (?:some )?background|fyi|heads up|a bit about me|about me|quick intro|quick background|background|context)\s*[,:—–-]\s*/i;
/** A greeting before the introduction ("hi,", "hello there!"). */
const GREETING =
  /^(?:hi|hello|hey|yo|hiya|howdy|greetings)(?: there| all| everyone| folks)?\s*[,!.~—–-]*\s+/i;

/** The sentence without a greeting or an intro lead, and whether it had one. */
export function stripIntroLead(sentence: string): { text: string; lead: boolean } {
  const t = sentence.replace(GREETING, "");
  const m = INTRO_LEAD.exec(t) ?? INTRO_LEAD_COMMA.exec(t);
  return m ? { text: t.slice(m[0].length), lead: true } : { text: t, lead: false };
}
