/**
 * Project rules: decisions ("we decided to drop Python 3.8", "we chose SQLite over Postgres because
 * …", "우리 팀은 … 옮기기로 결정했어요") and dated milestones ("code freeze starts Thursday
 * 2026-11-19", "the v2 launch deadline is March 15, 2027", "2026-12-10까지 … 출시해야 해요") become
 * `project` memories without an explicit "remember that". Precision first: questions, hedges, task
 * requests ("let's decide later"), one-off choices ("I decided to rename this variable") and
 * scoped deadlines ("the deadline for this PR") never match. Dates are kept as written.
 */
import { oneLine, ruleBody, splitReason } from "./compose.js";
import { capitalize, contentWords, isKorean, norm, objection, scopedTo, stripFiller, tidy } from "./cues.js";
import { memoryName } from "./name.js";
import { isInstruction } from "./rules-feedback.js";
import { TRAILING_REASON_KO } from "./rules-feedback-ko.js";
import type { RuleOutcome, Sentence } from "./types.js";

/**
 * "Heads up:", "FYI", "Note:", "Just so you know," before the fact; also with a few words before a
 * colon ("heads up before you plan anything:", "context for the next few weeks:").
 */
const LEAD =
  /^(?:heads[ -]up|fyi|note|psa|just so you know|for context|context|update)(?:\s*[:,—–-]|\s+[^:.!?]{1,40}?:)\s*/i;
