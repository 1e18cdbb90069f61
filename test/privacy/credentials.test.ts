/** Credentials passed as command-line arguments are redacted wherever text is scrubbed. */
import { describe, expect, it } from "vitest";
import { scrub } from "../../src/privacy/index.js";

describe("credentials in command-line flags", () => {
  const cases: [string, string][] = [
    ["mysql -u root -pMyHunter2Sql9 prod", "MyHunter2Sql9"],
    ["mysqldump -h db -u app -p'Sq1 p@ss' shop > dump.sql", "Sq1 p@ss"],
    ["docker login -u bob -p DockerPw_5523x registry.example.com", "DockerPw_5523x"],
    ["sshpass -p 'SshPw_9910q' ssh deploy@host", "SshPw_9910q"],
    [
      "aws configure set aws_secret_access_key Zm9QxR2vT8kLmN4pW7yB3cD6fG1hJ5sA0oP",
      "Zm9QxR2vT8kLmN4pW7yB3cD6fG1hJ5sA0oP",
    ],
    ["psql --password=Pg_pass_77 -h db", "Pg_pass_77"],
    ["deploy --token abcdEFGH1234 --env prod", "abcdEFGH1234"],
    ['cli login --api-key "k-123 456"', "k-123 456"],
    ["always connect with: docker login -u ci -p DockerAlwaysPw_5521 registry", "DockerAlwaysPw_5521"],
  ];
  for (const [text, secret] of cases) {
    it(`redacts ${secret}`, () => {
      const out = scrub(text);
      expect(out).not.toContain(secret);
      expect(out).toContain("[REDACTED:");
      expect(scrub(out)).toBe(out);
    });
  }

  it("keeps placeholders, prompts and ordinary flags", () => {
    for (const text of [
      "mysql -u root -p shop",
      "docker login -u bob --password-stdin registry",
      "psql --password=$PGPASSWORD -h db",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: a shell variable reference, on purpose
      "deploy --token ${DEPLOY_TOKEN}",
      "tar -pczf out.tgz src",
      "pnpm test -- --passWithNoTests",
      "ls -p src",
    ]) {
      expect(scrub(text)).toBe(text);
    }
  });
});

describe("a letters-only password stated in prose", () => {
  it("redacts a run-together passphrase and keeps ordinary words", () => {
    expect(scrub("remember that the wifi password is correcthorsebattery")).not.toContain(
      "correcthorsebattery",
    );
    for (const t of [
      "the password is incorrect",
      "the password is mandatory",
      "the password is configurable",
      "the password is encrypted",
      "the password is case-sensitive",
      "the password is compromised",
    ]) {
      expect(scrub(t)).toBe(t);
    }
  });
});

describe("URL credentials with any password characters", () => {
  it("redacts passwords containing # and ?", () => {
    for (const text of [
      "here's the staging DB: postgres://app_rw:Vq8#mZt2LpR9xK@db.staging.internal:5432/app",
      "DATABASE_URL=postgres://app_rw:Vq8#mZt2LpR9xK@db.staging.internal:5432/app",
      "redis://default:ab?cd#ef12@cache:6379",
    ]) {
      const out = scrub(text);
      expect(out).not.toMatch(/Vq8#mZt2LpR9xK|ab\?cd#ef12/);
      expect(scrub(out)).toBe(out);
    }
  });
  it("keeps URLs without credentials", () => {
    for (const t of [
      "https://example.com:8080/path?q=a@b#frag",
      "see https://github.com/org/repo/issues/3#issuecomment-1",
    ]) {
      expect(scrub(t)).toBe(t);
    }
  });
});

describe("a password given without 'is' or ':'", () => {
  it("redacts a strongly secret-like value right after a password keyword", () => {
    const out = scrub(
      "log in to the admin panel with password Tr0ub4dor&3-horse-Qx and check the export button",
    );
    expect(out).not.toContain("Tr0ub4dor");
    expect(scrub(out)).toBe(out);
  });
  it("keeps ordinary words after the keyword", () => {
    for (const t of [
      "add a password reset flow",
      "the password field 2 is hidden",
      "password hashing uses argon2",
      "show password strength",
    ]) {
      expect(scrub(t)).toBe(t);
    }
  });
});

describe("a key given right after 'secret', 'token' or 'api key' with no 'is' or ':'", () => {
  it("redacts a key-like value (issue 3 tester: it reached search snippets and recall)", () => {
    const t = "AWS key AKIAIOSFODNN7EXAMPLE secret wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY for deploys";
    const out = scrub(t);
    expect(out).not.toContain("wJalrXUtnFEMI");
    expect(out).not.toContain("AKIAIOSFODNN7EXAMPLE");
    expect(scrub("use token ghx9Q2mZkP4rT8vW1yB3 to call it")).not.toContain("ghx9Q2mZkP4rT8vW1yB3");
    for (const kw of ["secret", "api key", "token"]) {
      expect(scrub(`${kw} 9f8e7d6c5b4a39281706f5e4d3c2b1a0 for the vault`)).not.toContain("9f8e7d6c5b4a");
    }
  });
  it("keeps ordinary words and short ids after those keywords", () => {
    for (const t of [
      "the secret sauce is caching",
      "token budget 4000 per call",
      "api key rotation runs monthly",
      "secret scanning found nothing in build-2026-03-14",
    ]) {
      expect(scrub(t)).toBe(t);
    }
  });
});

describe("multi-megabyte tokens (issue 3 tester: a 9 MB paste made backfill skip the session)", () => {
  it("never throws and drops the blob", () => {
    for (const s of [
      "x".repeat(9_000_000),
      `ghp_${"A".repeat(9_000_000)}`,
      `key=${"a".repeat(9_000_000)} tail`,
    ]) {
      const out = scrub(`before ${s} after`);
      expect(out.startsWith("before ")).toBe(true);
      expect(out.endsWith(" after")).toBe(true);
      expect(out.length).toBeLessThan(200);
      expect(scrub(out)).toBe(out);
    }
  });
});
