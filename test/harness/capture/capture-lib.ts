/**
 * Writing captured hook stdin and transcripts as fixtures: every string has the sandbox's machine-specific
 * parts replaced by stable placeholders (sandbox HOME → /home/user, so the project → /home/user/project;
 * Claude Code's project key `-tmp-…-project` → `-home-user-project`; the CLI cache dir →
 * /home/user/.cache/memdir/harness-clis; Gemini's `projectHash`, the sha256 of the project root, → the
 * sha256 of /home/user/project; the host name → `host`); keys, shapes and all other values stay.
 */

import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { hostname } from "node:os";
import { basename, join, relative } from "node:path";
import { harnessCliRoot } from "../../../scripts/harness-clis.mjs";
import type { HookRecord } from "../../helpers/harness/recorder.js";
import type { Sandbox } from "../../helpers/harness/sandbox.js";

export const FIXTURES = join(import.meta.dirname, "..", "..", "fixtures");

export type Harness = "claude-code" | "codex" | "gemini";

const sha256 = (s: string) => createHash("sha256").update(s).digest("hex");

function replacer(sb: Sandbox): (s: string) => string {
  const pairs: [string, string][] = [
    [harnessCliRoot(), "/home/user/.cache/memdir/harness-clis"],
    [sb.home, "/home/user"],
    [sb.home.replace(/[^A-Za-z0-9]/g, "-"), "-home-user"],
    [sha256(sb.project), sha256("/home/user/project")],
  ];
  const host = hostname();
  return (s) => {
    let out = s;
    for (const [from, to] of pairs) out = out.split(from).join(to);
    return host.length > 3 ? out.split(host).join("host") : out;
  };
}

/** `v` with the placeholders applied to every string (keys included). */
export function scrub<T>(sb: Sandbox, v: T): T {
  const r = replacer(sb);
  const walk = (x: unknown): unknown => {
    if (typeof x === "string") return r(x);
    if (Array.isArray(x)) return x.map(walk);
    if (x && typeof x === "object")
      return Object.fromEntries(Object.entries(x).map(([k, y]) => [r(k), walk(y)]));
    return x;
  };
  return walk(v) as T;
}

/** Empties `test/fixtures/<kind>/<harness>/` and returns it. */
export function freshDir(kind: "hooks" | "transcripts", harness: Harness): string {
  const dir = join(FIXTURES, kind, harness);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(dir, { recursive: true });
  return dir;
}

/**
 * Writes each record's stdin as `<dir>/<Event>[-<variant>].json` (the first record of a name wins);
 * returns `{name: count seen}`.
 */
export function writeHookFixtures(
  sb: Sandbox,
  dir: string,
  records: HookRecord[],
  variant: (r: HookRecord) => string | undefined,
): Record<string, number> {
  const seen: Record<string, number> = {};
  for (const r of records) {
    const v = variant(r);
    const name = v ? `${r.event}-${v.replace(/[^\w-]/g, "_")}` : r.event;
    seen[name] = (seen[name] ?? 0) + 1;
    if (seen[name] === 1)
      writeFileSync(join(dir, `${name}.json`), `${JSON.stringify(scrub(sb, r.stdin), null, 2)}\n`);
  }
  return seen;
}

/** Every file under `root` whose name ends with `ext`, recursively. */
export function filesUnder(root: string, ext: string): string[] {
  const out: string[] = [];
  const walk = (d: string) => {
    let names: string[];
    try {
      names = readdirSync(d);
    } catch {
      return;
    }
    for (const n of names) {
      const p = join(d, n);
      if (statSync(p).isDirectory()) walk(p);
      else if (n.endsWith(ext)) out.push(p);
    }
  };
  walk(root);
  return out.sort();
}

/** Copies a JSONL transcript line by line with the placeholders applied (non-JSON lines as text). */
export function writeTranscript(sb: Sandbox, file: string, dir: string, name = basename(file)): string {
  const lines = readFileSync(file, "utf8").split("\n");
  const out = lines.map((l) => {
    if (!l.trim()) return l;
    try {
      return JSON.stringify(scrub(sb, JSON.parse(l)));
    } catch {
      return scrub(sb, l);
    }
  });
  const target = join(dir, scrub(sb, name));
  writeFileSync(target, out.join("\n"));
  return relative(FIXTURES, target);
}
