/**
 * Tokens split across a line break or a string concatenation, as terminals wrap them and code builds
 * them: `sk-ant-api03-abc…\` + newline + `  …def`, `"sk-ant-api03-abc" + "def…"`, `('ghp_abc'` + newline
 * + `'def')`, and a break inside the lead itself (`gh` + newline + `p_abc…`, `"pypi-" + "AgE…"`).
 *
 * A piece starts a candidate when it starts with a rule's literal lead (rule-kit `lead`), or when it is
 * a short run (under 24 characters) that ends at a break, could be the start of a lead (a prefix of one
 * of the leads' literals, or a run starting with one: `gh`, `pypi-`, `sk_li`) and with the piece after
 * the break starts with a lead (a lead cut by two breaks or more is not joined). The candidate is joined
 * with the pieces after it (at most 8, 1,024 characters in all); the longest join that a lead rule reads
 * as one token reaching into its last piece is redacted, from the first piece to the end of the last,
 * as `[REDACTED:<rule>]`.
 *
 * A quote or a `\` continuation always joins. A bare line break after pieces that already make a whole
 * token joins the next piece only when it reads as the rest of a key, not as a word on the next line:
 * the piece has 8+ characters, is not word-shaped (`Then`, `deployment`, `README`, `dry-run`), and the
 * token covers all of it (trailing dots aside); or (the older rule) every joined piece has 8+ characters
 * with a digit and the last ends the line or the string. Linear: every candidate is bounded.
 */
import { LEAD_LITERALS } from "./lead-literals.generated.js";
import { isPlaceholder, marker, type SecretRule } from "./rule-kit.js";

const PIECE_CHARS = "A-Za-z0-9_.+/=~-";
/** Between two pieces: a line break (after an optional `\` continuation), or quote, operator, quote. */
const BREAK_SOURCE =
  "(?:[ \\t]*\\\\)?[ \\t]*(?:\\r?\\n|\\\\r?\\\\n)[ \\t]*|[\"'`][ \\t]*(?:(?:\\+|\\.{1,2}|\\|\\||&)[ \\t]*)?(?:\\\\?(?:\\r?\\n|\\\\r?\\\\n)[ \\t]*(?:(?:\\+|\\.{1,2}|\\|\\||&)[ \\t]*)?)?[\"'`]";
