/**
 * Byte scans for stored secrets: every core of every positive, as is, lower-cased (the search analyzer
 * folds case), and in its base64 forms (three byte alignments); base64 runs inside a file (change sets
 * keep before-bytes as base64) are decoded and scanned too. SQLite files are also read row by row,
 * since a value can straddle a page boundary in the raw bytes.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import Database from "better-sqlite3";
import type { SecretKind } from "./types.js";

export interface ScanHit {
  /** File (relative to the scanned dir) or label, with `#rows` for SQLite rows, `#base64` for decoded runs. */
  where: string;
  kind: string;
  core: string;
  form: "plain" | "lower-case" | "base64";
}

/** The base64 texts that any base64 encoding of a text containing `core` must contain (one per alignment). */
function base64Forms(core: string): string[] {
  const out: string[] = [];
  for (let k = 0; k < 3; k++) {
    const bytes = Buffer.from(core.slice(k), "utf8");
    const full = Math.floor(bytes.length / 3) * 3;
    if (full >= 9) out.push(bytes.subarray(0, full).toString("base64"));
  }
  return out;
}

/** Hits of every core of `kinds` in `data` (a text, or bytes read as Latin-1 so any encoding is seen). */
export function scanTextForSecrets(
  where: string,
  data: string | Buffer,
  kinds: readonly SecretKind[],
): ScanHit[] {
  const text = typeof data === "string" ? data : data.toString("latin1");
  const utf8 = typeof data === "string" ? data : data.toString("utf8");
  const lower = text.toLowerCase();
  const hits: ScanHit[] = [];
  for (const k of kinds) {
    for (const p of k.positives) {
      for (const core of p.cores) {
        if (text.includes(core) || utf8.includes(core))
          hits.push({ where, kind: k.kind, core, form: "plain" });
        else if (lower.includes(core.toLowerCase()))
          hits.push({ where, kind: k.kind, core, form: "lower-case" });
        else if (base64Forms(core).some((f) => text.includes(f)))
          hits.push({ where, kind: k.kind, core, form: "base64" });
      }
    }
  }
  return hits;
}

/** Decodes every base64 run of 16+ characters in `text` (both alphabets) and joins the results. */
function decodedRuns(text: string): string {
  const parts: string[] = [];
  for (const m of text.matchAll(/[A-Za-z0-9+/_-]{16,}={0,2}/g)) {
    parts.push(Buffer.from(m[0].replace(/-/g, "+").replace(/_/g, "/"), "base64").toString("latin1"));
  }
  return parts.join("\n");
}

function sqliteRows(file: string): string | undefined {
  try {
    const db = new Database(file, { readonly: true, fileMustExist: true });
    try {
      const tables = db.prepare("SELECT name FROM sqlite_master WHERE type IN ('table', 'view')").all() as {
        name: string;
      }[];
      const out: string[] = [];
      for (const t of tables) {
        const q = `SELECT * FROM "${t.name.replace(/"/g, '""')}"`;
        for (const row of db.prepare(q).all() as Record<string, unknown>[]) {
          for (const v of Object.values(row)) out.push(Buffer.isBuffer(v) ? v.toString("latin1") : String(v));
        }
      }
      return out.join("\n");
    } finally {
      db.close();
    }
  } catch {
    return undefined; // not a database (a -wal or -shm file, or a file that only looks like one)
  }
}

function walk(dir: string, out: string[]): void {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) walk(p, out);
    else if (e.isFile()) out.push(p);
  }
}

/** Every file under `dir`, each scanned as bytes, as decoded base64 runs, and (SQLite) row by row. */
export function scanTreeForSecrets(dir: string, kinds: readonly SecretKind[]): ScanHit[] {
  const files: string[] = [];
  walk(dir, files);
  const hits: ScanHit[] = [];
  for (const f of files) {
    if (statSync(f).size > 64 * 1024 * 1024) continue;
    const rel = relative(dir, f);
    const bytes = readFileSync(f);
    hits.push(...scanTextForSecrets(rel, bytes, kinds));
    hits.push(...scanTextForSecrets(`${rel}#base64`, decodedRuns(bytes.toString("latin1")), kinds));
    if (bytes.subarray(0, 16).toString("latin1") === "SQLite format 3\0") {
      const rows = sqliteRows(f);
      if (rows !== undefined) hits.push(...scanTextForSecrets(`${rel}#rows`, rows, kinds));
    }
  }
  return hits;
}
