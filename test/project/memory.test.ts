import { spawn } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { buildSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { toolUse } from "../../src/adapters/claude-code/tools.js";
import { codePointLength } from "../../src/core/index.js";
import {
  addProjectFacts,
  DETECT_TTL_MS,
  learnFromToolUse,
  MAX_FACTS,
  normalizeProjectMemory,
  readProjectMemory,
  summarizeProjectMemory,
  updateProjectMemory,
} from "../../src/project/index.js";
import { tempDir } from "../helpers/tmp.js";

const T0 = Date.UTC(2026, 10, 29, 9, 0, 0);

function elixirProject(): { root: string; file: string } {
  const root = tempDir();
  writeFileSync(join(root, "mix.exs"), 'defp deps, do: [{:phoenix, "~> 1.7"}]');
  return { root, file: join(root, ".memdir", "project-memory.json") };
}

describe("project-memory.json", () => {
  it("is created with detection, and detection refreshes at most once per hour", () => {
    const { root, file } = elixirProject();
    expect(readProjectMemory(file)).toBeUndefined();
    const pm = updateProjectMemory(file, root, T0, () => {});
    expect(pm).toMatchObject({
      version: 1,
      projectRoot: root,
      detectedAtMs: T0,
      detected: { stacks: ["elixir", "phoenix"] },
    });
    expect(readProjectMemory(file)).toEqual(pm);
    writeFileSync(join(root, "Cargo.toml"), "");
    updateProjectMemory(file, root, T0 + DETECT_TTL_MS - 1, () => {});
    expect(readProjectMemory(file)!.detected.stacks).toEqual(["elixir", "phoenix"]);
    updateProjectMemory(file, root, T0 + DETECT_TTL_MS, () => {});
    expect(readProjectMemory(file)!.detected.stacks).toEqual(["rust", "elixir", "phoenix"]);
  });

  it("a re-detection keeps learned fields and unknown keys; fn returning false skips the write", () => {
    const { root, file } = elixirProject();
    updateProjectMemory(file, root, T0, (pm) =>
      learnFromToolUse(
        pm,
        root,
        { ...toolUse("Read", { file_path: join(root, "lib/a.ex") }), success: true },
        T0,
      ),
    );
    const raw = JSON.parse(readFileSync(file, "utf8"));
    raw.userDirectives = [{ directive: "keep me" }];
    writeFileSync(file, JSON.stringify(raw));
    const pm = updateProjectMemory(file, root, T0 + 2 * DETECT_TTL_MS, () => {});
    expect(pm.hotPaths).toEqual([{ path: "lib/a.ex", count: 1, lastSeenMs: T0 }]);
    expect(pm.userDirectives).toEqual([{ directive: "keep me" }]);
    const before = readFileSync(file, "utf8");
    updateProjectMemory(file, root, T0 + 2 * DETECT_TTL_MS + 5, () => false);
    expect(readFileSync(file, "utf8")).toBe(before);
  });

  it("keeps a corrupt file aside before replacing it", () => {
    const { root, file } = elixirProject();
    updateProjectMemory(file, root, T0, () => {});
    writeFileSync(file, '{"hotPaths": [');
    expect(readProjectMemory(file)).toBeUndefined();
    updateProjectMemory(file, root, T0 + 1, () => {});
    expect(readFileSync(`${file}.corrupt`, "utf8")).toBe('{"hotPaths": [');
    expect(readProjectMemory(file)?.detected.stacks).toEqual(["elixir", "phoenix"]);
  });

  it("addProjectFacts dedupes (case, whitespace), scrubs secrets, caps at the newest 50", () => {
    const { root, file } = elixirProject();
    addProjectFacts(file, root, ["Tests need  a running Postgres", "tests need a running postgres", "x"], T0);
    expect(readProjectMemory(file)!.facts).toEqual([
      { text: "tests need a running postgres", addedAtMs: T0 },
    ]);
    addProjectFacts(file, root, ["Deploy with PASSWORD=hunter2 in env"], T0 + 1);
    expect(readProjectMemory(file)!.facts[1]!.text).not.toContain("hunter2");
    addProjectFacts(
      file,
      root,
      Array.from({ length: 60 }, (_, i) => `fact number ${i}`),
      T0 + 2,
    );
    const facts = readProjectMemory(file)!.facts;
    expect(facts).toHaveLength(MAX_FACTS);
    expect(facts.at(-1)!.text).toBe("fact number 59");
    expect(facts[0]!.text).toBe("fact number 10");
  });

  it("concurrent writers in real processes lose nothing (oh-my-claudecode defect H)", async () => {
    const { root, file } = elixirProject();
    const dir = tempDir();
    const bundle = join(dir, "project.cjs");
    buildSync({
      entryPoints: [join(import.meta.dirname, "..", "..", "src", "project", "index.ts")],
      bundle: true,
      platform: "node",
      format: "cjs",
      outfile: bundle,
      logLevel: "silent",
    });
    const code = `const m = require(process.env.BUNDLE); const w = process.env.W; const go = Number(process.env.GO);
      while (Date.now() < go) {}
      for (let i = 0; i < 20; i++) m.updateProjectMemory(process.env.FILE, process.env.ROOT, ${T0} + i, (pm) =>
        m.learnFromToolUse(pm, process.env.ROOT, { kind: "edit", paths: [process.env.ROOT + "/lib/w" + w + ".ex"], success: true }, ${T0} + i));`;
    const go = String(Date.now() + 1500);
    const codes = await Promise.all(
      [0, 1, 2, 3].map(
        (w) =>
          new Promise<number | null>((resolve) =>
            spawn(process.execPath, ["-e", code], {
              env: { ...process.env, BUNDLE: bundle, W: String(w), GO: go, FILE: file, ROOT: root },
              stdio: "inherit",
            }).on("close", resolve),
          ),
      ),
    );
    expect(codes).toEqual([0, 0, 0, 0]);
    const pm = readProjectMemory(file)!;
    expect(pm.hotPaths.map((h) => [h.path, h.count]).sort()).toEqual(
      [0, 1, 2, 3].map((w) => [`lib/w${w}.ex`, 20]),
    );
    expect(existsSync(`${file}.lock`)).toBe(false);
  });
});

describe("summarizeProjectMemory", () => {
  const pm = normalizeProjectMemory(
    {
      detected: {
        stacks: ["elixir", "phoenix"],
        packageManager: "mix",
        commands: { build: "mix compile", test: "mix test" },
        markers: [],
      },
      hotPaths: Array.from({ length: 30 }, (_, i) => ({
        path: `lib/spotter/m${i}.ex`,
        count: 30 - i,
        lastSeenMs: T0,
      })),
      commands: [{ command: "mix test test/x_test.exs", count: 4, lastSeenMs: T0 }],
      facts: [
        { text: "Older fact", addedAtMs: T0 },
        { text: "Newest fact: the dashboard uses LiveView streams 😀", addedAtMs: T0 + 1 },
      ],
    },
    "/p",
  );

  it("lists stack, commands, facts (newest first), commands that worked and hot paths", () => {
    const s = summarizeProjectMemory(pm, 10_000);
    expect(s.split("\n")).toEqual([
      "- Stack: elixir, phoenix (package manager: mix)",
      "- Commands: build `mix compile` · test `mix test`",
      "- Facts:",
      "  - Newest fact: the dashboard uses LiveView streams 😀",
      "  - Older fact",
      "- Commands that worked: `mix test test/x_test.exs` (4×)",
      expect.stringMatching(
        /^- Hot paths: lib\/spotter\/m0\.ex \(30\), lib\/spotter\/m1\.ex \(29\), .*m9\.ex \(21\)$/,
      ),
    ]);
  });

  it("fits any budget by code points, dropping lower-priority lines first", () => {
    const full = summarizeProjectMemory(pm, 10_000);
    for (let max = 0; max <= codePointLength(full) + 2; max++) {
      const s = summarizeProjectMemory(pm, max);
      expect(codePointLength(s), `max ${max}`).toBeLessThanOrEqual(max);
      expect(s).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/); // no half emoji
      if (s) expect(full.startsWith(s.replace(/…$/, ""))).toBe(true);
      expect(s.endsWith("- Facts:")).toBe(false);
    }
    expect(summarizeProjectMemory(pm, codePointLength(full))).toBe(full);
    expect(summarizeProjectMemory(pm, 60)).toBe("- Stack: elixir, phoenix (package manager: mix)");
    expect(summarizeProjectMemory(normalizeProjectMemory({}, "/p"), 1000)).toBe("");
  });
});
