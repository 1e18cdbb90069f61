/**
 * Korean particles around a rewritten expression: which Hangul may follow an expression (particles,
 * copula endings, a part of the day: 오늘밤에), which ends a word (so the next word is not its
 * object), and how a particle changes when the replacement ends in a consonant (어제는 → 2026-11-28에는).
 */
import type { Granularity } from "./calendar.js";

/** Hangul that may follow an expression: particles and copula endings, nothing that makes a longer word. */
export const FOLLOWERS = new Set(
  (
    "에 에는 에도 에만 엔 는 은 도 만 부터 부터는 부턴 까지 까지는 까지만 까진 의 이 가 을 를 로 으로 와 과 랑 " +
    "이랑 쯤 쯤에 경 경에 께 중 중에 에서 에서는 처럼 보다 다 이다 였다 이었다 인 이고 이며 이면 라서 이라서 " +
    "입니다 이에요 예요 였어요 이었어요 였음 이었음 임 야 이야 에야"
  ).split(" "),
);

/** Last syllables of a word that ends in a particle or a verb ending (so the next word is not its object). */
export const PARTICLE_ENDS = new Set("은는이가을를에도서고며요다만야게로와과랑께죠네지까면니데".split(""));

/** Parts of a day written onto a day word (오늘밤, 내일아침): kept, after a space, behind the date. */
export const PART_OF_DAY = /^(?:아침|점심|오전|오후|저녁|밤|새벽)/;

/** Whether the replaced expression ends without a final consonant (어제, 올해, 지난주: 가/는/를 forms). */
function endsInVowel(s: string): boolean {
  const code = s.charCodeAt(s.length - 1);
  return code >= 0xac00 && code <= 0xd7a3 && (code - 0xac00) % 28 === 0;
}

/** Particles that change after a consonant-final word (day, week, month and year forms end in 일, 월, 년, 간). */
const AFTER_CONSONANT: Record<string, string> = {
  가: "이",
  는: "에는",
  를: "을",
  와: "과",
  랑: "이랑",
  야: "이야",
  다: "이다",
  였다: "이었다",
  예요: "이에요",
  였어요: "이었어요",
  였음: "이었음",
  라서: "이라서",
};

/**
 * The follower to write after the replacement: vowel-form particles become their consonant forms
 * (어제는 → 2026-11-28에는, 올해가 → 2026년이), 로 becomes 으로 after 년/주간. A quarter (지난 분기가 →
 * 2026년 3분기가) ends in a vowel on both sides. Returns the follower unchanged otherwise.
 */
export function adjustFollower(phrase: string, follower: string, granularity: Granularity): string {
  if (granularity === "quarter") return follower;
  if (follower === "로" && (granularity === "week" || granularity === "year")) return "으로";
  if (!endsInVowel(phrase)) return follower;
  return AFTER_CONSONANT[follower] ?? follower;
}

/** A syllable with the final consonant ㅆ (했, 었, 봤, 겠): a past or future tense, so a verb. */
function hasSsangSiot(word: string): boolean {
  for (const ch of word) {
    const code = ch.charCodeAt(0);
    if (code >= 0xac00 && code <= 0xd7a3 && (code - 0xac00) % 28 === 20) return true;
  }
  return false;
}

/** Verb endings a word may close with (본다, 배포하고, 수정함, 배포한다, 고치기로). */
const VERB_END =
  /(?:[가-힣]다|하는|하고|하며|해서|하면|하여|하자|할|되는|되고|되어|돼서|된다|될|합니다|해요|함|됨|했음|기로|려고)$/;

/** Nouns that end in 한 (a deadline, a permission, a limit). */
const NOUN_HAN = /(?:기한|권한|제한|무한|시한|최소한|최대한|유한|한한)$/;

/**
 * True when a bare time expression (no particle) worked as an adverb and its date needs 에
 * (어제 마이그레이션을 했다 → 2026-01-13에 마이그레이션을 했다; 작년 입사했다 → 2025년에 입사했다):
 * `after` is the text right after the expression. The next word must be a verb (a tense syllable
 * with ㅆ, or a verb ending), or, for a day or a week, an object (a word ending in 을/를). Otherwise
 * (지난 분기 매출, 내일 출시, 지난밤 배포가) the expression may modify a noun and stays bare.
 */
export function needsAdverbParticle(after: string, granularity: Granularity): boolean {
  const m = /^[ \t]+([^\s.,;:!?)\]"”」』]+)/.exec(after);
  const word = m?.[1];
  if (word === undefined) return false;
  const hangul = /[\uAC00-\uD7A3]+$/.exec(word)?.[0] ?? "";
  if (hangul === "") return false;
  if (hangul === word && (hasSsangSiot(hangul) || (hangul.length >= 2 && VERB_END.test(hangul)))) return true;
  // 배포한 코드 (a verb's past modifier), not a noun in 한 (기한, 권한, 제한)
  if (hangul === word && hangul.length >= 3 && /한$/.test(hangul) && !NOUN_HAN.test(hangul)) return true;
  return (granularity === "day" || granularity === "week") && /[을를]$/.test(hangul) && word.length >= 2;
}
