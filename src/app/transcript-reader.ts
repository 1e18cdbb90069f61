/**
 * The transcript reader for a file: its harness's adapter when the caller knows the harness, else the
 * adapter that recognises the file's first bytes (a reclaimed session, `memdir replay`, backfill).
 */
import { closeSync, readSync } from "node:fs";
import type { HarnessAdapter } from "../adapters/registry.js";
import { loadAdapter, sniffTranscript } from "../adapters/registry.js";
import { MemdirError } from "../core/errors.js";
import { openInputFile } from "../core/input-file.js";
import { DEFAULT_HARNESS, type HarnessName } from "../harness/index.js";

/** Bytes of a file's start read to recognise its format (64 KiB). */
const SNIFF_BYTES = 64 * 1024;

/** The first SNIFF_BYTES bytes of `path` as text; "" when it cannot be opened as a regular file. */
function headOf(path: string): string {
  let fd: number | undefined;
  try {
    fd = openInputFile(path, { what: "the transcript" }).fd;
    const buf = Buffer.allocUnsafe(SNIFF_BYTES);
    const n = readSync(fd, buf, 0, SNIFF_BYTES, 0);
    return buf.subarray(0, n).toString("utf8");
  } catch {
    return "";
  } finally {
    if (fd !== undefined) closeSync(fd);
  }
}

/**
 * The adapter that reads `path`: `harness`'s when given; else the one whose format the file's start
 * is; else Claude Code's (an empty or unreadable file: its reader gives the clear error).
 */
export async function transcriptAdapterFor(path: string, harness?: HarnessName): Promise<HarnessAdapter> {
  if (harness) return loadAdapter(harness);
  return (await sniffTranscript(headOf(path))) ?? loadAdapter(DEFAULT_HARNESS);
}

/** Like transcriptAdapterFor, but throws MemdirError BAD_INPUT when no adapter recognises the file. */
export async function recognisedTranscript(path: string): Promise<HarnessAdapter> {
  const a = await sniffTranscript(headOf(path));
  if (a) return a;
  throw new MemdirError("BAD_INPUT", `${path} is not a transcript memdir can read`, {
    expected: "a Claude Code transcript, a Codex rollout or a Gemini CLI session file (.jsonl)",
    received: "a file whose first line none of them starts with",
    hint: "pass one session's transcript file",
  });
}