/** A connective that ties the statement to the sentence before it ("since then …", "so …"): not part of the fact. */
const CONNECTIVE =
  /^(?:since then|ever since(?: then)?|after that|from then on|that's why|because of that|so)\s*,?\s+/i;
/** A clause saying what the decision leads to ("it'll be REST", "it will be replaced by …"), not why. */
const OUTCOME =
  /^(?:it|they|that|this)(?:'ll| will| is going to|'s going to| are going to|'re going to) be\b/i;
/** "(also) keep in mind (that) …" before a project statement: the statement is the memory. */
const KEEP_LEAD = /^(?:please\s+)?(?:keep|bear) in mind(?:\s+that)?[\s,:]+/i;
/** A team decision: "we decided / chose / agreed / settled on / are dropping / are migrating to". */
const DECISION_EN =
  /^(?:(?:the|our) (?:(?:team|final|new|current) )?decision (?:is|was)(?: that)?\s+(?!(?:up to|yours|not|still|pending)\b)|(?:it was|it's been|it has been) (?:decided|agreed)(?: that)?\b)|^(?:we|we've|we have|the team|our team|the team has|our team has)\s+(?:have\s+|has\s+|(?:finally|officially|already)\s+)?(?:decided|chose|agreed|settled on|opted|voted|are dropping|'re dropping|are migrating|'re migrating|are moving|'re moving|are switching|'re switching|are deprecating|'re deprecating|are sunsetting|'re sunsetting)\b/;
/** "we're" / "we've" glued: norm keeps the apostrophe. */
const WE_GLUED = /^we('re|'ve)\s+/;
/** Milestone words that, with a date, make a project fact. */
const MILESTONE =
  /\b(?:deadline|due|code freeze|freeze|freezes|freezing|audit(?:s|ors?)?|renewal|cutover|maintenance window|kickoff|board meeting|launch(?:es|ing)?|release(?:s|d)?(?!\s+(?:notes?|branch(?:es)?|scripts?|pipelines?|jobs?|tags?|builds?|candidates?|process|workflow)\b)|go-live|goes live|cutoff|cut-off|ga|beta|sign-off|demo)\b/;
const MONTHS =
  "jan(?:uary)?|feb(?:ruary)?|mar(?:ch)?|apr(?:il)?|may|june?|july?|aug(?:ust)?|sep(?:t(?:ember)?)?|oct(?:ober)?|nov(?:ember)?|dec(?:ember)?";
const DATE_EN = new RegExp(
  `\\b\\d{4}-\\d{2}-\\d{2}\\b|\\b(?:${MONTHS})\\.?\\s+\\d{1,2}(?:st|nd|rd|th)?\\b|\\b\\d{1,2}(?:st|nd|rd|th)?\\s+(?:${MONTHS})\\b|\\b(?:monday|tuesday|wednesday|thursday|friday|saturday|sunday)\\b(?!')|\\bend of (?:the )?(?:month|quarter|year|q[1-4])\\b|\\bq[1-4]\\b`,
);
/** A dated obligation ("the v1 endpoints have to be removed before June 30"): a deadline without the word. */
const DUE_OBLIGATION = new RegExp(
  `\\b(?:has to|have to|must|needs? to|got to)\\b[^;]*?\\b(?:before|by|no later than)\\s+(?:${DATE_EN.source})`,
);
/** Declarative openings of a milestone statement (not "ship it by Friday", not "can you …"). */
const MILESTONE_OPENING =
  /^(?:the|our|we|we're|we are|we'll|we will|code freeze|freeze|release|launch|deadline|v\d|[\w.-]+ (?:launch|release|deadline|freeze))\b/;
/**
 * Any noun-phrase subject with a finite verb ("checkout goes into a code freeze on January 30",
 * "the SOC 2 auditors are here March 3"), not an imperative ("ship it Friday", "fix the freeze").
 */
const SUBJECT_VERB_OPENING =
  /^(?!(?:it|this|that|you|i|he|she|they|there|here|please|let's|can|could|would|will|should|do|does|did|is|are|fix|ship|release|launch|deploy|merge|finish|prep|prepare|get|move|plan|schedule|book|cancel|set|send|write|update|add|remove|make|build|check|review|land|cut|tag|freeze|bump|start|begin|open|close|end|go)\b)[\w.-]+(?:\s+[\w.-]+){0,3}?\s+(?:goes|enters|is|are|will|launches|ships|releases|starts|begins|freezes|opens|closes|ends|lands|arrive|arrives|go|enter|launch|ship|start|begin|freeze|open|close|end|come|comes)\b/;
/** The work at hand, not the project: "this PR", "this ticket". */
const TASK_SCOPE =
  /\b(?:this|that|my|your|the current)\s+(?:pr|pull request|ticket|task|branch|commit|change|fix|bug|file|function|variable|test)\b/;
const RELATIVE_DATE =
  /\b(?:today|tonight|tomorrow|yesterday|last (?:week|month|quarter|sprint|year)|next (?:week|month|monday|tuesday|wednesday|thursday|friday)|this (?:week|month|friday)|in \d+ (?:days|weeks))\b|(?:오늘|내일|어제|다음 주|이번 주|지난주|지난 주|다음 달|이번 달|지난달|지난 달|다음 분기|이번 분기)/;
/** A request riding on the statement ("…, can you prep the changelog"). */
const REQUEST = /\b(?:can you|could you|would you|will you|please|pls|let's)\b/;
/** A decision about the agent's options or the current task ("the approach you suggested", "fix the flaky test first"). */
const ONE_OFF_DECISION =
  /\b(?:you|your|suggest(?:ed|ion|ions)?|options?|approach|proposal|alternative|variant|first|for now|fix|debug|try|look at|revert|rename)\b/;
/** A standing state of part of the project, owned or changed by others. */
const PROJECT_STATE =
  /^(?:the|our)\s+(?:[\w./-]+\s+){1,5}(?:is|are)\s+(?:being\s+(?:rewritten|replaced|migrated|deprecated|removed|redesigned)|owned by|maintained by|deprecated|frozen|read-only|generated)\b/;
/**
 * A team's move or choice in past tense or in progress ("we moved off heroku to fly.io", "we picked
 * temporal over airflow", "the payments team is migrating everything to stripe").
 */
const TEAM_MOVE_EN =
  /^(?:we|we've|we have|(?:the |our )?[\w-]+(?: [\w-]+)? team(?: has| have)?)\s+(?:(?:already|recently|finally|officially)\s+)?(?:moved|switched|migrated|standardi[sz]ed on|picked|adopted|replaced|dropped|deprecated|sunset|retired|(?:is|are) (?:migrating|moving|switching|replacing|dropping|deprecating|sunsetting|retiring))\s+(?!(?:it|this|that|them|the (?:file|test|function|variable|line|code)|on|to the next)\b)\S/;
/** A move of code, not of the project ("we moved the helper into utils.ts"): the code records it. */
const CODE_OBJECT =
  /\b(?:helper|function|method|class|file|files|test|tests|component|module|variable|import|hook|type|interface|folder|directory|line|lines)\b|\b[\w-]+\.(?:ts|tsx|js|jsx|py|go|rs|rb|java|kt|json|ya?ml|md|sql|css)\b/;
/** A requirement from outside the code ("legal asked us to keep audit logs for 7 years", "compliance requires …"). */
const STAKEHOLDER_EN =
  /^(?:legal|compliance|security|finance|the auditors?|our auditors?|the (?:client|customer)|our (?:client|customer|biggest customer)s?|the board|leadership|management)\s+(?:has\s+|have\s+)?(?:asked|requires?|required|wants?|mandated|mandates|insists?|insisted|needs?)\b/;
/** Work stopped or moved, with its condition ("the search rewrite is on hold until after the series B"). */
const ON_HOLD_EN =
  /^(?:the|our)\s+(?:[\w./-]+\s+){0,4}(?:is|are|was|were|got|has been|have been)\s+(?:on hold|paused|frozen|delayed|postponed|cancell?ed|scrapped|deprioriti[sz]ed|descoped|pushed back)\s+(?:until|till|after|pending|because|since|by|to)\b/;
/** Who owns part of the project ("the billing service is owned by the payments team", "the data team owns …"). */
const OWNER_EN =
  /^(?:the|our)\s+(?:[\w./-]+\s+){0,4}(?:is|are)\s+(?:owned|maintained)\s+by\s+\S|^(?:the\s+)?(?:[\w.-]+\s+){1,3}team\s+owns\s+(?!it\b|this\b|that\b)\S/;
/** "검색 쪽 담당은 박지훈님이라 …", "결제 모듈 오너는 김민수님이에요": who owns part of the project. */
const OWNER_KO = /^[\p{L}\p{N} ]{1,30}?\s*(?:쪽\s*)?(?:담당|담당자|오너|책임자|관리자)(?:은|는)\s+\S+님/u;
/**
 * Korean project statements without a decision verb: a dated event ("다음 달 15일에 v2 출시예요",
 * "레거시 API는 3월 말에 종료돼요"), a plan ("…로 옮길 예정이에요"), a move the team made ("우리 팀은
 * 모노레포로 전환했어요"), who manages a part ("인증 쪽은 보안팀이 관리해서 …"), a requirement from outside
 * ("법무팀 요청으로 …"), work on hold ("…은 시리즈B 이후로 보류됐어요"), the goal of a period.
 */
const KO_STATE: RegExp[] = [
  /(?:\d{1,2}월\s*(?:\d{1,2}일|말|초|중순)|\d{1,2}일|다음 달|다음 주|이번 달|월말|연말|분기(?:말)?)(?:에|부터|까지)?\s+(?:[^\s]+\s+){0,3}?(?:출시|오픈|런칭|배포|릴리스|마감|프리즈|동결|점검|감사|심사|이전|전환|종료|중단|폐기|이관|컷오버)\s*(?:예정)?(?:이에요|예요|입니다|이야|야|임|해요|합니다|돼요|됩니다|될 거예요|할 거예요|돼|해)?$/,
  /(?:할|옮길|전환할|바꿀|이관할|종료할|출시할|오픈할|배포할|도입할|갈아탈|없앨|내릴)\s*(?:예정|계획)(?:이에요|입니다|이야|임|이고)?$/,
  /^(?:우리|저희)(?:\s*팀)?(?:은|는|이|가)?\s.*(?:전환했|옮겼|바꿨|도입했|이관했|마이그레이션했|갈아탔|넘어갔)(?:어요|습니다|어|음)?$/,
  /^[\p{L}\p{N} ]{1,30}?(?:은|는)\s+[\p{L}\p{N}]+(?:팀|님)(?:이|가|에서)\s+(?:관리|담당|운영)(?:해요|합니다|해서|하고|해|하니까|중이에요)/u,
  /^(?:법무|보안|컴플라이언스|재무|감사|고객사|고객|경영진|대표님)(?:\s*팀)?(?:의)?\s*(?:요청|요구|지시|결정)(?:으로|로|이라|이라서|때문에|사항)/,
  /(?:이후로|이후까지|전까지|까지|때문에|될 때까지)\s+(?:\S+\s+)?(?:보류|중단|연기|홀드)(?:됐|되었|했|된 상태)(?:어요|습니다|어|음|예요)?$/,
  /^(?:이번|다음)\s*(?:분기|달|스프린트|해|반기)\s*(?:목표|우선순위|최우선)(?:는|은)\s/,
];
/** "…, so avoid touching billing/legacy": the consequence of the fact, kept as How to apply. */
const SO_INSTRUCTION = /^(.*?\S)(?:,\s*|\s+)(?:so|so please|which means)\s+(.+)$/i;

const KO_DECISION =
  /(?:하기로|기로)\s*(?:결정했|했어|했습니다|했어요|정했|확정했|확정됐|합의했)|결정했|결정됐|결정되었|확정했|확정됐|확정되었/;
/**
 * A dated event of the project stated as a fact ("결제 모듈 v2가 2월 20일에 오픈해요", "3월 2일부터
 * 코드 프리즈 들어가요"): an absolute date, then the event word and a declarative verb.
 */
const KO_EVENT =
  /(?:\d{4}-\d{2}-\d{2}|\d{1,2}월\s*\d{1,2}일)(?:에|부터|까지)?\s+(?:[^\s]+\s+){0,2}?(?:출시|오픈|런칭|배포|릴리스|마감|프리즈|점검|감사|심사|이전|전환|종료|컷오버)\s*(?:에\s*)?(?:들어가|시작|해|하|돼|되|예정|이|입|일)/;
/** A request or proposal ending: what the agent should do, not a fact. */
const KO_REQUEST = /(?:줘|줘요|주세요|줄래요?|해라|하자|합시다|할까요?|시죠)[\s.!]*$/;
const KO_WE = /^(?:우리|저희|팀|우리 팀|저희 팀)/;
/**
 * Korean drops the subject: "세션 저장소는 DynamoDB로 가기로 결정했어요" is a team decision. It is
 * one when the topic is not the speaker ("제가 …", "저는 …": a personal choice) and the sentence
 * names no option the agent offered ("말씀하신 방법", "두 번째 안": a choice for the task at hand).
 */
const KO_SPEAKER = /^(?:제가|저는|내가|나는|난|전)\s/;
const KO_ONE_OFF =
  /(?:제안|옵션|방안|말씀하신|추천하신|알려주신|첫 ?번째|두 ?번째|세 ?번째|[A-D]안|일단|우선)/;
/** A dated obligation with an absolute date ("2026년 4월 15일까지 … 옮겨야 해요"). */
const KO_DUE = /까지\s*.*[\uac00-\ud7a3]야\s*(?:해요|합니다|한다|해|돼요|됩니다|된다)/;
const KO_ABSOLUTE_DATE = /\d{4}-\d{2}-\d{2}|\d{1,2}월\s*\d{1,2}일/;
const KO_DEADLINE =
  /(?:까지\s*.*(?:출시|배포|마감|릴리스|런칭|오픈|완료)|(?:마감|데드라인|출시일|배포일|코드 프리즈)(?:은|는|이)?\s*.*\d)/;
const KO_DATE =
  /\d{4}-\d{2}-\d{2}|\d+월|\d+일|다음 달|이번 달|다음 주|이번 주|월요일|화요일|수요일|목요일|금요일|말까지/;
const KO_TASK = /(?:이|그|이번)\s*(?:PR|파일|함수|변수|브랜치|커밋|티켓|작업)/i;

/** The project rule: a `project` memory for a team decision or a dated milestone, else undefined. */
export function projectRule(s: Sentence): RuleOutcome | undefined {
  const text = tidy(
    stripFiller(stripFiller(s.text.replace(LEAD, "")).replace(LEAD, ""))
      .replace(KEEP_LEAD, "")
      .replace(CONNECTIVE, ""),
  );
  if (!text) return undefined;
  if (isKorean(text)) return koreanProject(s, text);
  const n = norm(text).replace(WE_GLUED, (_m, a: string) => (a === "'re" ? "we are " : "we have "));
  const decision =
    DECISION_EN.test(n) ||
    OWNER_EN.test(n) ||
    (TEAM_MOVE_EN.test(n) && !CODE_OBJECT.test(n)) ||
    (STAKEHOLDER_EN.test(n) && !/\b(?:to know|if|whether|about)\b/.test(n)) ||
    ON_HOLD_EN.test(n);
  // "The legacy billing module is being rewritten by another team, so avoid touching …"
  const state =
    PROJECT_STATE.test(n) && SO_INSTRUCTION.test(text) && isInstruction(SO_INSTRUCTION.exec(text)![2]!);
  const milestone =
    !decision &&
    !state &&
    ((MILESTONE.test(n) && DATE_EN.test(n)) || DUE_OBLIGATION.test(n)) &&
    (MILESTONE_OPENING.test(n) || (SUBJECT_VERB_OPENING.test(n) && !isInstruction(text)));
  if (!decision && !milestone && !state) return undefined;
  const why = objection(text, true);
  if (why) return { kind: "reject", rule: "project-statement", reason: why };
  if (REQUEST.test(n)) return { kind: "reject", rule: "project-statement", reason: "a request, not a fact" };
  if (decision && ONE_OFF_DECISION.test(n)) {
    return { kind: "reject", rule: "project-statement", reason: "a choice for the task at hand" };
  }
  if (TASK_SCOPE.test(n) || scopedTo(text)) {
    return { kind: "reject", rule: "project-statement", reason: "about the task at hand, not the project" };
  }
  if (
    decision &&
    /\b(?:decided|chose|agreed|settled on|opted|voted)\s+(?:to\s+\w+\s+)?(?:on\s+)?(?:it|this|that|them|one|which|what|whether|later)\b/.test(
      n,
    )
  ) {
    return { kind: "reject", rule: "project-statement", reason: "no decision content" };
  }
  if (contentWords(text).length < 3) return undefined;
  return build(s, text);
}

function koreanProject(s: Sentence, text: string): RuleOutcome | undefined {
  const decision =
    KO_DECISION.test(text) && (KO_WE.test(text) || (!KO_SPEAKER.test(text) && !KO_ONE_OFF.test(text)));
  const deadline =
    (KO_DEADLINE.test(text) && KO_DATE.test(text)) ||
    (KO_DUE.test(text) && KO_ABSOLUTE_DATE.test(text)) ||
    (KO_EVENT.test(text) && !KO_REQUEST.test(text) && !KO_SPEAKER.test(text));
  const owner =
    (OWNER_KO.test(text) || KO_STATE.some((r) => r.test(text))) &&
    !KO_REQUEST.test(text) &&
    !KO_SPEAKER.test(text);
  if (!decision && !deadline && !owner) return undefined;
  const why = objection(text, true);
  if (why) return { kind: "reject", rule: "project-statement", reason: why };
  if (/[?？]|(?:했나요|했어\?|할까|인가요|나요$|까요$)/.test(text)) {
    return { kind: "reject", rule: "project-statement", reason: "question" };
  }
  if (KO_TASK.test(text))
    return { kind: "reject", rule: "project-statement", reason: "about the task at hand" };
  if (contentWords(text).length < 3) return undefined;
  return build(s, text);
}

function build(s: Sentence, text: string): RuleOutcome {
  let fact = text;
  let how: string | undefined;
  const so = SO_INSTRUCTION.exec(fact);
  if (so && isInstruction(so[2]!)) {
    fact = so[1]!;
    how = `${capitalize(tidy(so[2]!))}.`;
  }
  const trailing = isKorean(fact) ? TRAILING_REASON_KO.exec(tidy(fact)) : null;
  const parts = trailing ? { rule: trailing[1]!, why: trailing[2]! } : splitReason(fact, s.next);
  // "we're dropping graphql, it'll be REST with an OpenAPI spec": what replaces it, not a reason
  if (parts.why && OUTCOME.test(tidy(parts.why))) {
    parts.rule = `${tidy(parts.rule)}, ${tidy(parts.why)}`;
    parts.why = undefined;
  }
  let main = tidy(parts.tail ? `${parts.rule}; ${parts.tail}` : parts.rule);
  // "The v2 launch deadline is March 15, 2027; legal sign-off is required before then."
  const absorbs = s.nextAfterSemicolon === true && s.next !== "" && !isInstruction(s.next);
  if (absorbs) main = `${main}; ${tidy(s.next)}`;
  const asHow = !absorbs && s.nextAfterSemicolon === true && s.next !== "" && !how;
  if (asHow) how = `${capitalize(tidy(s.next))}.`;
  const description = oneLine(capitalize(main));
  const dated = RELATIVE_DATE.test(norm(text))
    ? ` Said on ${s.date}; relative dates count from that day.`
    : "";
  return {
    kind: "memory",
    rule: "project-statement",
    memory: {
      type: "project",
      name: memoryName("project", description),
      description,
      body: ruleBody(
        main,
        parts.why,
        `${how ?? "Keep it in mind when planning or prioritizing related work."}${dated}`,
        s.date,
      ),
    },
    absorbsNext: absorbs || asHow || undefined,
  };
}
