/**
 * Korean feedback rules: "…하지 마세요", "항상 …", "X 말고 Y 써 주세요", "…선호해요". Only standing
 * guidance fires (a generalizing or correction cue, a preference); a request for the task at hand
 * ("0 말고 null 반환하게 해줘") never does. Claude Code 2.1.x: feedback = corrections and
 * confirmed approaches.
 */
import { CORRECTION_OPENING_KO, generalCue, objection, tidy } from "./cues.js";
import { compose } from "./feedback-compose.js";
import type { FeedbackOptions } from "./feedback-cues.js";
import { taskReject } from "./task-scope.js";
import type { RuleName, RuleOutcome, Sentence } from "./types.js";

/** Korean reason after the instruction ("…써줘, 로그 수집 때문에"): the instruction stays the rule. */
export const TRAILING_REASON_KO =
  /^(.+?)\s*[,，]\s*(.+?(?:때문(?:에|이)?(?:요|야|에요|예요|입니다|이에요)?|(?:이)?라서(?:요)?|(?:으)?니까(?:요)?|거든(?:요)?))\s*$/;

const IMPERATIVE_KO =
  /(?:(?:해야|써야|사용해야|돼야|되어야|해선 안|하면 안|(?:찍으|남기|넣으|올리|푸시하|커밋하|배포하|쓰|건드리|수정하|지우|삭제하|바꾸)면 안) ?(?:한다|해|합니다|해요|돼|됩니다|된다|되요|돼요)|금지|필수(?:예요|에요|입니다|야|임)?|지 ?마|지 ?마요|지 ?마세요|지 ?마라|지 ?말아(?:요|줘| ?주세요)?|지 말 것|줘|줘요|주세요|세요|해라|하자|합시다|할 것|써|써라|써요|쓰자|해)$/;

const PREFERENCE_KO = /(?:선호해요?|선호합니다|좋아해요?|싫어해요?)$/;
/**
 * An obligation on an action of the agent ("…로 돌려야 해요", "…에 붙여야 돼요"; "…해야 해요" is in
 * IMPERATIVE_KO): guidance only with a generalizing cue ("통합 테스트는 항상 …"), never from a
 * correction alone ("아니, validateOrder에서 막아야 돼요" is about the code at hand), and never
 * about a code identifier.
 */
const OBLIGATION_KO =
  /(?:돌려|써|넣어|올려|붙여|남겨|만들어|맞춰|따라|지켜|거쳐|받아|나눠)야\s?(?:한다|해|합니다|해요|돼|됩니다|된다|되요|돼요)$/;
/** A code identifier (`validateOrder`, `order_id`, `f()`); product names like MySQL are not. */
const IDENTIFIER = /\b[a-z]+[A-Z]\w*|\b[a-z]\w*_\w+|\w\(\)/;

/** A generalizer after the instruction ("…쓰지 말아 주세요, 이번만이 아니라 앞으로 계속이요"). */
const TRAILING_GENERAL_KO =
  /^(.+?)\s*[,，]\s*((?:(?:이번|이번에|지금)만\s*(?:이|은)?\s*아니(?:라|고)|앞으로(?:도|는)?|항상|매번|계속)[^,，]*)$/;
/**
 * A prohibition on a kind of thing ("any는 쓰지 마세요", "console.log는 남기지 마세요", "lodash
 * 쓰지 마"): standing like "don't use X" (CATEGORY_PROHIBITION in English). Not the thing at hand
 * ("이 함수는 쓰지 마세요", "그거 넣지 마"), not other verbs ("테스트는 돌리지 마세요" is one-off).
 */
const CATEGORY_PROHIBITION_KO =
  /^(?!(?:이|그|저|이번|해당)\s)(?!(?:이거|그거|저거|이것|그것|저것|이건|그건|저건|이걸|그걸|여기|거기)(?:[\s은는을를에]|$))\S+(?:\s+\S+){0,2}?\s*(?:은|는|을|를)?\s+(?:(?:절대|되도록|가급적|함부로)\s+)?(?:쓰|사용하|남기|넣|도입하|추가하|설치하)지\s*(?:마|말)/;

