/**
 * Secrets in user prose: a sentence that carries one is never mined (privacy first, DESIGN.md §4
 * "Extraction job"). The privacy pass (`privacy/`) redacts known formats first; these patterns catch
 * what it leaves: the `[REDACTED:…]` marker itself and credentials stated in prose.
 */

/** A secret the privacy pass replaced: a memory built around it would be noise. */
export const REDACTED = /\[REDACTED:[^\]]*\]/;

/**
 * A credential stated in prose that the privacy pass may have missed ("the db password is
 * hunter2-Sup3rS3cret!"): a credential word, `is / was / = / :`, then a value with a digit or symbol.
 */
const SECRET_PROSE =
  /\b(?:password|passwd|passphrase|pwd|pin|secret|token|api[ _-]?key|access[ _-]?key|private[ _-]?key|credentials?)\s*(?:is|was|are|=|:)\s*["'`]?(?=[^\s"'`]*[\d!@#$%^&*_+=~])[^\s"'`]{6,}/i;

/**
 * Any credential stated as "<credential word> is|was|:|=|는|은 <value>", whatever the value looks like
 * ("the wifi password is correcthorsebattery"): precision first, a sentence that states a credential
 * is never mined. Words that say where or how a credential is kept ("is stored in 1Password", "is
 * required", "token is expired") are not values.
 */
const CREDENTIAL_STATED_EN =
  /(?<![A-Za-z0-9-])(?:password|passwd|passphrase|pwd|credentials?|login|secret|api[ _-]?key|access[ _-]?key|private[ _-]?key|token)(?:\s+(?:for|of|to|on)\s+(?:the\s+)?[\w.@:/-]+(?:\s+[\w.@:/-]+)?)?\s*(?:\s(?:is|was|are|were)(?:\s*:)?\s|:(?![:=])|=(?![=>~]))\s*["'`“‘]?(?!(?:stored|kept|saved|in|on|at|under|inside|from|managed|rotated|required|optional|set|needed|expired|wrong|invalid|incorrect|correct|missing|empty|the|a|an|not|now|also|still|being|located|available|generated|handled|broken|failing|too|very|different|same|valid|short|long|only|case|hashed|encrypted|never|always|checked|validated|sent|passed|read|loaded|injected|provided|defined|configured|env|none|null|undefined|true|false|string|any|enabled|disabled|working|down|fine|ok|okay|done|fixed|via|through|by|with|for|to|of|and|or|but|used|shared|given|this|that|it|your|my|our|their)\b)(?![$%<{[]|process\.env|~?\.{0,2}\/|[a-z][\w+.-]*:\/\/)[^\s"'`”’]{4,}/i;
const CREDENTIAL_STATED_KO =
  /(?:비밀번호|비번|패스워드|암호(?!화))\s*(?:는|은|:|=)\s*["'`“‘]?(?![\uac00-\ud7a3])(?![$%<{[])[^\s"'`”’\uac00-\ud7a3]{4,}(?!\s*(?:에|에서)(?:\s|$))/;
/** A credential on a command line: `--password <value>`, `docker login -p <value>`, `curl -u user:pw`. */
const CREDENTIAL_FLAG =
  /(?:^|\s)--(?:password|passwd|pass|token|api-?key|secret|client-secret)(?:=|\s+)(?![$%<{[])\S{3,}|\b(?:login|mysql|mysqladmin|mysqldump|sshpass|psql)\b[^.;]*?\s-p\s*(?![$%<{[])(?!\d+(?::\d+)*(?:\s|$))\S{3,}|\bcurl\b[^;]*?\s-u\s+[^\s:]+:(?![$%<{[])\S+/i;

/** True when `text` (already scrubbed) contains a redacted secret or a credential stated in prose. */
export function containsSecretText(text: string): boolean {
  return (
    REDACTED.test(text) ||
    SECRET_PROSE.test(text) ||
    CREDENTIAL_STATED_EN.test(text) ||
    CREDENTIAL_STATED_KO.test(text) ||
    CREDENTIAL_FLAG.test(text)
  );
}
