/**
 * Token rules for web credentials: RFC 7519 JWTs, RFC 7235 `Authorization` / `Proxy-Authorization`
 * headers, RFC 6750 Bearer tokens, RFC 6265 `Cookie` headers, request signatures, and URLs: RFC 3986
 * §3.2.1 userinfo (a password, or a token as the user), and secret query or fragment parameters.
 */
import { keyCategory } from "./assignments.js";
import { hasDigit, randomLooking, type SecretRule } from "./rule-kit.js";

/** Schemes whose credential follows a space (RFC 7235 auth-scheme, and vendors' own). */
const SCHEMES = "Basic|Bearer|Token|Digest|SSWS|Bot|ApiKey|Api-Key|Key|OAuth|Negotiate|NTLM|Splunk|GenieKey";

/** Query keys whose value is a signature or a session, not named like an assignment secret. */
const SIGNATURE_KEY =
  /^(?:sig|signature|x-amz-signature|x-amz-security-token|x-goog-signature|auth|jwt|session(?:_?id)?|sid)$/i;
/** Query keys that carry a credential only when the value looks random (`?key=AIza…`, `?code=…`). */
const WEAK_KEY = /^(?:key|code|k|hash)$/i;

function secretParam(value: string, key: string): boolean {
  if (/^\d+$/.test(value)) return false;
  if (keyCategory(key) !== undefined || SIGNATURE_KEY.test(key)) return value.length >= 6;
  return WEAK_KEY.test(key) && value.length >= 16 && randomLooking(value);
}

/** Built on first use (compiling every rule costs a hook milliseconds it rarely needs). */
export function webRules(): SecretRule[] {
  return [
    {
      name: "jwt",
      lead: "eyJ",
      pattern: /(?<![A-Za-z0-9_-])(?<secret>eyJ[A-Za-z0-9_-]{5,}\.eyJ[A-Za-z0-9_-]{5,}\.[A-Za-z0-9_-]*)/g,
    },
    {
      // With a scheme any credential of 4+ characters (`Basic dTpwYXNz`); without, one that looks random.
      name: "authorization",
      hint: /authorization/i,
      pattern: new RegExp(
        `(?<pre>(?<![A-Za-z0-9_])(?:Proxy-)?Authorization["']?[ \\t]*[:=][ \\t]*["']?(?<scheme>(?:${SCHEMES})[ \\t]+)?)(?<secret>[A-Za-z0-9._~+/=-]{4,})`,
        "gi",
      ),
      accept: (s, g) => (g.scheme ? true : s.length >= 8 && (hasDigit(s) || s.length >= 16)),
    },
    {
      name: "bearer",
      hint: /bearer/i,
      pattern: /(?<pre>(?<![A-Za-z0-9_-])Bearer[ \t]+)(?<secret>[A-Za-z0-9._~+/=-]{12,})/gi,
      accept: (s) => hasDigit(s) || s.length >= 20,
    },
    {
      // The whole header value (to a line end, a quote or a marker): cookie names say nothing about which
      // value is the session.
      name: "cookie",
      hint: /cookie/i,
      pattern: /(?<pre>(?<![A-Za-z0-9_-])(?:Set-)?Cookie["']?[ \t]*:[ \t]*)(?<secret>[^\r\n"'\\[]{1,4096})/gi,
      accept: (s) => /=[^;\s]{8,}/.test(s),
    },
    {
      // Hex request signatures outside a URL (AWS SigV4 `Signature=…` in an Authorization header).
      name: "signature",
      hint: /signature=/i,
      pattern:
        /(?<pre>(?<![A-Za-z0-9_-])(?:X-Amz-|X-Goog-)?Signature=)(?<secret>[0-9a-fA-F]{32,})(?![0-9a-zA-Z])/gi,
    },
    {
      name: "url_password",
      hint: "://",
      pattern:
        /(?<pre>(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{0,20}:\/\/[^\s:/?#@"'<>[\]]{0,200}:)(?<secret>[^\s/@"'<>]{1,200})(?<post>@)/g,
    },
    {
      // A token as the userinfo (`https://ghp_…@github.com`, a Sentry DSN's public key).
      name: "url_token",
      hint: "://",
      pattern:
        /(?<pre>(?<![A-Za-z0-9+.-])[A-Za-z][A-Za-z0-9+.-]{0,20}:\/\/)(?<secret>[A-Za-z0-9_.~%-]{16,200})(?<post>@)/g,
      accept: randomLooking,
    },
    {
      name: "url_param",
      hint: "=",
      pattern: /(?<pre>[?&#;](?<key>[A-Za-z][A-Za-z0-9_.-]{0,40})=)(?<secret>[^&#\s"'<>`]{1,2048})/g,
      accept: (s, g) => secretParam(s, g.key ?? ""),
    },
  ];
}
