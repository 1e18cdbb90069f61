/**
 * `redactSecrets`: the sync regex pass. Order: PEM blocks (multi-line), tokens split by a line break or
 * a concatenation (split.ts), dotenv runs, token-shaped rules (specific before generic; secret-rules.ts),
 * hex and base64 runs that decode to a secret (encoded.ts), credentials in command-line flags
 * (cli-flags.ts), key/value assignments, then secrets stated in prose (`the password is hunter2`,
 * `비밀번호는 hunter2야`; prose.ts). Every finding becomes `[REDACTED:<rule>]`; text already redacted
 * is left alone, so the pass is idempotent.
 */
import { redactAssignments, redactDotenv } from "./assignments.js";
import { redactCliFlags } from "./cli-flags.js";
import { redactEncoded } from "./encoded.js";
import { redactProse } from "./prose.js";
import type { SecretRule } from "./rule-kit.js";
import { applyRule, PEM_RULE, tokenRules } from "./secret-rules.js";
import { redactSplitTokens } from "./split.js";

interface LeadIndex {
  /**
   * Where some lead starts, after no letter or digit (each rule's own lookbehind excludes at least
   * those); a lookahead, so leads that overlap (`sk.eyJ…` holds `eyJ`) are all seen.
   */
  any: RegExp;
  at: Map<SecretRule, RegExp>;
}
let leads: LeadIndex | undefined;

/** Built on the first secret pass: compiling it costs milliseconds a hook that never scrubs does not pay. */
function leadIndex(): LeadIndex {
  const rules = tokenRules();
  leads ??= {
    any: new RegExp(`(?<![A-Za-z0-9])(?=${rules.flatMap((r) => (r.lead ? [r.lead] : [])).join("|")})`, "g"),
    at: new Map(rules.flatMap((r) => (r.lead ? [[r, new RegExp(r.lead, "y")] as const] : []))),
  };
  return leads;
}
/** Past this many lead positions every rule simply runs. */
const MAX_LEAD_POSITIONS = 256;

/**
 * The token rules worth running on `text`: every rule without a lead, and a rule with one only when its
 * lead occurs (one scan for all leads instead of one full regex pass per rule).
 */
function rulesFor(text: string): readonly SecretRule[] {
  const { any, at: leadAt } = leadIndex();
  const rules = tokenRules();
  const at: number[] = [];
  any.lastIndex = 0;
  for (let m = any.exec(text); m !== null; m = any.exec(text)) {
    if (at.push(m.index) > MAX_LEAD_POSITIONS) return rules;
    any.lastIndex = m.index + 1; // zero-width: every position where some lead starts
  }
  return rules.filter((r) => {
    const lead = leadAt.get(r);
    if (!lead) return true;
    return at.some((i) => {
      lead.lastIndex = i;
      return lead.test(text);
    });
  });
}

/** The whole pass at an encoding depth (decoded text is scanned again at `depth + 1`). */
function redactAt(text: string, depth: number): string {
  if (text.length < 8) return text;
  let out = applyRule(text, PEM_RULE);
  out = redactSplitTokens(out, tokenRules());
  out = redactDotenv(out);
  for (const rule of rulesFor(out)) out = applyRule(out, rule);
  out = redactEncoded(out, depth, redactAt);
  return redactProse(redactAssignments(redactCliFlags(out)));
}

/**
 * Replaces every secret found in `text` with `[REDACTED:<rule>]`: the rule names of the token tables
 * (`github_token`, `pypi_token`, `sendgrid_key`, … ; docs/ARCHITECTURE.md lists them), `private_key`,
 * `dotenv`, `hex_secret`, `base64_secret`, and for assignments, flags and prose the key's category
 * `password`, `secret`, `token`, `api_key`, `access_key`, `private_key`. Keys, URL schemes/users and
 * header names are kept. Sync, linear time (no catastrophic backtracking), never throws;
 * `redactSecrets(redactSecrets(x))` equals `redactSecrets(x)`.
 */
export function redactSecrets(text: string): string {
  return redactAt(text, 0);
}

/** True when `redactSecrets` would change `text` (it found at least one secret). */
export function containsSecret(text: string): boolean {
  return redactSecrets(text) !== text;
}
