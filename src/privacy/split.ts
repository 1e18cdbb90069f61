/**
 * Tokens split across a line break or a string concatenation, as terminals wrap them and code builds
 * them: `sk-ant-api03-abc…\` + newline + `  …def`, `"sk-ant-api03-abc" + "def…"`, `('ghp_abc'` + newline
 * + `'def')`. A piece that starts with a rule's literal lead (rule-kit `lead`) and ends at a break is
 * joined with the pieces after it (at most 8, 1,024 characters in all); the longest join that a lead rule
 * reads as one token reaching into its last piece is redacted, from the lead to the end of that piece,
 * as `[REDACTED:<rule>]`. A quote or a `\` continuation always joins; a bare line break is conservative:
 * when the first piece is already a whole token, pieces are only joined when each has 8+ characters
 * with a digit and the last ends the line or the string (a word on the next line stays). Linear: every
 * candidate is bounded.
 */
import { isPlaceholder, marker, type SecretRule } from "./rule-kit.js";

const PIECE_CHARS = "A-Za-z0-9_.+/=~-";
/** Between two pieces: a line break (after an optional `\` continuation), or quote, operator, quote. */
const BREAK =
  /(?:[ \t]*\\)?[ \t]*(?:\r?\n|\\r?\\n)[ \t]*|["'`][ \t]*(?:(?:\+|\.{1,2}|\|\||&)[ \t]*)?(?:\\?(?:\r?\n|\\r?\\n)[ \t]*(?:(?:\+|\.{1,2}|\|\||&)[ \t]*)?)?["'`]/y;
const PIECE = new RegExp(`[${PIECE_CHARS}]{1,400}`, "y");
/** What may follow the last piece for it to end a line or a string. */
const PIECE_END = /(?:["'`,;)\]}]|[ \t]*(?:\r?\n|\\r?\\n|$))/y;
const MAX_PIECES = 8;
const MAX_JOINED = 1024;

interface Compiled {
  rule: SecretRule;
  sticky: RegExp;
  /** The rule's lead, anchored: only rules whose lead starts the first piece are tried. */
  lead: RegExp;
}

let compiled: { candidate: RegExp; rules: Compiled[] } | undefined;

function compile(rules: readonly SecretRule[]) {
  const leads = rules.filter((r) => r.lead !== undefined);
  const candidate = new RegExp(
    `(?<![A-Za-z0-9_.+/~-])(?:${leads.map((r) => r.lead).join("|")})[${PIECE_CHARS}]{0,400}`,
    "g",
  );
  const sticky = leads.map((rule) => ({
    rule,
    sticky: new RegExp(rule.pattern.source, `${rule.pattern.flags.replace("g", "")}y`),
    lead: new RegExp(`^(?:${rule.lead})`),
  }));
  return { candidate, rules: sticky };
}

/** The lead alternation for the scrub pre-check (`(?:ghp_|…)`). */
export function leadSource(rules: readonly SecretRule[]): string {
  return rules.flatMap((r) => (r.lead ? [r.lead] : [])).join("|");
}

function secretAt0(c: Compiled, s: string): string | undefined {
  c.sticky.lastIndex = 0;
  const m = c.sticky.exec(s);
  const secret = m?.groups?.secret;
  if (!m || secret === undefined || m.index !== 0 || !m[0].startsWith(secret)) return undefined;
  if (isPlaceholder(secret) || (c.rule.accept && !c.rule.accept(secret, m.groups!))) return undefined;
  return secret;
}

/** A piece that reads as the rest of a token, not a word on the next line: 8+ characters with a digit. */
const fragmentLike = (p: string) => p.length >= 8 && /\d/.test(p);
/** A break that says "the string goes on": a quote or a `\` line continuation (not an escaped `\n`). */
const continues = (brk: string) => /["'`]|\\(?![nr])/.test(brk);

/**
 * The longest join `parts[0..n)` (n ≥ 2, longest first) that a rule whose lead starts `parts[0]` reads as
 * one token reaching into `parts[n-1]`. When `parts[0]` alone is already a whole token and a bare line
 * break is among the joins, `parts[n-1]` must also end a line or a string (`endsLine`) and every joined
 * piece look like a token fragment. Returns the rule's name and the index of the last piece used.
 */
function longestJoin(
  parts: string[],
  breaks: string[],
  endsLine: (k: number) => boolean,
): { rule: string; last: number } | undefined {
  const rules = compiled!.rules.filter((c) => c.lead.test(parts[0]!));
  const whole = rules.filter((c) => secretAt0(c, parts[0]!) !== undefined);
  for (let n = parts.length; n >= 2; n--) {
    const joined = parts.slice(0, n).join("");
    const before = joined.length - parts[n - 1]!.length;
    const bare = !breaks.slice(0, n - 1).every(continues);
    for (const c of rules) {
      const secret = secretAt0(c, joined);
      if (secret === undefined || secret.length <= before) continue;
      if (bare && whole.includes(c) && !(endsLine(n - 1) && parts.slice(1, n).every(fragmentLike))) continue;
      return { rule: c.rule.name, last: n - 1 };
    }
  }
  return undefined;
}

/** Redacts tokens split by line breaks or concatenation (module doc). Never throws. */
export function redactSplitTokens(text: string, rules: readonly SecretRule[]): string {
  if (!/[\n"'`]|\\n/.test(text)) return text;
  compiled ??= compile(rules);
  const { candidate } = compiled;
  let out = "";
  let last = 0;
  candidate.lastIndex = 0;
  for (let m = candidate.exec(text); m !== null; m = candidate.exec(text)) {
    const pieces: [number, number][] = [[m.index, m.index + m[0].length]];
    const breaks: string[] = [];
    let total = m[0].length;
    for (let pos = pieces[0]![1]; pieces.length < MAX_PIECES && total < MAX_JOINED; ) {
      BREAK.lastIndex = pos;
      const b = BREAK.exec(text);
      if (!b) break;
      PIECE.lastIndex = b.index + b[0].length;
      const p = PIECE.exec(text);
      if (!p) break;
      pieces.push([p.index, p.index + p[0].length]);
      breaks.push(b[0]);
      total += p[0].length;
      pos = p.index + p[0].length;
    }
    if (pieces.length < 2) continue;
    const parts = pieces.map(([s, e]) => text.slice(s, e));
    const hit = longestJoin(parts, breaks, (k) => {
      PIECE_END.lastIndex = pieces[k]![1];
      return PIECE_END.test(text);
    });
    if (hit === undefined) continue;
    out += text.slice(last, m.index) + marker(hit.rule);
    last = pieces[hit.last]![1];
    candidate.lastIndex = last;
  }
  return last === 0 ? text : out + text.slice(last);
}
