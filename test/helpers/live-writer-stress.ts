/**
 * A live writer during dreams, with real processes: a child process appends a uniquely numbered line
 * to a random topic file or to MEMORY.md every `intervalMs` with plain `appendFileSync` (no memdir
 * lock, like Claude Code's own Write/Edit) while `memdir dream --force` runs through the built bin
 * (dist/memdir.cjs). Each of the `dreams` rounds plants a fresh memory dir of `topics` topic files,
 * half of them exact duplicates (so the dream merges, rewrites MEMORY.md many times and deletes
 * folded files), starts the writer, runs one dream, stops the writer, and checks that every line it
 * appended is in some file of the dir (`.history/` excluded): `lost` lists the ones that are
 * nowhere. The normal suite runs it with 20 dreams; the reliability harness with more.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { BIN } from "./bin.js";

export interface LiveWriterStressOptions {
  /** `memdir dream --force` runs, one after the other. */
  dreams: number;
  /** Topic files planted per dream (pairs of an original and an exact copy). */
  topics: number;
  /** Time between two appends of the live writer (ms). */
  intervalMs: number;
  /** Share of appends that go to MEMORY.md (default 0.25); the rest go to a random topic file. */
  indexShare?: number;
  /** Keep the sandbox dir (every round's memory dir) for inspection (default: removed). */
  keep?: boolean;
}

export interface LostLine {
  marker: string;
  /** The file the line was appended to (relative to the memory dir). */
  file: string;
  /** The dream (1, 2, …) it was appended during. */
  dream: number;
}

export interface LiveWriterStressResult {
  /** Dreams run. */
  dreams: number;
  /** Lines the live writer appended. */
  appended: number;
  /** Appended lines found in no file of the memory dir. */
  lost: LostLine[];
  /** Applied changes over all dreams, by action (replaced, merged, deleted, skipped, …). */
  actions: Record<string, number>;
  /** Wall time (ms). */
  ms: number;
  /** Wall time of each dream (ms). */
  dreamMs: number[];
  /** The sandbox (only when `keep`). */
  dir?: string;
}

/**
 * The live writer: one `appendFileSync` every interval (MEMORY.md or a random topic file), its log
 * of markers beside (not inside) the dir; it stops when the stop file appears or its parent dies.
 */
const APPENDER = `
const fs = require("node:fs"), path = require("node:path");
const [dir, log, stop, interval, share] = process.argv.slice(1);
const parent = process.ppid;
let n = 0;
const tick = () => {
  if (fs.existsSync(stop)) process.exit(0);
  try { process.kill(parent, 0); } catch { process.exit(0); }
  let file = "MEMORY.md";
  if (Math.random() >= Number(share)) {
    const names = fs.readdirSync(dir).filter((f) => f.endsWith(".md") && f !== "MEMORY.md" && !f.startsWith("."));
    if (names.length > 0) file = names[Math.floor(Math.random() * names.length)];
  }
  const marker = "live-" + process.pid + "-" + String(++n).padStart(6, "0") + "-end";
  fs.appendFileSync(path.join(dir, file), "- live note " + marker + "\\n");
  fs.appendFileSync(log, marker + "\\t" + file + "\\n");
  setTimeout(tick, Number(interval));
};
tick();
`;

const TYPES = ["project", "feedback", "reference", "user"] as const;

/** Fact `i`: a sentence only it has (an identifier keeps facts apart: no false merges or contradictions). */
function factText(i: number, name: string): string {
  const id = `unit${String(i).padStart(3, "0")}`;
  const description = `Component ${id} keeps its build cache under cache/${id}`;
  return [
    "---",
    `name: ${name}`,
    `description: ${JSON.stringify(description)}`,
    `type: ${TYPES[i % TYPES.length]}`,
    "metadata:",
    "  updated: 2026-01-05T09:00:00Z",
    "---",
    `Component ${id} keeps its build cache under cache/${id} and clears it before a release.`,
    `**Why:** stale caches of ${id} broke two releases.`,
    "",
  ].join("\n");
}

/** Plants facts 0..pairs-1, each as `fact-<i>.md` and an exact copy `fact-<i>-copy-0.md`, plus MEMORY.md. */
function plant(dir: string, pairs: number): void {
  const index = ["# Memory Index"];
  for (let i = 0; i < pairs; i++) {
    for (const name of [`fact-${i}`, `fact-${i}-copy-0`]) {
      writeFileSync(join(dir, `${name}.md`), factText(i, name));
      index.push(`- [${name}](${name}.md) — component ${i}`);
    }
  }
  writeFileSync(join(dir, "MEMORY.md"), `${index.join("\n")}\n`);
}

