/** Normalizing Bash commands for the learned "commands that worked" list. */
import { codePointLength, squashWhitespace } from "../core/text.js";
import { scrub } from "../privacy/index.js";

/** Longest command kept, in code points (longer ones are one-offs). */
export const MAX_COMMAND_CHARS = 200;

/** First words that make a command not worth remembering (looking around, editing files, VCS). */
const TRIVIAL_VERBS = new Set(
  (
    "ls ll la dir cat bat pwd echo printf cd pushd popd head tail less more which type whereis whoami clear " +
    "true false sleep wc find fd grep egrep rg ag tree file stat du df date env printenv export set unset " +
    "history sed awk sort uniq cut tr diff cmp touch mkdir rmdir rm mv cp ln chmod chown open xdg-open " +
    "kill pkill killall ps top htop jq yq curl wget git gh exit source . test [ read"
  ).split(" "),
);

/** Wrapper words skipped when finding a command's verb. */
const WRAPPERS = new Set(["sudo", "time", "nice", "nohup", "command", "exec"]);

function verbOf(cmd: string): string {
  const words = cmd.split(" ");
  let i = 0;
  while (i < words.length) {
    const w = words[i]!;
    if (/^[A-Za-z_][A-Za-z0-9_]*=/.test(w) || WRAPPERS.has(w)) i++;
    else if (w === "timeout") i += 2;
    else if (w === "env" && i + 1 < words.length) i++;
    else break;
  }
  const w = words[i] ?? "";
  return w.slice(w.lastIndexOf("/") + 1);
}

/**
 * Normalizes a successful Bash command for the learned list, or undefined when it is not worth
 * keeping. Steps: join `\`-continued lines; keep the first line; drop leading `cd <dir> &&` / `;`
 * prefixes; drop trailing output plumbing (`2>&1`, `>/dev/null`, `| head|tail|less|more|cat …`);
 * squash whitespace. Rejected: empty, longer than MAX_COMMAND_CHARS code points, a trivial verb
 * (ls, cat, pwd, echo, git, grep…), or anything `scrub` would change (secrets, private tags).
 */
export function normalizeCommand(command: string): string | undefined {
  let c = command.replace(/\r\n?/g, "\n").replace(/\\\n\s*/g, " ");
  c = c.split("\n").find((l) => l.trim() !== "") ?? "";
  c = squashWhitespace(c);
  for (let prev = ""; prev !== c; ) {
    prev = c;
    c = c.replace(/^cd\s+(?:"[^"]*"|'[^']*'|\S+)\s*(?:&&|;)\s*/, "");
    c = c.replace(/\s*\|\s*(?:head|tail|less|more|cat)(?:\s+[^|]*)?$/, "");
    c = c.replace(/\s*(?:2>&1|[12]?>\s*\/dev\/null|&>\s*\/dev\/null)$/, "");
    c = c.trim();
  }
  if (c === "" || codePointLength(c) > MAX_COMMAND_CHARS) return undefined;
  if (TRIVIAL_VERBS.has(verbOf(c))) return undefined;
  if (scrub(c) !== c) return undefined;
  return c;
}
