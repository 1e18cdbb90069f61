/**
 * Surface: `memdir hook <event>` (bundled to dist/hook.cjs). Reads Claude Code's hook JSON on stdin,
 * runs the handler, prints "" or exactly one JSON object, and ALWAYS exits 0: a hook must never fail
 * the harness (DESIGN.md §6). Anything unexpected is one line in the log.
 */

import { fstatSync, readSync, writeSync } from "node:fs";
import { fallbackLogFile, logLine } from "../app/context.js";
import { runHook } from "../app/hooks/run.js";
import { processRuntime } from "../app/runtime.js";

/** stdin beyond this many bytes is not read (the input is then rejected as too large). */
const MAX_STDIN_BYTES = 8 * 1024 * 1024;
/** Stop waiting for stdin after this many ms (a harness always closes it; a human at a TTY may not). */
const STDIN_TIMEOUT_MS = 5_000;

/**
 * Reads stdin fully with sync reads on fd 0 (no stream machinery: it would load net/stream modules on
 * every hook start). Falls back to the stream when fd 0 is non-blocking (EAGAIN). `tooLarge` when it
 * exceeds MAX_STDIN_BYTES (the rest is left unread).
 */
async function readStdin(): Promise<{ text: string; tooLarge: boolean }> {
  if (isTerminal()) return { text: "", tooLarge: false };
  const chunks: Buffer[] = [];
  let size = 0;
  const buf = Buffer.allocUnsafe(1 << 16);
  for (;;) {
    let n: number;
    try {
      n = readSync(0, buf, 0, buf.length, null);
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === "EAGAIN") return readStdinStream(chunks, size);
      if (code === "EOF") break;
      throw e;
    }
    if (n === 0) break;
    size += n;
    if (size > MAX_STDIN_BYTES) return { text: "", tooLarge: true };
    chunks.push(Buffer.from(buf.subarray(0, n)));
  }
  return { text: Buffer.concat(chunks).toString("utf8"), tooLarge: false };
}

/** fd 0 is a terminal (a character device that is not /dev/null): a human ran the hook by hand. */
function isTerminal(): boolean {
  try {
    const st = fstatSync(0);
    return st.isCharacterDevice() && st.rdev !== 259; // 259 = makedev(1, 3): /dev/null on Linux
  } catch {
    return false;
  }
}

function readStdinStream(chunks: Buffer[], start: number): Promise<{ text: string; tooLarge: boolean }> {
  return new Promise((resolve) => {
    let size = start;
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      const tooLarge = size > MAX_STDIN_BYTES;
      resolve({ text: tooLarge ? "" : Buffer.concat(chunks).toString("utf8"), tooLarge });
    };
    const timer = setTimeout(finish, STDIN_TIMEOUT_MS);
    process.stdin.on("data", (c: Buffer) => {
      size += c.length;
      if (size <= MAX_STDIN_BYTES) chunks.push(c);
      else chunks.length = 0;
    });
    process.stdin.on("end", finish);
    process.stdin.on("error", finish);
  });
}

/**
 * Writes the hook's one line with a sync write on fd 1 (process.stdout would load the stream modules),
 * then exits 0; falls back to process.stdout when fd 1 is non-blocking and full (EAGAIN).
 */
function writeStdout(text: string): void {
  const buf = Buffer.from(text, "utf8");
  let off = 0;
  try {
    while (off < buf.length) off += writeSync(1, buf, off, buf.length - off);
  } catch {
    process.stdout.write(buf.subarray(off), () => process.exit(0));
    return;
  }
  process.exit(0);
}

async function main(): Promise<void> {
  const event = process.argv[3] ?? "";
  const rt = processRuntime();
  let out = "";
  try {
    const stdin = await readStdin();
    if (stdin.tooLarge) {
      logLine(
        fallbackLogFile(rt),
        rt,
        "warn",
        `hook:${event}`,
        `ignored hook input: stdin larger than ${MAX_STDIN_BYTES} bytes`,
      );
    } else {
      out = await runHook(event, stdin.text, rt);
    }
  } catch (e) {
    logLine(fallbackLogFile(rt), rt, "error", `hook:${event}`, e instanceof Error ? e.message : String(e));
  }
  if (out) writeStdout(out.endsWith("\n") ? out : `${out}\n`);
  else process.exit(0);
}

main().catch(() => process.exit(0));
