/**
 * Qualifiers: words that pick WHICH thing a fact is about (staging vs production, mobile vs web, Go vs
 * Python, unit vs integration tests, dark vs light). Two facts with different qualifiers of one class
 * are about different things. A closed list (English and Korean) by class, as written (callers key
 * the words their own way).
 */
export const QUALIFIER_CLASSES: Readonly<Record<string, string>> = {
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