const BREAK = new RegExp(BREAK_SOURCE, "y");
/** Where a break can start (what may follow a piece that ends at one). */
const BREAK_HEAD = "(?:[ \\t]*\\\\)?[ \\t]*(?:\\r?\\n|\\\\r?\\\\n)|[\"'`]";
const PIECE = new RegExp(`[${PIECE_CHARS}]{1,400}`, "y");
/** What may follow the last piece for it to end a line or a string. */
const PIECE_END = /(?:["'`,;)\]}]|[ \t]*(?:\r?\n|\\r?\\n|$))/y;
const MAX_PIECES = 8;
const MAX_JOINED = 1024;
/** A piece ending at a break is tried as the start of a lead when shorter than this. */
const MAX_LEAD_PIECE = 24;
/** A token start: after none of the token characters (the rules' widest lookbehind). */
const TOKEN_START = "(?<![A-Za-z0-9_.+/~-])";

/** The leads' literal prefixes by first character (`g` → `gh`, `github_pat_`, `gl`, …). */
const literalsByFirst = new Map<string, string[]>();
for (const p of LEAD_LITERALS.prefixes) {
  const list = literalsByFirst.get(p[0] as string) ?? [];
  list.push(p);
  literalsByFirst.set(p[0] as string, list);
}
/** A class of the characters a lead literal starts with. */
const LEAD_FIRST = `[${[...literalsByFirst.keys()].map((c) => c.replace(/[\\\]^-]/, "\\$&")).join("")}]`;

/** `run` could be where a lead starts: it is a prefix of a lead literal, or starts with one. */
function mayStartLead(run: string): boolean {
  return (literalsByFirst.get(run[0] as string) ?? []).some((p) =>
    p.length > run.length ? p.startsWith(run) : run.startsWith(p),
  );
}

/**
 * A whole run of fewer than MAX_LEAD_PIECE characters that starts like a lead and ends at a break. The
 * run is taken once (a lookahead and a back-reference make it atomic): a greedy `{0,22}` backtracked
 * at every word start and tripled the pass's time.
 */
const SHORT_RUN_AT_BREAK = `(?=${LEAD_FIRST})(?=(?<run>[${PIECE_CHARS}]{1,${MAX_LEAD_PIECE - 1}}))\\k<run>(?=${BREAK_HEAD})`;
/** A short run that ends at a break and may start a lead (no rules needed: the hot-path pre-check uses it). */
const SPLIT_HEAD = new RegExp(`${TOKEN_START}${SHORT_RUN_AT_BREAK}`, "g");

interface Compiled {
  rule: SecretRule;
  sticky: RegExp;
  /** The rule's lead, anchored: only rules whose lead starts the joined pieces are tried. */
  lead: RegExp;
}

let compiled: { candidate: RegExp; rules: Compiled[] } | undefined;
/** Any lead, anchored (from the rules' `lead` sources only: no rule pattern is compiled for it). */
let anyLead: RegExp | undefined;

function compile(rules: readonly SecretRule[]) {
  const leads = rules.filter((r) => r.lead !== undefined);
  const source = leadSource(leads);
  // A piece that starts with a lead, or a short one that ends at a break and may start one (`whole`
  // unset): the pieces after it decide.
  const candidate = new RegExp(
    `${TOKEN_START}(?:(?<whole>(?:${source})[${PIECE_CHARS}]{0,400})|${SHORT_RUN_AT_BREAK})`,
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

/** The break and the piece after `pos`, if a break starts there. */
function pieceAfter(text: string, pos: number): { brk: string; start: number; end: number } | undefined {
  BREAK.lastIndex = pos;
  const b = BREAK.exec(text);
  if (!b) return undefined;
  PIECE.lastIndex = b.index + b[0].length;
  const p = PIECE.exec(text);
  return p ? { brk: b[0], start: p.index, end: p.index + p[0].length } : undefined;
}

/**
 * Whether the short run `text[start, end)` (that may start a lead and ends at a break) and the piece
 * after the break start with a lead (`gh` + `p_…`). A lead split by two breaks or more is not joined:
 * checking one piece keeps the pass linear on text like `do` + newline, repeated.
 */
function splitLeadAt(text: string, start: number, end: number, rules: readonly SecretRule[]): boolean {
  const next = pieceAfter(text, end);
  if (next === undefined) return false;
  anyLead ??= new RegExp(`^(?:${leadSource(rules)})`);
  return anyLead.test(text.slice(start, end) + text.slice(next.start, next.end));
}

/**
 * True when some lead may start in `text` across a break (`gh` + newline + `p_…`): the pre-check's
 * complement to a literal screen, which a lead split in two defeats. Cheap: no rule is compiled, and
 * only a short run that may start a lead and ends at a break is tried with the piece after it.
 */
export function maySplitLead(text: string, rules: readonly SecretRule[]): boolean {
  if (!/[\n"'`]|\\n/.test(text)) return false;
  SPLIT_HEAD.lastIndex = 0;
  for (let m = SPLIT_HEAD.exec(text); m !== null; m = SPLIT_HEAD.exec(text)) {
    if (mayStartLead(m[0]) && splitLeadAt(text, m.index, m.index + m[0].length, rules)) return true;
  }
  return false;
}

function secretAt0(c: Compiled, s: string): string | undefined {
  c.sticky.lastIndex = 0;
  const m = c.sticky.exec(s);
  const secret = m?.groups?.secret;
  if (!m || secret === undefined || m.index !== 0 || !m[0].startsWith(secret)) return undefined;
  if (isPlaceholder(secret) || (c.rule.accept && !c.rule.accept(secret, m.groups!))) return undefined;
  return secret;
}

/** The older test for a piece after a whole token: 8+ characters with a digit. */
const fragmentLike = (p: string) => p.length >= 8 && /\d/.test(p);
/** A word, not a key's tail: lower case, Capitalised or upper case, or such words joined by `-`/`_`. */
const WORD = /^(?:[A-Z]?[a-z]+|[A-Z]+)(?:[-_](?:[A-Z]?[a-z]+|[A-Z]+))*$/;
/** Reads as the rest of a key: 8+ characters, not word-shaped. */
const keyLike = (p: string) => p.length >= 8 && !WORD.test(p);
/** A break that says "the string goes on": a quote or a `\` line continuation (not an escaped `\n`). */
const continues = (brk: string) => /["'`]|\\(?![nr])/.test(brk);

/**
 * The longest join `parts[0..n)` (n ≥ 2, longest first) that a rule whose lead starts the joined pieces
 * reads as one token reaching into `parts[n-1]`, under the bare-line-break condition of the module doc
 * (`endsLine(k)`: piece k ends a line or a string). Returns the rule's name and the index of the last
 * piece used.
 */
function longestJoin(
  parts: string[],
  breaks: string[],
  endsLine: (k: number) => boolean,
): { rule: string; last: number } | undefined {
  const prefix: string[] = [];
  for (const p of parts) prefix.push((prefix.at(-1) ?? "") + p);
  const rules = compiled!.rules.filter((c) => c.lead.test(prefix.at(-1)!));
  if (rules.length === 0) return undefined;
  /** Each bare break that follows a whole token is followed by what reads as the key's rest. */
  const restOfKey = (c: Compiled, n: number, secret: string): boolean => {
    for (let k = 1; k < n; k++) {
      if (continues(breaks[k - 1]!) || secretAt0(c, prefix[k - 1]!) === undefined) continue;
      const covered = k < n - 1 ? parts[k]! : secret.slice(prefix[k - 1]!.length);
      if (!keyLike(covered) || !/^\.*$/.test(parts[k]!.slice(covered.length))) return false;
    }
    return true;
  };
  const older = (c: Compiled, n: number): boolean =>
    secretAt0(c, parts[0]!) !== undefined && endsLine(n - 1) && parts.slice(1, n).every(fragmentLike);
  for (let n = parts.length; n >= 2; n--) {
    const joined = prefix[n - 1]!;
    const before = prefix[n - 2]!.length;
    for (const c of rules) {
      const secret = secretAt0(c, joined);
      if (secret === undefined || secret.length <= before) continue;
      if (!restOfKey(c, n, secret) && !older(c, n)) continue;
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
    const end = m.index + m[0].length;
    // A run that may start a lead (`do` + newline + `done`) is mostly not one: the next piece says.
    if (m.groups?.whole === undefined && !(mayStartLead(m[0]) && splitLeadAt(text, m.index, end, rules)))
      continue;
    const pieces: [number, number][] = [[m.index, end]];
    const breaks: string[] = [];
    let total = m[0].length;
    for (let pos = end; pieces.length < MAX_PIECES && total < MAX_JOINED; ) {
      const p = pieceAfter(text, pos);
      if (!p) break;
      pieces.push([p.start, p.end]);
      breaks.push(p.brk);
      total += p.end - p.start;
      pos = p.end;
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
