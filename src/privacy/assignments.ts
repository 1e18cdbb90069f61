/**
 * Secret assignments and `.env` content (issue "privacy/": `PASSWORD=`/`TOKEN=` assignments and `.env`
 * file contents). The key is kept and only the value is redacted:
 * - `KEY=value`, `export KEY=value`, `KEY: value`, `"key": "value"`, `'key' => 'value'`, `--key=value`,
 *   JSON-escaped `\"key\": \"value\"`, where the key name (case-insensitive, split at `_ . -` and camelCase)
 *   has a segment `password`/`passwd`/`passphrase`/`secret`/`token`/`apikey` or ends in one, or has the
 *   pair api/access/private/secret/auth/client + key/secret (`API_KEY`, `clientSecret`, `x-api-key`).
 *   `tokenizer`, `max_tokens`, `passwordless` do not qualify.
 * - dotenv text: a run of ≥ 2 `UPPER_KEY=value` lines (blank and `#` lines may sit between; an optional
 *   `cat -n`/Read-tool line-number prefix is allowed) has every value redacted as `dotenv`, except
 *   shell references (`$VAR`, `"$(cmd)"`), which hold no secret themselves.
 */
import { isPlaceholder, MARKER_PREFIX, marker } from "./rule-kit.js";

type Category = "password" | "secret" | "token" | "api_key" | "access_key" | "private_key";

const WORD: Record<string, Category> = {
  password: "password",
  passwd: "password",
  passphrase: "password",
  secret: "secret",
  token: "token",
  apikey: "api_key",
  secretkey: "secret",
  accesskey: "access_key",
  privatekey: "private_key",
};
const PAIR: Record<string, Category> = {
  "api key": "api_key",
  "access key": "access_key",
  "private key": "private_key",
  "secret key": "secret",
  "auth key": "secret",
  "client secret": "secret",
};

const categoryCache = new Map<string, Category | undefined>();

/** The category of a sensitive key name, or undefined (exported for tests). */
export function keyCategory(key: string): Category | undefined {
  if (!HINT.test(key)) return undefined;
  if (categoryCache.has(key)) return categoryCache.get(key);
  if (categoryCache.size > 1000) categoryCache.clear();
  const cat = computeCategory(key);
  categoryCache.set(key, cat);
  return cat;
}

function computeCategory(key: string): Category | undefined {
  const segs: string[] = [];
  for (const part of key.split(/[_.\-:]+/)) {
    for (const m of part.matchAll(/[A-Z]+(?![a-z])|[A-Z]?[a-z]+|\d+/g)) segs.push(m[0].toLowerCase());
  }
  let found: Category | undefined;
  for (let i = 0; i < segs.length; i++) {
    const s = segs[i]!;
    const pair = i + 1 < segs.length ? PAIR[`${s} ${segs[i + 1]}`] : undefined;
    const cat = pair ?? WORD[s] ?? suffixCategory(s);
    if (cat && (found === undefined || found === "token")) found = cat;
  }
  return found;
}

function suffixCategory(seg: string): Category | undefined {
  if (seg.length <= 4) return undefined;
  for (const w of [
    "password",
    "passwd",
    "secret",
    "token",
    "apikey",
    "secretkey",
    "accesskey",
    "privatekey",
  ]) {
    if (seg.endsWith(w) && seg !== w) return WORD[w];
  }
  return undefined;
}

/** Values that are code words or types, never secrets (`password: string`, `token = None`). Shared with prose.ts. */
export const NON_SECRET_WORDS: ReadonlySet<string> = new Set([
  "true",
  "false",
  "null",
  "none",
  "nil",
  "undefined",
  "string",
  "str",
  "bytes",
  "number",
  "int",
  "boolean",
  "bool",
  "any",
  "unknown",
  "optional",
  "required",
  "await",
  "new",
  "yield",
  "typeof",
  "function",
  "async",
  "lambda",
  "this",
  "self",
  "require",
  "import",
]);

