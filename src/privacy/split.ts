/**
 * Tokens split across a line break or a string concatenation, as terminals wrap them and code builds
 * them: `sk-ant-api03-abc…\` + newline + `  …def`, `"sk-ant-api03-abc" + "def…"`, `('ghp_abc'` + newline
 * + `'def')`. A piece that starts with a rule's literal lead (rule-kit `lead`) and ends at a break is
 * joined with the pieces after it (at most 8, 1,024 characters in all); when the joined text is a token of
 * that rule longer than the first piece, everything from the lead to the end of the last piece used
 * becomes `[REDACTED:<rule>]`. Conservative: when the first piece is already a whole token, a piece is
 * only joined if it ends the line or the string. Linear: every candidate is bounded.
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
    let total = m[0].length;
    for (let pos = pieces[0]![1]; pieces.length < MAX_PIECES && total < MAX_JOINED; ) {
      BREAK.lastIndex = pos;
      const b = BREAK.exec(text);
      if (!b) break;
      PIECE.lastIndex = b.index + b[0].length;
      const p = PIECE.exec(text);
      if (!p) break;
      pieces.push([p.index, p.index + p[0].length]);
      total += p[0].length;
      pos = p.index + p[0].length;
    }
    if (pieces.length < 2) continue;
    const parts = pieces.map(([s, e]) => text.slice(s, e));
    const joined = parts.join("");
    for (const c of compiled.rules) {
      const secret = secretAt0(c, joined);
      if (secret === undefined || secret.length <= parts[0]!.length) continue;
      let k = 0;
      for (let used = parts[0]!.length; used < secret.length; k++) used += parts[k + 1]!.length;
      if (secretAt0(c, parts[0]!) !== undefined) {
        PIECE_END.lastIndex = pieces[k]![1];
        if (!PIECE_END.test(text)) continue;
      }
      out += text.slice(last, m.index) + marker(c.rule.name);
      last = pieces[k]![1];
      candidate.lastIndex = last;
      break;
    }
  }
  return last === 0 ? text : out + text.slice(last);
}
