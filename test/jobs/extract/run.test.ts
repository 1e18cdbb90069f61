/**
 * runExtraction and its cursor: durable writes before the cursor moves, idempotent re-runs after a
 * crash between apply and the cursor write, never past a partial last line, restarts on a new or
 * replaced transcript.
 */
import { spawn } from "node:child_process";
import { appendFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { readClaudeTranscript } from "../../../src/adapters/claude-code/transcript.js";
import { runExtraction } from "../../../src/jobs/extract/index.js";
import { sessionStatePaths } from "../../../src/paths/index.js";
import { readCursor } from "../../../src/sessions/index.js";
import { EXAMPLE_SESSION as EXAMPLE, EXAMPLE_SESSION_ID as SESSION } from "../../helpers/example.js";
import { tempDir } from "../../helpers/tmp.js";

const NOW = Date.UTC(2026, 2, 2, 12, 0, 0);

function setup() {
  const root = tempDir("memdir-extract-run-");
  const stateRoot = join(root, "project", ".memdir");
  const target = {
    memoryDir: join(root, "memory"),
    userMemoryDir: join(root, "user-memory"),
    projectMemoryFile: join(stateRoot, "project-memory.json"),
    projectRoot: join(root, "project"),
  };
  const transcript = join(root, "session.jsonl");
  return { root, stateRoot, target, transcript };
}

/** Every file under the memory dirs and the project memory, path → content. */
function snapshot(s: ReturnType<typeof setup>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const dir of [s.target.memoryDir, s.target.userMemoryDir]) {
    for (const f of readdirSync(dir))
      if (!f.startsWith(".")) out[join(dir, f)] = readFileSync(join(dir, f), "utf8");
  }
  out[s.target.projectMemoryFile] = readFileSync(s.target.projectMemoryFile, "utf8");
  return out;
}

