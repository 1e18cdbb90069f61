/**
 * Hot-path rule (ARCHITECTURE.md): hooks never load zod/yaml/commander/@secretlint statically.
 * config/ may reach zod only through a dynamic import; paths/ must not reach any of them.
 */
import { resolve } from "node:path";
import { buildSync } from "esbuild";
import { describe, expect, it } from "vitest";

const HEAVY = [
  "zod",
  "yaml",
  "commander",
  "@secretlint/core",
  "@secretlint/secretlint-rule-preset-recommend",
];

function importsOf(entry: string) {
  const r = buildSync({
    entryPoints: [resolve(import.meta.dirname, "..", "..", "src", entry)],
    bundle: true,
    write: false,
    platform: "node",
    format: "esm",
    metafile: true,
    external: HEAVY,
    logLevel: "silent",
  });
  const inputs = Object.keys(r.metafile.inputs);
  const imports = Object.values(r.metafile.outputs).flatMap((o) => o.imports);
  return { inputs, imports };
}

describe("lazy heavy dependencies", () => {
  it("config/ imports zod only dynamically, and nothing else heavy", () => {
    const { inputs, imports } = importsOf("config/index.ts");
    const heavy = imports.filter((i) => HEAVY.includes(i.path));
    expect(heavy).toEqual([{ path: "zod", kind: "dynamic-import", external: true }]);
    expect(inputs.filter((f) => f.includes("core/frontmatter"))).toEqual([]);
  });

  it("paths/ (called by every hook) reaches no heavy dependency at all", () => {
    const { inputs, imports } = importsOf("paths/index.ts");
    expect(imports.filter((i) => HEAVY.includes(i.path))).toEqual([]);
    expect(inputs.filter((f) => f.includes("core/frontmatter") || f.includes("node_modules"))).toEqual([]);
  });

  it("the Stop hook's turn end (extraction spawn, dream gate) reaches no heavy dependency statically", () => {
    const { inputs, imports } = importsOf("app/hooks/turn-end.ts");
    const isStatic = (i: { kind: string }) => i.kind !== "dynamic-import";
    expect(imports.filter((i) => HEAVY.includes(i.path) && isStatic(i))).toEqual([]);
    expect(inputs.filter((f) => f.includes("core/frontmatter") || f.includes("node_modules"))).toEqual([]);
  });
});
