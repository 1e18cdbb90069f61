/**
 * The six formats a hostile-user test found stored in clear: PyPI, Twilio API key, SendGrid, Hugging
 * Face, a base64-encoded credential and a key wrapped across two lines; one of them also became a topic
 * file name. Each must be gone after `scrub`, and no file name may carry one.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { scrub } from "../../src/privacy/index.js";
import { upsertMemory } from "../../src/store/index.js";
import { ALNUM, B64URL, HEX, LETTERS, rand, reseed } from "../helpers/secret-corpus/random.js";
import { tempDir } from "../helpers/tmp.js";

reseed(0x70b1);
const pypi = `pypi-AgEIcHlwaS5vcmc${rand(B64URL, 150)}`;
const twilio = `SK${rand(HEX, 32)}`;
const sendgrid = `SG.${rand(B64URL, 22)}.${rand(B64URL, 43)}`;
const hf = `hf_${rand(LETTERS, 34)}`;
const credential = `admin:${rand(ALNUM, 12)}`;
const encoded = Buffer.from(credential).toString("base64");
const anthropic = `sk-ant-api03-${rand(B64URL, 93)}AA`;
const [head, tail] = [anthropic.slice(0, 50), anthropic.slice(50)];

/** [format, text as it reached the store, parts of the secret that must not survive] */
const REPORTED: [string, string, string[]][] = [
  ["pypi", `twine upload -u __token__ -p ${pypi} dist/*`, [pypi.slice(20, 60)]],
  ["twilio", `our twilio SID is ${twilio}, rotate monthly`, [twilio.slice(2)]],
  ["sendgrid", `sendgrid ${sendgrid}`, [sendgrid.slice(3, 25), sendgrid.slice(26)]],
  ["huggingface", `use ${hf} for the model hub`, [hf.slice(3)]],
  ["base64 credential", `echo -n '...' | base64\n${encoded}\n`, [encoded, credential.slice(6)]],
  ["wrapped key", `ANTHROPIC_API_KEY=${head}\n  ${tail}\n`, [head.slice(13), tail]],
];

describe("the six reported formats", () => {
  it.each(REPORTED)("%s does not survive scrub", (_format, text, parts) => {
    const out = scrub(text);
    for (const p of parts) expect(out).not.toContain(p);
    expect(out).toMatch(/\[REDACTED:[a-z0-9_]+\]/);
    expect(scrub(out)).toBe(out);
  });

  it("a topic named after a description with a secret has no secret in its file name or its text", () => {
    const dir = tempDir("memdir-reported-");
    const r = upsertMemory(
      dir,
      { type: "reference", description: `${hf} is the hub token for CI`, body: `hub token ${hf}` },
      { nowMs: Date.UTC(2026, 1, 11) },
    );
    const secret = hf.slice(3).toLowerCase();
    for (const f of readdirSync(dir)) {
      expect(f.toLowerCase()).not.toContain(secret.slice(0, 12));
      expect(readFileSync(join(dir, f), "utf8").toLowerCase()).not.toContain(secret);
    }
    expect(r.name).not.toContain(secret.slice(0, 12));
  });
});
