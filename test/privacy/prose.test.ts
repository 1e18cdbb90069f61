/** Secrets stated in prose (src/privacy/prose.ts): the value goes, ordinary prose and code stay. */
import { describe, expect, it } from "vitest";
import { mayNeedScrub, redactSecrets, scrub, scrubFull } from "../../src/privacy/index.js";

/** [text, expected scrub output] */
const REDACTED: Array<[string, string]> = [
  ["the db password is hunter2-Sup3rS3cret!", "the db password is [REDACTED:password]"],
  ["my password: hunter2", "my password: [REDACTED:password]"],
  ['password was "s3cr3t!"', 'password was "[REDACTED:password]"'],
  ["the password was 'letmein' yesterday", "the password was '[REDACTED:password]' yesterday"],
  ["Password is “open sesame”.", "Password is “[REDACTED:password]”."],
  ["my password is hunter2.", "my password is [REDACTED:password]"],
  ["the wifi passphrase is Tr0ub4dor&3", "the wifi passphrase is [REDACTED:password]"],
  ['passphrase is "correct horse battery staple"', 'passphrase is "[REDACTED:password]"'],
  ["the password is CorrectHorseBattery", "the password is [REDACTED:password]"],
  ["PASSWORD IS p@ss", "PASSWORD IS [REDACTED:password]"],
  ["password is: qwerty12", "password is: [REDACTED:password]"],
  ["passwd = 1234", "passwd = [REDACTED:password]"],
  ["pwd: x9y8z7", "pwd: [REDACTED:password]"],
  ["db_password is hunter22 (rotate it)", "db_password is [REDACTED:password] (rotate it)"],
  ["the secret is 7f3a9c, keep it", "the secret is [REDACTED:secret], keep it"],
  ["the session token is abc123def", "the session token is [REDACTED:token]"],
  ["API key: abc123def", "API key: [REDACTED:api_key]"],
  ["the api-key was k3y-value", "the api-key was [REDACTED:api_key]"],
  ["our access key is AK-991-XYZ", "our access key is [REDACTED:access_key]"],
  ["비밀번호는 hunter2야", "비밀번호는 [REDACTED:password]야"],
  ["비번: hunter2", "비번: [REDACTED:password]"],
  ["와이파이 암호는 qwer1234입니다.", "와이파이 암호는 [REDACTED:password]입니다."],
  ['새 비밀번호 는 "abc" 로 바꿨어', '새 비밀번호 는 "[REDACTED:password]" 로 바꿨어'],
  ["password는 s3cret!", "password는 [REDACTED:password]"],
];

const KEPT = [
  "password is required",
  "the password is too short",
  "token is expired",
  "if password is None:",
  "if token is not None and password is None:",
  "password is stored hashed",
  "the secret is to cache it",
  "the password is what?",
  "password isn't set",
  "passwords are hashed with argon2",
  "the token is 4096",
  "max token: 8192",
  "token: CancellationToken",
  "password: string;",
  "password: Password",
  "pwd = get_pw()",
  "password = os.environ['DB_PASSWORD']",
  "password == 'x1'",
  "token => token.trim()",
  "secret is process.env.SECRET",
  "password is self._pw",
  "the password is /run/secrets/db",
  "token is $TOKEN",
  "password is {{ vault_password }}",
  "password is <your password>",
  "password: ********",
  "비밀번호는 뭐야?",
  "암호화는 AES256이야",
  "비밀번호가 틀렸습니다",
  "the passphrase is correct horse battery staple", // unquoted multi-word: documented limitation
  "tokenizer: gpt2",
  "the keyword is abc123",
];

describe("prose secrets", () => {
  it.each(REDACTED)("redacts %j", (text, expected) => {
    expect(scrub(text)).toBe(expected);
    expect(scrub(expected)).toBe(expected);
  });

  it.each(KEPT.map((t) => [t]))("keeps %j", (text) => {
    expect(scrub(text)).toBe(text);
  });

  it("redacts every occurrence and resumes after a rejected value", () => {
    expect(redactSecrets("token is password is hunter2 and the secret is s3cr3t")).toBe(
      "token is password is [REDACTED:password] and the secret is [REDACTED:secret]",
    );
  });

  it("leaves text already redacted alone", () => {
    for (const t of ["password is [REDACTED:password]", 'password was "[REDACTED:password]"']) {
      expect(redactSecrets(t)).toBe(t);
    }
  });

  it("the scrub pre-check lets every Korean keyword through", () => {
    for (const t of ["비밀번호는 hunter2야", "비번은 hunter2", "암호는 hunter2"]) {
      expect(mayNeedScrub(t)).toBe(true);
      expect(scrub(t)).toBe(scrubFull(t));
      expect(scrub(t)).not.toContain("hunter2");
    }
  });
});
