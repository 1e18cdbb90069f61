/** POSIX shell words: quoting a word safely, and reading a plain command line back into words. */

/**
 * POSIX single-quote form: `'…'` with every `'` written as `'\''`. Safe for spaces, `"`, `$`,
 * backticks, `\`, `*` and non-ASCII; a path with a space or a quote breaks an unquoted hook command in `/bin/sh`.
 */
export function shellQuote(s: string): string {
  return `'${s.replace(/'/g, `'\\''`)}'`;
}

/** True for `/…`, `C:\…`, `C:/…` and `\\server\share` paths. */
export function isAbsolutePath(p: string): boolean {
  return p.startsWith("/") || /^[A-Za-z]:[\\/]/.test(p) || p.startsWith("\\\\");
}

/** Windows paths get forward slashes (Git Bash reads `C:/Users/Jöhn Dœ/…`); POSIX paths are unchanged. */
export function forShell(p: string): string {
  return /^[A-Za-z]:[\\/]/.test(p) || p.startsWith("\\\\") ? p.replace(/\\/g, "/") : p;
}

/**
 * Splits a simple shell command into words (single quotes, double quotes, backslash escapes).
 * Returns `undefined` when it is not a plain word list: an unquoted `; & | < > ( ) $ \`` or `#`,
 * a `$`/backtick inside double quotes, or an unterminated quote.
 */
export function splitCommand(cmd: string): string[] | undefined {
  const words: string[] = [];
  let cur = "";
  let inWord = false;
  for (let i = 0; i < cmd.length; i++) {
    const c = cmd[i]!;
    if (c === "'") {
      const end = cmd.indexOf("'", i + 1);
      if (end < 0) return undefined;
      cur += cmd.slice(i + 1, end);
      i = end;
      inWord = true;
    } else if (c === '"') {
      i++;
      for (; i < cmd.length && cmd[i] !== '"'; i++) {
        const d = cmd[i]!;
        if (d === "$" || d === "`") return undefined;
        if (d === "\\" && i + 1 < cmd.length && '"\\$`\n'.includes(cmd[i + 1]!)) cur += cmd[++i];
        else cur += d;
      }
      if (i >= cmd.length) return undefined;
      inWord = true;
    } else if (c === "\\") {
      if (i + 1 >= cmd.length) return undefined;
      cur += cmd[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(cur);
      cur = "";
      inWord = false;
    } else if (";&|<>()$`".includes(c) || (c === "#" && !inWord)) {
      return undefined;
    } else {
      cur += c;
      inWord = true;
    }
  }
  if (inWord) words.push(cur);
  return words;
}
