/**
 * `memdir backfill` (issue 3 point 6) over every real transcript of ../shared/data: every session
 * indexed, a second run does no work, a run killed with SIGKILL (a real child process) and rerun
 * gives exactly the documents of one clean run, a bad file never stops the rest, the
 * cleanupPeriodDays warning reads the user settings only.
 */
import { spawn } from "node:child_process";
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import Database from "better-sqlite3";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { transcriptRetention } from "../../../src/adapters/claude-code/retention.js";
import { type BackfillReport, runBackfill } from "../../../src/app/commands/backfill.js";
import { projectContext } from "../../../src/app/context.js";
import { ingestSessionTranscript } from "../../../src/app/jobs/ingest-session.js";
import type { Runtime } from "../../../src/app/runtime.js";
import { formatBackfillReport, retentionWarning } from "../../../src/cli/format/backfill.js";
import { findTranscripts } from "../../../src/search/transcripts/index.js";
import { bundleForChildren, NODE_MODULES } from "../../helpers/bundle.js";
import { TRANSCRIPTS_DIR, tempDir } from "../../helpers/tmp.js";

const ALL = findTranscripts(TRANSCRIPTS_DIR).files;

function home() {
  const dir = tempDir("memdir-backfill-");
  const project = join(dir, "project");
  mkdirSync(project, { recursive: true });
  const env = {
    HOME: dir,
    MEMDIR_HOME: join(dir, ".memdir"),
    CLAUDE_CONFIG_DIR: join(dir, ".claude"),
    MEMDIR_MEMORY_DIR: join(dir, "memory"),
    MEMDIR_NO_JOBS: "1",
  };
  let now = Date.parse("2026-11-29T10:00:00Z");
  const rt: Runtime = {
    env,
    cwd: project,
    now: () => (now += 7),
    pid: 4242,
    ownerPid: process.pid,
    isAlive: () => true,
    spawnJob: async () => {},
  };
  const ctx = projectContext(rt, project);
  return { dir, project, env, rt, ctx, indexFile: ctx.paths.indexFile };
}

interface Snapshot {
  docs: { key: string; grp: string }[];
  files: unknown[];
  fts: number;
}

/** Every document and file row, without row ids and clocks: what "the same index" means. */
function snapshot(indexFile: string): Snapshot {
  if (!existsSync(indexFile)) return { docs: [], files: [], fts: 0 };
  const db = new Database(indexFile, { readonly: true });
  try {
    // A process killed while creating the schema leaves a database without tables.
    if (!db.prepare("SELECT 1 FROM sqlite_master WHERE name = 'docs'").get())
      return { docs: [], files: [], fts: 0 };
    const docs = db
      .prepare(
        "SELECT file, key, source, scope, project, type, name, description, body, grp, updated_ms, meta FROM docs ORDER BY key",
      )
      .all() as Snapshot["docs"];
    const files = db
      .prepare("SELECT path, project, size, mtime_ms, hash, offset FROM files ORDER BY path")
      .all();
    const fts = db.prepare("SELECT count(*) FROM fts").pluck().get() as number;
    return { docs, files, fts };
  } finally {
    db.close();
  }
}

function distinctSessions(files: string[]): Set<string> {
  const ids = new Set<string>();
  for (const f of files) {
    for (const m of readFileSync(f, "utf8").matchAll(/"sessionId":"([^"]+)"/g)) ids.add(m[1]!);
  }
  return ids;
}

let clean: { report: BackfillReport; snap: Snapshot };

beforeAll(async () => {
  const h = home();
  const report = await runBackfill(h.ctx, { from: TRANSCRIPTS_DIR });
  clean = { report, snap: snapshot(h.indexFile) };
  rmSync(h.dir, { recursive: true, force: true });
});

