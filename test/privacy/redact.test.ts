import { describe, expect, it } from "vitest";
import { keyCategory } from "../../src/privacy/assignments.js";
import { containsSecret, redactSecrets, scrub } from "../../src/privacy/index.js";

/** Secrets are assembled at run time so no literal token sits in the repository. */
const j = (...parts: string[]) => parts.join("");
const A36 = "wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx";

/** [rule, text with the secret in context, the secret itself, text that must survive] */
const POSITIVE: Array<[string, string, string, string]> = [
  [
    "aws_access_key",
    j("key id ", "AKIA", "Z7QWERTYUIOPASDF", " here"),
    j("AKIA", "Z7QWERTYUIOPASDF"),
    "key id",
  ],
  [
    "aws_secret_key",
    j("aws_secret_access_key = ", "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzz9EXAMPLE"),
    "wJalrXUtnFEMI/K7MDENG/bPxRfiCYzz9EXAMPLE",
    "aws_secret_access_key = ",
  ],
  [
    "gcp_api_key",
    j("maps ", "AIza", "SyA1234567890abcdefghijklmnopqrstuv"),
    j("AIza", "SyA1234567890abcdefghijklmnopqrstuv"),
    "maps",
  ],
  [
    "azure_key",
    j(
      "DefaultEndpointsProtocol=https;AccountName=acct;AccountKey=",
      "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA==",
      ";EndpointSuffix=core",
    ),
    "Zm9vYmFyYmF6cXV4MTIzNDU2Nzg5MA==",
    "AccountKey=",
  ],
  ["github_token", j("token ghp", "_", A36), j("ghp", "_", A36), "token"],
  ["github_token", j("gho", "_", A36), j("gho", "_", A36), ""],
  [
    "github_token",
    j("github", "_pat_", "11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz"),
    j("github", "_pat_", "11ABCDEFG0123456789_abcdefghijklmnopqrstuvwxyz"),
    "",
  ],
  ["gitlab_token", j("glpat", "-", "abcdefghij1234567890"), j("glpat", "-", "abcdefghij1234567890"), ""],
  [
    "slack_token",
    j("xox", "b-", "123456789012-1234567890123-abcdefghijKL"),
    j("xox", "b-", "123456789012-1234567890123-abcdefghijKL"),
    "",
  ],
  ["stripe_key", j("sk", "_live_", "abcdefghijklmnop1234"), j("sk", "_live_", "abcdefghijklmnop1234"), ""],
  ["stripe_key", j("rk", "_live_", "abcdefghijklmnop1234"), j("rk", "_live_", "abcdefghijklmnop1234"), ""],
  [
    "openai_key",
    j("OPENAI sk", "-proj-", "abcdefghij1234567890abcdefXYZ"),
    j("sk", "-proj-", "abcdefghij1234567890abcdefXYZ"),
    "OPENAI",
  ],
  [
    "openai_key",
    j("sk", "-", "abcdefghij1234567890abcdefXYZ"),
    j("sk", "-", "abcdefghij1234567890abcdefXYZ"),
    "",
  ],
  [
    "anthropic_key",
    j("sk", "-ant-", "api03-abcdefghijklmnop1234567890"),
    j("sk", "-ant-", "api03-abcdefghijklmnop1234567890"),
    "",
  ],
  [
    "npm_token",
    j("//registry.npmjs.org/:_authToken=", "npm", "_", "abcdefghijklmnopqrstuvwxyz0123456789"),
    j("npm", "_", "abcdefghijklmnopqrstuvwxyz0123456789"),
    "registry.npmjs.org",
  ],
  [
    "jwt",
    j(
      "id ",
      "eyJhbGciOiJIUzI1NiJ9",
      ".",
      "eyJzdWIiOiIxMjM0NTY3ODkwIn0",
      ".",
      "dozjgNryP4J3jVmNHl0w5N_XgL0n3I9PlFUP0THsR8U",
    ),
    j("eyJhbGciOiJIUzI1NiJ9", ".", "eyJzdWIiOiIxMjM0NTY3ODkwIn0"),
    "id ",
  ],
  [
    "authorization",
    "curl -H 'Authorization: Bearer abcdef1234567890abcdef' https://api.example.com",
    "abcdef1234567890abcdef",
    "Authorization: Bearer ",
  ],
  [
    "authorization",
    "Authorization: Basic dXNlcjpwYXNzd29yZDEyMw==",
    "dXNlcjpwYXNzd29yZDEyMw==",
    "Authorization: Basic ",
  ],
  ["bearer", "token was Bearer 9f8e7d6c5b4a39281706 ok", "9f8e7d6c5b4a39281706", "Bearer "],
  [
    "url_password",
    "DATABASE at postgres://admin:s3cr3t-pw@db.internal:5432/app",
    "s3cr3t-pw",
    "postgres://admin:",
  ],
  ["url_password", "redis://:onlypass99@cache:6379", "onlypass99", "redis://:"],
  [
    "private_key",
    "before\n-----BEGIN RSA PRIVATE KEY-----\nMIIEpAIBAAKCAQEAxyz\nabc\n-----END RSA PRIVATE KEY-----\nafter",
    "MIIEpAIBAAKCAQEAxyz",
    "after",
  ],
  [
    "private_key",
    "x -----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXkt unterminated",
    "b3BlbnNzaC1rZXkt",
    "x ",
  ],
  [
    "private_key",
    '{"private_key": "-----BEGIN PRIVATE KEY-----\\nMIIEvQIBADAN\\n-----END PRIVATE KEY-----\\n"}',
    "MIIEvQIBADAN",
    '{"private_key": "',
  ],
  ["password", "export DB_PASSWORD=hunter2", "hunter2", "export DB_PASSWORD="],
  ["password", "password: hunter2", "hunter2", "password: "],
  ["password", "mysql --password=abc123 -u root", "abc123", "--password="],
  ["password", 'conn = "Server=x;Password=Xy9z;"', "Xy9z", "Password="],
  ["token", "TOKEN_TYPE=bearer", "bearer", "TOKEN_TYPE="],
  ["token", "GITHUB_TOKEN='a b c'", "a b c", "GITHUB_TOKEN='"],
  ["api_key", '{"api_key": "abc def"}', "abc def", '"api_key": "'],
  ["api_key", "x-api-key: abcd1234", "abcd1234", "x-api-key: "],
  ["api_key", "const apiKey = 'zzTopSecretValue';", "zzTopSecretValue", "const apiKey = '"],
  ["secret", '{\\"client_secret\\": \\"xyz 123\\"}', "xyz 123", '\\"client_secret\\": \\"'],
  ["secret", "clientSecret: 'quoted value'", "quoted value", "clientSecret: '"],
  ["access_key", "ACCESS_KEY=abc", "abc", "ACCESS_KEY="],
  ["private_key", 'privateKey = "k3y-material"', "k3y-material", "privateKey = "],
  ["dotenv", "DB_HOST=db.internal\nDB_USER=app\n# comment\nDB_NAME=prod\n", "db.internal", "DB_HOST="],
  [
    "dotenv",
    "     1→REDIS_HOST=cache.internal\n     2→REDIS_PORT=6380\n",
    "cache.internal",
    "     1→REDIS_HOST=",
  ],
];

