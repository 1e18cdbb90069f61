/** Marker detectors for script-driven ecosystems: package.json, deno.json(c), composer.json. */
import { type Finding, firstOf, type RootView } from "./markers.js";
import type { ProjectCommands } from "./types.js";

export type Slot = keyof ProjectCommands;

/** package.json script names per command slot, in preference order. */
export const NODE_SCRIPTS: [Slot, string[]][] = [
  ["build", ["build"]],
  ["test", ["test"]],
  ["lint", ["lint"]],
  ["format", ["format", "fmt"]],
  ["dev", ["dev", "start"]],
];

/** npm's placeholder test script does not count as a test command. */
const NPM_PLACEHOLDER = /no test specified/;

const NODE_FRAMEWORKS: [string, string][] = [
  ["next", "nextjs"],
  ["nuxt", "nuxt"],
  ["@remix-run/react", "remix"],
  ["astro", "astro"],
  ["@angular/core", "angular"],
  ["svelte", "svelte"],
  ["vue", "vue"],
  ["react", "react"],
  ["@nestjs/core", "nestjs"],
  ["express", "express"],
  ["fastify", "fastify"],
  ["hono", "hono"],
];

/** `<pm> run <script>`; the test script via `<pm> test` (bun: `bun run test`, as `bun test` is bun's own runner). */
export function runScript(pm: string, script: string): string {
  if (script === "test" && pm !== "bun") return `${pm} test`;
  return `${pm} run ${script}`;
}

export function detectNode(v: RootView): Finding | undefined {
  if (!v.has("package.json")) return undefined;
  const pkg = v.json("package.json") ?? {};
  const declared =
    typeof pkg.packageManager === "string"
      ? /^(npm|pnpm|yarn|bun)@/.exec(pkg.packageManager)?.[1]
      : undefined;
  const lock = firstOf(v, [
    "bun.lockb",
    "bun.lock",
    "pnpm-lock.yaml",
    "yarn.lock",
    "package-lock.json",
    "npm-shrinkwrap.json",
  ]);
  const byLock: Record<string, string> = {
    "bun.lockb": "bun",
    "bun.lock": "bun",
    "pnpm-lock.yaml": "pnpm",
    "yarn.lock": "yarn",
    "package-lock.json": "npm",
    "npm-shrinkwrap.json": "npm",
  };
  const pm = declared ?? (lock ? byLock[lock]! : "npm");
  const deps = { ...(pkg.dependencies as object), ...(pkg.devDependencies as object) } as Record<
    string,
    unknown
  >;
  const stacks = ["node"];
  if (v.has("tsconfig.json") || "typescript" in deps) stacks.push("typescript");
  for (const [dep, name] of NODE_FRAMEWORKS) if (dep in deps) stacks.push(name);
  const scripts = (typeof pkg.scripts === "object" && pkg.scripts !== null ? pkg.scripts : {}) as Record<
    string,
    unknown
  >;
  const explicit: ProjectCommands = {};
  for (const [slot, names] of NODE_SCRIPTS) {
    const s = names.find(
      (n) => typeof scripts[n] === "string" && !NPM_PLACEHOLDER.test(scripts[n] as string),
    );
    if (s) explicit[slot] = runScript(pm, s);
  }
  return { stacks, markers: ["package.json", ...(lock ? [lock] : [])], packageManager: pm, explicit };
}

export function detectDeno(v: RootView): Finding | undefined {
  const marker = firstOf(v, ["deno.json", "deno.jsonc"]);
  if (!marker) return undefined;
  const cfg = v.json(marker, true) ?? {};
  const tasks = (typeof cfg.tasks === "object" && cfg.tasks !== null ? cfg.tasks : {}) as Record<
    string,
    unknown
  >;
  const explicit: ProjectCommands = {};
  for (const [slot, names] of [...NODE_SCRIPTS, ["format", ["fmt"]]] as [Slot, string[]][]) {
    const t = names.find((n) => n in tasks);
    if (t && !explicit[slot]) explicit[slot] = `deno task ${t}`;
  }
  return {
    stacks: ["deno", "typescript"],
    markers: [marker],
    packageManager: "deno",
    explicit,
    defaults: { test: "deno test", lint: "deno lint", format: "deno fmt" },
  };
}

export function detectPhp(v: RootView): Finding | undefined {
  if (!v.has("composer.json")) return undefined;
  const scripts = (v.json("composer.json")?.scripts ?? {}) as Record<string, unknown>;
  const explicit: ProjectCommands = {};
  for (const [slot, names] of NODE_SCRIPTS) {
    const s = names.find((n) => n in scripts);
    if (s) explicit[slot] = `composer run ${s}`;
  }
  const defaults: ProjectCommands = {};
  if (v.has("phpunit.xml") || v.has("phpunit.xml.dist")) defaults.test = "vendor/bin/phpunit";
  return { stacks: ["php"], markers: ["composer.json"], packageManager: "composer", explicit, defaults };
}
