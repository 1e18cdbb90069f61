/** One secret in context: `text` as a user or tool would write it; no `core` may survive anywhere. */
export interface SecretSample {
  text: string;
  /** Distinctive substrings of the secret (random parts, ≥ 10 characters): none may be stored. */
  cores: string[];
}

/** A kind of secret, with harmless same-shaped text that must pass through byte for byte. */
export interface SecretKind {
  kind: string;
  positives: SecretSample[];
  lookalikes: string[];
}

export const sample = (text: string, ...cores: string[]): SecretSample => ({ text, cores });

/** A token `prefix + body` and its sample in `context` (`$` marks where the token goes). */
export function token(context: string, prefix: string, body: string, suffix = ""): SecretSample {
  const secret = prefix + body + suffix;
  return sample(context.replace("$", secret), body.slice(0, Math.min(body.length, 24)));
}
