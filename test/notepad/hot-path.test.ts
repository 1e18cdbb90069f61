/**
 * PostToolUse calls the notepad: it must not load `yaml`, `zod`, `commander` or `@secretlint/*`
 * statically. Same for `store/load.ts` (MEMORY.md at SessionStart). Checked on the real import graph.
 */
import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";

const HEAVY = /node_modules\/(yaml|zod|commander|@secretlint)\//;

async function staticInputs(entry: string): Promise<string[]> {
  const r = await build({
    entryPoints: [join(import.meta.dirname, "..", "..", "src", entry)],
    bundle: true,
    platform: "node",
    format: "esm",
    write: false,
    metafile: true,
    logLevel: "silent",
    plugins: [
      {
        name: "skip-dynamic",
        setup(b) {
          b.onResolve({ filter: /.*/ }, (args) =>
            args.kind === "dynamic-import" ? { path: args.path, external: true } : undefined,
          );
        },
      },
    ],
  });
  return Object.keys(r.metafile.inputs);
}

describe("hot-path imports", () => {
  it.each(["notepad/index.ts", "store/load.ts"])("%s loads no heavy module statically", async (entry) => {
    const inputs = await staticInputs(entry);
    expect(inputs.some((p) => p.includes(entry))).toBe(true);
    expect(inputs.filter((p) => HEAVY.test(p))).toEqual([]);
  });

  it("the check can fail: store/index.ts does load yaml", async () => {
    expect((await staticInputs("store/index.ts")).some((p) => HEAVY.test(p))).toBe(true);
  });
});
