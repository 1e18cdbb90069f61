/**
 * Deterministic synthetic secrets: a seeded PRNG (mulberry32) draws every random part, so no real
 * credential and no literal token sits in the repository, and every run builds the same corpus.
 */

export const ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
export const LOWER_ALNUM = "abcdefghijklmnopqrstuvwxyz0123456789";
export const UPPER_ALNUM = "ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
export const LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
export const HEX = "0123456789abcdef";
export const B64URL = `${ALNUM}_-`;
export const B64 = `${ALNUM}+/`;
/** Bech32 data characters (age keys). */
export const BECH32 = "qpzry9x8gf2tvdw0s3jn54khce6mua7l";

let state = 0x5eed1e55;

/** Resets the generator (the corpus module calls it once, before building). */
export function reseed(seed: number): void {
  state = seed >>> 0;
}

function next(): number {
  state = (state + 0x6d2b79f5) >>> 0;
  let t = state;
  t = Math.imul(t ^ (t >>> 15), t | 1);
  t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
  return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
}

/**
 * `n` characters drawn from `alphabet`; when the alphabet has both, the result holds at least one
 * digit, one upper- and one lower-case letter (real tokens do; rules may require it).
 */
export function rand(alphabet: string, n: number): string {
  for (;;) {
    let s = "";
    for (let i = 0; i < n; i++) s += alphabet[Math.floor(next() * alphabet.length)];
    const need = (re: RegExp) => !re.test(alphabet) || re.test(s) || n < 8;
    if (need(/\d/) && need(/[A-Z]/) && need(/[a-z]/)) return s;
  }
}

/** Base64 (RFC 4648 §4) of the UTF-8 bytes of `s`. */
export const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64");
/** Lower-case hex of the UTF-8 bytes of `s`. */
export const hex = (s: string) => Buffer.from(s, "utf8").toString("hex");
