/**
 * The read-only project tools: confined to the project root, no secret-bearing files, no symlinks,
 * literal grep within its file and match limits, every returned text scrubbed.
 */
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { createMemorySandbox, GREP_MAX_FILES, GREP_MAX_MATCHES } from "../../src/jobs/sandbox/index.js";
import { tempDir } from "../helpers/tmp.js";
import { TOKEN, toolsOf, treeHash } from "./sandbox-fixture.js";

function project() {
  const parent = tempDir("memdir-sandbox-project-");
  const root = join(parent, "repo");
  const outside = join(parent, "outside");
  const files: Record<string, string | Buffer> = {
    "src/a.ts": `export const x = 1; // needle one\nconst key = "${TOKEN}"; // needle two\n<private>\nneedle inside private\n</private>\nlast needle line\n`,
    "README.md": "# Project\nA needle in the readme.\n",
    ".env": "API=needle\n",
    ".env.local": "API=needle\n",
    "certs/server.pem": "needle\n",
    "certs/server.key": "needle\n",
    "home/id_rsa": "needle\n",
    ".git/config": "needle\n",
    ".memdir/notepad.md": "needle\n",
    "node_modules/dep/index.js": "needle\n",
    "bin.dat": Buffer.from("needle\0\x01\x02binary"),
    "big.txt": `needle\n${"x".repeat(1_100_000)}`,
  };
  for (const [rel, data] of Object.entries(files)) {
    mkdirSync(join(root, rel, ".."), { recursive: true });
    writeFileSync(join(root, rel), data);
  }
  mkdirSync(outside, { recursive: true });
  writeFileSync(join(outside, "leak.ts"), "needle OUTSIDE-CONTENT\n");
  symlinkSync(join(outside, "leak.ts"), join(root, "link.ts"));
  symlinkSync(outside, join(root, "linkdir"));
  const memory = join(parent, "memory");
  mkdirSync(memory);
  const t = toolsOf(createMemorySandbox({ roots: { project: memory }, projectRoot: root }));
  return { parent, root, t };
}

describe("project_read", () => {
  it("reads a text file, scrubbed", async () => {
    const { t } = project();
    const r = await t.project_read!({ path: "src/a.ts" });
    expect(r.isError).toBeUndefined();
    expect(r.content).toContain("needle one");
    expect(r.content).toContain("last needle line");
    expect(r.content).not.toContain(TOKEN);
    expect(r.content).not.toContain("inside private");
    expect((await t.project_read!({ path: "./src/a.ts" })).content).toBe(r.content);
  });

  it("shows a line range", async () => {
    const { t } = project();
    const r = await t.project_read!({ path: "README.md", start_line: 2, line_count: 1 });
    expect(r.content).toBe("[lines 2-2 of 3]\nA needle in the readme.");
  });

  it("lists a directory without protected names", async () => {
    const { t } = project();
    const r = await t.project_read!({ path: "." });
    expect(r.content).toContain("src/");
    expect(r.content).toContain("README.md");
    expect(r.content).toContain("link.ts (symbolic link, not followed)");
    for (const hidden of [".env", ".git", ".memdir"]) expect(r.content).not.toContain(hidden);
  });

  it("refuses escapes, secret files, symlinks, binaries and huge files; nothing changes", async () => {
    const { parent, t } = project();
    const before = treeHash(parent);
    const bad: Array<[string, RegExp]> = [
      ["../outside/leak.ts", /`\.` and `\.\.` segments/],
      ["/etc/passwd", /absolute paths/],
      ["src/../../outside/leak.ts", /`\.` and `\.\.` segments/],
      ["src\\a.ts", /backslashes/],
      ["src/a.ts\0", /NUL/],
      [".env", /may hold secrets/],
      [".env.local", /may hold secrets/],
      ["certs/server.pem", /may hold secrets/],
      ["certs/server.key", /may hold secrets/],
      ["home/id_rsa", /may hold secrets/],
      [".git/config", /may hold secrets/],
      [".git", /may hold secrets/],
      [".memdir/notepad.md", /may hold secrets/],
      ["link.ts", /symbolic links/],
      ["linkdir/leak.ts", /symbolic links/],
      ["bin.dat", /binary/],
      ["big.txt", /too large/],
      ["missing.ts", /No such file/],
    ];
    for (const [path, why] of bad) {
      const r = await t.project_read!({ path });
      expect(r.isError, path).toBe(true);
      expect(r.content, path).toMatch(why);
      expect(r.content).not.toContain("OUTSIDE-CONTENT");
    }
    expect(treeHash(parent)).toEqual(before);
  });
});

describe("project_grep", () => {
  it("finds a literal in text files only, never in protected, linked, binary, huge or vendored files", async () => {
    const { t } = project();
    const r = await t.project_grep!({ pattern: "needle" });
    expect(r.isError).toBeUndefined();
    const lines = r.content.split("\n");
    const hits = lines.filter((l) => /^[^ ]+:\d+: /.test(l)).map((l) => l.slice(0, l.indexOf(":")));
    expect(new Set(hits)).toEqual(new Set(["README.md", "src/a.ts"]));
    expect(r.content).toContain("src/a.ts:1: export const x = 1; // needle one");
    expect(r.content).toContain("src/a.ts:2:");
    expect(r.content).not.toContain(TOKEN);
    expect(r.content).not.toContain("inside private");
    expect(r.content).not.toContain("OUTSIDE-CONTENT");
    expect(r.content).toMatch(/matching lines in 2 files/);
  });

  it("treats the pattern as a literal (no regex, no ReDoS) and can ignore case", async () => {
    const { root, t } = project();
    writeFileSync(join(root, "re.txt"), `${"a".repeat(5000)}!\nliteral (a+)+$ here\nNEEDLE upper\n`);
    const started = Date.now();
    const r = await t.project_grep!({ pattern: "(a+)+$" });
    expect(Date.now() - started).toBeLessThan(2000);
    expect(r.content).toContain("re.txt:2: literal (a+)+$ here");
    expect((await t.project_grep!({ pattern: "NEEDLE", path: "re.txt" })).content).toMatch(/^re.txt:3:/);
    const ci = await t.project_grep!({ pattern: "NEEDLE", ignore_case: true, path: "src" });
    expect(ci.content).toContain("src/a.ts:1:");
    expect((await t.project_grep!({ pattern: "x", path: ".env" })).content).toMatch(/may hold secrets/);
  });

  it(`stops at ${GREP_MAX_MATCHES} matches and after ${GREP_MAX_FILES} files`, async () => {
    const { root, t } = project();
    mkdirSync(join(root, "many"));
    for (let i = 0; i < 260; i++)
      writeFileSync(join(root, "many", `f${String(i).padStart(3, "0")}.txt`), "hay\nneedle\n");
    const capped = await t.project_grep!({ pattern: "needle", path: "many" });
    expect(capped.content.split("\n").filter((l) => l.startsWith("many/"))).toHaveLength(GREP_MAX_MATCHES);
    expect(capped.content).toMatch(/stopped at 50 matching lines/);
    const none = await t.project_grep!({ pattern: "absent", path: "many" });
    expect(none.content).toMatch(
      new RegExp(`No matches for "absent" \\(${GREP_MAX_FILES} files searched\\)`),
    );
    expect(none.content).toMatch(/stopped after 200 files/);
  });
});