const ASSIGN =
  /(?<![A-Za-z0-9_/\\])([A-Za-z_][A-Za-z0-9_.-]{0,63})(\\?["'])?([ \t]*(?::=|=>|=(?![=~])|:(?![:=]))[ \t]*)(?:\\"((?:[^"\\\n]|\\[^"\n]){0,1000}?)\\"|"([^"\n]{0,1000})"|'([^'\n]{0,1000})'|`([^`\n]{0,1000})`|([^\s"'`,;<>)\]}]{1,1000}))/g;
const HINT = /pass|secret|token|key/i;

/** Redacts the values of sensitive assignments (module doc). Linear time, never throws. */
export function redactAssignments(text: string): string {
  if (!HINT.test(text)) return text;
  let out = "";
  let last = 0;
  ASSIGN.lastIndex = 0;
  for (let m = ASSIGN.exec(text); m !== null; m = ASSIGN.exec(text)) {
    const key = m[1]!;
    const sep = m[3]!;
    const quotedIdx = [4, 5, 6, 7].find((i) => m![i] !== undefined);
    const value = quotedIdx !== undefined ? m[quotedIdx]! : m[8]!;
    const cat = keyCategory(key);
    if (cat === undefined || !redactable(value, quotedIdx !== undefined, sep.trim(), cat)) {
      ASSIGN.lastIndex = m.index + Math.max(1, key.length);
      continue;
    }
    const valueStart = m.index + m[0].length - value.length - (quotedIdx === 4 ? 2 : quotedIdx ? 1 : 0);
    out += text.slice(last, valueStart) + marker(cat);
    last = valueStart + value.length;
  }
  return last === 0 ? text : out + text.slice(last);
}

function redactable(value: string, quoted: boolean, op: string, cat: Category): boolean {
  if (value === "" || isPlaceholder(value) || value.includes(MARKER_PREFIX)) return false;
  if (quoted) return true;
  if (op === "=>") return false; // JS arrow functions; hashes use quoted values
  if (NON_SECRET_WORDS.has(value.toLowerCase())) return false;
  if (/^[$%]|^\{\{/.test(value) || /[([]/.test(value)) return false; // references and calls
  if (/^[A-Za-z_$][\w$]*(?:\.[\w$]+)+$/.test(value)) return false; // member access: config.token
  if (cat === "token" && /^\d+$/.test(value)) return false; // token counts
  if (op === ":") {
    if (/^\d+(?::\d+)*:?$/.test(value)) return false; // file.ex:12: line references
    return value.length >= 4 && /[^A-Za-z]/.test(value.replace(/\.$/, "")); // not prose or type names
  }
  return true;
}

const DOTENV_LINE = /^([ \t]*(?:\d+(?:→|\t|:)[ \t]*)?(?:export[ \t]+)?[A-Z][A-Z0-9_]*[ \t]*=[ \t]*)(.*)$/;
const SKIPPABLE_LINE = /^[ \t]*(?:\d+(?:→|\t|:)[ \t]*)?(?:#.*)?$/;

/** Redacts every value of dotenv-looking runs (module doc). Line-based, linear time. */
export function redactDotenv(text: string): string {
  if (!text.includes("=") || !text.includes("\n")) return text;
  const lines = text.split("\n");
  let changed = false;
  let run: number[] = [];
  const flush = () => {
    if (run.length >= 2) {
      for (const i of run) {
        const m = DOTENV_LINE.exec(lines[i]!)!;
        const v = m[2]!.replace(/\r$/, "").trim();
        if (v === "" || v.includes(MARKER_PREFIX) || /^["'`]?\$/.test(v)) continue; // $VAR, "$(cmd)": references
        lines[i] = m[1] + marker("dotenv") + (m[2]!.endsWith("\r") ? "\r" : "");
        changed = true;
      }
    }
    run = [];
  };
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (DOTENV_LINE.test(line)) run.push(i);
    else if (!SKIPPABLE_LINE.test(line)) flush();
  }
  flush();
  return changed ? lines.join("\n") : text;
}
