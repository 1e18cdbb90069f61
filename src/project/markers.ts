/** Reading marker files of a project root (sync, root level only, never throws). */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { readTextIfExists } from "../core/fs.js";
import type { ProjectCommands } from "./types.js";

/** The root's entry names and a reader for its small text files. */
export interface RootView {
  root: string;
  has(name: string): boolean;
  isDir(name: string): boolean;
  /** Whether a path relative to the root exists (one stat). */
  exists(rel: string): boolean;
  /** UTF-8 text of a root file up to 256 KiB, or undefined (missing, a dir, unreadable, too big). */
  read(name: string): string | undefined;
  /** Parsed JSON (comments allowed when `jsonc`), or undefined. */
  json(name: string, jsonc?: boolean): Record<string, unknown> | undefined;
  names: string[];
}

const MAX_MARKER_BYTES = 256 * 1024;

/** A RootView of `root` (an unreadable or missing root has no entries). */
export function viewRoot(root: string): RootView {
  let names: string[] = [];
  try {
    names = readdirSync(root);
  } catch {
    names = [];
  }
  const set = new Set(names);
  const read = (name: string): string | undefined => {
    if (!set.has(name)) return undefined;
    try {
      const p = join(root, name);
      const t = readTextIfExists(p, MAX_MARKER_BYTES);
      if (t === undefined) return undefined;
      return t.charCodeAt(0) === 0xfeff ? t.slice(1) : t;
    } catch {
      return undefined;
    }
  };
  return {
    root,
    names,
    has: (n) => set.has(n),
    isDir: (n) => {
      if (!set.has(n)) return false;
      try {
        return statSync(join(root, n)).isDirectory();
      } catch {
        return false;
      }
    },
    exists: (rel) => {
      try {
        statSync(join(root, rel));
        return true;
      } catch {
        return false;
      }
    },
    read,
    json: (n, jsonc = false) => {
      const t = read(n);
      if (t === undefined) return undefined;
      const text = jsonc ? stripJsonComments(t) : t;
      try {
        const v = JSON.parse(text) as unknown;
        return typeof v === "object" && v !== null && !Array.isArray(v)
          ? (v as Record<string, unknown>)
          : undefined;
      } catch {
        return undefined;
      }
    },
  };
}

/** Removes `//` and `/* *\/` comments outside strings and trailing commas (JSONC → JSON). */
export function stripJsonComments(t: string): string {
  let out = "";
  let inStr = false;
  for (let i = 0; i < t.length; i++) {
    const c = t[i]!;
    if (inStr) {
      out += c;
      if (c === "\\") out += t[++i] ?? "";
      else if (c === '"') inStr = false;
    } else if (c === '"') {
      inStr = true;
      out += c;
    } else if (c === "/" && t[i + 1] === "/") {
      while (i < t.length && t[i] !== "\n") i++;
      out += "\n";
    } else if (c === "/" && t[i + 1] === "*") {
      const end = t.indexOf("*/", i + 2);
      i = end === -1 ? t.length : end + 1;
    } else out += c;
  }
  return out.replace(/,(\s*[}\]])/g, "$1");
}

/** Targets defined in a Makefile (`name:` at line start; not `:=` assignments, not `.PHONY`). */
export function makeTargets(text: string): Set<string> {
  const out = new Set<string>();
  for (const m of text.matchAll(/^([A-Za-z0-9][A-Za-z0-9_.\-/ ]*?)\s*::?(?!=)/gm)) {
    for (const t of m[1]!.split(/\s+/)) if (t) out.add(t);
  }
  return out;
}

/** The first of `names` in `have`, or undefined. */
export function firstOf<T extends string>(have: { has(n: T): boolean }, names: T[]): T | undefined {
  return names.find((n) => have.has(n));
}

/** One ecosystem's findings. `explicit` commands (project scripts) beat `defaults` (tool conventions). */
export interface Finding {
  stacks: string[];
  markers: string[];
  packageManager?: string;
  explicit?: ProjectCommands;
  defaults?: ProjectCommands;
}
