/**
 * Credentials passed as command-line arguments, as they appear in Bash tool calls and transcripts:
 * - long flags `--password x`, `--password=x`, `--token …`, `--api-key …`, `--client-secret …` (and the
 *   other names in LONG_FLAGS), the value quoted or up to whitespace;
 * - MySQL-family clients' glued short flag `mysql -u root -pS3cret` (`-p` directly followed by the value;
 *   a bare `-p` prompts and is kept);
 * - tools whose `-p <value>` is a password: `sshpass`, `docker|podman|buildah|skopeo|oras login`,
 *   `helm registry login`;
 * - `aws configure set aws_secret_access_key|aws_session_token <value>`;
 * - `curl|wget … -u|--user|--proxy-user user:<value>` and `echo -n 'user:<value>' | base64` (the user is kept).
 * Only the value becomes `[REDACTED:<category>]`; placeholders and references (`$PW`, `${TOKEN}`,
 * `<password>`, `-` for stdin) are kept. Linear time: every part of a match is bounded.
 */
import { isPlaceholder, marker } from "./rule-kit.js";

const LONG_FLAGS =
  "password|passwd|pass|pw|db-password|http-password|proxy-password|ftp-password|token|auth-token|access-token|api-key|apikey|api-token|secret|client-secret|secret-key|access-key|secret-access-key|private-key";

const VALUE = `(?:"(?<q1>[^"\\n]{1,200})"|'(?<q2>[^'\\n]{1,200})'|(?<bare>[^\\s"'|;&<>]{1,200}))`;

const RULES: { pattern: RegExp; category: (flag: string) => string }[] = [
  {
    pattern: new RegExp(`(?<pre>(?<![\\w-])--(?<flag>${LONG_FLAGS})(?:=|[ \\t]{1,8}))${VALUE}`, "gi"),
    category: (flag) =>
      /token/i.test(flag)
        ? "token"
        : /api/i.test(flag)
          ? "api_key"
          : /secret|private|access/i.test(flag)
            ? "secret"
            : "password",
  },
  {
    pattern: new RegExp(
      `(?<pre>\\b(?<flag>mysql|mysqldump|mysqladmin|mysqlsh|mariadb|mariadb-dump)\\b[^\\n|;&]{0,200}?[ \\t]-p)${VALUE}`,
      "g",
    ),
    category: () => "password",
  },
  {
    pattern: new RegExp(
      `(?<pre>\\b(?<flag>sshpass|(?:docker|podman|buildah|skopeo|oras)[ \\t]+login|helm[ \\t]+registry[ \\t]+login)\\b[^\\n|;&]{0,200}?[ \\t]-p[ \\t]{1,8})${VALUE}`,
      "g",
    ),
    category: () => "password",
  },
  {
    // curl/wget-style `-u user:password` / `--user user:password` / `--proxy-user user:password`.
    pattern:
      /(?<pre>\b(?<flag>curl|wget)\b[^\n|;&]{0,200}?[ \t](?:-u|--user|--proxy-user)(?:=|[ \t]{1,8})["']?[^\s:"'$]{1,100}:)(?<bare>[^\s"'|;&<>]{1,200})/g,
    category: () => "password",
  },
  {
    // A `user:password` pair piped into base64 (`echo -n 'admin:pw' | base64`, building a Basic header).
    pattern:
      /(?<pre>\b(?<flag>echo|printf)[ \t]+(?:-[neE]{1,3}[ \t]+)?["']?[^\s:"'$]{1,100}:)(?<bare>[^\s"'|;&<>]{1,200})(?=["']?[ \t]*\|[ \t]*(?:base64|openssl[ \t]+base64)\b)/g,
    category: () => "password",
  },
  {
    pattern: new RegExp(
      `(?<pre>\\baws[ \\t]+configure[ \\t]+set[ \\t]+(?<flag>aws_secret_access_key|aws_session_token)[ \\t]+)${VALUE}`,
      "g",
    ),
    category: (flag) => (/token/.test(flag) ? "token" : "aws_secret_key"),
  },
];

function isKept(value: string): boolean {
  return value === "-" || value.startsWith("-") || isPlaceholder(value) || /^\$/.test(value);
}

/** Redacts credential values passed as command-line arguments (module doc). Never throws. */
export function redactCliFlags(text: string): string {
  let out = text;
  for (const rule of RULES) {
    out = out.replace(rule.pattern, (match: string, ...rest: unknown[]) => {
      const g = rest[rest.length - 1] as Record<string, string | undefined>;
      const value = g.q1 ?? g.q2 ?? g.bare ?? "";
      if (!value || isKept(value)) return match;
      const quote = g.q1 !== undefined ? '"' : g.q2 !== undefined ? "'" : "";
      return `${g.pre}${quote}${marker(rule.category(g.flag ?? ""))}${quote}`;
    });
  }
  return out;
}
