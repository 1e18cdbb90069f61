/**
 * Forms of English standing guidance beyond "always / never": conventions of the team ("we don't
 * do force pushes", "reviewers here want …"), verbless prohibitions ("no `any` anywhere"), rules
 * after a situation, a concession or an exception, and the chat noise and typos around them
 * ("haha no 😅", "alwyas"). Patterns over lowercased text unless stated.
 */

/** "keep PR descriptions short", "write commit messages in English": an instruction on a kind of output. */
export const KIND_OBJECT =
  /^(?:keep|make|write)\s+(?!(?:the|this|that|these|those|it|its|them|my|your|a|an)\b)(?:[\w-]+\s+){0,2}(?:descriptions|messages|names|titles|comments|summaries|commits|prs|functions|tests|docs|logs|log lines|errors|error messages|answers|replies|responses|migrations|changelogs?)\b/;
/** "we don't do force pushes on shared branches here": how the team works, not the task. */
export const TEAM_CONVENTION =
  /^we (?:don't|do not|never) (?:do|use|allow|merge|push|commit|deploy|ship|write|add|mock)\b/;
/** "when you write sql migrations always make them reversible": a situation, then the rule, no comma. */
export const LEAD_NO_COMMA =
  /^((?:when|whenever|before|after|while|every time|each time)\s+(?:you|we)\s+\w+(?:\s+(?:a|an|the|new|any|some))?(?:\s+[\w-]+)?|(?:when|whenever|before|after|while)\s+[^,]{3,60}?(?=\s+(?:always|never|don't|dont|do not|make sure|please)\b)|in (?:this|our) (?:codebase|repo|repository|project|team))\s+(.+)$/i;
/** "I know you like X, but <rule>": the part after "but" is the rule. */
export const CONCESSION =
  /^(?:i know|i get|i understand|i see|i realize|i hear you|sure|ok|okay)\b[^.]{0,100}?,?\s+but\s+(?=\S)/i;
/**
 * A lasting habit or condition of the user before "so" ("I review your stuff on my phone, so keep
 * diffs small"): the instruction follows from it every time, not from the task.
 */
export const HABIT_OF_USER =
  /^(?:i (?:(?:usually|mostly|always|often|generally|normally)\s+)?(?:review|read|use|work|code|write|run|test|skim|browse)\b|i'm (?:colorblind|color-blind|dyslexic|on (?:a|my) (?:phone|tablet|small screen))\b|my (?:screen|monitor|eyes)\b)/;
/** A generalizing opening: what holds outside the exception just stated. */
export const GENERAL_OPENING =
  /^(?:(?:but|though|however|otherwise|and)\s*,?\s+)?(?:normally|usually|generally|in general|as a (?:general )?rule|by default|typically|otherwise|in every other case|other than that|apart from that|every other time|the rest of the time)(?:\s+though)?\s*,?\s+(?=\S)/i;
/** What the people who review or run the work expect ("reviewers here want a single PR", "ops expects …"). */
export const TEAM_EXPECTATION =
  /^(?:reviewers|the reviewers|our reviewers|maintainers|the maintainers|the team|our team|ops|qa|security|people|folks|everyone|everybody)(?: here| on this team| in this repo)? (?:want|wants|expect|expects|prefer|prefers|require|requires|need|needs)\s+(?!(?:to know|you to|this|that|it|these|those|them|the fix|an? (?:update|answer|reply))\b)\S/;
/** "no `any` anywhere in this codebase", "no console.logs in prod code, ever": a prohibition without a verb. */
export const NO_KIND =
  /^no\s+(?!(?:problem|worries|thanks|idea|way|need|rush|clue|luck|change|one|it|that|this|more)\b)\S+(?:\s+\S+){0,3}?\s+(?:anywhere|ever|at all|in (?:this|our|any) (?:codebase|repo|repository|project|code)|in (?:prod|production|tests|commits|prs))\b/;
/** An instruction whose object points back ("… into them", "don't touch it"): it needs the clause before. */
export const BACK_POINTING_OBJECT =
  /\b(?:them|those|these)\b|\b(?:into|in|on|to|from|with|of|about|at)\s+it\b|^(?:don't|dont|do not|never|stop|avoid)\s+\w+\s+it\b/;

/** Leading chat noise: emoji, laughter ("haha", "lol") and a bare "no" before an instruction. */
const CHAT_NOISE =
  /^(?:(?:\p{Extended_Pictographic}|\uFE0F|\u200D)+|(?:ha(?:ha)+|hah|hehe|lol|lmao|rofl|ugh|oops|whoops|welp|hmm+|tbh|honestly|ngl|imo|imho)\b[\s,.!]*|no+\s+(?=[\p{Extended_Pictographic}]|(?:pls|please|plz|never|don't|dont|do not|always|stop)\b))\s*/iu;

/** Misspelt cue words as people type them ("alwyas", "nver"), mapped to the cue. */
const CUE_TYPOS: [RegExp, string][] = [
  [/\b(?:alwyas|allways|alwys|alwasy|awlays|alawys)\b/gi, "always"],
  [/\b(?:nver|nevr|neevr|enver)\b/gi, "never"],
];

/** `text` with misspelt cue words corrected. */
export function untypo(text: string): string {
  let out = text;
  for (const [typo, cue] of CUE_TYPOS) out = out.replace(typo, cue);
  return out;
}

/** `text` without leading chat noise ("haha no 😅 pls never …" → "pls never …"); "no" marks a correction. */
export function chatless(text: string): string {
  let out = text.trim();
  for (let i = 0; i < 6; i++) {
    const m = CHAT_NOISE.exec(out);
    if (!m || m[0].length === 0) break;
    out = out.slice(m[0].length);
  }
  return out;
}
