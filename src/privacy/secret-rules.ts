/**
 * The token rule tables in the order they run (specific before generic) and the function that applies
 * one. Formats: vendors' published token shapes (rules-ai-dev.ts, rules-cloud.ts, rules-comms-pay.ts),
 * web credentials (rules-web.ts), RFC 7468 PEM private keys. A match is replaced by
 * `pre + [REDACTED:<name>] + post` where `pre`/`post` are the named groups kept around the `secret`
 * group (the whole match when absent).
 */
import { isPlaceholder, MARKER_PREFIX, marker, type SecretRule } from "./rule-kit.js";
import { aiDevRules } from "./rules-ai-dev.js";
import { cloudRules } from "./rules-cloud.js";
import { commsPayRules } from "./rules-comms-pay.js";
import { webRules } from "./rules-web.js";

export { isPlaceholder, MARKER_PREFIX, marker, type SecretRule } from "./rule-kit.js";

/**
 * PEM private-key blocks (`-----BEGIN … PRIVATE KEY-----` … `-----END … PRIVATE KEY-----`), also PGP
 * `PRIVATE KEY BLOCK` and an unterminated block (redacted to the end of the text).
 */
export const PEM_RULE: SecretRule = {
  name: "private_key",
  pattern:
    /(?<secret>-----BEGIN[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----[\s\S]*?(?:-----END[A-Z0-9 ]{0,40}PRIVATE KEY(?: BLOCK)?-----|$))/g,
};

let tokenRuleList: readonly SecretRule[] | undefined;

/** Rules for tokens with a recognisable shape, in the order they run (built on the first call). */
export function tokenRules(): readonly SecretRule[] {
  tokenRuleList ??= [...aiDevRules(), ...cloudRules(), ...commsPayRules(), ...webRules()];
  return tokenRuleList;
}

/** Runs one rule over `text`. */
export function applyRule(text: string, rule: SecretRule): string {
  const h = rule.hint;
  if (h !== undefined && !(typeof h === "string" ? text.includes(h) : h.test(text))) return text;
  return text.replace(rule.pattern, (...args: unknown[]) => {
    const match = args[0] as string;
    const groups = args[args.length - 1] as Record<string, string | undefined>;
    const secret = groups.secret ?? match;
    if (isPlaceholder(secret) || secret.includes(MARKER_PREFIX)) return match;
    if (rule.accept && !rule.accept(secret, groups)) return match;
    return (groups.pre ?? "") + marker(rule.name) + (groups.post ?? "");
  });
}
