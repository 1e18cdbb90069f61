/**
 * The byte-cursor rules every transcript reader shares (a cursor is an `endOffset` returned by an earlier
 * read, 0 = from the start): the cursor's validation, the empty slice a read starts from, a cursor past
 * the end of the file (the file was replaced), and the final pass over the slice. How lines become
 * messages is each adapter's.
 */
import { closeSync } from "node:fs";
import { MemdirError } from "../../core/errors.js";
import { openInputFile } from "../../core/input-file.js";
import type { TranscriptSlice } from "../../transcripts/types.js";

/**
 * Size in bytes of the file at `path`, opened without blocking, then closed. Throws MemdirError NOT_FOUND
 * when it does not exist, INPUT_REFUSED when it is not a regular file (`what` names it in the message).
 */
export function inputFileSize(path: string, what: string): number {
  const { fd, size } = openInputFile(path, { what });
  closeSync(fd);
  return size;
}

/** Throws MemdirError BAD_INPUT unless `fromOffset` is a byte offset (a safe integer ≥ 0). */
export function checkCursor(fromOffset: number): void {
  if (!Number.isSafeInteger(fromOffset) || fromOffset < 0) {
    throw new MemdirError("BAD_INPUT", "a transcript cursor must be a byte offset", {
      expected: "an integer >= 0 (an endOffset returned by an earlier read)",
      received: String(fromOffset),
      hint: "reset the extraction cursor of this session to 0",
    });
  }
}

/**
 * The empty slice a read from `fromOffset` of a `size`-byte file starts with, and `skip(reason, n = 1)`
 * counting into `slice.skipped`. `pastEnd` is true when the cursor lies past the end of the file: the
 * slice is then the whole answer (`endOffset` = size, `skipped.cursor_past_end = 1`).
 */
export function startSlice(
  fromOffset: number,
  size: number,
): { slice: TranscriptSlice; skip: (reason: string, n?: number) => void; pastEnd: boolean } {
  const slice: TranscriptSlice = {
    sessionId: undefined,
    cwd: undefined,
    messages: [],
    compactions: [],
    endOffset: fromOffset,
    skipped: {},
  };
  const skip = (reason: string, n = 1) => {
    slice.skipped[reason] = (slice.skipped[reason] ?? 0) + n;
  };
  const pastEnd = fromOffset > size;
  if (pastEnd) {
    skip("cursor_past_end");
    slice.endOffset = size;
  }
  return { slice, skip, pastEnd };
}

/**
 * Drops assistant messages with neither text nor tool calls (counted as `skipped.empty_assistant`) and
 * sets `more` when the read stopped at its byte budget. Returns `slice`.
 */
export function finishSlice(slice: TranscriptSlice, budgetHit: boolean): TranscriptSlice {
  const before = slice.messages.length;
  slice.messages = slice.messages.filter(
    (m) => m.kind !== "assistant" || m.text !== "" || m.toolCalls.length > 0,
  );
  if (slice.messages.length < before) slice.skipped.empty_assistant = before - slice.messages.length;
  if (budgetHit) slice.more = true;
  return slice;
}