describe("runExtraction", () => {
  it("moves the cursor to the end after writing, and a second run reads nothing new", async () => {
    const s = setup();
    writeFileSync(s.transcript, readFileSync(EXAMPLE));
    const size = readFileSync(s.transcript).length;
    const first = await runExtraction({
      sessionId: SESSION,
      transcriptPath: s.transcript,
      read: readClaudeTranscript,
      stateRoot: s.stateRoot,
      target: s.target,
      nowMs: NOW,
    });
    expect(first.cursor).toEqual({ from: 0, to: size });
    expect(first.plan!.memories).toHaveLength(5);
    expect(readCursor(s.stateRoot, SESSION)).toEqual({
      transcriptPath: s.transcript,
      offset: size,
      turns: 12,
    });

    const second = await runExtraction({
      sessionId: SESSION,
      transcriptPath: s.transcript,
      read: readClaudeTranscript,
      stateRoot: s.stateRoot,
      target: s.target,
      nowMs: NOW + 60_000,
    });
    expect(second.cursor).toEqual({ from: size, to: size });
    expect(second.skipped).toBe("nothing_new");
    expect(second.plan).toBeUndefined();
    expect(second.result).toBeUndefined();
  });

  it("re-runs idempotently after a crash between apply and the cursor write", async () => {
    const s = setup();
    writeFileSync(s.transcript, readFileSync(EXAMPLE));
    // A directory where the cursor file goes makes the cursor write fail after apply succeeded.
    const cursorFile = sessionStatePaths(s.stateRoot, SESSION).write("extraction-cursor");
    mkdirSync(join(cursorFile, "blocker"), { recursive: true });
    const opts = {
      sessionId: SESSION,
      transcriptPath: s.transcript,
      read: readClaudeTranscript,
      stateRoot: s.stateRoot,
      target: s.target,
      nowMs: NOW,
    };
    await expect(runExtraction(opts)).rejects.toThrow();
    const afterCrash = snapshot(s);
    expect(Object.keys(afterCrash).filter((p) => p.endsWith(".md") && !p.endsWith("MEMORY.md"))).toHaveLength(
      5,
    );
    expect(readCursor(s.stateRoot, SESSION).offset).toBe(0);

    rmSync(cursorFile, { recursive: true });
    const again = await runExtraction({ ...opts, nowMs: NOW + 3_600_000 });
    expect(again.cursor.from).toBe(0);
    expect(again.result!.written.map((w) => w.action)).toEqual(Array(5).fill("unchanged"));
    const afterRerun = snapshot(s);
    for (const [path, text] of Object.entries(afterCrash)) {
      if (path === s.target.projectMemoryFile) continue; // facts are re-stamped, not duplicated
      expect(afterRerun[path], path).toBe(text);
    }
    expect(Object.keys(afterRerun).sort()).toEqual(Object.keys(afterCrash).sort());
    const facts = (JSON.parse(afterRerun[s.target.projectMemoryFile]!) as { facts: { text: string }[] })
      .facts;
    expect(facts.map((f) => f.text).sort()).toEqual(["CI runs on GitHub Actions", "We target Node 20"]);
    expect(readCursor(s.stateRoot, SESSION).offset).toBe(readFileSync(s.transcript).length);
  });

  it("never moves past a partial last line, and resumes there when the line completes", async () => {
    const s = setup();
    const full = readFileSync(EXAMPLE);
    const cut = full.indexOf("grafana.example.com/d/api-latency");
    expect(cut).toBeGreaterThan(0);
    const lineStart = full.lastIndexOf(10, cut) + 1;
    writeFileSync(s.transcript, full.subarray(0, cut)); // the Grafana prompt line is half written
    const opts = {
      sessionId: SESSION,
      transcriptPath: s.transcript,
      read: readClaudeTranscript,
      stateRoot: s.stateRoot,
      target: s.target,
      nowMs: NOW,
    };

    const first = await runExtraction(opts);
    expect(first.cursor).toEqual({ from: 0, to: lineStart });
    expect(first.plan!.memories.map((m) => m.type).sort()).toEqual(["feedback", "feedback", "user"]);
    expect(readCursor(s.stateRoot, SESSION).offset).toBe(lineStart);

    appendFileSync(s.transcript, full.subarray(cut));
    const second = await runExtraction({ ...opts, nowMs: NOW + 1000 });
    expect(second.cursor).toEqual({ from: lineStart, to: full.length });
    expect(second.plan!.memories.map((m) => m.type).sort()).toEqual(["feedback", "reference"]);
    expect(second.plan!.projectFacts).toEqual(["CI runs on GitHub Actions", "We target Node 20"]);
    expect(second.result!.written.every((w) => w.action === "created")).toBe(true);
    expect(readCursor(s.stateRoot, SESSION)).toEqual({
      transcriptPath: s.transcript,
      offset: full.length,
      turns: 12,
    });
  });

  it("starts over for another transcript path and for a transcript replaced by a shorter one", async () => {
    const s = setup();
    writeFileSync(s.transcript, readFileSync(EXAMPLE));
    const opts = {
      sessionId: SESSION,
      transcriptPath: s.transcript,
      read: readClaudeTranscript,
      stateRoot: s.stateRoot,
      target: s.target,
      nowMs: NOW,
    };
    await runExtraction(opts);

    const other = join(s.root, "forked.jsonl");
    writeFileSync(other, readFileSync(EXAMPLE));
    const forked = await runExtraction({ ...opts, transcriptPath: other });
    expect(forked.cursor.from).toBe(0);
    expect(forked.result!.written.map((w) => w.action)).toEqual(Array(5).fill("unchanged"));
    expect(readCursor(s.stateRoot, SESSION).transcriptPath).toBe(other);

    const lines = readFileSync(EXAMPLE, "utf8").split("\n");
    const upToPnpm = lines.findIndex((l) => l.includes("always use pnpm here")) + 1;
    const shorter = `${lines.slice(0, upToPnpm).join("\n")}\n`;
    writeFileSync(other, shorter);
    const replaced = await runExtraction({ ...opts, transcriptPath: other });
    expect(replaced.cursor.from).toBe(0);
    expect(replaced.plan!.memories.map((m) => m.type)).toEqual(["feedback"]);
    expect(replaced.result!.written.map((w) => w.action)).toEqual(["unchanged"]);
  });

  it("honours an explicit fromOffset without moving the stored cursor backwards", async () => {
    const s = setup();
    writeFileSync(s.transcript, readFileSync(EXAMPLE));
    const size = readFileSync(s.transcript).length;
    const opts = {
      sessionId: SESSION,
      transcriptPath: s.transcript,
      read: readClaudeTranscript,
      stateRoot: s.stateRoot,
      target: s.target,
      nowMs: NOW,
    };
    await runExtraction(opts);
    const replay = await runExtraction({ ...opts, fromOffset: 0 });
    expect(replay.cursor).toEqual({ from: 0, to: size });
    expect(replay.plan!.memories).toHaveLength(5);
    expect(replay.result!.written.every((w) => w.action === "unchanged")).toBe(true);
  });

  it("concurrent runs of one session in separate processes leave one file per memory", async () => {
    const s = setup();
    writeFileSync(s.transcript, readFileSync(EXAMPLE));
    const entry = join(s.root, "entry.ts");
    const src = join(import.meta.dirname, "..", "..", "..", "src", "jobs", "extract", "index.ts");
    const reader = join(
      import.meta.dirname,
      "..",
      "..",
      "..",
      "src",
      "adapters",
      "claude-code",
      "transcript.ts",
    );
    writeFileSync(
      entry,
      `import { runExtraction } from ${JSON.stringify(src)};\n` +
        `import { readClaudeTranscript } from ${JSON.stringify(reader)};\n` +
        `runExtraction({ ...JSON.parse(process.argv[2]), read: readClaudeTranscript }).then((r) =>\n` +
        `  process.stdout.write(JSON.stringify(r.result.written.map((w) => w.action))));\n`,
    );
    const bundle = join(s.root, "entry.cjs");
    await build({
      entryPoints: [entry],
      bundle: true,
      platform: "node",
      format: "cjs",
      outfile: bundle,
      logLevel: "error",
    });
    const opts = JSON.stringify({
      sessionId: SESSION,
      transcriptPath: s.transcript,
      stateRoot: s.stateRoot,
      target: s.target,
      nowMs: NOW,
    });
    const runs = await Promise.all(
      [1, 2, 3, 4].map(
        () =>
          new Promise<string[]>((resolve, reject) => {
            const child = spawn(process.execPath, [bundle, opts], { stdio: ["ignore", "pipe", "pipe"] });
            let out = "";
            let err = "";
            child.stdout.on("data", (d) => {
              out += d;
            });
            child.stderr.on("data", (d) => {
              err += d;
            });
            child.on("close", (code) =>
              code === 0 ? resolve(JSON.parse(out) as string[]) : reject(new Error(err)),
            );
          }),
      ),
    );
    expect(runs.flat().filter((a) => a === "created")).toHaveLength(5);
    const files = snapshot(s);
    const topics = Object.keys(files).filter((p) => p.endsWith(".md") && !p.endsWith("MEMORY.md"));
    expect(topics).toHaveLength(5);
    const index = files[join(s.target.memoryDir, "MEMORY.md")]!;
    expect(index.split("\n").filter((l) => l.startsWith("- ["))).toHaveLength(4);
    expect(readCursor(s.stateRoot, SESSION).offset).toBe(readFileSync(s.transcript).length);
  });
});
