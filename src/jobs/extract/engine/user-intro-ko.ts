/**
 * Korean self-introductions ("먼저 저에 대해 말씀드리면 백엔드 개발자고 주로 Go 쓰고 React는
 * 처음이에요", "나 추천팀 ML 엔지니어야. PyTorch만 써봤고 JAX는 이번이 처음이라 차근차근
 * 알려줘"): the Korean side of `user-intro.ts`. A sentence is cut at its connective endings
 * (…고, …라서, …는데); clauses about the person are kept as written (the subject "저는" / "나"
 * dropped), requests about explaining become "How to apply".
 */
import { objection, stripFiller, tidy } from "./cues.js";
import type { IntroSentence } from "./user-intro.js";

/** Greetings and intro leads before the introduction ("안녕하세요~ 먼저 저에 대해 말씀드리면"). */
const LEAD_KO =
  /^(?:(?:안녕하세요|안녕|반갑습니다|반가워요)[~!.,\s]*)?(?:(?:먼저|우선|간단히|일단|참고로|시작하기 전에)\s*,?\s*)*(?:(?:저에 대해|제 소개를?|저를 소개하면|자기소개를?|제 배경을?|배경을?)\s*(?:좀\s*)?(?:말씀드리면|말씀드리자면|하자면|하면|드리면|말하면)|말씀드리면)\s*,?\s*/;
/** The subject that opens a statement about the speaker. */
const SUBJECT_KO = /^(?:저는|제가|나는|내가|난|전|나)\s+/;
/** Where a clause ends: a connective ending before a space, or a comma. */
const CLAUSE_END_KO =
  /(?<=(?:고|이고|고요|라서|이라서|라|이라|해서|봐서|어서|아서|여서|는데|인데|은데|지만|이지만|니까|으니까|며|이며|면서))\s+|,\s*/g;
const KO_ROLE =
  /(?:개발자|엔지니어|디자이너|학생|연구원|과학자|기획자|매니저|리드|초보|초보자|신입|관리자|데브옵스|창업자|대표|PM|SRE|DBA|분석가|아키텍트|프리랜서|인턴|개발|dev|engineer|developer)/i;
const SIGNAL_KO =
  /처음|써 ?봤|해 ?봤|안 해 ?봐|안 써 ?봐|해 ?본 적|써 ?본 적|잘 몰라|잘 모르|모릅니다|몰라요|익숙|잘 알|능숙|전문|담당|경력|년차|\d+\s*년|[일이삼사오육칠팔구십]\s*년|출신|배우는 중|공부 중|배우고 있|입문|주로|맡고 있|일하고 있|근무|할 줄 (?:알|몰)/;
/** A role with its copula closing the clause ("디자이너인데", "백엔드 개발자고"): about the speaker even without "저는". */
const ROLE_COPULA_KO = new RegExp(
  `${KO_ROLE.source}(?:인데|이고|고|예요|이에요|에요|입니다|이야|야|이라서|라서|이라|라)$`,
  "i",
);
/** Years of doing something, said of oneself ("백엔드만 7년 했고", "3년차임"). */
const YEARS_KO =
  /(?:\d+|[일이삼사오육칠팔구십]+)\s*년\s*(?:차|째|넘게|정도|가까이|동안|이상)?\s*(?:했|해 ?왔|일했|개발했|써 ?왔|썼|다뤘|만들었|차)/;
/** A request ending: the clause asks the agent for something. */
const REQUEST_KO =
  /(?:줘|줘요|주세요|주시면\s*(?:좋겠어요|좋겠습니다|돼요|감사하겠습니다|감사해요)|주면\s*좋겠어|주실래요|부탁(?:해요|드려요|드립니다|합니다|해)?|하세요|해 ?주시고|말아 ?주세요|마세요|마)$/;
const EXPLAIN_KO = /설명|알려|차근차근|천천히|자세히|쉽게|이유|기초|기본/;
/** A clause about something else: a task, a question. */
const OTHER_KO = /[?？]|(?:해|봐|고쳐|만들어|붙여|추가해|바꿔|돌려|확인해)\s*(?:줘|줘요|주세요|줄래요?)$/;
/** A request about one thing at hand ("이 함수 설명해 주세요"): a task, not how to explain things to the user. */
const TASK_OBJECT_KO = /(?:^|\s)(?:이|저)\s|이거|이것|여기|[\w-]+\.\w{1,4}\b/;
/** Connective endings cut off the end of the last clause kept ("처음이라" → "처음"). */
const TRAILING_KO = /(?:이라서|이라|이고|인데|니까|이지만|지만|는데)$|(?<=[봐해])서$/;

/** The sentence without a greeting or an intro lead, and whether it had an intro lead. */
export function stripIntroLeadKo(sentence: string): { text: string; lead: boolean } {
  const t = stripFiller(tidy(sentence));
  const m = LEAD_KO.exec(t);
  if (!m || m[0].length === 0) return { text: t, lead: false };
  return { text: t.slice(m[0].length), lead: /소개|저에 대해|배경|말씀드리면/.test(m[0]) };
}

/**
 * One Korean sentence taken apart as part of an introduction (see `introSentence`). A clause
 * about the person needs the subject ("저는", "나") or `terseOk` (after an intro lead, inside a
 * run); a role noun with the subject is a strong signal.
 */
export function introSentenceKo(
  sentence: string,
  opts: { terseOk: boolean; first: boolean },
): IntroSentence | undefined {
  const lead = stripIntroLeadKo(sentence);
  const why = objection(lead.text);
  if (why !== undefined && !/아직|이번/.test(why)) return undefined;
  const subject = SUBJECT_KO.exec(lead.text);
  const text = subject ? lead.text.slice(subject[0].length) : lead.text;
  const terseOk = opts.terseOk || lead.lead || subject !== null;
  // an intro lead makes any signal of the opening sentence strong
  const leadStrong = lead.lead && opts.first;
  const about: string[] = [];
  const how: string[] = [];
  let signal = false;
  let strong = false;
  /** Whether each clause in `about` carries a signal. */
  const plainSignal: boolean[] = [];
  for (const clause of text
    .split(CLAUSE_END_KO)
    .map((c) => tidy(c))
    .filter(Boolean)) {
    if (REQUEST_KO.test(clause)) {
      if (EXPLAIN_KO.test(clause) && !TASK_OBJECT_KO.test(clause)) {
        // "용어를 쉽게 풀어서 | 설명해 주세요": a clause without a signal right before the request is part of it
        const lead = about.length > 1 && !plainSignal.at(-1) ? `${about.pop()} ` : "";
        plainSignal.pop();
        how.push(`${lead}${clause}`);
        continue;
      }
      break;
    }
    const identity = about.length === 0 && (ROLE_COPULA_KO.test(clause) || YEARS_KO.test(clause));
    if (OTHER_KO.test(clause) || !(terseOk || identity || about.length > 0)) break;
    const role = KO_ROLE.test(clause) && about.length === 0;
    const sig = role || SIGNAL_KO.test(clause);
    signal ||= sig;
    strong ||= (role || identity) && (subject !== null || lead.lead || identity);
    about.push(clause);
    plainSignal.push(sig);
  }
  if (!signal && how.length === 0) return undefined;
  strong ||= leadStrong && signal;
  const line = about.join(" ").replace(TRAILING_KO, "");
  return { about: signal ? `User: ${tidy(line)}` : "", how, signal, strong };
}
