/**
 * The secret corpus through the privacy pass: every positive loses every core (and gets a marker),
 * every look-alike comes out byte for byte, with `scrub` (hooks) and with `scrubDeep` (jobs).
 */
import { describe, expect, it } from "vitest";
import { scrub, scrubDeep } from "../../src/privacy/index.js";
import {
  ALL_LOOKALIKES,
  ALL_POSITIVES,
  SECRET_KINDS,
  scanTextForSecrets,
} from "../helpers/secret-corpus/index.js";

const leaks = (kind: string, text: string, cores: string[]) =>
  scanTextForSecrets("out", text, [{ kind, positives: [{ text: "", cores }], lookalikes: [] }]);

describe("the secret corpus", () => {
  it("has 40+ kinds, each with a positive and a look-alike", () => {
    expect(SECRET_KINDS.length).toBeGreaterThanOrEqual(40);
    for (const k of SECRET_KINDS) {
      expect(k.positives.length, k.kind).toBeGreaterThan(0);
      expect(k.lookalikes.length, k.kind).toBeGreaterThan(0);
      for (const p of k.positives) {
        for (const c of p.cores) {
          expect(c.length, `${k.kind}: ${c}`).toBeGreaterThanOrEqual(6);
          // Present in the text, as is or base64-encoded (a Basic header holds the password encoded).
          expect(leaks(k.kind, p.text, [c]), `${k.kind}: ${c}`).toHaveLength(1);
        }
      }
    }
    // Cores are distinctive: none occurs in any look-alike.
    expect(ALL_LOOKALIKES.flatMap((l) => scanTextForSecrets("lookalike", l, SECRET_KINDS))).toEqual([]);
  });

  it.each(ALL_POSITIVES.map((p) => [p.kind, p] as const))("scrub redacts %s", (kind, p) => {
    const out = scrub(p.text);
    expect(leaks(kind, out, p.cores)).toEqual([]);
    expect(out).toMatch(/\[REDACTED:[A-Za-z0-9_-]+\]/);
    expect(scrub(out)).toBe(out);
  });

  it.each(ALL_LOOKALIKES.map((l) => [l.slice(0, 60), l] as const))("scrub keeps %s", (_label, l) => {
    expect(scrub(l)).toBe(l);
  });

  it("scrub redacts every positive in context: all of them in one text, one per line, then in prose", () => {
    for (const sep of ["\n", "\n\n", " and then ", "\r\n"]) {
      const out = scrub(ALL_POSITIVES.map((p) => p.text).join(sep));
      expect(scanTextForSecrets(JSON.stringify(sep), out, SECRET_KINDS)).toEqual([]);
    }
    const mixed = ALL_POSITIVES.flatMap((p, i) => [p.text, ALL_LOOKALIKES[i % ALL_LOOKALIKES.length]!]);
    expect(scanTextForSecrets("mixed", scrub(mixed.join("\n")), SECRET_KINDS)).toEqual([]);
  });

  it("scrubDeep redacts every positive and keeps every look-alike", async () => {
    // One call per batch, as jobs call it.
    const positives = ALL_POSITIVES.map((p) => p.text).join("\n\n");
    const out = await scrubDeep(positives);
    expect(scanTextForSecrets("deep", out, SECRET_KINDS)).toEqual([]);
    for (const l of ALL_LOOKALIKES) expect(await scrubDeep(l)).toBe(l);
    const mixed = ALL_LOOKALIKES.join("\n");
    expect(await scrubDeep(mixed)).toBe(mixed);
  });
});
