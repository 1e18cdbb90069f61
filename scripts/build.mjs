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
  external: ["better-sqlite3"],
};
await Promise.all([
  build({
    ...common,
    entryPoints: ["src/main.ts"],
    outfile: "dist/memdir.cjs",
    banner: { js: "#!/usr/bin/env node" },
  }),
  build({ ...common, entryPoints: ["src/hooks/main.ts"], outfile: "dist/hook.cjs" }),
  build({ ...common, entryPoints: ["src/cli/main.ts"], outfile: "dist/cli.cjs" }),
]);