export function koreanFeedback(s: Sentence, text: string, opts: FeedbackOptions): RuleOutcome | undefined {
  let core = text;
  let corrected = false;
  const c = CORRECTION_OPENING_KO.exec(core);
  if (c && c[0].length > 0) {
    corrected = true;
    core = core.slice(c[0].length).trim();
  }
  let statedWhy: string | undefined;
  const r = TRAILING_REASON_KO.exec(tidy(core));
  if (r && IMPERATIVE_KO.test(tidy(r[1]!))) {
    core = r[1]!;
    statedWhy = r[2]!;
  }
  // "…찍으면 안 됩니다 (법무팀 요청)": a trailing parenthesis is the reason
  const paren = statedWhy === undefined ? /^(.+?)\s*[(（]([^()（）]{2,40})[)）]\s*$/.exec(tidy(core)) : null;
  if (paren && IMPERATIVE_KO.test(tidy(paren[1]!))) {
    core = paren[1]!;
    statedWhy = paren[2]!;
  }
  // "…넣지 마 릴리스 노트가 깨져", "…유지해 주세요, 리뷰하기 힘들어요": a statement after the instruction
  const after = statedWhy === undefined ? STATEMENT_AFTER_KO.exec(tidy(core)) : null;
  if (after && !IMPERATIVE_KO.test(tidy(after[2]!)) && !/[?？]/.test(after[2]!)) {
    core = after[1]!;
    statedWhy = after[2]!;
  }
  let trailingGeneral = false;
  const g = TRAILING_GENERAL_KO.exec(tidy(core));
  if (g && IMPERATIVE_KO.test(tidy(g[1]!))) {
    // "…푸시하면 안 돼요, 항상 PR로 올려주세요": an instruction after the comma stays in the rule
    if (!IMPERATIVE_KO.test(tidy(g[2]!))) core = g[1]!;
    trailingGeneral = true;
  }
  // "…하드코딩 하지마세요 .env.example 에 추가하고요": the instruction ends before the add-on
  const mid = MID_IMPERATIVE_KO.exec(tidy(core));
  const end = mid && !IMPERATIVE_KO.test(tidy(core)) ? tidy(mid[1]!) : tidy(core);
  const preference = PREFERENCE_KO.test(end);
  const obligationOnly = !preference && !IMPERATIVE_KO.test(end) && OBLIGATION_KO.test(end);
  // "이제부터 브랜치는 feat/로 시작해요": under an explicit cue a habitual statement is the rule
  const habitual = opts.standing === true && HABITUAL_END_KO.test(end);
  if (!preference && !IMPERATIVE_KO.test(end) && !obligationOnly && !habitual) return undefined;
  const rule: RuleName = "feedback-ko";
  const why = objection(s.text);
  if (why) return { kind: "reject", rule, reason: why };
  if (obligationOnly && (IDENTIFIER.test(core) || generalCue(core) === undefined) && opts.standing !== true) {
    return {
      kind: "reject",
      rule,
      reason: "an obligation without a generalizing cue (about the code at hand)",
    };
  }
  if (!(opts.standing === true || preference || corrected) && oneOffSubstitutionKo(core, end)) {
    return { kind: "reject", rule, reason: "a substitution inside a one-off request" };
  }
  const standing =
    trailingGeneral ||
    SITUATION_KO.test(core) ||
    /(?:^|\s)(?:되도록|가급적|웬만하면|기본적으로|원칙적으로|평소에는|보통은)(?=\s)/.test(core) ||
    (ENVIRONMENT_KO.test(core) && PROHIBITION_END_KO.test(end)) ||
    CATEGORY_PROHIBITION_KO.test(end) ||
    generalCue(core) !== undefined ||
    (s.lead !== undefined && generalCue(s.lead) !== undefined);
  if (!(opts.standing === true || preference || corrected || standing)) {
    return { kind: "reject", rule, reason: "no generalizing or correction cue (one-off task instruction)" };
  }
  const scoped = taskReject(s, rule, opts);
  if (scoped) return scoped;
  return compose(s, core, undefined, rule, statedWhy, opts.standing === true);
}

