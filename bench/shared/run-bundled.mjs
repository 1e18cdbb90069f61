// Bundles a bench's TypeScript entry with esbuild into node_modules/.cache/memdir-bench/<name>.mjs
// (better-sqlite3 stays external; `require` is provided under an alias, since bundled modules may
// import createRequire themselves) and runs it with the given Node flags and the script's arguments.
import { spawnSync } from "node:child_process";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

export const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");

export async function runBundled(name, entry, nodeFlags = []) {
  const outfile = join(root, "node_modules", ".cache", "memdir-bench", `${name}.mjs`);
  await build({
    entryPoints: [join(root, entry)],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    outfile,
    external: ["better-sqlite3"],
    banner: {
      js: "import { createRequire as __benchCreateRequire } from 'node:module'; const require = __benchCreateRequire(import.meta.url);",
    },
    logLevel: "warning",
  });
  const r = spawnSync(process.execPath, [...nodeFlags, outfile, ...process.argv.slice(2)], {
    stdio: "inherit",
    cwd: root,
    env: { ...process.env, MEMDIR_ROOT: root },
  });
  process.exit(r.status ?? 1);
}
