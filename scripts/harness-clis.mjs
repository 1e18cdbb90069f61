// Installs the pinned harness CLIs the real-CLI tests run (test/harness, test/helpers/harness), each into
// its own npm prefix under a cache dir: `$MEMDIR_HARNESS_CLI_DIR` (default ~/.cache/memdir/harness-clis),
// one `<pkg-name>-<version>/` per CLI. Idempotent: an install whose package.json has the pinned version and
// whose binary exists is kept. Usage: `node scripts/harness-clis.mjs install` (prints `<name> <version>
// <binary path>` per CLI) or `node scripts/harness-clis.mjs path <name>`.

import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { homedir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";

/**
 * The pinned CLIs. `bin` is relative to the prefix. Claude Code ≥ 2.1.113 ships its native binary in the
 * optional dependency `@anthropic-ai/claude-code-linux-x64`; Codex's npm launcher (`bin/codex.js`) runs the
 * musl binary from `@openai/codex-linux-x64`; Gemini CLI is a JS bundle run by the system Node.
 */
export const HARNESS_CLIS = {
  "claude-code": {
    pkg: "@anthropic-ai/claude-code",
    version: "2.1.332",
    bin: "node_modules/@anthropic-ai/claude-code-linux-x64/claude",
  },
  codex: { pkg: "@openai/codex", version: "0.171.0", bin: "node_modules/.bin/codex" },
  gemini: { pkg: "@google/gemini-cli", version: "0.61.0", bin: "node_modules/.bin/gemini" },
};

/** Per-install time bound (ms); the Claude Code package is ~400 MB. */
export const INSTALL_TIMEOUT_MS = Number(process.env.MEMDIR_HARNESS_INSTALL_TIMEOUT_MS ?? 300_000);

/** The cache root holding one prefix per pinned CLI. */
export function harnessCliRoot() {
  return process.env.MEMDIR_HARNESS_CLI_DIR || join(homedir(), ".cache", "memdir", "harness-clis");
}

function spec(name) {
  const s = HARNESS_CLIS[name];
  if (!s) throw new Error(`unknown harness CLI "${name}" (known: ${Object.keys(HARNESS_CLIS).join(", ")})`);
  return s;
}

/** The prefix dir of `name`: `<root>/<pkg-name>-<version>` with the scope dropped (`claude-code-2.1.332`). */
export function harnessCliPrefix(name) {
  const s = spec(name);
  return join(harnessCliRoot(), `${s.pkg.split("/").pop()}-${s.version}`);
}

function installedVersion(prefix, pkg) {
  try {
    return JSON.parse(readFileSync(join(prefix, "node_modules", pkg, "package.json"), "utf8")).version;
  } catch {
    return null;
  }
}

/** The binary of the pinned `name` when it is installed, else null. */
export function harnessCliPath(name) {
  const s = spec(name);
  const prefix = harnessCliPrefix(name);
  const bin = join(prefix, s.bin);
  return installedVersion(prefix, s.pkg) === s.version && existsSync(bin) ? bin : null;
}

/**
 * Installs `name` unless present; returns the binary path. npm runs into a side dir renamed into place
 * when complete, so an interrupted install is never taken for a finished one. Throws with what failed.
 */
export function installHarnessCli(name, log = console.log) {
  const s = spec(name);
  const have = harnessCliPath(name);
  if (have) {
    log(`${name} ${s.version} ${have}`);
    return have;
  }
  const prefix = harnessCliPrefix(name);
  const work = `${prefix}.partial-${process.pid}`;
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const args = ["install", "--prefix", work, "--no-audit", "--no-fund", "--no-save", "--loglevel=error"];
  const r = spawnSync("npm", [...args, `${s.pkg}@${s.version}`], {
    encoding: "utf8",
    timeout: INSTALL_TIMEOUT_MS,
    killSignal: "SIGKILL",
    stdio: ["ignore", "pipe", "pipe"],
  });
  const bin = join(work, s.bin);
  if (r.error || r.status !== 0 || installedVersion(work, s.pkg) !== s.version || !existsSync(bin)) {
    rmSync(work, { recursive: true, force: true });
    const why =
      r.error?.code === "ETIMEDOUT" ? `timed out after ${INSTALL_TIMEOUT_MS} ms` : `exit ${r.status}`;
    const tail = `${r.stderr ?? ""}${r.stdout ?? ""}`.trim().split("\n").slice(-15).join("\n");
    throw new Error(
      `harness CLI install failed: ${s.pkg}@${s.version} (${why}${existsSync(bin) ? "" : `, no ${s.bin}`})\n` +
        `${tail}\nWhat to do: check that the npm registry is reachable (npm config get registry), then rerun ` +
        "`node scripts/harness-clis.mjs install`; MEMDIR_HARNESS_INSTALL_TIMEOUT_MS raises the time bound. " +
        "Outside CI, MEMDIR_HARNESS_CLIS=skip skips the real-CLI tests.",
    );
  }
  rmSync(prefix, { recursive: true, force: true });
  renameSync(work, prefix);
  const done = join(prefix, s.bin);
  log(`${name} ${s.version} ${done}`);
  return done;
}

/** Installs every pinned CLI; returns `{name: binary path}`. */
export function installHarnessClis(log = console.log) {
  return Object.fromEntries(Object.keys(HARNESS_CLIS).map((n) => [n, installHarnessCli(n, log)]));
}

// Run as a script only: bundled into a bench, import.meta.url is the bundle's (another file name).
if (
  import.meta.url.endsWith("/harness-clis.mjs") &&
  import.meta.url === pathToFileURL(process.argv[1] ?? "").href
) {
  const [cmd, name] = process.argv.slice(2);
  try {
    if (cmd === "install") installHarnessClis();
    else if (cmd === "path" && name) console.log(harnessCliPath(name) ?? "");
    else {
      console.error("usage: node scripts/harness-clis.mjs install | path <claude-code|codex|gemini>");
      process.exit(2);
    }
  } catch (e) {
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  }
}
