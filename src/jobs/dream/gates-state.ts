/**
 * The session gate's scan: the sessions touched since the last consolidation, read from the session end
 * records `<stateRoot>/sessions/<id>.json`, skipping sessions without substantive interaction, plus the
 * sessions memdir did not record whose transcripts changed since (as Claude Code counts them); and its
 * 10-minute throttle (Claude Code `SESSION_SCAN_INTERVAL_MS`), kept in a small JSON state file. Sync:
 * the Stop hook calls it.
 */
import { readdirSync, statSync } from "node:fs";
import { join } from "node:path";
import { errnoCode } from "../../core/errors.js";
import { readTextIfExists } from "../../core/fs.js";
import { readJsonFile, writeJsonAtomic } from "../../core/json.js";
import { withLockSync } from "../../core/lock.js";
import { type ToolStats, toToolStats } from "../../sessions/index.js";

/** The scan runs at most once per 10 minutes (Claude Code `SESSION_SCAN_INTERVAL_MS = 10 * 60 * 1000`). */
/** The largest session end record read (bytes); a real one is under 1 KB. */
const MAX_RECORD_BYTES = 64 * 1024;

export const SESSION_SCAN_INTERVAL_MS = 10 * 60 * 1000;
/** Tool calls other than commands (read, search, edit, other) that make a session without changed lines substantive. */
export const MIN_SUBSTANTIVE_TOOL_CALLS = 3;

/**
 * Whether a session's `toolStats` show substantive interaction. Substantive =
 * it changed lines (`linesAdded + linesRemoved > 0`), or it made at least
 * `MIN_SUBSTANTIVE_TOOL_CALLS` (3) calls that are not commands (`read + search + editFile + other`:
 * an investigation, reading and searching code). Not substantive: only Bash/PowerShell calls with
 * no lines changed (however many: `git status`, polling, builds), or fewer than 3 other calls (a
 * session opened and closed). Chat-only sessions have no tool calls and do not count either: the
 * toolStats cannot see prompts.
 */
export function isSubstantiveSession(stats: ToolStats): boolean {
  if (stats.linesAdded + stats.linesRemoved > 0) return true;
  return (
    stats.readCount + stats.searchCount + stats.editFileCount + stats.otherToolCount >=
    MIN_SUBSTANTIVE_TOOL_CALLS
  );
}

export interface SessionScan {
  /** `sessionIds.length`. */
  count: number;
  /** Substantive sessions touched after `sinceMs`, sorted. */
  sessionIds: string[];
  /** Sessions touched after `sinceMs` but skipped as not substantive, sorted. */
  skippedIds: string[];
  /** Record files that could not be read or have no valid `ended_at` (not counted). */
  unreadable: number;
}

function endMs(rec: Record<string, unknown>): number | undefined {
  if (typeof rec.ended_at !== "string") return undefined;
  const ms = Date.parse(rec.ended_at);
  return Number.isFinite(ms) ? ms : undefined;
}

/**
 * Scans `sessionsDir` (`<stateRoot>/sessions/`, one `<id>.json` end record per session) for the
 * sessions touched after `sinceMs` (ms since the epoch; undefined = never consolidated = all):
 * touched = the later of the file's mtime and the record's `ended_at`, strictly after `sinceMs`.
 * `excludeSessionId` (the current session, whose record is always fresh) is never counted. Sessions
 * failing `isSubstantiveSession` are skipped. Hidden files, non-`.json` files and records that are
 * unreadable or lack a valid `ended_at` are not counted. A missing directory is an empty scan.
 * Cost: one readdir, then one stat and one read (≈ 500 bytes) per record.
 * @throws the fs error of readdir other than ENOENT.
 */
export function countSessionsSince(
  sessionsDir: string,
  sinceMs: number | undefined,
  opts: { excludeSessionId?: string } = {},
): SessionScan {
  let names: string[];
  try {
    names = readdirSync(sessionsDir);
  } catch (e) {
    if (errnoCode(e) === "ENOENT") return { count: 0, sessionIds: [], skippedIds: [], unreadable: 0 };
    throw e;
  }
  const sessionIds: string[] = [];
  const skippedIds: string[] = [];
  let unreadable = 0;
  for (const name of names.sort()) {
    if (name.startsWith(".") || !name.endsWith(".json")) continue;
    const id = name.slice(0, -".json".length);
    if (id === "" || id === opts.excludeSessionId) continue;
    let rec: Record<string, unknown>;
    let mtimeMs: number;
    try {
      const path = join(sessionsDir, name);
      mtimeMs = statSync(path).mtimeMs;
      const v = JSON.parse(readTextIfExists(path, MAX_RECORD_BYTES) ?? "") as unknown;
      if (typeof v !== "object" || v === null || Array.isArray(v)) throw new Error("not an object");
      rec = v as Record<string, unknown>;
    } catch {
      unreadable++;
      continue;
    }
    const ended = endMs(rec);
    if (ended === undefined) {
      unreadable++;
      continue;
    }
    if (sinceMs !== undefined && Math.max(mtimeMs, ended) <= sinceMs) continue;
    (isSubstantiveSession(toToolStats(rec.toolStats)) ? sessionIds : skippedIds).push(id);
  }
  return { count: sessionIds.length, sessionIds, skippedIds, unreadable };
}

