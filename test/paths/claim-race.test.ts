/** Two different projects whose keys collide claim one memory dir at the same moment, from 8 processes. */
import { spawn } from "node:child_process";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bundleForChildren } from "../helpers/bundle.js";
import { tempDir } from "../helpers/tmp.js";

const CHILD = `
  const { claimMemoryDir } = require(process.argv[1]);
  const [mem, root] = [process.argv[2], process.argv[3]];
  process.stdout.write("ready\\n");
  process.stdin.once("data", () => {
    process.stdout.write(JSON.stringify(claimMemoryDir(mem, root)) + "\\n");
    process.exit(0);
  });
`;

function claimer(bundle: string, mem: string, root: string) {
  const child = spawn(process.execPath, ["-e", CHILD, bundle, mem, root], {
    stdio: ["pipe", "pipe", "inherit"],
  });
  let out = "";
  let ready!: () => void;
  const isReady = new Promise<void>((r) => {
    ready = r;
  });
  const result = new Promise<{ collision?: string }>((res) => {
    child.stdout!.on("data", (d) => {
      out += d;
      if (out.startsWith("ready\n")) ready();
      const m = /^ready\n(.+)\n/.exec(out);
      if (m) res(JSON.parse(m[1]!));
    });
  });
  return { child, isReady, result };
}

describe("claimMemoryDir across processes", () => {
  let bundle: ReturnType<typeof bundleForChildren>;
  beforeAll(() => {
    bundle = bundleForChildren("paths/claim.ts");
  });
  afterAll(() => bundle.cleanup());

  it.each([
    ["no claim yet", undefined],
    ["a corrupt claim", "{not json"],
  ])(
    "exactly one project owns the dir; every claimer of the other project is told (%s, 3 rounds)",
    {
      timeout: 180_000,
    },
    async (_name, initial) => {
      for (let round = 0; round < 3; round++) {
        const mem = join(tempDir(), "projects", "-a-b-c", "memory");
        if (initial !== undefined) {
          mkdirSync(mem, { recursive: true });
          writeFileSync(join(mem, ".project.json"), initial);
        }
        const roots = Array.from({ length: 8 }, (_, i) => (i % 2 ? "/a/b_c" : "/a/b-c"));
        const cs = roots.map((r) => claimer(bundle.file, mem, r));
        await Promise.all(cs.map((c) => c.isReady));
        for (const c of cs) c.child.stdin!.write("go\n");
        const results = await Promise.all(cs.map((c) => c.result));
        const owner = (
          JSON.parse(readFileSync(join(mem, ".project.json"), "utf8")) as { originalPath: string }
        ).originalPath;
        expect(["/a/b_c", "/a/b-c"]).toContain(owner);
        results.forEach((r, i) => {
          expect(r).toEqual(roots[i] === owner ? {} : { collision: owner });
        });
      }
    },
  );
});