describe("redactSecrets", () => {
  it.each(POSITIVE)("%s: %s", (rule, text, secret, kept) => {
    const out = redactSecrets(text);
    expect(out).not.toContain(secret);
    expect(out).toContain(`[REDACTED:${rule}]`);
    expect(out).toContain(kept);
    expect(redactSecrets(out)).toBe(out);
    expect(containsSecret(text)).toBe(true);
    expect(containsSecret(out)).toBe(false);
  });

  it.each([
    "the password is wrong, please reset your password",
    "tokenizer = Tokenizer(); max_tokens = 4096; input_tokens: 12",
    "const token = await getToken(); if (token == other) return;",
    "token === undefined || password !== confirm",
    "interface Creds { apiKey: string; password?: string; token: Token }",
    "const secret = crypto.randomBytes(32); const key = config.apiKey;",
    "Bearer tokens are described in RFC 6750.",
    "see https://example.com:8080/path?x=1 and git@github.com:org/repo.git",
    "export PATH=/usr/local/bin:$PATH",
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a literal shell reference, not a template
    "API_KEY=${API_KEY} TOKEN=$TOKEN password=<your-password> secret: ****",
    "passwordless login; the secretary keeps tokens",
    "Run `git push` when done. Authorization failed: not allowed",
    "sk-learn-is-not-a-key-at-all-really and task-abcdefghijklmnopqrstuvwx",
    "def f(token: str, secret: bool = False) -> None: ...",
    "<privateer> ok",
    "** (ArgumentError) lib/phoenix/token.ex:138: Phoenix.Token.verify/4",
    'SCRIPT_DIR="$(cd "$(dirname "$0")" && pwd)"\nPLUGIN_DIR="$SCRIPT_DIR/.."\nINPUT=$(cat)\n',
  ])("leaves ordinary text alone: %s", (text) => {
    expect(redactSecrets(text)).toBe(text);
    expect(containsSecret(text)).toBe(false);
  });

  it("redacts several findings in one text and keeps the rest", () => {
    const text = j(
      "Deploy with GITHUB_TOKEN=",
      "ghp",
      "_",
      A36,
      " to https://deploy:pa55word@host/x then tell Bob.",
    );
    const out = redactSecrets(text);
    expect(out).toBe(
      "Deploy with GITHUB_TOKEN=[REDACTED:github_token] to https://deploy:[REDACTED:url_password]@host/x then tell Bob.",
    );
  });

  it("a single UPPER=value line is not a dotenv file", () => {
    expect(redactSecrets("NODE_ENV=production\n")).toBe("NODE_ENV=production\n");
    expect(redactSecrets("NODE_ENV=production\nPORT=3000\n")).toBe(
      "NODE_ENV=[REDACTED:dotenv]\nPORT=[REDACTED:dotenv]\n",
    );
  });

  it("classifies key names by segment", () => {
    expect(keyCategory("DB_PASSWORD")).toBe("password");
    expect(keyCategory("clientSecret")).toBe("secret");
    expect(keyCategory("APIKey")).toBe("api_key");
    expect(keyCategory("x-api-key")).toBe("api_key");
    expect(keyCategory("AWS_ACCESS_KEY_ID")).toBe("access_key");
    expect(keyCategory("authtoken")).toBe("token");
    expect(keyCategory("tokenizer")).toBeUndefined();
    expect(keyCategory("max_tokens")).toBeUndefined();
    expect(keyCategory("passwordless")).toBeUndefined();
    expect(keyCategory("PWD")).toBeUndefined();
    expect(keyCategory("publicKey")).toBeUndefined();
  });
});

describe("scrub", () => {
  it("strips private blocks, then redacts, and makes text well-formed", () => {
    const out = scrub("note <private>my diary</private> password=hunter2 \ud800 end");
    expect(out).toBe("note password=[REDACTED:password] \ufffd end");
  });
});
