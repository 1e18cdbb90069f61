/**
 * Secrets stated in prose: `the db password is hunter2-Sup3rS3cret!`, `API key: abc123def`,
 * `비밀번호는 hunter2야`. Only the value is redacted, as `[REDACTED:<category>]`.
 *
 * The exact rule:
 * 1. A keyword (case-insensitive): `password`, `passwd`, `passphrase`, `pwd` (category `password`),
 *    `secret`, `secret key` (`secret`), `token` (`token`), `api key` (`api_key`), `access key`
 *    (`access_key`) — `api key`/`access key`/`secret key` may be written with a space, `_`, `-` or
 *    nothing between the words — not preceded by a letter or digit (`db_password` counts, `dbpassword`
 *    and `passwords` do not); or `비밀번호`, `비번`, `암호` (`password`) — `암호화` (encryption) does not.
 * 2. Then a separator: ` is ` / ` was ` (an optional `:` may follow), `:` (not `::`/`:=`), `=` (not
 *    `==`/`=>`/`=~`), or a Korean topic particle `는`/`은` — spaces and tabs allowed around it; or, for
 *    the password keywords only, just a space when the value is strongly secret-like (`strongSecret`:
 *    `log in with password Tr0ub4dor&3-x`).
 * 3. Then the value: a quoted string (`"…"`, `'…'`, `` `…` ``, `“…”`, `‘…’`, one line, ≤ 200 chars), or
 *    else a run of ≤ 200 characters up to whitespace, a quote, `<`, `>`, `,`, `;`, `)`, `]`, `}`, `\`
 *    or a Hangul letter (so the particle in `hunter2야` stays).
 * 4. The value must look like a secret:
 *    - a quoted value always does, and
 *    - an unquoted value does when, ignoring trailing `.`/`:`/`!`/`?`, it is ≥ 4 characters long and
 *      contains a digit, or a character other than a letter, digit, `_` or `-`, or (after ` is `/` was `/
 *      `는`/`은` only, not after `:`/`=` where letters-only values are type names such as
 *      `token: CancellationToken`) is ≥ 12 characters long with both upper- and lower-case letters;
 *    - except (quoted or not) a placeholder (`<token>`, `***`, `${VAR}`, a marker), a code word
 *      (`None`, `null`, `true`, `required`, `string`…), a reference (`$VAR`, `%VAR%`, `{{…}}`), a call
 *      or index (`get_pw()`, `env[…]`), a member access (`self.pw`, `process.env.TOKEN`), a file path
 *      (`/…`, `~/…`, `./…`, `../…`), and for `token` a bare number (a token count).
 * So `password is required`, `the password is too short`, `token is expired`, `if password is None`,
 * `password is stored hashed`, `the secret is to cache it` are kept; a multi-word passphrase in prose
 * (`passphrase is correct horse battery staple`) is not detected unless it is quoted.
 * Linear time: every part of the match is bounded, and a rejected match resumes right after its keyword.
 */

import { NON_SECRET_WORDS } from "./assignments.js";
import { isPlaceholder, MARKER_PREFIX, marker } from "./rule-kit.js";

type Category = "password" | "secret" | "token" | "api_key" | "access_key";

const HANGUL = "\\u1100-\\u11FF\\u3130-\\u318F\\uAC00-\\uD7A3";
const PROSE = new RegExp(
  [
    "(?:(?<![A-Za-z0-9])(?<en>passwd|password|passphrase|pwd|secret[ _-]?key|secret|token|api[ _-]?key|access[ _-]?key)",
    "|(?<ko>비밀번호|비번|암호))",
    "(?<sep>[ \\t]{1,8}(?:is|was)(?:[ \\t]{0,8}:)?[ \\t]{1,8}",
    "|[ \\t]{0,8}(?::(?![:=])|=(?![=>~]))[ \\t]{0,8}",
    "|[ \\t]{0,8}[는은][ \\t]{0,8}",
    "|[ \\t]{1,8})",
    "(?:\"(?<q1>[^\"\\n]{1,200})\"|'(?<q2>[^'\\n]{1,200})'|`(?<q3>[^`\\n]{1,200})`",
    "|\\u201C(?<q4>[^\\u201D\\n]{1,200})\\u201D|\\u2018(?<q5>[^\\u2019\\n]{1,200})\\u2019",
    `|(?<bare>[^\\s"'\`<>,;)\\]}\\\\${HANGUL}\\u201C\\u2018]{1,200}))`,
  ].join(""),
  "gi",
);
/** Quick pre-check: text without any keyword skips the regex. */
const HINT = /pass|pwd|secret|token|key|비밀번호|비번|암호/i;

const STOP = new Set([...NON_SECRET_WORDS, "empty", "invalid", "missing"]);

