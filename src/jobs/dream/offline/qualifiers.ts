/**
 * Qualifiers: words that pick WHICH thing a fact is about (staging vs production, mobile vs web, Go vs
 * Python, unit vs integration tests, dark vs light). Two facts with different qualifiers of one class
 * are about different things: never a contradiction (`subject.ts`), never a merge (`blockers.ts`).
 * A closed list (English and Korean), compared on the dream's token keys (stemmed, particles off).
 */
import { stemWord } from "../../../store/similarity.js";
import { stripParticle } from "./tokens.js";

const CLASSES: Record<string, string> = {
  environment:
    "staging stage production prod dev development qa local preview sandbox canary 스테이징 운영 개발 프로덕션 로컬",
  platform:
    "mobile web desktop ios android server client backend frontend cli 모바일 웹 데스크톱 서버 클라이언트 백엔드 프론트엔드 앱",
  language:
    "go golang python typescript javascript rust java kotlin swift ruby php scala elixir haskell csharp cpp bash shell sql makefile makefiles yaml json markdown css html",
  tests: "unit integration e2e smoke snapshot 단위 통합",
  theme: "dark light 다크 라이트",
  quotes: "single double",
  indent: "tabs spaces tab space 탭 스페이스",
  case: "upper lower uppercase lowercase camelcase snakecase",
  timing: "sync async synchronous asynchronous",
  visibility: "public private internal external 공개 비공개",
  role: "primary replica leader follower master",
};

const key = (w: string) => (/^[\uAC00-\uD7A3]+$/.test(w) ? stripParticle(w) : stemWord(w));

const CLASS_OF = new Map<string, string>();
for (const [cls, words] of Object.entries(CLASSES))
  for (const w of words.split(" ")) CLASS_OF.set(key(w), cls);

/** True when `tokenKey` (a `factTokens` key) is a known qualifier. */
export const isQualifier = (tokenKey: string): boolean => CLASS_OF.has(tokenKey);

/** The qualifiers among `keys`, by class. */
export function qualifiersOf(keys: Iterable<string>): Map<string, Set<string>> {
  const out = new Map<string, Set<string>>();
  for (const k of keys) {
    const cls = CLASS_OF.get(k);
    if (!cls) continue;
    const s = out.get(cls) ?? new Set<string>();
    s.add(k);
    out.set(cls, s);
  }
  return out;
}
