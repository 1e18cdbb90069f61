/**
 * The "memdir" engine of the LoCoMo bench: the shipped search path end to end. Each memory becomes
 * a real topic file (frontmatter: name, type, metadata.originSessionId = the LoCoMo session,
 * metadata.sources = [dia_id], metadata.updated = the session date) in a temp memory dir; the
 * conversation's own index (one SQLite file per conversation = one store) is built by `syncSearchDb`
 * and queried by `querySearchDb`, exactly as `memdir search` does.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { type Db, openSearchDb, querySearchDb, syncSearchDb } from "../../src/search/index.js";

/** One memory as the bench stores it. `source` is what a hit reports (a LoCoMo dia_id). */
export interface BenchMemory {
  source: string;
  body: string;
  /** The memory's origin session (LoCoMo: the session number). */
  group: string;
  /** Position within the group (LoCoMo: the turn's index in its session); orders the file names. */
  seq: number;
  updatedMs: number;
}

export interface Store {
  dir: string;
  db: Db;
  nowMs: number;
}

function topicFile(m: BenchMemory, name: string): string {
  return [
    "---",
    `name: ${name}`,
    "type: project",
    "metadata:",
    `  originSessionId: locomo-session-${m.group}`,
    `  sources: [${JSON.stringify(m.source)}]`,
    `  updated: ${new Date(m.updatedMs).toISOString()}`,
    "---",
    m.body,
    "",
  ].join("\n");
}

/** Writes the memories as topic files and builds their index. `nowMs` is the search clock (recency). */
export async function buildStore(memories: BenchMemory[], nowMs: number): Promise<Store> {
  const dir = mkdtempSync(join(tmpdir(), "memdir-locomo-"));
  const memoryDir = join(dir, "memory");
  mkdirSync(memoryDir);
  for (const m of memories) {
    // Zero-padded names: within a session (same date) the index orders turns by key.
    const name = `s${m.group.padStart(3, "0")}-t${String(m.seq).padStart(4, "0")}`;
    writeFileSync(join(memoryDir, `${name}.md`), topicFile(m, name));
  }
  const db = openSearchDb(join(dir, "index.db"));
  const report = await syncSearchDb(db, { project: dir, memoryDir }, nowMs);
  if (report.errors.length)
    throw new Error(`bench memories not indexed: ${JSON.stringify(report.errors[0])}`);
  return { dir, db, nowMs };
}

/** The sources of the top-`k` memories for `text`, best first. Never throws on odd text. */
export function query(store: Store, text: string, k: number): string[] {
  return querySearchDb(store.db, text, { nowMs: store.nowMs, limit: k }).map(
    (h) => (h.meta.sources as string[])[0] as string,
  );
}

export function closeStore(store: Store): void {
  store.db.close();
  rmSync(store.dir, { recursive: true, force: true });
}
