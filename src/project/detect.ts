/** Project detection from marker files in the root (stack, package manager, commands). */
import {
  detectCmake,
  detectDotnet,
  detectElixir,
  detectGo,
  detectJvm,
  detectPython,
  detectRuby,
  detectRust,
} from "./ecosystems.js";
import { detectDeno, detectNode, detectPhp } from "./ecosystems-js.js";
import { type Finding, firstOf, makeTargets, type RootView, viewRoot } from "./markers.js";
import type { DetectedProject, ProjectCommands } from "./types.js";

/** Detectors in priority order: the first one's package manager wins; its commands come first. */
const DETECTORS: ((v: RootView) => Finding | undefined)[] = [
  detectNode,
  detectDeno,
  detectRust,
  detectGo,
  detectPython,
  detectRuby,
  detectElixir,
  detectJvm,
  detectPhp,
  detectDotnet,
  detectCmake,
];

/** Makefile target names per command slot, in preference order. */
const MAKE_TARGETS: [keyof ProjectCommands, string[]][] = [
  ["build", ["build", "all"]],
  ["test", ["test", "check"]],
  ["lint", ["lint"]],
  ["format", ["format", "fmt"]],
  ["dev", ["dev", "run", "serve"]],
];

function detectMake(v: RootView): Finding | undefined {
  const marker = firstOf(v, ["GNUmakefile", "Makefile", "makefile"]);
  if (!marker) return undefined;
  const targets = makeTargets(v.read(marker) ?? "");
  const explicit: ProjectCommands = {};
  for (const [slot, names] of MAKE_TARGETS) {
    const t = names.find((n) => targets.has(n));
    if (t) explicit[slot] = `make ${t}`;
  }
  return { stacks: [], markers: [marker], explicit };
}

/**
 * Detects the project at `root` from marker files in the root directory only (sync; reads at most
 * a few small files; never throws: an unreadable root yields an empty result).
 * Ecosystems: package.json (+ lockfile or `packageManager` → npm/pnpm/yarn/bun), deno.json(c),
 * Cargo.toml, go.mod, pyproject.toml/requirements.txt/uv.lock/poetry.lock/Pipfile, Gemfile,
 * mix.exs (Elixir, Phoenix), pom.xml, build.gradle(.kts), composer.json, *.sln/*.csproj/*.fsproj,
 * CMakeLists.txt, Makefile targets.
 * Commands: explicit project scripts first (package.json scripts, deno tasks, composer scripts,
 * Makefile targets), then the ecosystem's conventional commands (`mix test`, `cargo test`…).
 * @returns `{stacks, packageManager?, commands: {build?, test?, lint?, format?, dev?}, markers}`
 */
export function detectProject(root: string): DetectedProject {
  const v = viewRoot(root);
  const findings = DETECTORS.map((d) => d(v)).filter((f): f is Finding => f !== undefined);
  const make = detectMake(v);
  const out: DetectedProject = { stacks: [], commands: {}, markers: [] };
  for (const f of findings) {
    for (const s of f.stacks) if (!out.stacks.includes(s)) out.stacks.push(s);
    if (out.packageManager === undefined && f.packageManager !== undefined)
      out.packageManager = f.packageManager;
  }
  const sources = [...findings.map((f) => f.explicit), make?.explicit, ...findings.map((f) => f.defaults)];
  for (const cmds of sources) {
    if (!cmds) continue;
    for (const [slot, cmd] of Object.entries(cmds) as [keyof ProjectCommands, string][]) {
      if (out.commands[slot] === undefined) out.commands[slot] = cmd;
    }
  }
  for (const f of [...findings, ...(make ? [make] : [])]) {
    for (const m of f.markers) if (!out.markers.includes(m)) out.markers.push(m);
  }
  return out;
}
