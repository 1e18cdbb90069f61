/**
 * The cheap screen for token leads on the hook hot path. The exact lead regex needs every rule built
 * and compiled (milliseconds per process); this screen needs only the literal text each lead starts
 * with (or, for a lead that starts with a class, a literal it contains), kept in
 * lead-literals.generated.ts (test/privacy/leads.test.ts checks it against the rules and prints the
 * new file when a rule changed). It is a superset: where it says no, no lead can match.
 */
import { LEAD_LITERALS } from "./lead-literals.generated.js";
import type { LeadLiterals } from "./rule-kit.js";

/** Regex-source characters that end a literal run. */
const META = new Set([..."[](){}?*+.|^$\\"]);

/** The top-level alternatives of a regex source (`a|b(?:c|d)` → `a`, `b(?:c|d)`). */
function alternatives(source: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < source.length; i++) {
    const c = source[i];
    if (c === "\\") i++;
    else if (c === "(" || c === "[") depth++;
    else if (c === ")" || c === "]") depth--;
    else if (c === "|" && depth === 0) {
      out.push(source.slice(start, i));
      start = i + 1;
    }
  }
  out.push(source.slice(start));
  return out;
}

/** The literal run of `alt` starting at `i` (escaped punctuation included), and where it stops. */
function literalAt(alt: string, i: number): { text: string; end: number } {
  let text = "";
  for (; i < alt.length; i++) {
    const c = alt[i] as string;
    if (c === "\\" && /[.\-/_+:~]/.test(alt[i + 1] ?? "")) text += alt[++i];
    else if (META.has(c)) break;
    else text += c;
  }
  return { text, end: i };
}

/** Index just past the group or class that opens at `i` (`(` … `)`, `[` … `]`), escapes skipped. */
function closing(alt: string, i: number): number {
  const close = alt[i] === "[" ? "]" : ")";
  let depth = 0;
  for (let j = i; j < alt.length; j++) {
    const c = alt[j];
    if (c === "\\") j++;
    else if (close === ")" && c === "(") depth++;
    else if (c === close && (close === "]" || --depth === 0)) return j + 1;
  }
  return alt.length;
}

/** `alt` with a leading non-capturing group spelled out: `(?:sk|rk)_x` → `sk_x`, `rk_x` (and `_x` for `(?:…)?`). */
function expand(alt: string, depth = 0): string[] {
  if (!alt.startsWith("(?:") || depth > 3) return [alt];
  const end = closing(alt, 0);
  const optional = alt[end] === "?";
  const rest = alt.slice(end + (optional ? 1 : 0));
  const out = alternatives(alt.slice(3, end - 1)).flatMap((a) => expand(a + rest, depth + 1));
  return optional ? [...out, ...expand(rest, depth + 1)] : out;
}

/** The literals of a set of lead regex sources (see the module doc). */
export function leadLiterals(leads: readonly string[]): LeadLiterals {
  const prefixes = new Set<string>();
  const inner = new Set<string>();
  for (const lead of leads)
    for (const alt of alternatives(lead).flatMap((a) => expand(a))) {
      const first = literalAt(alt, 0);
      if (first.text) {
        prefixes.add(first.text);
        continue;
      }
      // Starts with a class: the first literal after it (and its quantifier) stands in.
      let i = alt[0] === "[" || alt[0] === "(" ? closing(alt, 0) : 0;
      if (alt[i] === "{") i = alt.indexOf("}", i) + 1;
      else if (alt[i] === "?" || alt[i] === "*" || alt[i] === "+") i++;
      inner.add(literalAt(alt, i).text); // "" makes the screen always say yes: never too narrow
    }
  return { prefixes: [...prefixes].sort(), inner: [...inner].sort() };
}

const TOKEN_CHAR = /[A-Za-z0-9_.+/~-]/;
let byFirst: Map<string, string[]> | undefined;

/**
 * False only when no lead of any token rule can start in `text`: no lead prefix at a token start (a
 * position after a non-token character, as the lead regex's lookbehind requires) and no inner literal.
 */
export function mayHaveLead(text: string): boolean {
  if (LEAD_LITERALS.inner.some((s) => text.includes(s))) return true;
  if (!byFirst) {
    byFirst = new Map();
    for (const p of LEAD_LITERALS.prefixes) {
      const list = byFirst.get(p[0] as string) ?? [];
      list.push(p);
      byFirst.set(p[0] as string, list);
    }
  }
  for (let i = 0; i < text.length; i++) {
    const list = byFirst.get(text[i] as string);
    if (!list || (i > 0 && TOKEN_CHAR.test(text[i - 1] as string))) continue;
    if (list.some((p) => text.startsWith(p, i))) return true;
  }
  return false;
}
