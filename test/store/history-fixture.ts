/**
 * Fixtures for the change-set tests: a SHA-256 of whole memory dirs (paths, permission bits and bytes;
 * `.history/` and lock files left out) and a memory dir with files a plain text round trip would
 * damage (BOM, CRLF, invalid UTF-8, unusual modes).
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { readBytesIfExists } from "../../src/core/fs.js";
import type { Journal } from "../../src/store/index.js";
import { treeHash as hashTrees, listFiles } from "../helpers/tree-hash.js";

/** Not part of the memory: the change sets themselves and lock files. */
const bookkeeping = (rel: string) => rel.split("/").pop() === ".history" || rel.endsWith(".lock");

/** Every regular file under `dir` (recursive), relative paths sorted; `.history/` and `*.lock` skipped. */
export const listTree = (dir: string): string[] => listFiles(dir, bookkeeping);

/** SHA-256 over every file of `dirs` (see listTree): its dir index, relative path, mode bits and bytes. */
export const treeHash = (...dirs: string[]): string => hashTrees(dirs, bookkeeping);

/** Invalid UTF-8 in a body: a lone continuation byte, 0xFF, a cut 3-byte sequence. */
export const ODD_BYTES = Buffer.from([0x80, 0xff, 0xfe, 0xe2, 0x82]);

/**
 * A project memory dir and a user memory dir with: a BOM + CRLF topic (mode 0644), a topic whose
 * body holds invalid UTF-8 (mode 0640), a plain topic, a hand-written CRLF MEMORY.md, a daily log,
 * and one user topic.
 */
export function plantMemoryDirs(root: string): { project: string; user: string } {
  const project = join(root, "memory");
  const user = join(root, "user-memory");
  mkdirSync(join(project, "logs", "2026", "11"), { recursive: true });
  mkdirSync(user, { recursive: true });
  writeFileSync(
    join(project, "bom-crlf.md"),
    "\uFEFF---\r\nname: Windows topic\r\ndescription: Written on Windows with a BOM\r\ntype: feedback\r\n---\r\nUse tabs in the Makefile.\r\n",
    { mode: 0o644 },
  );
  writeFileSync(
    join(project, "odd-bytes.md"),
    Buffer.concat([
      Buffer.from("---\nname: odd bytes\ndescription: A body with broken bytes\ntype: reference\n---\nraw: "),
      ODD_BYTES,
      Buffer.from("\n"),
    ]),
    { mode: 0o640 },
  );
  writeFileSync(
    join(project, "plain.md"),
    "---\nname: plain\ndescription: The staging database is on port 5433\ntype: project\n---\nStaging Postgres listens on 5433.\n",
  );
  writeFileSync(
    join(project, "MEMORY.md"),
    "# Memory Index\r\n- [Windows topic](bom-crlf.md) — Written on Windows with a BOM\r\n- [odd bytes](odd-bytes.md) — A body with broken bytes\r\n- [plain](plain.md) — The staging database is on port 5433\r\n",
  );
  writeFileSync(join(project, "logs", "2026", "11", "2026-11-29.md"), "# 2026-11-29\n");
  writeFileSync(
    join(user, "role.md"),
    "---\nname: role\ndescription: The user is a backend engineer\ntype: user\n---\nBackend engineer, mostly Go.\n",
  );
  return { project, user };
}

/** Adds `n` plain topic files `t00.md` … to `project` (a dream's worth of files to rewrite and delete). */
export function plantTopics(project: string, n: number): string[] {
  const files: string[] = [];
  for (let i = 0; i < n; i++) {
    const f = `t${String(i).padStart(2, "0")}.md`;
    writeFileSync(
      join(project, f),
      `---\nname: topic ${i}\ndescription: Planted topic number ${i} about subsystem ${i % 7}\ntype: ${["project", "reference", "feedback"][i % 3]}\n---\nSubsystem ${i % 7} fact ${i}: the value is ${i * 37}.\n`,
      { mode: i % 4 === 0 ? 0o644 : 0o600 },
    );
    files.push(f);
  }
  return files;
}

/**
 * `treeHash` without the `*.tmp` files an atomic write killed before its rename leaves behind, and
 * the `*.del` a checked delete killed between its rename aside and its unlink leaves.
 */
export const treeHashNoTemp = (...dirs: string[]): string =>
  hashTrees(dirs, (rel) => bookkeeping(rel) || rel.endsWith(".tmp") || rel.endsWith(".del"));

/** A journal write against the bytes on disk now (what a store writer that just read the file passes). */
export const put = (j: Journal, path: string, data: string | Uint8Array) =>
  j.write(path, data, { expected: readBytesIfExists(path) });

/** A journal delete of the file as it is now. */
export const del = (j: Journal, path: string) => j.remove(path, readBytesIfExists(path) ?? Buffer.alloc(0));
