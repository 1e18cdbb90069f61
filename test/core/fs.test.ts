import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isMemdirError } from "../../src/core/errors.js";
import { ensureDir, readTextIfExists, writeFileAtomic } from "../../src/core/fs.js";
import { readJsonFile, writeJsonAtomic } from "../../src/core/json.js";
import { bundleForChildren } from "../helpers/bundle.js";
import { tempDir } from "../helpers/tmp.js";

describe("writeFileAtomic", () => {
  it("creates parent dirs, writes strings and bytes, and leaves no temp file", () => {
    const dir = tempDir();
    const path = join(dir, "a", "b", "file.txt");
    writeFileAtomic(path, "héllo 🔥");
    expect(readFileSync(path, "utf8")).toBe("héllo 🔥");
    writeFileAtomic(path, new Uint8Array([104, 105]));
    expect(readFileSync(path, "utf8")).toBe("hi");
    expect(readdirSync(join(dir, "a", "b"))).toEqual(["file.txt"]);
    expect(statSync(path).mode & 0o777).toBe(0o600);
  });

  it("removes its temp file and throws when the rename fails", () => {
    const dir = tempDir();
    const target = join(dir, "is-a-dir");
    mkdirSync(join(target, "child"), { recursive: true });
    expect(() => writeFileAtomic(target, "x")).toThrow();
    expect(readdirSync(dir)).toEqual(["is-a-dir"]);
  });

  describe("with a concurrent writer process", () => {
    let bundle: ReturnType<typeof bundleForChildren>;
    beforeAll(() => {
      bundle = bundleForChildren("core/fs.ts");
    });
    afterAll(() => bundle.cleanup());

    it("a reader never sees partial content", async () => {
      const dir = tempDir();
      const path = join(dir, "shared.txt");
      // Versions of different sizes (1 MiB-ish) so a torn write would show as a wrong length or mix.
      const versionOf = (i: number) => String.fromCharCode(65 + (i % 3)).repeat(1_000_000 + (i % 3) * 77_777);
      const valid = new Set([0, 1, 2].map(versionOf));
      writeFileSync(path, versionOf(0));
      const code = `
        const { writeFileAtomic } = require(process.argv[1]);
        const path = process.argv[2];
        const versionOf = (i) => String.fromCharCode(65 + (i % 3)).repeat(1000000 + (i % 3) * 77777);
        const end = Date.now() + 1200;
        let i = 0;
        while (Date.now() < end) writeFileAtomic(path, versionOf(++i));
        process.stdout.write(String(i));
      `;
      const child = spawn(process.execPath, ["-e", code, bundle.file, path], {
        stdio: ["ignore", "pipe", "inherit"],
      });
      let writes = "";
      child.stdout!.on("data", (d) => {
        writes += d;
      });
      const exited = new Promise<number | null>((r) => child.once("exit", r));
      // Give the child time to start, then read in a tight loop while it writes.
      await new Promise((r) => setTimeout(r, 150));
      const seen = new Set<string>();
      let reads = 0;
      const until = Date.now() + 900;
      while (Date.now() < until) {
        const text = readFileSync(path, "utf8");
        reads++;
        if (!valid.has(text)) throw new Error(`torn read of ${text.length} chars after ${reads} reads`);
        seen.add(text[0]!);
      }
      expect(await exited).toBe(0);
      expect(Number(writes)).toBeGreaterThan(10);
      expect(seen.size).toBeGreaterThan(1); // the reads really overlapped the writes
      expect(readdirSync(dir)).toEqual(["shared.txt"]);
    });
  });
});

describe("readTextIfExists / ensureDir", () => {
  it("returns undefined for a missing file or a missing parent, text otherwise", () => {
    const dir = tempDir();
    expect(readTextIfExists(join(dir, "nope"))).toBeUndefined();
    writeFileSync(join(dir, "f"), "x");
    expect(readTextIfExists(join(dir, "f", "under-a-file"))).toBeUndefined();
    expect(readTextIfExists(join(dir, "f"))).toBe("x");
    expect(() => readTextIfExists(dir)).toThrow(expect.objectContaining({ code: "INPUT_REFUSED" }));
  });

  it("ensureDir is idempotent and creates private dirs", () => {
    const d = join(tempDir(), "x", "y");
    ensureDir(d);
    ensureDir(d);
    expect(statSync(d).mode & 0o777).toBe(0o700);
  });
});

describe("readJsonFile / writeJsonAtomic", () => {
  it("round-trips, tolerates a BOM and CRLF, falls back when missing or empty", () => {
    const dir = tempDir();
    const path = join(dir, "s.json");
    expect(readJsonFile(path, { d: 1 })).toEqual({ d: 1 });
    writeJsonAtomic(path, { a: [1, "é"] });
    expect(readFileSync(path, "utf8")).toBe('{\n  "a": [\n    1,\n    "é"\n  ]\n}\n');
    expect(readJsonFile(path, {})).toEqual({ a: [1, "é"] });
    writeFileSync(path, '\uFEFF{\r\n  "b": 2\r\n}\r\n');
    expect(readJsonFile(path, {})).toEqual({ b: 2 });
    writeFileSync(path, "  \n");
    expect(readJsonFile(path, "fallback")).toBe("fallback");
  });

  it("throws BAD_JSON naming the file unless lenient", () => {
    const path = join(tempDir(), "bad.json");
    writeFileSync(path, "{ nope");
    let err: unknown;
    try {
      readJsonFile(path, {});
    } catch (e) {
      err = e;
    }
    expect(isMemdirError(err, "BAD_JSON")).toBe(true);
    expect((err as Error).message).toContain(path);
    expect((err as Error).message).toContain('received: "{ nope"');
    expect(readJsonFile(path, { ok: true }, true)).toEqual({ ok: true });
  });
});
