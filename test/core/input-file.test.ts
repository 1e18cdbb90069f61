/**
 * Files an input names are opened without blocking and read only when they are regular files: a
 * FIFO nobody writes, a device, a socket or a directory is refused at once.
 */
import { execFileSync } from "node:child_process";
import { closeSync, mkdirSync, readdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  fileKindAt,
  MISSING,
  openInputFile,
  REGULAR_FILE,
  readInputBytes,
} from "../../src/core/input-file.js";
import { tempDir } from "../helpers/tmp.js";

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return e as { code: string; received: string };
  }
  throw new Error("not refused");
};

describe("openInputFile / readInputBytes", () => {
  it("refuses a FIFO nobody writes at once instead of blocking", () => {
    const dir = tempDir();
    const fifo = join(dir, "fifo");
    execFileSync("mkfifo", [fifo]);
    const t0 = Date.now();
    const e = refusal(() => openInputFile(fifo, { what: "the transcript" }));
    expect(Date.now() - t0).toBeLessThan(1000);
    expect(e.code).toBe("INPUT_REFUSED");
    expect(e.received).toMatch(/FIFO/);
    expect(fileKindAt(fifo)).toMatch(/FIFO/);
  });

  it("refuses character devices, directories and sockets, and names what it found", async () => {
    const dir = tempDir();
    expect(refusal(() => readInputBytes("/dev/zero", 1 << 20)).received).toBe("a character device");
    expect(refusal(() => readInputBytes("/dev/urandom", 1 << 20)).received).toBe("a character device");
    expect(refusal(() => readInputBytes(dir, 1 << 20)).received).toBe("a directory");
    const sock = join(dir, "s.sock");
    const server = createServer();
    await new Promise<void>((r) => server.listen(sock, r));
    try {
      expect(refusal(() => openInputFile(sock)).received).toBe("a socket");
    } finally {
      server.close();
    }
  });

  it("follows a link to a regular file, refuses a link loop and, with noFollow, any link", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "real"), "hello");
    symlinkSync(join(dir, "real"), join(dir, "link"));
    symlinkSync(join(dir, "loop-a"), join(dir, "loop-b"));
    symlinkSync(join(dir, "loop-b"), join(dir, "loop-a"));
    symlinkSync("/dev/zero", join(dir, "to-zero"));
    expect(readInputBytes(join(dir, "link"), 100)?.toString()).toBe("hello");
    expect(refusal(() => readInputBytes(join(dir, "loop-a"), 100)).code).toBe("INPUT_REFUSED");
    expect(refusal(() => readInputBytes(join(dir, "to-zero"), 100)).received).toBe("a character device");
    expect(refusal(() => openInputFile(join(dir, "link"), { noFollow: true })).code).toBe("INPUT_REFUSED");
    const { fd, size } = openInputFile(join(dir, "real"), { noFollow: true });
    closeSync(fd);
    expect(size).toBe(5);
  });

  it("refuses a file over the byte bound, returns undefined for a missing one, and reads /proc files", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "big"), "x".repeat(101));
    expect(refusal(() => readInputBytes(join(dir, "big"), 100)).code).toBe("INPUT_REFUSED");
    expect(readInputBytes(join(dir, "big"), 101)?.length).toBe(101);
    expect(readInputBytes(join(dir, "none"), 100)).toBeUndefined();
    mkdirSync(join(dir, "d"));
    expect(readInputBytes(join(dir, "d", "none"), 100)).toBeUndefined();
    expect(fileKindAt(join(dir, "none"))).toBe(MISSING);
    expect(fileKindAt(join(dir, "big"))).toBe(REGULAR_FILE);
    // /proc files report size 0: read to EOF, not to the stat size.
    expect(readInputBytes("/proc/self/stat", 4096)?.length).toBeGreaterThan(10);
  });
});

describe("every read goes through the bounded, non-blocking open", () => {
  it("no module of src/ opens a file for reading another way (allowlist: the bin's own bundles, /proc, stdin)", () => {
    const root = join(import.meta.dirname, "..", "..", "src");
    const allowed: Record<string, RegExp> = {
      "main.ts": /readFileSync\((file|cachePath)/, // the bin's own bundle and its code cache
      "app/runtime.ts": /readFileSync\(`\/proc\//, // /proc files of this machine
      "cli/commands/wiki.ts": /readFileSync\(0,/, // stdin
      "core/fs.ts": /openSync\(dir, "r"\)/, // a directory opened to fsync it
    };
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const e of readdirSync(dir, { withFileTypes: true })) {
        const p = join(dir, e.name);
        if (e.isDirectory()) walk(p);
        else if (p.endsWith(".ts")) {
          const rel = p.slice(root.length + 1);
          for (const line of readFileSync(p, "utf8").split("\n")) {
            if (/^\s*(\*|\/\/)/.test(line)) continue;
            const reads = /\breadFileSync\(|\bopenSync\([^,]+,\s*"r"\)|createReadStream\(/.test(line);
            if (reads && !allowed[rel]?.test(line)) offenders.push(`${rel}: ${line.trim()}`);
          }
        }
      }
    };
    walk(root);
    expect(offenders).toEqual([]);
  });
});
