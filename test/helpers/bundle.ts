/**
 * Bundles a TypeScript source file into a CommonJS file that plain `node` child processes can
 * `require` (vitest compiles TS for the test process only). Used by the multi-process tests.
 */

import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { buildSync } from "esbuild";

const SRC = resolve(import.meta.dirname, "..", "..", "src");
/** The repository's node_modules: bundles live in temp dirs, so externals resolve through NODE_PATH. */
export const NODE_MODULES = resolve(import.meta.dirname, "..", "..", "node_modules");

/**
 * Bundles `src/<rel>` into `<fresh temp dir>/bundle.cjs`; returns its path and a cleanup.
 * `@secretlint/*` (loaded lazily by scrubDeep) and `better-sqlite3` (native) stay external;
 * `runChild` resolves them from the repository's node_modules.
 */
export function bundleForChildren(rel: string): { file: string; dir: string; cleanup(): void } {
  const dir = mkdtempSync(join(tmpdir(), "memdir-bundle-"));
  const file = join(dir, "bundle.cjs");
  buildSync({
    entryPoints: [join(SRC, rel)],
    bundle: true,
    platform: "node",
    format: "cjs",
    target: "node20",
    outfile: file,
    external: ["@secretlint/*", "better-sqlite3"],
    logLevel: "silent",
  });
  return { file, dir, cleanup: () => rmSync(dir, { recursive: true, force: true }) };
}

/** Runs `node <script> ...args` and collects its exit code, stdout and stderr. */
export function runChild(
  script: string,
  args: string[],
): Promise<{ code: number | null; out: string; err: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, [script, ...args], {
      stdio: ["ignore", "pipe", "pipe"],
      env: { ...process.env, NODE_PATH: NODE_MODULES },
    });
    let out = "";
    let err = "";
    p.stdout.on("data", (d) => (out += d));
    p.stderr.on("data", (d) => (err += d));
    p.on("close", (code) => resolve({ code, out, err }));
  });
}