/** A shared environment as the place ("운영 DB에는", "프로덕션에서"): never one task's (ENVIRONMENT_EN in English). */
const ENVIRONMENT_KO =
  /(?:운영|프로덕션|프로드|prod|production|스테이징|staging|라이브)\s*(?:DB|디비|서버|환경|클러스터|데이터베이스)?\s*(?:에는|에서는|에선|에서|에)(?=\s)/i;

/**
 * An instruction, then a statement in the same sentence ("…넣지 마 릴리스 노트가 깨져", "…유지해
 * 주세요, 리뷰하기 힘들어요"): the statement (a declarative ending) is the reason.
 */
const STATEMENT_AFTER_KO =
  /^(.+?(?:지 ?마(?:세요|요)?|지 ?말아 ?(?:주세요|줘)|세요|해 ?줘|금지|면 안 ?(?:돼요|됩니다|돼)))\s*[,，]?\s+([^,，]+?(?:어요|아요|해요|예요|이에요|습니다|거든요|져|져요|돼요|나요|네요|려요|워요|와요|어|아|야|음))$/;
/** An instruction ending inside the sentence, more text after it. */
const MID_IMPERATIVE_KO = /^(.+?(?:지 ?마세요|지 ?마요|지 ?말고|주세요|하세요|해 ?줘요?))\s+(.+)$/;
/** "PR 올릴 때", "커밋할 때마다": the instruction holds for a kind of situation. */
const SITUATION_KO =
  /(?:할|올릴|만들|쓸|작성할|커밋할|푸시할|배포할|추가할|짤|고칠|바꿀|리뷰할|머지할|릴리스할|테스트할|올리실|만드실|쓰실)\s?때(?:마다|는|에는|도)?(?=\s)/;
/** A habitual statement ending ("…로 시작해요", "…를 써요", "…합니다"). */
const HABITUAL_END_KO = /(?:해요|합니다|써요|씁니다|돼요|됩니다|가요|갑니다|올려요|붙여요|달아요)$/;
/** A prohibition ending: "…지 마세요", "…금지", "…하면 안 돼요" (a request on prod is for the task). */
const PROHIBITION_END_KO =
  /(?:지 ?마(?:세요|요|라)?|지 ?말아(?:요|줘| ?주세요)?|지 말 것|금지|면 안 ?(?:돼요|됩니다|돼|된다))$/;

/** Korean substitution cues: "X 말고 Y", "X 대신 Y", "X보다는 Y". */
const SUBSTITUTION_KO = /(?:말고|대신|보다는)/g;

/** A request form ("…해줘", "…해 주세요"): what the agent should do now. */
const REQUEST_END_KO = /(?:줘|줘요|주세요|줄래요?|해라)$/;

/** Verbs of a standing choice of tool or style ("pnpm 써 주세요", "…를 사용해 주세요"). */
const USE_VERB_KO = /(?:써|쓰|사용|선호|작성)/;

/**
 * "null 말고 빈 배열 반환하게 해줘": a substitution inside a request for the task at hand. English
 * needs "use X instead of Y" (IMPERATIVE_EN); Korean accepts any request ending, so a substitution
 * cue alone makes it standing only with a verb of using or writing (`SUBSTITUTION` in English).
 */
function oneOffSubstitutionKo(core: string, end: string): boolean {
  if (!REQUEST_END_KO.test(end) || USE_VERB_KO.test(end.slice(-12))) return false;
  if (generalCue(core) === undefined) return false;
  return generalCue(core.replace(SUBSTITUTION_KO, " ")) === undefined;
}