function category(keyword: string): Category {
  const k = keyword.toLowerCase().replace(/[ _-]/g, "");
  if (k === "token") return "token";
  if (k === "apikey") return "api_key";
  if (k === "accesskey") return "access_key";
  if (k === "secret" || k === "secretkey") return "secret";
  return "password";
}

function looksSecret(value: string, quoted: boolean, sep: string, cat: Category): boolean {
  if (value.trim() === "" || value.includes(MARKER_PREFIX) || isPlaceholder(value)) return false;
  if (sep.trim() === "") {
    if (quoted) return false;
    const bare = value.replace(/[.:!?]+$/, "");
    return cat === "password" ? strongSecret(bare) : keyLike(bare);
  }
  const v = quoted ? value.trim() : value.replace(/[.:!?]+$/, "");
  if (STOP.has(v.toLowerCase()) || isPlaceholder(v)) return false;
  if (/^[$%]|^\{\{/.test(v) || /[([]/.test(v)) return false; // references, calls, indexing
  if (/^[A-Za-z_$][\w$]*(?:\.[\w$]+)+$/.test(v)) return false; // member access: self.password
  if (/^(?:~|\.{1,2})?\//.test(v)) return false; // a file path: where the secret is, not the secret
  if (cat === "token" && /^\d+$/.test(v)) return false; // token counts
  if (quoted) return true;
  if (v.length < 4) return false;
  if (/\d/.test(v) || /[^\p{L}\p{N}_-]/u.test(v)) return true;
  const prose = !/[:=]/.test(sep);
  if (!prose) return false;
  if (v.length >= 12 && /[a-z]/.test(v) && /[A-Z]/.test(v)) return true;
  // A long letters-only word after "password is" that reads like no English word (a passphrase run
  // together, `correcthorsebattery`): ≥ 10 letters, not ending like an adjective/participle/noun.
  return cat === "password" && v.length >= 10 && /^\p{L}+$/u.test(v) && !ENGLISH_ENDING.test(v);
}

/** Endings of ordinary English words that follow "password is" (`incorrect`… no; `encrypted`, `mandatory`, `configurable`). */
const ENGLISH_ENDING =
  /(?:ed|ing|ly|able|ible|ful|less|ive|ous|ent|ant|ory|ary|al|ic|ion|ness|ment|ity|ize|ise|ate|ect|ure|ence|ance)$/i;

/**
 * A value that reads as a password even with no "is"/":" before it (`with password Tr0ub4dor&3-x`):
 * ≥ 6 characters with a letter and a digit, and a symbol, mixed case, or ≥ 8 characters.
 */
function strongSecret(v: string): boolean {
  if (v.length < 6 || !/\p{L}/u.test(v) || !/\d/.test(v)) return false;
  return /[^\p{L}\p{N}]/u.test(v) || (/[a-z]/.test(v) && /[A-Z]/.test(v)) || v.length >= 8;
}

/**
 * A value that reads as a key even with no "is"/":" after `secret`, `token` or `api key`
 * (`secret wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY`): ≥ 16 characters with a letter and a digit,
 * and mixed case or a symbol; or, in one case, ≥ 24 characters with ≥ 4 digits and ≥ 4 letters
 * (`secret 9f8e7d6c5b4a39281706f5e4d3c2b1a0`). Words (`secret sauce`, `token budget`) never qualify.
 */
function keyLike(v: string): boolean {
  if (v.length < 16 || !/\p{L}/u.test(v) || !/\d/.test(v)) return false;
  if ((/[a-z]/.test(v) && /[A-Z]/.test(v)) || /[^\p{L}\p{N}]/u.test(v)) return true;
  // One case only: long enough and mixed enough to be random (`9f8e7d6c…` hex keys, base36 tokens).
  return v.length >= 24 && (v.match(/\d/g)?.length ?? 0) >= 4 && (v.match(/\p{L}/gu)?.length ?? 0) >= 4;
}

/** Redacts secrets stated in prose (module doc). Linear time, never throws. */
export function redactProse(text: string): string {
  if (!HINT.test(text)) return text;
  let out = "";
  let last = 0;
  PROSE.lastIndex = 0;
  for (let m = PROSE.exec(text); m !== null; m = PROSE.exec(text)) {
    const g = m.groups!;
    const keyword = (g.en ?? g.ko)!;
    const quotedValue = g.q1 ?? g.q2 ?? g.q3 ?? g.q4 ?? g.q5;
    const value = quotedValue ?? g.bare!;
    const cat = category(keyword);
    if (!looksSecret(value, quotedValue !== undefined, g.sep!, cat)) {
      PROSE.lastIndex = m.index + keyword.length;
      continue;
    }
    const valueStart = m.index + m[0].length - value.length - (quotedValue !== undefined ? 1 : 0);
    out += text.slice(last, valueStart) + marker(cat);
    last = valueStart + value.length;
  }
  return last === 0 ? text : out + text.slice(last);
}
