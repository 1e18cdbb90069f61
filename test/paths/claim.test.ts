/**
 * claimMemoryDir under deterministic interleavings: another process acts between this process's read
 * of `.project.json` and its write (the window behind the claim-race CI flake).
 */
import * as realFs from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it, vi } from "vitest";
import { tempDir } from "../helpers/tmp.js";

/** Runs once, right after the next read of a `.project.json` (simulates a racing process). */
let afterNextClaimRead: (() => void) | undefined;

vi.mock("node:fs", async (importOriginal) => {
  const fs = await importOriginal<typeof import("node:fs")>();
  // A read is open → read → close: the hook runs when a read-only descriptor of the claim closes.
  const claimReads = new Set<number>();
  const fire = () => {
    const hook = afterNextClaimRead;
    afterNextClaimRead = undefined;
    hook?.();
  };
  const openSync = ((...args: Parameters<typeof fs.openSync>) => {
    const flags = args[1];
    const readOnly = typeof flags === "number" ? (flags & 3) === fs.constants.O_RDONLY : flags === "r";
    const claim = readOnly && String(args[0]).endsWith(".project.json");
    let fd: number;
    try {
      fd = fs.openSync(...args);
    } catch (e) {
      if (claim) fire(); // a read that found no claim is a read too
      throw e;
    }
    if (claim) claimReads.add(fd);
    return fd;
  }) as typeof fs.openSync;
  const closeSync = ((fd: number) => {
    fs.closeSync(fd);
    if (claimReads.delete(fd)) fire();
  }) as typeof fs.closeSync;
  return { ...fs, default: { ...fs, openSync, closeSync }, openSync, closeSync };
});

const { claimMemoryDir } = await import("../../src/paths/claim.js");

const claimOf = (mem: string) =>
  JSON.parse(realFs.readFileSync(join(mem, ".project.json"), "utf8")) as { originalPath: string };
const writeClaim = (mem: string, path: string) =>
  realFs.writeFileSync(join(mem, ".project.json"), JSON.stringify({ originalPath: path }));

afterEach(() => {
  afterNextClaimRead = undefined;
});

describe("claimMemoryDir interleavings", () => {
  it("a claim created by another project after our read is a collision, not overwritten", () => {
    const mem = tempDir();
    afterNextClaimRead = () => writeClaim(mem, "/a/b-c"); // B claims right after A saw no file
    expect(claimMemoryDir(mem, "/a/b_c")).toEqual({ collision: "/a/b-c" });
    expect(claimOf(mem)).toEqual({ originalPath: "/a/b-c" });
  });

  it("a corrupt claim repaired by another project after our read is a collision, not overwritten", () => {
    const mem = tempDir();
    realFs.writeFileSync(join(mem, ".project.json"), "{not json");
    afterNextClaimRead = () => writeClaim(mem, "/a/b-c"); // B repairs right after A saw the junk
    expect(claimMemoryDir(mem, "/a/b_c")).toEqual({ collision: "/a/b-c" });
    expect(claimOf(mem)).toEqual({ originalPath: "/a/b-c" });
  });

  it("a claim of the same project (other spelling) created meanwhile is ours", () => {
    const mem = tempDir();
    afterNextClaimRead = () => writeClaim(mem, "/p/cafe\u0301");
    expect(claimMemoryDir(mem, "/p/caf\u00e9")).toEqual({});
  });

  it("creates the memory dir and the claim when nothing exists", () => {
    const mem = join(tempDir(), "projects", "k", "memory");
    expect(claimMemoryDir(mem, "/x/y")).toEqual({});
    expect(claimOf(mem)).toEqual({ originalPath: "/x/y" });
    expect(realFs.readdirSync(mem)).toEqual([".project.json"]); // no temp or lock file left behind
  });

  it("repairs an empty claim file and leaves no lock behind", () => {
    const mem = tempDir();
    realFs.writeFileSync(join(mem, ".project.json"), "");
    expect(claimMemoryDir(mem, "/x/y")).toEqual({});
    expect(claimOf(mem)).toEqual({ originalPath: "/x/y" });
    expect(realFs.readdirSync(mem)).toEqual([".project.json"]);
  });

  it("repairs a claim whose lock was left by a dead process", () => {
    const mem = tempDir();
    realFs.writeFileSync(join(mem, ".project.json"), "[]");
    realFs.writeFileSync(join(mem, ".project.json.lock"), JSON.stringify({ pid: 2 ** 30, token: "t" }));
    expect(claimMemoryDir(mem, "/x/y")).toEqual({});
    expect(claimOf(mem)).toEqual({ originalPath: "/x/y" });
  });
});
