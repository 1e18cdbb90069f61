/**
 * `redactSecrets`: the sync regex pass (issue "privacy/"). Order: PEM blocks (multi-line), dotenv runs,
 * token-shaped rules (specific before generic), credentials in command-line flags (cli-flags.ts), key/value
 * assignments, then secrets stated in prose
 * (`the password is hunter2`, `비밀번호는 hunter2야`; see prose.ts for the exact rule). Every finding becomes
 * `[REDACTED:<rule>]`; text already redacted is left alone, so the pass is idempotent.
 */
import { redactAssignments, redactDotenv } from "./assignments.js";
import { redactCliFlags } from "./cli-flags.js";
import { redactProse } from "./prose.js";
import { applyRule, PEM_RULE, TOKEN_RULES } from "./secret-rules.js";

/**
 * Replaces every secret found in `text` with `[REDACTED:<rule>]` (rules: `private_key`, `dotenv`,
 * `aws_access_key`, `aws_secret_key`, `gcp_api_key`, `azure_key`, `azure_sas`, `github_token`,
 * `gitlab_token`, `slack_token`, `slack_webhook`, `stripe_key`, `anthropic_key`, `openai_key`, `npm_token`,
 * `jwt`, `authorization`, `bearer`, `url_password`, and for assignments the key's category `password`,
 * `secret`, `token`, `api_key`, `access_key`, `private_key`, also used for values stated in prose). Keys, URL schemes/users and header names are
 * kept. Sync, linear time (no catastrophic backtracking), never throws; `redactSecrets(redactSecrets(x))`
 * equals `redactSecrets(x)`.
 */
export function redactSecrets(text: string): string {
  if (text.length < 8) return text;
  let out = applyRule(text, PEM_RULE);
  out = redactDotenv(out);
  for (const rule of TOKEN_RULES) out = applyRule(out, rule);
  return redactProse(redactAssignments(redactCliFlags(out)));
}

/** True when `redactSecrets` would change `text` (it found at least one secret). */
export function containsSecret(text: string): boolean {
  return redactSecrets(text) !== text;
}
