import { mkdirSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import { isMemdirError } from "../../src/core/errors.js";
import { writeJsonAtomic } from "../../src/core/json.js";
import { type ReadPath, readStateJson, sessionStatePaths, type WritePath } from "../../src/paths/index.js";
import { tempDir } from "../helpers/tmp.js";

describe("sessionStatePaths", () => {
  it("writes session-scoped; reads session-scoped first, legacy second", () => {
    const root = "/p/.memdir";
    const sp = sessionStatePaths(root, "3f0c2a7e-5b1d-4c8e-9a21-6d7e8f901234");
    expect(sp.dir).toBe("/p/.memdir/state/sessions/3f0c2a7e-5b1d-4c8e-9a21-6d7e8f901234");
    expect(sp.write("last-tool-error")).toBe(`${sp.dir}/last-tool-error-state.json`);
    expect(sp.read("last-tool-error")).toEqual([
      `${sp.dir}/last-tool-error-state.json`,
      "/p/.memdir/state/last-tool-error-state.json",
    ]);
  });

  it("brands keep reads and writes apart at compile time", () => {
    const sp = sessionStatePaths("/r", "s");
    const w: WritePath = sp.write("x");
    const r: ReadPath[] = sp.read("x");
    // @ts-expect-error a ReadPath (possibly the legacy file) is not a WritePath
    const bad: WritePath = r[1]!;
    // @ts-expect-error a plain string is neither
    const bad2: ReadPath = "/r/state/x-state.json";
    expect([w, bad, bad2].every((p) => typeof p === "string")).toBe(true);
  });

  it("rejects session ids and names that could escape the state dir (they come from hook stdin)", () => {
    for (const id of ["", "..", ".", "../x", "a/b", "a\\b", "a\0b", "x..y", "a".repeat(201)]) {
      let err: unknown;
      try {
        sessionStatePaths("/r", id);
      } catch (e) {
        err = e;
      }
      expect(isMemdirError(err, "BAD_INPUT"), JSON.stringify(id)).toBe(true);
      expect(String((err as Error).message)).toContain("session id");
    }
    const sp = sessionStatePaths("/r", "ok");
    expect(() => sp.write("../../etc/passwd")).toThrow(/state file name/);
    expect(() => sp.read("a/b")).toThrow(/state file name/);
  });
});

describe("readStateJson", () => {
  it("first existing valid file wins; corrupt or missing ones fall through to the fallback", () => {
    const root = join(tempDir(), ".memdir");
    const sp = sessionStatePaths(root, "s1");
    const [scoped, legacy] = sp.read("tool-stats") as [ReadPath, ReadPath];
    expect(readStateJson(sp.read("tool-stats"), { n: 0 })).toEqual({ n: 0 });
    writeJsonAtomic(legacy, { n: 1 });
    expect(readStateJson(sp.read("tool-stats"), { n: 0 })).toEqual({ n: 1 });
    writeJsonAtomic(sp.write("tool-stats"), { n: 2 });
    expect(readStateJson(sp.read("tool-stats"), { n: 0 })).toEqual({ n: 2 });
    writeFileSync(scoped, '{"n": 3'); // torn / corrupt
    expect(readStateJson(sp.read("tool-stats"), { n: 0 })).toEqual({ n: 1 });
    writeFileSync(legacy, "");
    expect(readStateJson(sp.read("tool-stats"), { n: 0 })).toEqual({ n: 0 });
    writeFileSync(scoped, '\uFEFF{"n":\r\n4}');
    expect(readStateJson(sp.read("tool-stats"), { n: 0 })).toEqual({ n: 4 });
  });

  it("a directory in place of a state file is skipped", () => {
    const root = join(tempDir(), ".memdir");
    const sp = sessionStatePaths(root, "s1");
    mkdirSync(sp.write("weird"), { recursive: true });
    writeJsonAtomic(sp.read("weird")[1]!, { legacy: true });
    expect(dirname(sp.write("weird"))).toBe(sp.dir);
    expect(readStateJson(sp.read("weird"), null)).toEqual({ legacy: true });
  });
});
