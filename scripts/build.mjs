// Bundles each bin entry into one CommonJS file with esbuild (DEVELOPERS.md: hooks ship precompiled
// and bundled; CJS starts fastest on Node 20). Entries: the dispatcher, the hook surface (one bundle per
// harness and native event, plus dist/hook.cjs for any other), the search layer, the CLI.

import { readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { build } from "esbuild";

rmSync("dist", { recursive: true, force: true });
const common = {
  bundle: true,
  platform: "node",
  target: "node20",
  format: "cjs",
  sourcemap: false,
  legalComments: "none",
  logLevel: "warning",
  // better-sqlite3's JS is bundled (its native addon is loaded by path: src/search/db/sqlite.ts);
  // `import.meta` only appears in a branch for ESM (tests), never taken in these CJS bundles.
  logOverride: { "empty-import-meta": "silent" },
  // The model SDKs are imported lazily by background jobs only (src/llm/providers): required from
  // node_modules when a model is configured, never parsed by a hook or a plain CLI command.
  external: ["@anthropic-ai/sdk", "@anthropic-ai/sdk/*", "openai", "openai/*"],
};
// The hook bundles run on every tool call: heavy libraries stay out of them and are required from
// node_modules only on the rare paths that need them (compiling them would cost every call).
const hookExternal = [...common.external, "yaml", "zod", "commander", "@secretlint/*", "./search.cjs"];

/**
 * In a hook bundle, `import("../search/index.js")` (app/search-db.ts) becomes a load of dist/search.cjs:
 * the search layer and better-sqlite3's JS live in their own bundle, so the hooks that never search
 * (PostToolUse on every tool call) do not load or deserialize them. `fromDist`: the bundle's folder
 * relative to dist/.
 */
const searchApart = (fromDist) => ({
  name: "search-apart",
  setup(b) {
    b.onResolve({ filter: /^\.\.\/search\/index\.js$/ }, (a) =>
      a.importer.endsWith(join("src", "app", "search-db.ts"))
        ? { path: "search", namespace: "search-apart" }
        : undefined,
    );
    const up = relative(fromDist, "dist");
    const plain = up ? `${up}/search.cjs` : "./search.cjs";
    b.onLoad({ filter: /.*/, namespace: "search-apart" }, () => ({
      // Through the bin's code-cache loader when present (src/main.ts), else a plain require.
      contents: `module.exports = globalThis.__memdirLoadBundle ? globalThis.__memdirLoadBundle("search.cjs") : require(${JSON.stringify(plain)});`,
      loader: "js",
    }));
  },
});

/**
 * Bundles a TypeScript snippet and imports it (the tables the hook bundles are cut by live in src/).
 */
async function importTs(contents) {
  const r = await build({
    stdin: { contents, resolveDir: ".", loader: "ts" },
    bundle: true,
    format: "esm",
    platform: "node",
    write: false,
    logLevel: "warning",
  });
  return import(`data:text/javascript;base64,${Buffer.from(r.outputFiles[0].text).toString("base64")}`);
}

const { HARNESSES } = await importTs('export { HARNESSES } from "./src/harness/names.ts";');
const tables = await importTs(
  [
    'export { HANDLER_MODULES } from "./src/app/hooks/handler-modules.ts";',
    ...HARNESSES.map(
      (h, i) => `export { HOOK_EVENT_TYPES as t${i} } from "./src/adapters/${h}/hook-types.ts";`,
    ),
  ].join("\n"),
);
const handlerModules = new Set(Object.values(tables.HANDLER_MODULES));

/**
 * The bundle of one native event of one harness: the other harnesses' adapters (loaded by
 * adapters/registry.ts) and the other handler modules (loaded by app/hooks/run.ts) become a module that
 * throws when imported, which run.ts logs as the hook's one error line.
 */
function onlyEvent(harness, event, handler) {
  const stub = (what) => ({
    contents: `throw new Error(${JSON.stringify(`${what} is not in the hook bundle of ${harness} ${event} (dist/hooks/${harness}/${event}.cjs); run memdir hook through dist/hook.cjs`)});`,
    loader: "js",
  });
  return {
    name: "only-event",
    setup(b) {
      b.onResolve({ filter: /^\.\/[\w-]+\/adapter\.js$/ }, (a) => {
        if (!a.importer.endsWith(join("src", "adapters", "registry.ts"))) return undefined;
        return a.path === `./${harness}/adapter.js` ? undefined : { path: a.path, namespace: "stub-adapter" };
      });
      b.onResolve({ filter: /^\.\/[\w-]+\.js$/ }, (a) => {
        if (!a.importer.endsWith(join("src", "app", "hooks", "run.ts"))) return undefined;
        const m = a.path.slice(2, -3);
        return handlerModules.has(m) && m !== handler
          ? { path: a.path, namespace: "stub-handler" }
          : undefined;
      });
      b.onLoad({ filter: /.*/, namespace: "stub-adapter" }, (a) => stub(`the adapter ${a.path}`));
      b.onLoad({ filter: /.*/, namespace: "stub-handler" }, (a) => stub(`the handler ${a.path}`));
    },
  };
}

const hookBundles = HARNESSES.flatMap((harness, i) =>
  Object.entries(tables[`t${i}`]).map(([event, type]) => ({
    harness,
    event,
    handler: tables.HANDLER_MODULES[type],
  })),
);

await Promise.all([
  build({
    ...common,
    entryPoints: ["src/main.ts"],
    outfile: "dist/memdir.cjs",
    banner: { js: "#!/usr/bin/env node" },
  }),
  // Any harness, any event: `memdir hook` when no bundle of its own exists (src/main.ts).
  build({
    ...common,
    entryPoints: ["src/hooks/main.ts"],
    outfile: "dist/hook.cjs",
    external: hookExternal,
    plugins: [searchApart("dist")],
  }),
  ...hookBundles.map(({ harness, event, handler }) =>
    build({
      ...common,
      entryPoints: ["src/hooks/main.ts"],
      outfile: `dist/hooks/${harness}/${event}.cjs`,
      external: [...hookExternal, "../../search.cjs"],
      plugins: [searchApart(`dist/hooks/${harness}`), onlyEvent(harness, event, handler)],
    }),
  ),
  build({
    ...common,
    entryPoints: ["src/search/index.ts"],
    outfile: "dist/search.cjs",
    external: [...common.external, "yaml", "@secretlint/*"],
  }),
  build({ ...common, entryPoints: ["src/cli/main.ts"], outfile: "dist/cli.cjs" }),
]);

/**
 * The bundles the code cache loads are made pure ASCII: esbuild keeps non-ASCII characters in regular
 * expression literals and comments, and one such character makes V8 decode the whole file into a two-byte
 * string (a 430 KB bundle read 2-3 ms slower). `\uXXXX` means the same character in a regex, a string, a
 * template and a comment; src/main.ts reads these bundles as latin1, which is exact for ASCII.
 */
for (const file of [
  "dist/hook.cjs",
  "dist/search.cjs",
  ...hookBundles.map((b) => `dist/hooks/${b.harness}/${b.event}.cjs`),
]) {
  const text = readFileSync(file, "utf8");
  const ascii = text.replace(/[^\x00-\x7f]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`);
  if (ascii !== text) writeFileSync(file, ascii);
}
