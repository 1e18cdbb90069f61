/** The hot-path lead screen: its literals match the rules, and it never says no where a lead matches. */
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { LEAD_LITERALS } from "../../src/privacy/lead-literals.generated.js";
import { leadLiterals, mayHaveLead } from "../../src/privacy/leads.js";
import { tokenRules } from "../../src/privacy/secret-rules.js";
import { leadSource } from "../../src/privacy/split.js";
import { ALL_POSITIVES } from "../helpers/secret-corpus/index.js";

const leads = () => tokenRules().flatMap((r) => (r.lead ? [r.lead] : []));

describe("lead screen", () => {
  it("lead-literals.generated.ts is up to date with the rules", () => {
    const want = leadLiterals(leads());
    expect(
      LEAD_LITERALS,
      `replace the object in src/privacy/lead-literals.generated.ts with:\n${JSON.stringify(want, null, 2)}`,
    ).toEqual(want);
  });

  it("spells out leading groups and falls back to an inner literal after a leading class", () => {
    expect(
      leadLiterals([
        "(?:sk|rk)_(?:live|test)_",
        "gh[pousr]_",
        "[A-Za-z0-9]{14}\\.atlasv1\\.",
        "dp\\.(?:pt|st)\\.",
      ]),
    ).toEqual({
      prefixes: ["dp.", "gh", "rk_", "sk_"],
      inner: [".atlasv1."],
    });
  });

  it("says yes wherever the exact lead regex matches (corpus positives and random text around leads)", () => {
    const exact = new RegExp(`(?<![A-Za-z0-9_.+/~-])(?:${leadSource(tokenRules())})`);
    for (const p of ALL_POSITIVES) if (exact.test(p.text)) expect(mayHaveLead(p.text), p.kind).toBe(true);
    const prefix = fc.constantFrom(...LEAD_LITERALS.prefixes, ...LEAD_LITERALS.inner);
    fc.assert(
      fc.property(fc.string({ maxLength: 12 }), prefix, fc.string({ maxLength: 30 }), (a, p, b) => {
        const text = a + p + b;
        if (exact.test(text)) expect(mayHaveLead(text)).toBe(true);
      }),
      { numRuns: 3000 },
    );
    expect(mayHaveLead("npm run build && node dist/x.js")).toBe(false);
  });
});