describe("runBackfill over the shared transcripts", () => {
  it("indexes every session; a second run does no work", async () => {
    const { report, snap } = clean;
    const sessions = distinctSessions(ALL);
    expect(report.filesScanned).toBe(ALL.length);
    expect(report.errors).toEqual([]);
    expect(report.sessions).toBe(sessions.size);
    expect(new Set(snap.docs.map((d) => d.grp))).toEqual(sessions);
    expect(report.turnsAdded).toBe(snap.docs.length);
    expect(report.filesWithNewData).toBe(ALL.length);
    expect(report.bytesRead).toBe(ALL.reduce((n, f) => n + readFileSync(f).length, 0));
    expect(snap.fts).toBe(snap.docs.length);

    const h = home();
    await runBackfill(h.ctx, { from: TRANSCRIPTS_DIR });
    const again = await runBackfill(h.ctx, { from: TRANSCRIPTS_DIR });
    expect([again.turnsAdded, again.turnsUpdated, again.bytesRead, again.filesWithNewData]).toEqual([
      0, 0, 0, 0,
    ]);
    expect(again.sessions).toBe(sessions.size);
    expect(snapshot(h.indexFile)).toEqual(snap);
    const text = formatBackfillReport(again);
    expect(text).toContain(`${ALL.length} files scanned, 0 with new data, 0 turns added`);
  });

  it("draws a one-line progress bar on a TTY sink and clears it", async () => {
    const h = home();
    const writes: string[] = [];
    const r = await runBackfill(h.ctx, {
      from: TRANSCRIPTS_DIR,
      progress: { write: (s) => writes.push(s), columns: 200 },
    });
    expect(writes.length).toBe(ALL.length + 2);
    expect(writes.every((w) => w.startsWith("\r") && !w.includes("\n"))).toBe(true);
    expect(writes.at(-2)).toContain(`${ALL.length}/${ALL.length} files · ${r.turnsAdded} turns`);
    expect(writes.at(-1)).toBe("\r\x1b[K");
  });

  it("reads ~/.claude/projects by default; a file that vanishes mid-run is reported and the rest indexed", async () => {
    const h = home();
    const projects = join(h.env.CLAUDE_CONFIG_DIR, "projects");
    const names = ["short.jsonl", "tool_heavy.jsonl", "subagent.jsonl"];
    for (const [i, n] of names.entries()) {
      mkdirSync(join(projects, `-proj-${i}`), { recursive: true });
      copyFileSync(join(TRANSCRIPTS_DIR, n), join(projects, `-proj-${i}`, n));
    }
    const doomed = join(projects, "-proj-1", "tool_heavy.jsonl");
    const r = await runBackfill(h.ctx, {
      onFile: (_f, done) => {
        if (done === 1) unlinkSync(doomed);
      },
    });
    expect(r.from).toBe("Claude Code, Codex CLI, Gemini CLI");
    expect(r.filesScanned).toBe(3);
    expect(r.errors.map((e) => e.path)).toEqual([doomed]);
    expect(r.errors[0]!.message).toMatch(/cannot read the transcript/);
    expect(r.sessions).toBe(2);
    expect(formatBackfillReport(r)).toMatch(/1 errors[\s\S]*error: .*tool_heavy\.jsonl/);
    const log = readFileSync(join(h.env.MEMDIR_HOME, "logs", "memdir.log"), "utf8");
    expect(log).toContain("not indexed");
  });

  it("a missing --from directory is a clear error; harnesses without transcripts are no error", async () => {
    const h = home();
    await expect(runBackfill(h.ctx, { from: join(h.dir, "nope") })).rejects.toMatchObject({
      code: "NOT_FOUND",
    });
    expect(await runBackfill(h.ctx)).toMatchObject({ filesScanned: 0, errors: [] });
  });
});

describe("a Gemini CLI resume stub", () => {
  it("is searched under the file holding the conversation: the live session and backfill give each turn once", async () => {
    const h = home();
    const chats = join(h.dir, "chats");
    mkdirSync(chats);
    const src = join(import.meta.dirname, "..", "..", "fixtures", "transcripts", "gemini");
    const [original, stub] = [
      "session-2026-12-02T01-13-42db398d.jsonl",
      "session-2026-12-02T01-14-42db398d.jsonl",
    ];
    for (const f of [original, stub]) copyFileSync(join(src, f), join(chats, f));
    // The resumed session's hooks name the stub; the extraction job ingests it live.
    await ingestSessionTranscript(h.ctx, join(chats, stub!), "gemini");
    const live = snapshot(h.indexFile).docs.map((d) => d.key);
    expect(live.length).toBeGreaterThan(0);
    expect(live.every((k) => k.startsWith(join(chats, original!)))).toBe(true);
    await runBackfill(h.ctx, { from: chats });
    expect(snapshot(h.indexFile).docs.map((d) => d.key)).toEqual(live);
  });
});

