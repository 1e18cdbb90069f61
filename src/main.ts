/**
 * The `memdir` bin. Dispatches on argv without loading anything heavy: `memdir hook <Event>
 * [--harness <name>]` loads only the bundle of that harness and event, `dist/hooks/<harness>/<Event>.cjs`
 * (fast path, run on every tool call), or `dist/hook.cjs` (every harness and event) when there is none;
 * everything else loads the CLI bundle.
 *
 * The hook bundles (and the search bundle, when a hook searches) are compiled with a V8 code cache
 * (Node 20 has no module compile cache): the first run of each bundle stores its cache in
 * `<MEMDIR_HOME or ~/.memdir>/cache/v8/`, later runs skip most of the compilation. A cache is keyed by
 * the bundle's path, size and mtime and Node's version; V8 rejects a stale or foreign cache by itself,
 * and any failure falls back to a plain `require`.
 */
import {
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  statSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { createRequire } from "node:module";
import { homedir } from "node:os";
import { dirname, join } from "node:path";
import { Script } from "node:vm";
import { DEFAULT_HARNESS } from "./harness/names.js";

const sub = process.argv[2];
const here = __dirname;

function cacheFile(file: string, prefix: string): string {
  const st = statSync(file);
  const key = `${file}|${st.size}|${st.mtimeMs}|${process.version}|${process.arch}`;
  let h = 5381;
  for (let i = 0; i < key.length; i++) h = ((h * 33) ^ key.charCodeAt(i)) >>> 0;
  const home = process.env.MEMDIR_HOME || join(process.env.HOME || homedir(), ".memdir");
  return join(home, "cache", "v8", `${prefix}-${h.toString(36)}.bin`);
}

/**
 * Compiles a CommonJS bundle with a V8 code cache (files `<prefix>-<key>.bin`); returns a function
 * that runs it like `require(file)` and returns its exports. The bundles are ASCII (scripts/build.mjs),
 * so latin1 decodes them exactly and faster than utf8.
 */
function compileWithCodeCache(file: string, prefix: string): () => unknown {
  const cachePath = cacheFile(file, prefix);
  let cachedData: Buffer | undefined;
  try {
    cachedData = readFileSync(cachePath);
  } catch {
    cachedData = undefined;
  }
  const source = readFileSync(file, "latin1");
  const wrapper = `(function (exports, require, module, __filename, __dirname) {${source}\n})`;
  const script = new Script(wrapper, { filename: file, cachedData });
  if (cachedData === undefined || script.cachedDataRejected) {
    // Written at exit, so functions compiled lazily during this run are in the cache too.
    process.once("exit", () => {
      try {
        mkdirSync(dirname(cachePath), { recursive: true, mode: 0o700 });
        const tmp = `${cachePath}.${process.pid}.tmp`;
        writeFileSync(tmp, script.createCachedData(), { mode: 0o600 });
        renameSync(tmp, cachePath);
        // Caches of earlier builds or Node versions are dead weight.
        const mine = new RegExp(`^${prefix}-[0-9a-z]+\\.bin$`);
        for (const f of readdirSync(dirname(cachePath))) {
          if (mine.test(f) && join(dirname(cachePath), f) !== cachePath) {
            unlinkSync(join(dirname(cachePath), f));
          }
        }
      } catch {
        // A cache is an optimisation only.
      }
    });
  }
  const fn = script.runInThisContext() as (...a: unknown[]) => void;
  return () => {
    const mod = { exports: {} };
    fn(mod.exports, createRequire(file), mod, file, dirname(file));
    return mod.exports;
  };
}

/**
 * Loads a bundle of dist/ (`name` relative to it) through the code cache, once (plain `require` when
 * that fails). Its cache files are named after it: `hooks/codex/Stop.cjs` → `hooks-codex-Stop-<key>.bin`.
 */
function loadBundle(name: string): unknown {
  const file = join(here, name);
  try {
    return compileWithCodeCache(file, name.replace(/\.cjs$/, "").replace(/\//g, "-"))();
  } catch {
    return require(file);
  }
}

/** The hook bundle of `memdir hook <Event> [--harness <name>]`: its own, else the one for all. */
function hookBundle(argv: readonly string[]): string {
  const event = argv[3] ?? "";
  const flag = argv.indexOf("--harness");
  const harness = flag > 0 ? (argv[flag + 1] ?? "") : DEFAULT_HARNESS;
  if (/^[a-z][a-z-]*$/.test(harness) && /^[A-Za-z]+$/.test(event)) {
    const name = `hooks/${harness}/${event}.cjs`;
    try {
      if (statSync(join(here, name)).isFile()) return name;
    } catch {
      // No bundle of its own: an unknown event or harness, or a short name (`claude`).
    }
  }
  return "hook.cjs";
}

if (sub === "hook") {
  // The hook bundle requires dist/search.cjs through this (scripts/build.mjs), when a hook searches.
  const loaded = new Map<string, unknown>();
  (globalThis as { __memdirLoadBundle?: (name: string) => unknown }).__memdirLoadBundle = (name) => {
    if (!loaded.has(name)) loaded.set(name, loadBundle(name));
    return loaded.get(name);
  };
  loadBundle(hookBundle(process.argv));
} else {
  // The bundles are siblings in dist/; required at run time so this file stays tiny.
  require(join(here, "cli.cjs"));
}
