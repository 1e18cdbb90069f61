/** A SHA-256 of whole directory trees, for "nothing changed" / "restored byte for byte" assertions. */
import { createHash } from "node:crypto";
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** Every regular file under `dir` (recursive), relative paths sorted, minus those `skip` names (a skipped directory is not entered). [] for a missing dir. */
export function listFiles(dir: string, skip: (rel: string) => boolean = () => false): string[] {
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
      const rel = relative(dir, p);
      if (skip(rel)) continue;
      if (statSync(p).isDirectory()) walk(p);
      else out.push(rel);
    }
  };
  walk(dir);
  return out.sort();
}

/** SHA-256 over every file of `dirs` (see listFiles): its dir index, relative path, permission bits and bytes. */
export function treeHash(dirs: string | string[], skip: (rel: string) => boolean = () => false): string {
  const h = createHash("sha256");
  (Array.isArray(dirs) ? dirs : [dirs]).forEach((dir, i) => {
    for (const rel of listFiles(dir, skip)) {
      const p = join(dir, rel);
      h.update(`${i}\0${rel}\0${(statSync(p).mode & 0o777).toString(8)}\0`);
      h.update(readFileSync(p));
      h.update("\0");
    }
  });
  return h.digest("hex");
}
