/**
 * Two one-off kinds that a generalizing cue ("always", "instead of", "말고", "항상") used to let
 * through as standing feedback (held-out measurement of the offline engine):
 * 1. an edit request about the code at hand that happens to say "always" ("the signature should
 *    always take the options last now, fix that", "…항상 …하도록 수정해 주세요");
 * 2. a choice scoped to the current task by a place marker ("use map here", "여기선 fetch 써 줘",
 *    "이 함수는 … 말고 …로 써 주세요").
 * A lasting marker ("from now on", "in this repo", "앞으로", "이 저장소에선") overrides both; a
 * frequency word ("always", "항상") overrides only the place marker of kind 2, since kind 1 is
 * exactly an "always" inside a one-off request. Claude Code 2.1.x "what NOT to save": ephemeral
 * task details. Pure functions over one sentence (original case; they normalize themselves).
 */
import { norm, scopedTo, stripFiller } from "./cues.js";
import type { FeedbackOptions } from "./feedback-cues.js";
import type { RuleName, RuleOutcome, Sentence } from "./types.js";

/** A marker that outlives the task: the guidance is meant for later work too. */
const LASTING_EN =
  /\b(?:from now on|from here on|going forward|moving forward|in the future|every time|each time|whenever|by default|as a rule|in general|generally|everywhere|across the (?:board|codebase|repo)|(?:in|for|across) (?:this|our|the whole|all|every) (?:project|repo|repository|codebase|team|app|company|org|code|stack|service)s?|for (?:all|every|any)|anymore|any more|no more|(?:not|n't) (?:just |only )?(?:for now|this time|this once|a one-off|here))\b/;
const LASTING_KO =
  /(?:앞으로|지금부터|이제부터|매번|언제나|무조건|(?:이번|이번에|지금|여기)만\s*(?:이|은)?\s*아니|(?:이|이곳|여기|우리|저희)\s*(?:저장소|레포|리포|프로젝트|팀|회사|코드베이스)|모든\s)/;
/** A frequency generalizer: standing enough to override "here" / "여기선", not an edit request. */
const FREQUENCY = /\b(?:always|never)\b|(?:항상|절대|언제나|늘\s)/;

/**
 * An edit request about the current change, as its own clause: "…, update it", "— change it
 * accordingly", "please fix that", "and update the call sites". Not "update it whenever …" (a
 * standing habit); LASTING_EN catches "whenever", "every time".
 */
const CHANGE_REQUEST_EN =
  /(?:^|[,;:—–]\s*|\s-\s+|\b(?:and|then|so)\s+)(?:please\s+|pls\s+|just\s+|now\s+|go\s+(?:and\s+)?)?(?:update|change|fix|adjust|modify|edit|correct|rewrite|refactor|rename|switch|swap|flip|tweak|patch|amend|convert)\s+(?:it|that|this|them|those|these|accordingly|(?:all\s+|every\s+)?(?:the\s+)?(?:call ?sites?|callers?|usages?|uses|tests?|specs?|types?|signatures?|implementation|code|function|method|component|handler|file|interface|mocks?|fixtures?)\b)(?!\s+(?:when|if|before|after)\b)/;
/**
 * A Korean edit request ("고쳐 주세요", "바꿔 줘", "수정해 주세요", "…로 변경해 줄래요"): a change of
 * the code at hand, whatever it says about "항상".
 */
const CHANGE_REQUEST_KO =
  /(?:고쳐|바꿔|수정해|변경해|업데이트해|반영해|고치|바꾸|수정하|변경하)\s?(?:줘|줘요|주세요|줄래요?|주실래요?|주시겠어요|봐|봐요|보세요)(?=[\s,.!~]|$)/;
/** "now" as the time of the change: not "from now on", "as of now", "for now" (short-lived anyway). */
const NOW_EN = /\bnow\b/;
const NOT_THAT_NOW = /\b(?:from|as of|until|till|by|up to|for|right|just|even) now\b|\bnow (?:on|that)\b/g;
/**
 * A normative sentence whose subject is one definite thing ("the return type should …", "this
 * handler must …", "it should …"): with "now", the code at hand being specified.
 */
const DEFINITE_NORMATIVE =
  /^(?:it|(?:the|this|that|its|our|my|your)\s+(?:[\w<>.-]+\s+){0,3}?[\w<>.-]*[^s\s])\s+(?:should|must|has to|needs to|ought to)\b/;

/**
 * Why `sentence` is an edit request about the code at hand rather than standing guidance, or
 * `undefined`. `undefined` when a lasting marker ("from now on", "in this repo", "앞으로") is present.
 */
export function oneOffChange(sentence: string): string | undefined {
  const t = norm(stripFiller(sentence)).trim();
  if (LASTING_EN.test(t) || LASTING_KO.test(t)) return undefined;
  const edit = CHANGE_REQUEST_EN.exec(t) ?? CHANGE_REQUEST_KO.exec(t);
  if (edit) return `an edit request about the code at hand ('${edit[0].replace(/^[\s,;:—–-]+/, "").trim()}')`;
  if (NOW_EN.test(t.replace(NOT_THAT_NOW, " ")) && DEFINITE_NORMATIVE.test(t)) {
    return "'now' with the code at hand as subject: a change for the task";
  }
  return undefined;
}

/**
 * "here" as the place of the instruction ("use map here", "here, use …"): not "folks here" or "the
 * reviewers here" (the team), "here's …", "here at Acme", "around here".
 */
const HERE_EN =
  /(?<!\b(?:we|us|folks|people|everyone|everybody|reviewers|team|devs|developers|engineers|everything|everywhere|around|from)\s+)\b(?:in\s+|over\s+)?here\b(?!'s|\s+(?:is|are|at|and everywhere)\b)/;
/** "여기선", "여기서는", "여기에선": the current spot, not "여기 저장소에선" (a lasting place). */
const HERE_KO = /(?:^|\s)(여기(?:서는|선|서|에선|에서는|에서|는|에는|서도|에서도))(?=[\s,]|$)/;
/**
 * One artifact as the topic ("이 함수는 …", "이 파일은 …", "해당 컴포넌트는 …"): the instruction is
 * about that artifact (`scopedTo` covers the locative forms "이 파일에서").
 */
const ARTIFACT_TOPIC_KO =
  /(?:^|\s)((?:이|그|저|이번|해당)\s+(?:[\uac00-\ud7a3A-Za-z]+\s+)?(?:파일|페이지|함수|메서드|메소드|컴포넌트|클래스|모듈|PR|테스트|화면|브랜치|커밋|이슈|티켓|부분|줄|라인|섹션|코드|쿼리|스크립트|엔드포인트|핸들러|훅|변수)(?:은|는))(?=\s|$)/i;

/**
 * The task-scope marker of `sentence` ("here", "여기선", "이 함수는"), or `undefined`. A lasting
 * marker overrides every one; "always" / "항상" overrides only "here" / "여기선".
 */
export function taskScope(sentence: string): string | undefined {
  const t = norm(sentence);
  if (LASTING_EN.test(t) || LASTING_KO.test(t)) return undefined;
  const artifact = ARTIFACT_TOPIC_KO.exec(t);
  if (artifact) return artifact[1]!;
  if (FREQUENCY.test(t)) return undefined;
  return (HERE_EN.exec(t)?.[0] ?? HERE_KO.exec(t)?.[1])?.trim();
}

/**
 * The reject of a feedback candidate that is task state: scoped to one artifact (`scopedTo`: "in
 * checkout.ts", "이 파일에서"), to the task's place ("here", "여기선", "이 함수는"), or an edit request
 * about the code at hand. `undefined` when the rule may stand, and always when `opts.standing`
 * (an explicit "from now on" / "remember" already made it standing).
 */
export function taskReject(s: Sentence, rule: RuleName, opts: FeedbackOptions): RuleOutcome | undefined {
  if (opts.standing === true) return undefined;
  const scope = scopedTo(s.text) ?? taskScope(s.text);
  if (scope)
    return { kind: "reject", rule, reason: `scoped to one artifact ('${scope}'): a task instruction` };
  const change = oneOffChange(s.text);
  return change ? { kind: "reject", rule, reason: change } : undefined;
}
