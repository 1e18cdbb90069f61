/**
 * Surface: `memdir hook <event> [--harness claude-code|codex|gemini]` (bundled to dist/hook.cjs). Reads
 * the harness's hook JSON on stdin (Claude Code's without `--harness`), runs the handler, prints "" or
 * exactly one JSON object, and ALWAYS exits 0: a hook must never fail the harness (DESIGN.md §6).
 * Anything unexpected is one line in the log.
 */

import { fstatSync, readSync, writeSync } from "node:fs";
import { fallbackLogFile, logLine } from "../app/context.js";
import { runHook } from "../app/hooks/run.js";
import { processRuntime } from "../app/runtime.js";
import { DEFAULT_HARNESS, HARNESS_ARGS, harnessFromArg, MAX_HOOK_INPUT_BYTES } from "../harness/index.js";

/** stdin is read and dropped up to this many bytes (so the harness's write does not fail) past what is kept. */
const MAX_DRAIN_BYTES = 64 * 1024 * 1024;
/** Stop waiting for stdin after this many ms (a harness always closes it; a human at a TTY may not). */
const STDIN_TIMEOUT_MS = 5_000;

interface Stdin {
  /** The first MAX_HOOK_INPUT_BYTES bytes (all of stdin when it is not `truncated`). */
  bytes: Buffer;
  /** stdin was longer than MAX_HOOK_INPUT_BYTES. */
  truncated: boolean;
}

/**
 * Reads stdin with sync reads on fd 0 (no stream machinery: it would load net/stream modules on
 * every hook start), keeping its first MAX_HOOK_INPUT_BYTES bytes and dropping the rest. Falls back
 * to the stream when fd 0 is non-blocking (EAGAIN).
 */
async function readStdin(): Promise<Stdin> {
  if (isTerminal()) return { bytes: Buffer.alloc(0), truncated: false };
  // The kept bytes are read in place (no copy per chunk, no concat at the end); past them, the
  // drained rest goes through a scratch buffer.
  let head = Buffer.allocUnsafe(1 << 16);
  let kept = 0;
  let seen = 0;
  const scratch = Buffer.allocUnsafe(1 << 16);
  for (;;) {
    if (kept === head.length && head.length < MAX_HOOK_INPUT_BYTES) {
      const bigger = Buffer.allocUnsafe(Math.min(head.length * 4, MAX_HOOK_INPUT_BYTES));
      head.copy(bigger, 0, 0, kept);
      head = bigger;
    }
    const into = kept < head.length ? head : scratch;
    const at = into === head ? kept : 0;
    let n: number;
    try {
      n = readSync(0, into, at, into.length - at, null);
    } catch (e) {
      const code = (e as { code?: string }).code;
      if (code === "EAGAIN") {
        const keep = new Collector();
        keep.add(head.subarray(0, kept), seen - kept);
        return readStdinStream(keep);
      }
      if (code === "EOF") break;
      throw e;
    }
    if (n === 0) break;
    seen += n;
    if (into === head) kept += n;
    if (seen > MAX_HOOK_INPUT_BYTES + MAX_DRAIN_BYTES) break;
  }
  return { bytes: head.subarray(0, kept), truncated: seen > MAX_HOOK_INPUT_BYTES };
}

/** Keeps the first MAX_HOOK_INPUT_BYTES bytes, counts the rest; `add` is false past MAX_DRAIN_BYTES. */
class Collector {
  private chunks: Buffer[] = [];
  private kept = 0;
  private seen = 0;
  /** `dropped`: bytes already read past the kept ones before this chunk (the sync reads' drain). */
  add(chunk: Buffer, dropped = 0): boolean {
    this.seen += chunk.length + dropped;
    const room = MAX_HOOK_INPUT_BYTES - this.kept;
    if (room > 0) {
      const part = Buffer.from(chunk.subarray(0, room));
      this.chunks.push(part);
      this.kept += part.length;
    }
    return this.seen <= MAX_HOOK_INPUT_BYTES + MAX_DRAIN_BYTES;
  }
  result(): Stdin {
    return { bytes: Buffer.concat(this.chunks, this.kept), truncated: this.seen > MAX_HOOK_INPUT_BYTES };
  }
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

function readStdinStream(keep: Collector): Promise<Stdin> {
  return new Promise((resolve) => {
    let done = false;
    const finish = () => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      resolve(keep.result());
    };
    const timer = setTimeout(finish, STDIN_TIMEOUT_MS);
    process.stdin.on("data", (c: Buffer) => {
      if (!keep.add(c)) finish();
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
  const flag = process.argv.indexOf("--harness");
  const name = flag > 0 ? process.argv[flag + 1] : DEFAULT_HARNESS;
  const harness = harnessFromArg(name);
  const rt = processRuntime();
  let out = "";
  try {
    const stdin = await readStdin();
    if (!harness)
      throw new Error(
        `unknown --harness ${JSON.stringify(name)}; expected one of ${HARNESS_ARGS.join(", ")}`,
      );
    out = await runHook(event, stdin.bytes.toString("utf8"), rt, {
      truncated: stdin.truncated,
      harness,
    });
  } catch (e) {
    logLine(fallbackLogFile(rt), rt, "error", `hook:${event}`, e instanceof Error ? e.message : String(e));
  }
  if (out) writeStdout(out.endsWith("\n") ? out : `${out}\n`);
  else process.exit(0);
}

main().catch(() => process.exit(0));
