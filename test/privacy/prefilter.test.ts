/** The scrub pre-check never changes a result: wherever it says "no rule can fire", the full pass agrees. */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { mayNeedScrub, scrub, scrubFull } from "../../src/privacy/index.js";
import { ALL_POSITIVES } from "../helpers/secret-corpus/index.js";
import { TRANSCRIPTS_DIR } from "../helpers/tmp.js";

/** Token leads and short pieces joined by line breaks and concatenations: the split-token pass's input. */
const LEADS = ["ghp_", "sk-ant-api03-", "SG.", "hf_", "SK", "pypi-AgE", "xoxb-", "eyJ", "AKIA", "glpat-"];
const splitText = fc
  .tuple(
    fc.constantFrom(...LEADS),
    fc.array(fc.stringMatching(/^[A-Za-z0-9_-]{1,12}$/), { minLength: 1, maxLength: 6 }),
    fc.constantFrom("\n", "\\\n  ", "' + '", '"\n  "', "'\n'", " ", "\\n"),
  )
  .map(([lead, pieces, gap]) => lead + pieces.join(gap));
/** The same with a break inside the lead (`gh` + newline + `p_…`): a literal lead screen sees no lead. */
const splitLead = fc
  .tuple(splitText, fc.nat(), fc.constantFrom("\n", "\r\n", "\\\n  ", "' + '", '"\n  "', "\\n", " "))
  .map(([text, at, gap]) => {
    const i = 1 + (at % 12);
    return text.slice(0, i) + gap + text.slice(i);
  });

describe("scrub pre-check", () => {
  it("skips plain commands", () => {
    for (const c of ["npm test", "pnpm test -- orders", "mix compile", "git status", "ls -la src"]) {
      expect(mayNeedScrub(c)).toBe(false);
    }
  });

  it("never skips text with a planted secret", () => {
    const planted = [
      "export STRIPE_KEY=sk_live_abcdefghijklmnop1234",
      "AKIAQX4GZ7LMB2RT5WNE",
      "curl -H 'Authorization: Bearer abc.def.ghi'",
      "postgres://u:hunter2@db/x",
      "<private>x</private>",
      "-----BEGIN RSA PRIVATE KEY-----",
      "ghp_abcdefghijklmnopqrstuvwxyz0123456789",
      "xoxb-1234-5678-abcdefgh",
      "password hunter2",
    ];
    for (const p of planted) expect(mayNeedScrub(p), p).toBe(true);
  });

  it("never skips a positive of the secret corpus", () => {
    for (const p of ALL_POSITIVES) expect(mayNeedScrub(p.text), p.kind).toBe(true);
  });

  it("agrees with the full pass on split-token shapes", () => {
    fc.assert(
      fc.property(splitText, (s) => {
        expect(scrub(s)).toBe(scrubFull(s));
      }),
      { numRuns: 2000 },
    );
  });

  it("agrees with the full pass when the break is inside the lead", () => {
    fc.assert(
      fc.property(splitLead, (s) => {
        expect(scrub(s)).toBe(scrubFull(s));
      }),
      { numRuns: 2000 },
    );
    // Short pieces only (no run of 16), no `:`/`=`, no keyword: only the split-lead check says yes.
    const short = "gh\np_R4nd0mAbCdEf\nGh1JkLmNoPqRs\nTuVwXyZ012";
    expect(scrubFull(short)).toBe("[REDACTED:github_token]");
    expect(scrub(short)).toBe("[REDACTED:github_token]");
    expect(mayNeedScrub("we do\ndone now\nls docs\n")).toBe(false);
  });

  it("agrees with the full pass on arbitrary strings", () => {
    fc.assert(
      fc.property(fc.string({ unit: "binary", maxLength: 200 }), (s) => {
        expect(scrub(s)).toBe(scrubFull(s));
      }),
      { numRuns: 3000 },
    );
  });

  it("agrees with the full pass on every line of the real transcripts", () => {
    let skipped = 0;
    for (const f of readdirSync(TRANSCRIPTS_DIR, { recursive: true }) as string[]) {
      if (!f.endsWith(".jsonl")) continue;
      const text = readFileSync(join(TRANSCRIPTS_DIR, f), "utf8");
      for (const line of text.split(/\\n|\n/)) {
        if (line.length > 2000 || mayNeedScrub(line)) continue;
        skipped++;
        expect(scrubFull(line)).toBe(line);
      }
    }
    expect(skipped).toBeGreaterThan(100);
  });
});
