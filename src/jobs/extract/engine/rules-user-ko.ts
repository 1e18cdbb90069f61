/**
 * Korean user rules: statements about the person ("저는 백엔드 개발자입니다", "저는 원래 ML
 * 엔지니어라 CSS는 거의 몰라요", "QA 하다가 개발로 옮긴 지 두 달 됐어요"). Claude Code 2.1.x:
 * `user` memories hold the user's role, goals, expertise and preferences.
 */
import { contentWords, objection, stripFiller, tidy } from "./cues.js";
import type { RuleOutcome, Sentence } from "./types.js";
import { covers, userMemory } from "./user-memory.js";
import { type Introduction, introduction } from "./user-run.js";

/** A Korean lead clause before the topic ("시작하기 전에 말씀드리면, 저는 …"). */
const LEAD_IN_KO = /^[^,]{1,30},\s*(?=(?:저는|제가|나는|내가|난|전)\s)/;
/** A request ending: the rest of the sentence asks for something, it is no longer about the user. */
const REQUEST_END_KO = /(?:줘|줘요|주세요|세요|해|하자|할래요?|봐요?)$/;

const KO_ROLE =
  "개발자|엔지니어|디자이너|학생|연구원|과학자|기획자|매니저|리드|초보|초보자|신입|관리자|데브옵스|창업자|대표|PM|SRE";

/**
 * Experience and background ("QA 하다가 개발로 옮긴 지 두 달 됐어요", "자바를 10년 넘게 했어요",
 * "백엔드 3년차예요", "디자인 출신이에요"): how long and from where, about the speaker.
 */
const KO_EXPERIENCE =
  "지\\s+(?:[^\\s,.]+\\s+){0,3}?(?:됐|돼|되었|되어)|년차|출신|경력|(?:년|개월)\\s*(?:넘게|정도|가까이|째|동안)?\\s*(?:했|해 왔|써 왔|썼|다뤘|일했|개발했)";
const KO_ABOUT = new RegExp(
  `^(?:저는|제가|나는|내가|전|난)\\s+(.+?(?:처음|익숙하지 않|잘 몰라|잘 모릅니다|잘 모르|전문|담당|년째|년 동안|${KO_EXPERIENCE})[^\\s,.]*)`,
);
/** A connective after the role ("…엔지니어라 CSS는 거의 몰라요"): the next clause is still about the user. */
const CONNECTIVE_END = /(?:이고|고|이라서|라서|이라|라)$/;

/**
 * The Korean user rule: a `user` memory for a statement about the speaker's role, experience,
 * timezone or home, a reject for a question or hedge, else `undefined`.
 */
export function koreanUser(s: Sentence): RuleOutcome | undefined {
  const t = stripFiller(tidy(stripFiller(s.text)).replace(LEAD_IN_KO, ""));
  let fact: string | undefined;
  const a = new RegExp(
    `^(?:저는|나는|난|전)\\s+(.*?(?:${KO_ROLE}).*?)\\s*(?:입니다|이에요|예요|에요|이고요?|이고|고요?|이라서|라서|(?:이)?라(?=\\s)|(?:이)?(?:야|다|임)(?=$|[\\s,.!~]))`,
  ).exec(t);
  const b = KO_ABOUT.exec(t);
  const c =
    /^(?:저는|나는|난|전)\s+(.+?(?:시간|시간대|타임존)\s*(?:\([A-Z]{2,5}\))?\s*기준으로\s*(?:일|작업|근무)(?:해요|합니다|해|함|하고 있어요)|.+?에\s*(?:살아요|살고 있어요|살고 있습니다|거주해요|거주합니다))/.exec(
      t,
    );
  if (c) fact = `User: ${c[1]}`;
  else if (a) {
    fact = `User is ${a[1]}`;
    // "저는 백엔드 개발자고 Kotlin이랑 Spring을 주로 써요": the clause after "고" is still about the user
    const rest = tidy(t.slice(a[0].length).split(/[,，]/)[0]!);
    if (CONNECTIVE_END.test(a[0]) && rest && Array.from(rest).length <= 60 && !REQUEST_END_KO.test(rest)) {
      fact = `${fact}, ${rest}`;
    }
  } else if (b)
    fact = `User: ${b[1]!
      .replace(/(?:돼서|되어서|됐는데|됐고|돼요|됐어요|됐습니다|됐어)$/, "됨")
      .replace(/(?:이라서|라서|이라|이고|인데|니까|예요|이에요|입니다|이지만|지만)$/, "")}`;
  const intro = introduction(s);
  if (!fact) return intro ? introMemory(s, intro) : undefined;
  const why = objection(s.text);
  if (why) return { kind: "reject", rule: "user-ko", reason: why };
  return intro ? introMemory(s, intro, fact) : userMemory(fact, s.date, "user-ko");
}

/** The user memory of a Korean introduction; `fact` (a single-statement form) stays when it holds every word. */
function introMemory(s: Sentence, intro: Introduction, fact?: string): RuleOutcome {
  const about = [...intro.about];
  if (fact && covers(fact, contentWords(about[0]!))) about[0] = fact;
  const out = userMemory(about, s.date, "user-ko", intro.how);
  return intro.absorbs > 0 && out.kind === "memory" ? { ...out, absorbsFollowing: intro.absorbs } : out;
}