describe("cleanupPeriodDays", () => {
  it("the backfill report warns for Claude Code only (Codex and Gemini keep their transcripts)", async () => {
    const h = home();
    expect((await runBackfill(h.ctx, { harness: "codex" })).retention).toEqual([]);
    expect((await runBackfill(h.ctx, { harness: "gemini" })).retention).toEqual([]);
    expect((await runBackfill(h.ctx, { harness: "claude-code" })).retention).toMatchObject([
      { harness: "Claude Code", days: 30, setting: "cleanupPeriodDays" },
    ]);
  });

  it("30 by default; the user settings value when set; project settings are never read", () => {
    const h = home();
    expect(transcriptRetention(h.env)).toMatchObject({ days: 30, source: "default" });
    mkdirSync(join(h.project, ".claude"), { recursive: true });
    writeFileSync(join(h.project, ".claude", "settings.json"), JSON.stringify({ cleanupPeriodDays: 99 }));
    expect(transcriptRetention(h.env).days).toBe(30);
    mkdirSync(h.env.CLAUDE_CONFIG_DIR, { recursive: true });
    writeFileSync(
      join(h.env.CLAUDE_CONFIG_DIR, "settings.json"),
      `\uFEFF${JSON.stringify({ cleanupPeriodDays: 7 })}`,
    );
    const c = transcriptRetention(h.env);
    expect(c).toMatchObject({ days: 7, source: "settings" });
    expect(retentionWarning({ harness: "Claude Code", ...c })).toMatch(/older than 7 days/);
    writeFileSync(join(h.env.CLAUDE_CONFIG_DIR, "settings.json"), '{"cleanupPeriodDays": "soon"}');
    expect(transcriptRetention(h.env).days).toBe(30);
    expect(retentionWarning({ harness: "Claude Code", ...transcriptRetention(h.env) })).toMatch(
      /older than 30 days \(cleanupPeriodDays, default\)/,
    );
  });
});

