/**
 * `memdir backfill`: ingest past transcripts of every harness (each adapter finds its own under its
 * default dirs) or of a directory into the search database, incrementally by byte offset per file
 * (search/transcripts), resumable after an interruption. A file that fails is reported and never stops
 * the rest. The report carries each scanned harness's transcript retention (Claude Code deletes
 * transcripts after `cleanupPeriodDays`) for a warning.
 */

import { allAdapters, loadAdapter, type TranscriptRetention } from "../../adapters/registry.js";
import { describeError } from "../../core/errors.js";
import type { HarnessName } from "../../harness/index.js";
import { homeDir } from "../../paths/index.js";
import type { AppContext } from "../context.js";
import { TRANSCRIPT_READ_BYTES } from "../jobs/limits.js";
import { transcriptAdapterFor } from "../transcript-reader.js";

export interface BackfillFileOutcome {
  path: string;
  sessionId?: string;
  turnsAdded: number;
  bytesRead: number;
  error?: string;
}

export interface BackfillOptions {
  /** Directory scanned recursively for `*.jsonl` transcripts of any harness (instead of the harnesses' own dirs). */
  from?: string;
  /** Whose transcripts, from their default dirs: one harness or all (default all). */
  harness?: HarnessName | "all";
  /** A TTY stream: a one-line progress bar is redrawn on it and cleared at the end. */
  progress?: { write(s: string): unknown; columns?: number };
  /** Called after each file, in order (tests, other surfaces). */
  onFile?: (f: BackfillFileOutcome, done: number, total: number) => void;
  /** Turns per transaction (default: search/transcripts DEFAULT_BATCH_TURNS). */
  batchTurns?: number;
}

export interface BackfillReport {
  from: string;
  filesScanned: number;
  /** Files from which new bytes were read. */
  filesWithNewData: number;
  turnsAdded: number;
  turnsUpdated: number;
  /** Bytes of transcript read. */
  bytesRead: number;
  /** Distinct sessions seen (subagent transcripts count under their parent). */
  sessions: number;
  errors: { path: string; message: string }[];
  durationMs: number;
  /** The transcript retention of each harness scanned that deletes its transcripts. */
  retention: (TranscriptRetention & { harness: string })[];
}

function bar(done: number, total: number, turns: number, errors: number, columns = 80): string {
  const width = 20;
  const fill = total ? Math.round((done / total) * width) : width;
  const line = `backfill [${"#".repeat(fill)}${"-".repeat(width - fill)}] ${done}/${total} files · ${turns} turns${
    errors ? ` · ${errors} errors` : ""
  }`;
  return `\r${line.slice(0, Math.max(10, columns - 1))}\x1b[K`;
}

/**
 * Indexes every transcript under `opts.from` into `ctx.paths.indexFile`.
 * @throws MemdirError NOT_FOUND when the directory cannot be listed; INDEX_OPEN when the search database cannot be opened.
 */
export async function runBackfill(ctx: AppContext, opts: BackfillOptions = {}): Promise<BackfillReport> {
  const started = ctx.rt.now();
  const [{ openSearchDb }, t] = await Promise.all([
    import("../../search/db/db.js"),
    import("../../search/transcripts/index.js"),
  ]);
  let from: string;
  let found: { files: string[]; errors: { path: string; message: string }[] };
  const adapters =
    opts.harness === undefined || opts.harness === "all"
      ? await allAdapters()
      : [await loadAdapter(opts.harness)];
  if (opts.from !== undefined) {
    from = opts.from;
    found = t.findTranscripts(from);
  } else {
    from = adapters.map((a) => a.displayName).join(", ");
    found = {
      files: adapters.flatMap((a) => a.transcripts.find(ctx.rt.env, homeDir(ctx.rt.env)).map((r) => r.path)),
      errors: [],
    };
  }
  const report: BackfillReport = {
    from,
    filesScanned: found.files.length,
    filesWithNewData: 0,
    turnsAdded: 0,
    turnsUpdated: 0,
    bytesRead: 0,
    sessions: 0,
    errors: [...found.errors],
    durationMs: 0,
    retention: adapters.flatMap((a) =>
      a.transcripts.retention ? [{ harness: a.displayName, ...a.transcripts.retention(ctx.rt.env) }] : [],
    ),
  };
  const sessions = new Set<string>();
  const db = openSearchDb(ctx.paths.indexFile, { nowMs: started });
  try {
    opts.progress?.write(bar(0, found.files.length, 0, report.errors.length, opts.progress.columns));
    for (const [i, path] of found.files.entries()) {
      let outcome: BackfillFileOutcome;
      try {
        const { transcripts } = await transcriptAdapterFor(path);
        const { read } = transcripts;
        // A resume stub is the conversation of another file: ingested under that file's name.
        const file = transcripts.resolve?.(path) ?? path;
        // In steps of TRANSCRIPT_READ_BYTES, so memory stays bounded on a transcript of any size.
        let turnsAdded = 0;
        let bytesRead = 0;
        let r: ReturnType<typeof t.ingestTranscript>;
        do {
          r = t.ingestTranscript(db, file, {
            nowMs: ctx.rt.now(),
            batchTurns: opts.batchTurns,
            maxBytes: TRANSCRIPT_READ_BYTES,
            read,
          });
          turnsAdded += r.turnsAdded;
          bytesRead += r.bytesRead;
          report.turnsUpdated += r.turnsUpdated;
        } while (r.more && r.bytesRead > 0);
        sessions.add(r.sessionId);
        report.turnsAdded += turnsAdded;
        report.bytesRead += bytesRead;
        if (bytesRead > 0) report.filesWithNewData++;
        outcome = { path, sessionId: r.sessionId, turnsAdded, bytesRead };
      } catch (e) {
        const message = describeError(e);
        report.errors.push({ path, message });
        ctx.log("warn", "backfill", `not indexed: ${path}: ${message}`);
        outcome = { path, turnsAdded: 0, bytesRead: 0, error: message };
      }
      opts.onFile?.(outcome, i + 1, found.files.length);
      opts.progress?.write(
        bar(i + 1, found.files.length, report.turnsAdded, report.errors.length, opts.progress.columns),
      );
    }
  } finally {
    db.close();
    opts.progress?.write("\r\x1b[K");
  }
  report.sessions = sessions.size;
  report.durationMs = ctx.rt.now() - started;
  ctx.event("backfill", {
    files: report.filesScanned,
    filesWithNewData: report.filesWithNewData,
    turnsAdded: report.turnsAdded,
    errors: report.errors.length,
  });
  return report;
}
