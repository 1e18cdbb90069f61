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
