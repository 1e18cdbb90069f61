// Bundles each bin entry into one CommonJS file with esbuild (DEVELOPERS.md: hooks ship precompiled
// and bundled; CJS starts fastest on Node 20). Entries: the dispatcher, the hook surface, the CLI.

import { rmSync } from "node:fs";
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
  // better-sqlite3's JS is bundled (its native addon is loaded by path: src/search/index/sqlite.ts);
  // `import.meta` only appears in a branch for ESM (tests), never taken in these CJS bundles.
  logOverride: { "empty-import-meta": "silent" },
  external: [],
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
    external: [...common.external, "yaml", "zod", "commander", "@secretlint/*"],
  }),
  build({ ...common, entryPoints: ["src/cli/main.ts"], outfile: "dist/cli.cjs" }),
]);
