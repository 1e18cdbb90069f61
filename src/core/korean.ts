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

/**
 * A non-Hangul word with a Korean particle glued on (`pnpm으로`, `Biome을`): [word, particle], or
 * undefined when the Hangul tail is no particle.
 */
export function gluedParticle(word: string): [string, string] | undefined {
  const m = /^([^\uAC00-\uD7A3]+)([\uAC00-\uD7A3]+)$/u.exec(word);
  return m && KO_PARTICLES.includes(m[2]!) ? [m[1]!, m[2]!] : undefined;
}

/** The final consonant (jongseong) index of a Hangul syllable: 0 for none, 8 for ㄹ; -1 when not Hangul. */
export function finalConsonant(syllable: string): number {
  const c = (syllable.codePointAt(0) ?? 0) - 0xac00;
  return c >= 0 && c < 11_172 ? c % 28 : -1;
}
