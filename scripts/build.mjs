// Bundles each bin entry into one CommonJS file with esbuild (DEVELOPERS.md: hooks ship precompiled
// and bundled; CJS starts fastest on Node 20). Entries: the dispatcher, the hook surface, the CLI.

import { rmSync } from "node:fs";
import { join } from "node:path";
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
/**
 * In the hook bundle, `import("../search/index.js")` (app/search-db.ts) becomes
 * `require("./search.cjs")`: the search layer and better-sqlite3's JS live in their own bundle, so
 * the hooks that never search (PostToolUse on every tool call) do not load or deserialize them.
 */
const searchApart = {
  name: "search-apart",
  setup(b) {
    b.onResolve({ filter: /^\.\.\/search\/index\.js$/ }, (a) =>
      a.importer.endsWith(join("src", "app", "search-db.ts"))
        ? { path: "search", namespace: "search-apart" }
        : undefined,
    );
    b.onLoad({ filter: /.*/, namespace: "search-apart" }, () => ({
      // Through the bin's code-cache loader when present (src/main.ts), else a plain require.
      contents:
        'module.exports = globalThis.__memdirLoadBundle ? globalThis.__memdirLoadBundle("search.cjs") : require("./search.cjs");',
      loader: "js",
    }));
  },
};

await Promise.all([
  build({
    ...common,
    entryPoints: ["src/main.ts"],
    outfile: "dist/memdir.cjs",
    banner: { js: "#!/usr/bin/env node" },
  }),
  // The hook bundle runs on every tool call: heavy libraries stay out of it and are required from
  // node_modules only on the rare paths that need them (compiling them would cost every call).
  build({
    ...common,
    entryPoints: ["src/hooks/main.ts"],
    outfile: "dist/hook.cjs",
    external: [...common.external, "yaml", "zod", "commander", "@secretlint/*", "./search.cjs"],
    plugins: [searchApart],
  }),
  build({
    ...common,
    entryPoints: ["src/search/index.ts"],
    outfile: "dist/search.cjs",
    external: [...common.external, "yaml", "@secretlint/*"],
  }),
  build({ ...common, entryPoints: ["src/cli/main.ts"], outfile: "dist/cli.cjs" }),
]);
