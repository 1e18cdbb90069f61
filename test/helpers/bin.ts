import { spawnSync } from "node:child_process";
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
