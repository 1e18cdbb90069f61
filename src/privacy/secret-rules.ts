/**
 * Token-shaped secret rules (DESIGN.md §4 "redact secrets before anything else sees the text"). Each rule
 * is one linear-time regex: every match start is anchored by a lookbehind that excludes the token's own
 * alphabet, so a long run of token characters is scanned once, never once per position (no catastrophic
 * backtracking; see the 200 KB pathological-input test). A match is replaced by `pre + [REDACTED:<name>] + post`
 * where `pre`/`post` are the named groups kept around the `secret` group (the whole match when absent).
 * Formats: vendors' published token shapes (AWS, GCP, Azure, GitHub, GitLab, Slack, Stripe, OpenAI,
 * Anthropic, npm), RFC 7519 (JWT), RFC 6750 (Bearer), RFC 3986 §3.2.1 (userinfo), RFC 7468 (PEM).
 */

export interface SecretRule {
  /** Marker name: a finding becomes `[REDACTED:<name>]`. */
  name: string;
  /** Global regex with a `secret` named group (optional `pre` / `post` groups are kept). */
  pattern: RegExp;
  /** Extra check on the secret text; a rejected match is kept as is. */
  accept?: (secret: string) => boolean;
}

/** The marker that replaces a finding; `[REDACTED:` never occurs inside a real secret. */
export function marker(name: string): string {
  return `[REDACTED:${name}]`;
}

export const MARKER_PREFIX = "[REDACTED:";

const hasDigit = (s: string) => /\d/.test(s);

/**
 * PEM private-key blocks (`-----BEGIN … PRIVATE KEY-----` … `-----END … PRIVATE KEY-----`), also PGP
 * `PRIVATE KEY BLOCK` and an unterminated block (redacted to the end of the text).
 */
export const PEM_RULE: SecretRule = {
  name: "private_key",
  pattern:
    /(?<secret>-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----|$))/g,
};

/** Rules for tokens with a recognisable shape, in the order they run (specific before generic). */
export const TOKEN_RULES: readonly SecretRule[] = [
  {
    name: "aws_access_key",
    pattern: /(?<![A-Za-z0-9])(?<secret>(?:AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9])[A-Z0-9]{16})(?![A-Za-z0-9])/g,
  },
  {
    name: "aws_secret_key",
    pattern:
      /(?<pre>(?<![A-Za-z0-9])aws_?secret_?access_?key["']?[ \t]*[:=][ \t]*["']?)(?<secret>[A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/gi,
  },
  { name: "gcp_api_key", pattern: /(?<![A-Za-z0-9_-])(?<secret>AIza[0-9A-Za-z_-]{35})(?![0-9A-Za-z_-])/g },
  {
    name: "azure_key",
    pattern:
      /(?<pre>(?<![A-Za-z0-9])(?:AccountKey|SharedAccessKey|SharedSecretValue)[ \t]*=[ \t]*)(?<secret>[^;"'\s]{8,})/gi,
  },
  { name: "azure_sas", pattern: /(?<pre>[?&]sig=)(?<secret>[A-Za-z0-9%+/=]{20,})/g },
  {
    name: "github_token",
    pattern: /(?<![A-Za-z0-9_])(?<secret>(?:gh[pousr]_[A-Za-z0-9]{30,}|github_pat_[A-Za-z0-9_]{30,}))/g,
  },
  { name: "gitlab_token", pattern: /(?<![A-Za-z0-9_-])(?<secret>glpat-[A-Za-z0-9_-]{20,})/g },
  { name: "slack_token", pattern: /(?<![A-Za-z0-9_-])(?<secret>xox[abposr]-[A-Za-z0-9-]{10,})/g },
  { name: "slack_webhook", pattern: /(?<pre>hooks\.slack\.com\/services\/)(?<secret>[A-Za-z0-9/_-]{20,})/g },
  { name: "stripe_key", pattern: /(?<![A-Za-z0-9_])(?<secret>(?:sk|rk)_(?:live|test)_[A-Za-z0-9]{16,})/g },
  { name: "anthropic_key", pattern: /(?<![A-Za-z0-9_-])(?<secret>sk-ant-[A-Za-z0-9_-]{20,})/g },
  {
    name: "openai_key",
    pattern: /(?<![A-Za-z0-9_-])(?<secret>sk-(?:proj-|svcacct-|admin-)?[A-Za-z0-9_-]{20,})/g,
    accept: hasDigit,
  },
  { name: "npm_token", pattern: /(?<![A-Za-z0-9_])(?<secret>npm_[A-Za-z0-9]{36})(?![A-Za-z0-9])/g },
  {
    name: "jwt",
    pattern: /(?<![A-Za-z0-9_-])(?<secret>eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*)/g,
  },
  {
    name: "authorization",
    pattern:
      /(?<pre>(?<![A-Za-z0-9_-])Authorization["']?[ \t]*[:=][ \t]*["']?(?:(?:Basic|Token|Digest|Bearer)[ \t]+)?)(?<secret>[A-Za-z0-9._~+/=-]{8,})/gi,
    accept: (s) => hasDigit(s) || s.length >= 16,
  },
  {
    name: "bearer",
    pattern: /(?<pre>(?<![A-Za-z0-9_-])Bearer[ \t]+)(?<secret>[A-Za-z0-9._~+/=-]{12,})/gi,
    accept: (s) => hasDigit(s) || s.length >= 20,
  },
  {
    name: "url_password",
    pattern:
      /(?<pre>(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{0,20}:\/\/[^\s:/?#@"'<>]{0,200}:)(?<secret>[^\s/@"'<>]{1,200})(?<post>@)/g,
  },
];

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

/** Runs one rule over `text`. */
export function applyRule(text: string, rule: SecretRule): string {
  return text.replace(rule.pattern, (...args: unknown[]) => {
    const match = args[0] as string;
    const groups = args[args.length - 1] as Record<string, string | undefined>;
    const secret = groups.secret ?? match;
    if (isPlaceholder(secret) || secret.includes(MARKER_PREFIX)) return match;
    if (rule.accept && !rule.accept(secret)) return match;
    return (groups.pre ?? "") + marker(rule.name) + (groups.post ?? "");
  });
}