/** The throttle's state file (e.g. `<stateRoot>/state/dream-scan-state.json`). */
interface ScanState {
  version: 1;
  sessionsDir: string;
  /** The scan's `sinceMs` (null: never consolidated): a new consolidation invalidates the cache. */
  sinceMs: number | null;
  scannedAtMs: number;
  sessionIds: string[];
  skippedIds: string[];
  unreadable: number;
  /** Sessions found only by their transcripts (see `ThrottledScanOptions.transcriptSessions`). */
  transcriptIds?: string[];
}

export interface ThrottledScanOptions {
  /** `<stateRoot>/sessions/`. */
  sessionsDir: string;
  /** ms since the epoch of the last consolidation; undefined = never. */
  sinceMs: number | undefined;
  /** The current session: removed from the (cached) result. */
  excludeSessionId?: string;
  /** Default SESSION_SCAN_INTERVAL_MS (600,000 ms). */
  intervalMs?: number;
  /**
   * The ids of the project's sessions whose transcripts changed after `sinceMs` (every harness's,
   * sessions memdir never recorded included), called only when the scan runs. Those that the end
   * records already counted or skipped as not substantive are not counted again.
   */
  transcriptSessions?: () => string[];
}

export interface ThrottledScan extends SessionScan {
  /** Sessions counted from their transcripts alone (no end record counted or skipped them), sorted. */
  transcriptIds: string[];
  /** true: the result is the cached scan (no directory read). */
  cached: boolean;
  /** When the returned scan ran, ms since the epoch. */
  scannedAtMs: number;
}

function validState(
  v: unknown,
  o: ThrottledScanOptions,
  nowMs: number,
  interval: number,
): ScanState | undefined {
  const s = v as Partial<ScanState> | null;
  if (typeof s !== "object" || s === null || s.version !== 1) return undefined;
  if (s.sessionsDir !== o.sessionsDir || s.sinceMs !== (o.sinceMs ?? null)) return undefined;
  if (typeof s.scannedAtMs !== "number" || !Array.isArray(s.sessionIds) || !Array.isArray(s.skippedIds))
    return undefined;
  const age = nowMs - s.scannedAtMs;
  // A clock that went back (age < 0) rescans rather than trusting a scan from the future.
  return age >= 0 && age < interval ? (s as ScanState) : undefined;
}

function result(s: ScanState, cached: boolean, exclude: string | undefined): ThrottledScan {
  const sessionIds = s.sessionIds.filter((id) => typeof id === "string" && id !== exclude);
  const skippedIds = s.skippedIds.filter((id) => typeof id === "string" && id !== exclude);
  const unreadable = typeof s.unreadable === "number" ? s.unreadable : 0;
  const transcriptIds = (Array.isArray(s.transcriptIds) ? s.transcriptIds : []).filter(
    (id) => typeof id === "string" && id !== exclude,
  );
  return {
    count: sessionIds.length + transcriptIds.length,
    sessionIds,
    skippedIds,
    transcriptIds,
    unreadable,
    cached,
    scannedAtMs: s.scannedAtMs,
  };
}

/**
 * `countSessionsSince` plus the sessions only their transcripts show (`transcriptSessions`), at most
 * once per `intervalMs` (10 minutes); `count` = both. Within the window
 * (`0 ≤ nowMs − scannedAtMs < intervalMs`) and for the same `sessionsDir` and `sinceMs`, the cached
 * ids are returned without reading the directory (minus `excludeSessionId`, so every session shares
 * one cache); otherwise the directory is scanned (without exclusion), the state file rewritten
 * atomically and the fresh result returned. The fast path is one lock-free read of `stateFile`; a
 * rescan runs under `<stateFile>.lock` and re-reads first, so concurrent hooks scan once. A missing
 * or corrupt state file counts as no scan.
 * @throws MemdirError LOCK_TIMEOUT (3 s), fs errors of the scan or the write.
 */
export function scanThrottled(stateFile: string, nowMs: number, opts: ThrottledScanOptions): ThrottledScan {
  const interval = opts.intervalMs ?? SESSION_SCAN_INTERVAL_MS;
  const fresh = validState(readJsonFile<unknown>(stateFile, null, true), opts, nowMs, interval);
  if (fresh) return result(fresh, true, opts.excludeSessionId);
  return withLockSync(
    `${stateFile}.lock`,
    () => {
      const again = validState(readJsonFile<unknown>(stateFile, null, true), opts, nowMs, interval);
      if (again) return result(again, true, opts.excludeSessionId);
      const scan = countSessionsSince(opts.sessionsDir, opts.sinceMs);
      const seen = new Set([...scan.sessionIds, ...scan.skippedIds]);
      const transcriptIds = [...new Set(opts.transcriptSessions?.() ?? [])]
        .filter((id) => id !== "" && !seen.has(id))
        .sort();
      const state: ScanState = {
        version: 1,
        sessionsDir: opts.sessionsDir,
        sinceMs: opts.sinceMs ?? null,
        scannedAtMs: nowMs,
        sessionIds: scan.sessionIds,
        skippedIds: scan.skippedIds,
        unreadable: scan.unreadable,
        transcriptIds,
      };
      writeJsonAtomic(stateFile, state, { durable: false });
      return result(state, false, opts.excludeSessionId);
    },
    { timeoutMs: 3_000, staleMs: 30_000 },
  );
}
