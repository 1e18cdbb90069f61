/** Provider-prefixed tokens: AI APIs, code hosting, package registries, developer tools. */
import { ALNUM, B64URL, BECH32, HEX, LETTERS, rand } from "./random.js";
import { type SecretKind, token } from "./types.js";

export function aiDevKinds(): SecretKind[] {
  return [
    {
      kind: "anthropic_key",
      positives: [token("export ANTHROPIC_API_KEY=$", "sk-ant-api03-", rand(B64URL, 93), "AA")],
      lookalikes: ["the task-ant-colony-simulation-v2 branch", "sk-ant- is the documented prefix"],
    },
    {
      kind: "openai_key",
      positives: [
        token("client = OpenAI(api_key=$)", "sk-proj-", rand(B64URL, 64)),
        token("use $ for the batch", "sk-svcacct-", rand(B64URL, 48)),
      ],
      lookalikes: ["pip install scikit-learn; import sk-learn-is-not-a-key-at-all-really"],
    },
    {
      kind: "huggingface_token",
      positives: [
        token("HF token $ works", "hf_", rand(LETTERS, 34)),
        token("login with $", "api_org_", rand(LETTERS, 34)),
      ],
      lookalikes: ["from huggingface_hub import hf_hub_download; hf_transfer enabled"],
    },
    {
      kind: "groq_key",
      positives: [token("groq: $", "gsk_", rand(ALNUM, 52))],
      lookalikes: ["gsk_ prefix means a Groq secret key"],
    },
    {
      kind: "replicate_token",
      positives: [token("r8 token $ is mine", "r8_", rand(ALNUM, 37))],
      lookalikes: ["r8_model_v2 is a filename"],
    },
    {
      kind: "github_token",
      positives: [
        token("gh auth with $", "ghp_", rand(ALNUM, 36)),
        token("app token $", "ghs_", rand(ALNUM, 36)),
        token("fine-grained $ for CI", "github_pat_", `11${rand(ALNUM, 20)}_${rand(ALNUM, 59)}`),
      ],
      lookalikes: ["push to the gh-pages branch; gh pr view 1234", "github_pat_ tokens are fine-grained"],
    },
    {
      kind: "gitlab_token",
      positives: [
        token("glab auth login --token $", "glpat-", rand(B64URL, 20)),
        token("deploy token $", "gldt-", rand(B64URL, 20)),
        token("runner: $", "glrt-", rand(B64URL, 24)),
        token("register with $", "GR1348941", rand(B64URL, 20)),
      ],
      lookalikes: ["glpat- is a GitLab personal access token prefix"],
    },
    {
      kind: "npm_token",
      positives: [token("//registry.npmjs.org/:_authToken=$", "npm_", rand(ALNUM, 36))],
      lookalikes: ["npm_config_cache=/tmp/npm npm_package_version=1.2.3"],
    },
    {
      kind: "pypi_token",
      positives: [token("twine upload -u __token__ -p $ dist/*", "pypi-AgEIcHlwaS5vcmc", rand(B64URL, 140))],
      lookalikes: ["uses: pypa/gh-action-pypi-publish@release/v1 with https://pypi.org/simple/"],
    },
    {
      kind: "docker_token",
      positives: [token("echo $ | docker login -u me --password-stdin", "dckr_pat_", rand(B64URL, 27))],
      lookalikes: ["docker compose up --build dckr_pat_ prefix"],
    },
    {
      kind: "atlassian_token",
      positives: [token("jira api token $", "ATATT3", rand(B64URL, 180))],
      lookalikes: ["ATATT3 tokens come from id.atlassian.com"],
    },
    {
      kind: "linear_key",
      positives: [token("linear $ for the sync", "lin_api_", rand(ALNUM, 40))],
      lookalikes: ["lin_reg = LinearRegression()"],
    },
    {
      kind: "notion_token",
      positives: [
        token("notion integration $", "ntn_", `${rand("0123456789", 11)}${rand(ALNUM, 35)}`),
        token("legacy notion $", "secret_", rand(ALNUM, 43)),
      ],
      lookalikes: ["secret_santa_assignments.csv"],
    },
    {
      kind: "postman_key",
      positives: [token("postman $", "PMAK-", `${rand(HEX, 24)}-${rand(HEX, 34)}`)],
      lookalikes: ["PMAK- keys are Postman API keys"],
    },
    {
      kind: "doppler_token",
      positives: [token("doppler run --token $", "dp.pt.", rand(ALNUM, 43))],
      lookalikes: ["dp.pt.example is not a token"],
    },
    {
      kind: "vault_token",
      positives: [token("VAULT_ADDR=https://vault:8200 vault login $", "hvs.", rand(B64URL, 95))],
      lookalikes: ["hvs.example and hvb. prefixes"],
    },
    {
      kind: "age_secret_key",
      positives: [token("# age key\n$\n", "AGE-SECRET-KEY-1", rand(BECH32.toUpperCase(), 58))],
      lookalikes: [`recipient age1${rand(BECH32, 58)} is public`],
    },
    {
      kind: "grafana_token",
      positives: [
        token("grafana cloud $", "glc_", rand(ALNUM, 48)),
        token("service account $", "glsa_", `${rand(ALNUM, 32)}_${rand(HEX, 8)}`),
      ],
      lookalikes: ["glsa_ prefix; grafana dashboards at /d/abc123/service-overview"],
    },
    {
      kind: "newrelic_key",
      positives: [token("new relic user key $", "NRAK-", rand("ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789", 27))],
      lookalikes: ["NRAK- keys belong to New Relic users"],
    },
    {
      kind: "sentry",
      positives: [
        token("SENTRY_DSN https://$@o4504.ingest.sentry.io/4505", "", rand(HEX, 32)),
        token("sentry auth $", "sntryu_", rand(HEX, 64)),
      ],
      lookalikes: ["https://sentry.io/organizations/acme/issues/4505123/"],
    },
    {
      kind: "heroku_key",
      positives: [token("heroku authorizations: $", "HRKU-AA", rand(B64URL, 58))],
      lookalikes: ["HRKU- prefix, heroku apps:info -a my-app-2024"],
    },
    {
      kind: "figma_token",
      positives: [token("figma $", "figd_", rand(B64URL, 40))],
      lookalikes: ["figd_ is the Figma prefix"],
    },
    {
      kind: "artifactory_key",
      positives: [token("jfrog $", "AKCp", rand(ALNUM, 69))],
      lookalikes: ["AKCp keys are deprecated"],
    },
    {
      kind: "onepassword_token",
      positives: [token("OP token $", "ops_eyJ", rand(B64URL, 240))],
      lookalikes: ["ops_eyJ is the 1Password prefix; devops_engineer"],
    },
    {
      kind: "databricks_token",
      positives: [token("databricks $", "dapi", rand(HEX, 32))],
      lookalikes: ["dapi-client 2.0 and dapi_version"],
    },
  ];
}
