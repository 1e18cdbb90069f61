/**
 * Korean particles (josa) stripped from the end of a Hangul word when words are compared or named
 * (`주석은` → `주석`, `영어로` → `영어`), longest first so `에서는` goes before `는`.
 */
export const KO_PARTICLES: readonly string[] = [
  "에서는",
  "에게서",
  "으로는",
  "에서",
  "에게",
  "으로",
  "부터",
  "까지",
  "마다",
  "처럼",
  "보다",
  "은",
  "는",
  "이",
  "가",
  "을",
  "를",
  "에",
  "로",
  "의",
  "도",
  "와",
  "과",
  "만",
  "랑",
];