/** Every file under `dir` except `.history/`, concatenated. */
function allText(dir: string): string {
  const parts: string[] = [];
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      if (e.name === ".history") continue;
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else if (e.isFile()) parts.push(readFileSync(p, "utf8"));
    }
  };
  walk(dir);
  return parts.join("\n");
}

function sandboxEnv(home: string, memoryDir: string, project: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env))
    if (v !== undefined && !k.startsWith("MEMDIR_") && !k.startsWith("CLAUDE") && !k.startsWith("ANTHROPIC"))
      env[k] = v;
  return {
    ...env,
    HOME: home,
    MEMDIR_HOME: join(home, ".memdir"),
    CLAUDE_CONFIG_DIR: join(home, ".claude"),
    MEMDIR_MEMORY_DIR: memoryDir,
    CLAUDE_PROJECT_DIR: project,
  };
}

const exited = (p: ChildProcess) =>
  new Promise<{ code: number | null; out: string; err: string }>((resolve) => {
    let out = "";
    let err = "";
    p.stdout?.on("data", (d) => (out += d));
    p.stderr?.on("data", (d) => (err += d));
    p.on("close", (code) => resolve({ code, out, err }));
  });

/** Starts the live writer on `dir`; resolves once it has appended its first line. */
async function startAppender(dir: string, log: string, stop: string, o: LiveWriterStressOptions) {
  writeFileSync(log, "");
  const child = spawn(
    process.execPath,
    ["-e", APPENDER, dir, log, stop, String(o.intervalMs), String(o.indexShare ?? 0.25)],
    { stdio: ["ignore", "ignore", "inherit"] },
  );
  const done = exited(child);
  for (let i = 0; i < 400 && readFileSync(log, "utf8") === ""; i++)
    await new Promise((r) => setTimeout(r, 5));
  return async () => {
    writeFileSync(stop, "");
    await done;
    rmSync(stop, { force: true });
    return readFileSync(log, "utf8")
      .split("\n")
      .filter((l) => l !== "");
  };
}

/** One dream through the bin; its applied actions. @throws when it fails or does not run. */
async function dream(env: Record<string, string>, cwd: string, round: number): Promise<{ action: string }[]> {
  const p = spawn(process.execPath, [BIN, "dream", "--force", "--json"], {
    cwd,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const r = await exited(p);
  if (r.code !== 0) throw new Error(`dream ${round} failed (exit ${r.code}): ${r.err.slice(0, 2000)}`);
  const out = JSON.parse(r.out) as { status: string; applied?: { action: string }[] };
  if (out.status !== "done") throw new Error(`dream ${round} did not run: ${r.out.slice(0, 500)}`);
  return out.applied ?? [];
}

/**
 * Runs the stress (see the file comment), dreams one after the other, each on a fresh dir. A dream
 * that fails (exit ≠ 0) throws with its stderr. Resolves with the figures.
 */
export async function runLiveWriterStress(o: LiveWriterStressOptions): Promise<LiveWriterStressResult> {
  const started = Date.now();
  const home = mkdtempSync(join(tmpdir(), "memdir-live-writer-"));
  const project = join(home, "project");
  for (const d of [project, join(home, ".memdir")]) mkdirSync(d, { recursive: true });
  writeFileSync(join(home, ".memdir", "config.json"), JSON.stringify({ harnessLoadsMemoryMd: false }));
  const actions: Record<string, number> = {};
  const lost: LostLine[] = [];
  const dreamMs: number[] = [];
  let appended = 0;
  try {
    for (let d = 1; d <= o.dreams; d++) {
      const memoryDir = join(home, `memory-${d}`);
      mkdirSync(memoryDir);
      plant(memoryDir, Math.floor(o.topics / 2));
      const stop = await startAppender(memoryDir, join(home, `appended-${d}.tsv`), join(home, "stop"), o);
      const t0 = Date.now();
      let applied: { action: string }[];
      try {
        applied = await dream(sandboxEnv(home, memoryDir, project), project, d);
      } finally {
        dreamMs.push(Date.now() - t0);
        const lines = await stop();
        appended += lines.length;
        const text = allText(memoryDir);
        for (const l of lines) {
          const [marker = "", file = ""] = l.split("\t");
          if (!text.includes(marker)) lost.push({ marker, file, dream: d });
        }
      }
      for (const c of applied) actions[c.action] = (actions[c.action] ?? 0) + 1;
      if (!o.keep) rmSync(memoryDir, { recursive: true, force: true });
    }
  } finally {
    if (!o.keep) rmSync(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 });
  }
  return {
    dreams: dreamMs.length,
    appended,
    lost,
    actions,
    ms: Date.now() - started,
    dreamMs,
    ...(o.keep ? { dir: home } : {}),
  };
}
