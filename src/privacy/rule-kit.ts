/**
 * The shape of a token rule and the small checks rules share. Every rule is one linear-time regex: its
 * match start is anchored by a lookbehind that excludes the token's own alphabet, so a long run of
 * token characters is scanned once, never once per position.
 */

export interface SecretRule {
  /** Marker name: a finding becomes `[REDACTED:<name>]`. */
  name: string;
  /** Global regex with a `secret` named group (optional `pre` / `post` groups are kept). */
  pattern: RegExp;
  /**
   * Text every match contains (a string, or a regex for a case-insensitive word): a text without it
   * skips the rule's full pass. Rules with a `lead` need none (the lead scan decides).
   */
  hint?: string | RegExp;
  /** Extra check on the secret text (and the match's named groups); a rejected match is kept as is. */
  accept?: (secret: string, groups: Readonly<Record<string, string | undefined>>) => boolean;
  /**
   * Regex source of the literal start of the token (`ghp_|gho_`), when it has one: split.ts looks for
   * it before a line break or a string concatenation and joins the pieces.
   */
  lead?: string;
}

/** The literal text of the token rules' leads (privacy/leads.ts). */
export interface LeadLiterals {
  /** Literal starts of leads (`ghp_` of `ghp_`, `gh` of `gh[pousr]_`). */
  prefixes: string[];
  /** Literals of leads that start with a class (`.atlasv1.`): looked for anywhere. */
  inner: string[];
}

export const hasDigit = (s: string) => /\d/.test(s);
export const mixedCase = (s: string) => /[a-z]/.test(s) && /[A-Z]/.test(s);
/** A random-looking run: a digit and a letter, and mixed case or ≥ 24 characters. */
export const randomLooking = (s: string) =>
  hasDigit(s) && /[A-Za-z]/.test(s) && (mixedCase(s) || s.length >= 24);

/**
 * A rule for a token that starts with a literal prefix: `lead` (regex source) then `body` (regex
 * source), not preceded by a `before` character nor followed by an `after` one (`after: ""`: no
 * lookahead, the match may end inside a longer run).
 */
export function prefixed(
  name: string,
  lead: string,
  body: string,
  o: { accept?: (s: string) => boolean; before?: string; after?: string } = {},
): SecretRule {
  const before = o.before ?? "A-Za-z0-9_";
  const after = o.after ?? "A-Za-z0-9_";
  let pattern: RegExp | undefined;
  const rule: SecretRule = {
    name,
    lead,
    // Compiled when a text first needs it: building every rule's regex would cost each hook milliseconds.
    get pattern() {
      pattern ??= new RegExp(
        `(?<![${before}])(?<secret>(?:${lead})${body})${after ? `(?![${after}])` : ""}`,
        "g",
      );
      return pattern;
    },
  };
  if (o.accept) rule.accept = o.accept;
  return rule;
}

/** The marker that replaces a finding; `[REDACTED:` never occurs inside a real secret. */
export function marker(name: string): string {
  return `[REDACTED:${name}]`;
}

export const MARKER_PREFIX = "[REDACTED:";

/** Values that are references or placeholders, not secrets (`${TOKEN}`, `$TOKEN`, `<token>`, `***`). */
export function isPlaceholder(value: string): boolean {
  return (
    value.startsWith(MARKER_PREFIX) ||
    /^\$\{?[A-Za-z_][A-Za-z0-9_]*\}?$/.test(value) ||
    /^%[A-Za-z_][A-Za-z0-9_]*%$/.test(value) ||
    /^\{\{[^}]*\}\}$/.test(value) ||
    /^<[^<>]*>$/.test(value) ||
    /^(?:x+|\*+|\.+|-+|_+)$/i.test(value)
  );
}