describe("child processes", () => {
  let built: ReturnType<typeof bundleForChildren>;
  let child: string;
  beforeAll(() => {
    built = bundleForChildren("../test/app/commands/backfill-child.ts");
    child = built.file;
  });
  afterAll(() => built.cleanup());

  /**
   * Runs the child in app mode and SIGKILLs it as soon as `kill.afterLine(line, lines)` says so, or
   * as soon as the search database (polled read-only every 2 ms, WAL readers never block the writer) holds at
   * least `kill.atDocs` documents.
   */
  function runUntilKilled(
    h: ReturnType<typeof home>,
    from: string,
    batch: number,
    kill: { afterLine?: (line: string, lines: string[]) => boolean; atDocs?: number },
  ): Promise<{ lines: string[]; signal: NodeJS.Signals | null }> {
    return new Promise((done) => {
      const p = spawn(process.execPath, [child, "app", from, String(batch)], {
        cwd: h.project,
        env: { ...h.env, PATH: process.env.PATH, NODE_PATH: NODE_MODULES },
        stdio: ["ignore", "pipe", "pipe"],
      });
      const lines: string[] = [];
      let buf = "";
      p.stdout.on("data", (d) => {
        buf += d;
        let nl = buf.indexOf("\n");
        while (nl >= 0) {
          lines.push(buf.slice(0, nl));
          buf = buf.slice(nl + 1);
          if (kill.afterLine?.(lines.at(-1)!, lines)) p.kill("SIGKILL");
          nl = buf.indexOf("\n");
        }
      });
      let reader: Database.Database | undefined;
      const poll =
        kill.atDocs === undefined
          ? undefined
          : setInterval(() => {
              try {
                reader ??= new Database(h.indexFile, { readonly: true, fileMustExist: true });
                const n = reader.prepare("SELECT count(*) FROM docs").pluck().get() as number;
                if (n >= (kill.atDocs as number)) p.kill("SIGKILL");
              } catch {
                // not created yet, or the schema is being written
              }
            }, 2);
      p.on("close", (_code, signal) => {
        if (poll) clearInterval(poll);
        reader?.close();
        done({ lines, signal });
      });
    });
  }

  // Each kill lands while the next file (one of the 2.7-3.2 MB sessions) is being read.
  for (const k of [1, 3, 6]) {
    it(`killed with SIGKILL after ${k} file(s), a rerun gives exactly the documents of one clean run`, async () => {
      const h = home();
      const r = await runUntilKilled(h, TRANSCRIPTS_DIR, 64, {
        afterLine: (_l, lines) => lines.filter((l) => l.startsWith("file ")).length === k,
      });
      expect(r, JSON.stringify(r)).toMatchObject({ signal: "SIGKILL" });
      expect(r.lines.some((l) => l.startsWith("done "))).toBe(false);
      const partial = snapshot(h.indexFile);
      expect(partial.docs.length).toBeLessThan(clean.snap.docs.length);
      const rerun = await runBackfill(h.ctx, { from: TRANSCRIPTS_DIR });
      expect(rerun.errors).toEqual([]);
      expect(rerun.turnsAdded).toBe(clean.snap.docs.length - partial.docs.length);
      expect(snapshot(h.indexFile)).toEqual(clean.snap);
    });
  }

  it("a transcript of 2,000 turns killed mid-file (one turn per transaction) resumes without duplicates", async () => {
    // Real entry shapes: the prompt and answer lines of short.jsonl, repeated with fresh ids.
    const lines = readFileSync(join(TRANSCRIPTS_DIR, "short.jsonl"), "utf8").split("\n").filter(Boolean);
    const user = JSON.parse(lines.find((l) => l.includes('"content":"mix phx.server'))!) as Record<
      string,
      unknown
    >;
    const asst = JSON.parse(
      lines.find((l) => l.includes('"type":"assistant"') && l.includes('"type":"text","text":"Let me'))!,
    ) as { message: Record<string, unknown> } & Record<string, unknown>;
    const from = join(tempDir(), "projects");
    mkdirSync(from);
    const N = 2000;
    const out: string[] = [];
    for (let i = 0; i < N; i++) {
      const t = new Date(Date.parse("2026-02-10T00:00:00Z") + i * 60_000).toISOString();
      out.push(
        JSON.stringify({
          ...user,
          uuid: `u-${i}`,
          timestamp: t,
          message: { role: "user", content: `question ${i} about kestrel${i}` },
        }),
      );
      out.push(
        JSON.stringify({
          ...asst,
          uuid: `a-${i}`,
          timestamp: t,
          message: {
            ...asst.message,
            id: `msg_${i}`,
            content: [{ type: "text", text: `answer ${i} mentions falcon${i}` }],
          },
        }),
      );
    }
    writeFileSync(join(from, "many.jsonl"), `${out.join("\n")}\n`);
    const ref = home();
    await runBackfill(ref.ctx, { from });
    const want = snapshot(ref.indexFile);
    expect(want.docs).toHaveLength(N);

    const h = home();
    // Killed three times in the middle of the file's 2,000 transactions, each run resuming the last.
    let before = 0;
    for (const atDocs of [300, 900, 1500]) {
      const r = await runUntilKilled(h, from, 1, { atDocs });
      expect(r.signal).toBe("SIGKILL");
      const partial = snapshot(h.indexFile);
      expect(partial.docs.length).toBeGreaterThanOrEqual(Math.max(before, 1));
      expect(partial.docs.length).toBeLessThan(N);
      // What was committed is a prefix of the clean result: no duplicate, no gap.
      expect(partial.docs).toEqual(want.docs.filter((d) => partial.docs.some((p) => p.key === d.key)));
      before = partial.docs.length;
    }
    const rerun = await runBackfill(h.ctx, { from });
    expect(rerun.errors).toEqual([]);
    expect(snapshot(h.indexFile)).toEqual(want);
  });

  it("two backfills at once over one index end with exactly the documents of one clean run", async () => {
    const h = home();
    const [a, b] = await Promise.all([
      runUntilKilled(h, TRANSCRIPTS_DIR, 1, {}),
      runUntilKilled(h, TRANSCRIPTS_DIR, 1, {}),
    ]);
    for (const r of [a, b]) expect(r.lines.at(-1)).toMatch(/^done /);
    const reports = [a, b].map((r) => JSON.parse(r.lines.at(-1)!.slice(5)) as BackfillReport);
    expect(reports.flatMap((r) => r.errors)).toEqual([]);
    expect(snapshot(h.indexFile)).toEqual(clean.snap);
  });

  it("the registered `backfill` command prints the summary, the warning, and --json", async () => {
    const h = home();
    mkdirSync(h.env.CLAUDE_CONFIG_DIR, { recursive: true });
    writeFileSync(join(h.env.CLAUDE_CONFIG_DIR, "settings.json"), JSON.stringify({ cleanupPeriodDays: 14 }));
    const cli = (...args: string[]) =>
      new Promise<{ code: number | null; out: string; err: string }>((done) => {
        const p = spawn(process.execPath, [child, "cli", "backfill", ...args], {
          cwd: h.project,
          env: { ...h.env, PATH: process.env.PATH, NODE_PATH: NODE_MODULES },
          stdio: ["ignore", "pipe", "pipe"],
        });
        let out = "";
        let err = "";
        p.stdout.on("data", (d) => (out += d));
        p.stderr.on("data", (d) => (err += d));
        p.on("close", (code) => done({ code, out, err }));
      });
    const a = await cli("--from", TRANSCRIPTS_DIR);
    expect(a.code, a.err).toBe(0);
    expect(a.out).toContain(
      `${ALL.length} files scanned, ${ALL.length} with new data, ${clean.report.turnsAdded} turns added`,
    );
    expect(a.err).toMatch(/warning: Claude Code deletes transcripts older than 14 days/);
    expect(a.err).not.toContain("\r"); // stderr is a pipe here: no progress bar
    const b = await cli("--from", TRANSCRIPTS_DIR, "--json");
    expect(JSON.parse(b.out)).toMatchObject({ filesScanned: ALL.length, turnsAdded: 0, bytesRead: 0 });
    const c = await cli("--from", join(h.dir, "nowhere"));
    expect(c.code).not.toBe(0);
    expect(c.err).toMatch(/cannot list the transcript directory/);
  });
});
