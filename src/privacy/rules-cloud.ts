/** Token rules for cloud platforms: AWS, Google, Azure, Alibaba, DigitalOcean, Cloudflare, Vercel, … */
import { hasDigit, mixedCase, prefixed, type SecretRule } from "./rule-kit.js";

const ID = "A-Za-z0-9_-";

/** Built on first use (compiling every rule costs a hook milliseconds it rarely needs). */
export function cloudRules(): SecretRule[] {
  return [
    prefixed("aws_access_key", "AKIA|ASIA|ABIA|ACCA|A3T[A-Z0-9]", "[A-Z0-9]{16}", {
      before: "A-Za-z0-9",
      after: "A-Za-z0-9",
    }),
    {
      name: "aws_secret_key",
      hint: /secret_?access/i,
      pattern:
        /(?<pre>(?<![A-Za-z0-9])aws_?secret_?access_?key["']?[ \t]*[:=][ \t]*["']?)(?<secret>[A-Za-z0-9/+=]{40})(?![A-Za-z0-9/+=])/gi,
    },
    prefixed("gcp_api_key", "AIza", "[0-9A-Za-z_-]{35}", { before: ID, after: ID }),
    prefixed("google_oauth", "GOCSPX-", `[${ID}]{28}`, { before: ID, after: ID }),
    prefixed("google_oauth", "ya29\\.", `[${ID}]{30,}`, { before: "A-Za-z0-9_.-", after: ID }),
    // Refresh tokens: 1//0 then the token (`1//0gLy…`).
    prefixed("google_oauth", "1//0", `[${ID}]{40,}`, { before: "A-Za-z0-9_/:-", after: ID }),
    {
      name: "azure_key",
      hint: /AccountKey|SharedAccessKey|SharedSecretValue/i,
      pattern:
        /(?<pre>(?<![A-Za-z0-9])(?:AccountKey|SharedAccessKey|SharedSecretValue)[ \t]*=[ \t]*)(?<secret>[^;"'\s]{8,})/gi,
    },
    { name: "azure_sas", hint: "sig=", pattern: /(?<pre>[?&]sig=)(?<secret>[A-Za-z0-9%+/=]{20,})/g },
    // Entra ID (Azure AD) client secrets: 3 characters, a digit, `Q~`, then 31–34 characters.
    {
      name: "azure_ad_secret",
      hint: "Q~",
      pattern:
        /(?<![A-Za-z0-9_~.-])(?<secret>[A-Za-z0-9_~.]{3}\dQ~[A-Za-z0-9_~.-]{31,34})(?![A-Za-z0-9_~.-])/g,
    },
    prefixed("alibaba_key", "LTAI", "[A-Za-z0-9]{20}", { accept: hasDigit }),
    prefixed("digitalocean_token", "do[opr]_v1_", "[a-f0-9]{64}"),
    prefixed("cloudflare_ca_key", "v1\\.0-", "[a-f0-9]{24}-[a-f0-9]{146}", {
      before: "A-Za-z0-9_.-",
      after: ID,
    }),
    prefixed("vercel_token", "vc[pikar]_", "[A-Za-z0-9]{24,}", {
      accept: (s) => hasDigit(s) && mixedCase(s),
    }),
    prefixed("supabase_key", "sbp_", "[a-f0-9]{40}"),
    prefixed("supabase_key", "sb_secret_", `[${ID}]{20,}`, { before: ID, after: ID }),
    prefixed("planetscale_token", "pscale_(?:tkn|pw|oauth)_", "[A-Za-z0-9_.=-]{32,}", {
      before: ID,
      after: "A-Za-z0-9_.=-",
    }),
    // Dropbox short-lived (sl. / sl.u. + 130+) and long-lived (11 + ten A + 43) tokens.
    prefixed("dropbox_token", "sl\\.(?:[A-Za-z]\\.)?", `[${ID}]{130,}`, {
      before: "A-Za-z0-9_.-",
      after: ID,
    }),
    {
      name: "dropbox_token",
      hint: "AAAAAAAAAA",
      pattern: /(?<![A-Za-z0-9_-])(?<secret>[a-z0-9]{11}AAAAAAAAAA[a-z0-9_=-]{43})(?![A-Za-z0-9_=-])/g,
    },
    prefixed("mapbox_secret", "sk\\.eyJ", `[${ID}]{20,}\\.[${ID}]{20,}`, {
      before: "A-Za-z0-9_.-",
      after: ID,
    }),
    prefixed("fly_token", "fo1_", `[${ID}]{43}`, { before: ID, after: ID }),
    prefixed("fly_token", "fm[12][ar]?_", "[A-Za-z0-9+/=_-]{60,}", { before: ID, after: "A-Za-z0-9_+/=-" }),
  ];
}
