/**
 * The "memdir" engine of the LoCoMo bench: the user-facing path end to end. Each conversation gets
 * its own temp home (HOME, MEMDIR_HOME, MEMDIR_MEMORY_DIR, a project dir as the cwd). Every turn is
 * one project memory in the shape the store writes for a memory given without a description or a
 * name (`upsertMemory`): description = the first line cut to 120 code points, file name =
 * `project-<slug of the description>` cut at a word to 48 characters (`-2`, … on a clash),
 * body = the turn, `metadata.originSessionId` = the LoCoMo session, `metadata.sources` = [dia_id],
 * `metadata.updated` = the session's date; MEMORY.md is rebuilt by the store. The store's
 * near-duplicate merge is not applied (it would fold short chat turns such as "Thanks, Mel!" into
 * one file, which a user's extracted memories are not).
 * A question is asked through `runSearch`, the function behind `memdir search --json --limit 10`
 * (sync of the memory dir, then the query with the project filter and the runtime's clock).
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runSearch } from "../../src/app/commands/search.js";
import { type AppContext, projectContext } from "../../src/app/context.js";
import type { Runtime } from "../../src/app/runtime.js";
import { squashWhitespace, truncateCodePoints } from "../../src/core/text.js";
import { safeSlug } from "../../src/privacy/index.js";
import { rebuildIndex, serializeTopic } from "../../src/store/index.js";

/** One memory as the bench stores it. `source` is what a hit reports (a LoCoMo dia_id). */
export interface BenchMemory {
  source: string;
  body: string;
  /** The memory's origin session (LoCoMo: the session number). */
  group: string;
  /** Position within the group (LoCoMo: the turn's index in its session). */
  seq: number;
  updatedMs: number;
}

export interface Store {
  home: string;
  ctx: AppContext;
}

/**
 * A runtime rooted at `home` whose clock is `now()` of the caller (jobs are never spawned). The
 * same env the CLI would see with `HOME`, `MEMDIR_HOME` and `MEMDIR_MEMORY_DIR` set.
 */
export function benchRuntime(home: string, clock: () => number): Runtime {
  return {
    env: {
      HOME: home,
      MEMDIR_HOME: join(home, ".memdir"),
      MEMDIR_MEMORY_DIR: join(home, "memory"),
      CLAUDE_CONFIG_DIR: join(home, ".claude"),
      MEMDIR_NO_JOBS: "1",
    },
    cwd: join(home, "project"),
    now: clock,
    pid: process.pid,
    ownerPid: process.pid,
    isAlive: () => true,
    managedSettingsDir: join(home, "managed-settings"),
    spawnJob: async () => {},
  };
}

/** The store's name for a memory of type project with this description and no name. */
function storeName(description: string): string {
  let base = safeSlug(`project-${description}`, 200);
  if (base.length > 48) {
    const cut = base.slice(0, 49);
    base = cut.slice(0, Math.max(cut.lastIndexOf("-"), "project".length + 2)).replace(/-+$/, "");
  }
  return base === "" || base === "project" ? "project-memory" : base;
}

function uniqueName(base: string, taken: Set<string>): string {
  let name = base;
  for (let i = 2; taken.has(name); i++) name = `${base}-${i}`;
  taken.add(name);
  return name;
}

/** A fresh temp home: project dir, memory dir, `~/.memdir/config.json`. */
export function makeHome(): string {
  const home = mkdtempSync(join(tmpdir(), "memdir-locomo-"));
  mkdirSync(join(home, "project"));
  mkdirSync(join(home, "memory"));
  mkdirSync(join(home, ".memdir"));
  writeFileSync(join(home, ".memdir", "config.json"), JSON.stringify({ harnessLoadsMemoryMd: false }));
  return home;
}

/**
 * Stores the memories through the store's writer, in order, each at its own date, and returns the
 * store whose search clock is `nowMs` (recency). The search database is built by the first query.
 */
export function buildStore(memories: BenchMemory[], nowMs: number): Store {
  const home = makeHome();
  const memoryDir = join(home, "memory");
  const taken = new Set<string>();
  for (const m of memories) {
    const description = truncateCodePoints(squashWhitespace(m.body.split("\n")[0] ?? ""), 120);
    const name = uniqueName(storeName(description), taken);
    const path = join(memoryDir, `${name}.md`);
    const metadata = {
      originSessionId: `locomo-session-${m.group}`,
      sources: [m.source],
      updated: new Date(m.updatedMs).toISOString().replace(/\.\d{3}Z$/, "Z"),
    };
    const topic = { name, description, type: "project" as const, body: m.body, metadata, extra: {} };
    writeFileSync(path, serializeTopic({ ...topic, form: "top-level-type", path, mtimeMs: m.updatedMs }));
  }
  rebuildIndex(memoryDir);
  const rt = benchRuntime(home, () => nowMs);
  return { home, ctx: projectContext(rt, rt.cwd) };
}

/** The sources of the top-`k` hits of `memdir search --limit k` for `text`, best first (a merged file gives several). */
export async function query(store: Store, text: string, k: number): Promise<string[]> {
  const r = await runSearch(store.ctx, text, { limit: k });
  return r.hits.flatMap((h) => (Array.isArray(h.meta.sources) ? h.meta.sources.map(String) : []));
}

export function closeStore(store: Store): void {
  rmSync(store.home, { recursive: true, force: true });
}
