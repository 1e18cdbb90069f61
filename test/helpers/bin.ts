import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";

export const BIN = join(import.meta.dirname, "..", "..", "dist", "memdir.cjs");

export interface RunResult {
  status: number | null;
  stdout: string;
  stderr: string;
}

/** Runs the built `memdir` bin with `args`, stdin `input` and an isolated env (no inherited MEMDIR_* vars). */
export function runBin(args: string[], input: string | Buffer, env: Record<string, string>): RunResult {
  const base: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !k.startsWith("MEMDIR_") && !k.startsWith("CLAUDE")) base[k] = v;
  }
  const r = spawnSync(process.execPath, [BIN, ...args], {
    input,
    env: { ...base, ...env },
    encoding: "utf8",
    maxBuffer: 64 * 1024 * 1024,
    timeout: 60_000,
  });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr };
}

/**
 * `runBin` without blocking the event loop (a scripted model server in the test process can answer the
 * child); stdout and stderr in one string. Also drops inherited `*_API_KEY` variables.
 */
export function runBinAsync(
  args: string[],
  env: Record<string, string>,
  input = "",
): Promise<{ code: number | null; out: string }> {
  const base: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !k.startsWith("MEMDIR_") && !k.startsWith("CLAUDE") && !k.endsWith("_API_KEY"))
      base[k] = v;
  }
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [BIN, ...args], { env: { ...base, ...env }, stdio: "pipe" });
    let out = "";
    p.stdout.on("data", (d) => (out += d));
    p.stderr.on("data", (d) => (out += d));
    p.on("error", reject);
    p.on("close", (code) => resolve({ code, out }));
    p.stdin.end(input);
  });
}
