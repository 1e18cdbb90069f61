/** Encoded credentials: hex and base64 runs that decode to a secret go whole; other encoded data stays. */
import { describe, expect, it } from "vitest";
import { scrub } from "../../src/privacy/index.js";
import { ALNUM, B64URL, rand, reseed } from "../helpers/secret-corpus/random.js";

reseed(0xe2c0);
const b64 = (s: string) => Buffer.from(s, "utf8").toString("base64");
const b64url = (s: string) => Buffer.from(s, "utf8").toString("base64url");
const hex = (s: string) => Buffer.from(s, "utf8").toString("hex");
const token = `ghp_${rand(ALNUM, 36)}`;
const pw = rand(ALNUM, 14);

describe("encoded credentials", () => {
  it.each([
    ["a .env file with CRLF lines", b64(`DB_HOST=db\r\nDB_PASSWORD=${pw}\r\n`)],
    ["a token", b64(`token: ${token}`)],
    ["base64url", b64url(`{"access_token": "${rand(B64URL, 40)}"}`)],
    ["Korean prose", b64(`서버 비밀번호는 ${pw}9야`)],
    ["a tab-separated credential file", b64(`host\tuser\tpassword=${pw}\n`)],
    ["twice encoded", b64(b64(`admin:${pw}`))],
    ["hex of a token", hex(token)],
    ["0x-prefixed hex of a user:password", `0x${hex(`svc:${pw}`)}`],
  ])("%s is redacted whole", (_what, encoded) => {
    const out = scrub(`value: ${encoded} end`);
    expect(out).not.toContain(encoded.slice(4, 20));
    expect(out).toMatch(/\[REDACTED:(?:hex|base64)_secret\]|\[REDACTED:[a-z_]+\]/);
    expect(scrub(out)).toBe(out);
  });

  it.each([
    ["random bytes", Buffer.from(rand("0123456789abcdef", 96), "hex").toString("base64")],
    ["plain text", b64("the quick brown fox jumps over the lazy dog, twice")],
    ["JSON without a secret", b64('{"alg":"RS256","kid":"2026-02-key"}')],
    ["a host and port", b64("localhost:8080")],
    ["a URL", b64("https://example.com/path?q=1")],
    ["a sha256 digest", "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855"],
  ])("%s stays", (_what, encoded) => {
    const text = `value: ${encoded} end`;
    expect(scrub(text)).toBe(text);
  });
});
