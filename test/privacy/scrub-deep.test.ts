import { resolve } from "node:path";
import { buildSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { scrub, scrubDeep } from "../../src/privacy/index.js";

const j = (...parts: string[]) => parts.join("");
const HEAVY = [
  "zod",
  "yaml",
  "commander",
  "@secretlint/core",
  "@secretlint/secretlint-rule-preset-recommend",
];

describe("scrubDeep", () => {
  it("redacts what only secretlint knows, after the regex pass", async () => {
    // An IAM role id (AROA…): an identifier the sync pass leaves, secretlint's AWS id scan reports.
    const roleId = j("AROA", "QX4GZ7LMB2RT5WNE");
    const shopify = j("shpat", "_", "0123456789abcdef0123456789abcdef");
    const text = `role ${roleId}\nshop ${shopify}\n<private>diary</private>password=hunter2`;
    expect(scrub(text)).toContain(roleId);
    expect(scrub(text)).toContain("[REDACTED:shopify_token]");
    const out = await scrubDeep(text);
    expect(out).not.toContain(roleId);
    expect(out).not.toContain(shopify);
    expect(out).not.toContain("diary");
    expect(out).toContain("[REDACTED:aws]");
    expect(out).toContain("password=[REDACTED:password]");
    expect(await scrubDeep(out)).toBe(out);
  });

  it("leaves ordinary text as scrub leaves it", async () => {
    const text = "We decided to use pnpm workspaces; run `pnpm -r test` before pushing.\n";
    expect(await scrubDeep(text)).toBe(text);
    expect(await scrubDeep("")).toBe("");
  });

  it("privacy/ loads secretlint only through a dynamic import", () => {
    const r = buildSync({
      entryPoints: [resolve(import.meta.dirname, "..", "..", "src", "privacy", "index.ts")],
      bundle: true,
      write: false,
      platform: "node",
      format: "esm",
      metafile: true,
      external: HEAVY,
      logLevel: "silent",
    });
    const imports = Object.values(r.metafile.outputs).flatMap((o) => o.imports);
    const heavy = imports.filter((i) => HEAVY.includes(i.path)).map((i) => `${i.path}:${i.kind}`);
    expect(heavy.sort()).toEqual([
      "@secretlint/core:dynamic-import",
      "@secretlint/secretlint-rule-preset-recommend:dynamic-import",
    ]);
  });
});
