import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { redactSecrets, scrub, stripPrivate } from "../../src/privacy/index.js";

const RUNS = 400;
const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** Single UTF-16 units, lone surrogates included. */
const unit = fc.oneof(
  fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
  fc.integer({ min: 0xd800, max: 0xdfff }).map((c) => String.fromCharCode(c)),
);
/** Fragments that exercise the rules and their seams. */
const fragment = fc.constantFrom(
  "<private>",
  "</private>",
  "<PRIVATE a='1'>",
  "<private/>",
  "<pri",
  "vate>",
  "password",
  "TOKEN",
  "api_key",
  "=",
  ": ",
  '"',
  "'",
  '\\"',
  "\n",
  " ",
  "export ",
  "A=1\n",
  "Bearer ",
  "Authorization: ",
  "://",
  "u:p@",
  "@",
  "-----BEGIN PRIVATE KEY-----",
  "-----END PRIVATE KEY-----",
  "eyJ",
  ".eyJ",
  "ghp_",
  "sk-",
  "AKIA",
  "[REDACTED:",
  "]",
  "1234567890abcdefghij",
  "     1→",
  "\r\n",
  " is ",
  " was ",
  "비밀번호는 ",
  "비번: ",
  "암호",
  "hunter2",
  "“",
  "”",
);
const messy = fc
  .array(fc.oneof(fragment, fc.string({ maxLength: 12 }), fc.string({ unit, maxLength: 6 })), {
    maxLength: 30,
  })
  .map((parts) => parts.join(""));

const alnum = fc.string({
  unit: fc.constantFrom(..."abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789"),
  minLength: 40,
  maxLength: 40,
});
/** Secrets of several shapes, each built from random material. */
const secret = fc.oneof(
  alnum.map((s) => `ghp_${s.slice(0, 36)}`),
  alnum.map((s) => `glpat-${s.slice(0, 20)}`),
  alnum.map((s) => `xoxb-${s.slice(0, 24)}`),
  alnum.map((s) => `sk-ant-api03-${s}`),
  alnum.map((s) => `sk-proj-${s.slice(0, 30)}7`),
  alnum.map((s) => `npm_${s.slice(0, 36)}`),
  alnum.map((s) => `AKIA${s.slice(0, 16).toUpperCase()}`),
  alnum.map((s) => `AIza${s.slice(0, 35)}`),
  alnum.map((s) => `eyJ${s.slice(0, 10)}.eyJ${s.slice(10, 25)}.${s.slice(25)}`),
);
/** Context around a planted secret: a separator keeps the secret a whole token. */
const context = fc.string({ maxLength: 40 }).map((s) => s.replace(/[A-Za-z0-9_-]$/, " "));

describe("privacy properties", () => {
  it("scrub never throws, returns well-formed text and is idempotent", () => {
    fc.assert(
      fc.property(messy, (text) => {
        const once = scrub(text);
        expect(LONE_SURROGATE.test(once)).toBe(false);
        expect(scrub(once)).toBe(once);
      }),
      { numRuns: RUNS * 3 },
    );
  });

  it("redactSecrets and stripPrivate are idempotent on their own", () => {
    fc.assert(
      fc.property(messy, (text) => {
        const r = redactSecrets(text);
        expect(redactSecrets(r)).toBe(r);
        const s = stripPrivate(text);
        expect(stripPrivate(s)).toBe(s);
        expect(s.toLowerCase()).not.toMatch(/<\/?[ \t]*private(?=[\s/>])/);
      }),
      { numRuns: RUNS * 3 },
    );
  });

  it("never returns a planted secret", () => {
    fc.assert(
      fc.property(
        context,
        secret,
        fc.constantFrom(" ", "\n", "\t", ", "),
        context,
        (before, s, sep, after) => {
          const out = scrub(`${before} ${s}${sep}${after.replace(/^[A-Za-z0-9_.-]/, " ")}`);
          expect(out).not.toContain(s);
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("never returns planted private text", () => {
    const privateText = alnum.map((s) => `PRIV${s.slice(0, 12)}`);
    fc.assert(
      fc.property(messy, privateText, messy, fc.boolean(), (before, p, after, close) => {
        const text = `${before}<private>${p}${close ? "</private>" : ""}${after}`;
        expect(scrub(text)).not.toContain(p);
        expect(stripPrivate(text)).not.toContain(p);
      }),
      { numRuns: RUNS },
    );
  });

  it("never returns a planted assignment value", () => {
    const key = fc.constantFrom(
      "PASSWORD",
      "db_password",
      "apiKey",
      "CLIENT_SECRET",
      "auth_token",
      "x-api-key",
    );
    const value = alnum.map((s) => `v4l${s.slice(0, 14)}`);
    const form = fc.constantFrom(
      (k: string, v: string) => `${k}=${v}`,
      (k: string, v: string) => `export ${k}=${v}`,
      (k: string, v: string) => `${k}: ${v}`,
      (k: string, v: string) => `"${k}": "${v}"`,
      (k: string, v: string) => `'${k}' => '${v}'`,
    );
    fc.assert(
      fc.property(context, key, value, form, (before, k, v, f) => {
        const out = scrub(`${before}\n${f(k, v)}\n`);
        expect(out).not.toContain(v);
        expect(out).toContain(k);
      }),
      { numRuns: RUNS },
    );
  });

  it("never returns a password stated in prose", () => {
    const key = fc.constantFrom(
      "password",
      "the db password",
      "passphrase",
      "API key",
      "secret",
      "비밀번호",
      "비번",
    );
    const sep = fc.constantFrom(" is ", " was ", ": ", " = ", "는 ", "은 ");
    const value = alnum.map((s) => `${s.slice(0, 6)}7${s.slice(6, 12)}`);
    const quote = fc.constantFrom("", '"', "'");
    const end = fc.constantFrom("", ".", " ", "야", ", ok", "\n");
    fc.assert(
      fc.property(context, key, sep, quote, value, end, (before, k, s, q, v, e) => {
        const out = scrub(`${before} ${k}${s}${q}${v}${q}${e}`);
        expect(out).not.toContain(v);
        expect(scrub(out)).toBe(out);
      }),
      { numRuns: RUNS },
    );
  });

  it("handles lone surrogates anywhere", () => {
    fc.assert(
      fc.property(fc.string({ unit, maxLength: 200 }), (text) => {
        const out = scrub(text);
        expect(LONE_SURROGATE.test(out)).toBe(false);
        expect(scrub(out)).toBe(out);
      }),
      { numRuns: RUNS },
    );
  });
});
