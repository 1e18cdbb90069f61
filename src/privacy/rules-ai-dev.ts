/**
 * Token rules for AI APIs, code hosting, registries and developer tools, from the vendors' published
 * token shapes as gitleaks and secretlint encode them. Only prefixes distinctive enough for near-zero
 * false positives; keys without a prefix are left to assignments.ts (`HEROKU_API_KEY=…`).
 */
import { hasDigit, mixedCase, prefixed, type SecretRule } from "./rule-kit.js";

const ID = "A-Za-z0-9_-";

/** Built on first use (compiling every rule costs a hook milliseconds it rarely needs). */
export function aiDevRules(): SecretRule[] {
  return [
    prefixed("anthropic_key", "sk-ant-", `[${ID}]{20,}`, { before: ID, after: "" }),
    // sk-proj-/sk-svcacct-/sk-admin-/legacy sk-: a digit is required (`sk-learn-is-not-a-key-really`).
    prefixed("openai_key", "sk-(?:proj-|svcacct-|admin-)?", `[${ID}]{20,}`, {
      before: ID,
      after: "",
      accept: hasDigit,
    }),
    // hf_ + 34 letters (user access tokens), api_org_ + 34 (org tokens); always mixed case.
    prefixed("huggingface_token", "hf_|api_org_", "[A-Za-z0-9]{30,}", { accept: mixedCase }),
    prefixed("groq_key", "gsk_", "[A-Za-z0-9]{48,}"),
    prefixed("replicate_token", "r8_", "[A-Za-z0-9]{37}", { accept: hasDigit }),
    prefixed("xai_key", "xai-", "[A-Za-z0-9]{70,}", { before: ID, after: ID }),
    prefixed("perplexity_key", "pplx-", "[A-Za-z0-9]{40,}", { before: ID, after: ID }),
    prefixed("github_token", "gh[pousr]_", "[A-Za-z0-9]{30,}", { after: "" }),
    prefixed("github_token", "github_pat_", "[A-Za-z0-9_]{30,}", { after: "" }),
    // glpat- personal, gldt- deploy, glrt- runner, glptt- trigger, glft- feed, glimt- incoming mail,
    // glagent- agent, glsoat- SCIM, gloas- OAuth secret, glffct- feature flags, glcbt- CI job,
    // glwt- workspace, GR1348941 runner registration.
    prefixed(
      "gitlab_token",
      "gl(?:pat|dt|rt|ptt|ft|imt|agent|soat|oas|ffct|cbt|wt)-|GR1348941",
      `[${ID}]{20,}`,
      {
        before: ID,
        after: "",
      },
    ),
    prefixed("npm_token", "npm_", "[A-Za-z0-9]{36}", { after: "A-Za-z0-9" }),
    // PyPI API tokens are macaroons: pypi-AgEIcHlwaS5vcmc (pypi.org) or pypi-AgENdGVzdC5weXBp… (TestPyPI).
    prefixed("pypi_token", "pypi-AgE", `[${ID}]{50,}`, { before: ID, after: ID }),
    prefixed("docker_token", "dckr_(?:pat|oat)_", `[${ID}]{27,}`, { before: ID, after: ID }),
    prefixed("atlassian_token", "ATATT3|ATCTT3", "[A-Za-z0-9_=-]{100,}", {
      before: ID,
      after: "A-Za-z0-9_=-",
    }),
    prefixed("linear_key", "lin_(?:api|oauth)_", "[A-Za-z0-9]{32,}"),
    prefixed("notion_token", "ntn_", "[0-9]{11}[A-Za-z0-9]{35}"),
    prefixed("notion_token", "secret_", "[A-Za-z0-9]{43}", { accept: (s) => hasDigit(s) && mixedCase(s) }),
    prefixed("postman_key", "PMAK-", "[a-f0-9]{24}-[a-f0-9]{34}", { before: ID, after: ID }),
    prefixed("doppler_token", "dp\\.(?:pt|st|sa|ct|scim|audit)\\.", "[A-Za-z0-9]{40,}", {
      before: "A-Za-z0-9_.-",
    }),
    prefixed("vault_token", "hv[sbr]\\.", `[${ID}]{24,}`, {
      before: "A-Za-z0-9_.-",
      after: ID,
      accept: hasDigit,
    }),
    prefixed("age_secret_key", "AGE-SECRET-KEY-1", "[QPZRY9X8GF2TVDW0S3JN54KHCE6MUA7L]{58}", {
      before: ID,
      after: "A-Za-z0-9",
    }),
    prefixed("grafana_token", "glc_", "[A-Za-z0-9+/]{32,}={0,2}", { after: "A-Za-z0-9+/=" }),
    prefixed("grafana_token", "glsa_", "[A-Za-z0-9]{32}_[A-Fa-f0-9]{8}"),
    // Grafana API keys: base64 of {"k":"…","n":"…","id":…}.
    prefixed("grafana_token", "eyJrIjoi", "[A-Za-z0-9]{50,}={0,2}", {
      before: "A-Za-z0-9_+/-",
      after: "A-Za-z0-9+/=",
    }),
    prefixed("newrelic_key", "NR(?:AK|AA|II|JS|IQ)-", "[A-Za-z0-9]{19,}", {
      before: ID,
      after: ID,
      accept: hasDigit,
    }),
    prefixed("sentry_token", "sntry[su]_", "[A-Za-z0-9+/=_-]{40,}", { after: "A-Za-z0-9_+/=-" }),
    prefixed("heroku_key", "HRKU-", `[${ID}]{40,}`, { before: ID, after: ID }),
    prefixed("figma_token", "figd_", `[${ID}]{40,}`, { before: ID, after: ID }),
    prefixed("artifactory_key", "AKCp", "[A-Za-z0-9]{60,}", { accept: hasDigit }),
    prefixed("dynatrace_token", "dt0c01\\.", "[A-Z0-9]{24}\\.[A-Z0-9]{64}", { before: "A-Za-z0-9_.-" }),
    prefixed("onepassword_token", "ops_eyJ", "[A-Za-z0-9+/=_-]{100,}", { after: "A-Za-z0-9_+/=-" }),
    prefixed("databricks_token", "dapi", "[a-f0-9]{32}(?:-[0-9])?", { after: "A-Za-z0-9_" }),
    prefixed("pulumi_token", "pul-", "[a-f0-9]{40}", { before: ID, after: ID }),
    prefixed("rubygems_token", "rubygems_", "[a-f0-9]{48}"),
    prefixed("clojars_token", "CLOJARS_", "[a-z0-9]{60}"),
    prefixed("contentful_token", "CFPAT-", `[${ID}]{43}`, { before: ID, after: ID }),
    prefixed("prefect_key", "pnu_", "[A-Za-z0-9]{36}"),
    prefixed("netlify_token", "nfp_", "[A-Za-z0-9]{36}"),
    prefixed("terraform_token", "[A-Za-z0-9]{14}\\.atlasv1\\.", "[A-Za-z0-9_=-]{60,}", {
      before: "A-Za-z0-9_.-",
    }),
  ];
}
