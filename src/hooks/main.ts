/**
 * Surface: `memdir hook <event>` (bundled to dist/hook.cjs). Reads Claude Code's hook JSON on stdin,
 * runs the handler, prints "" or exactly one JSON object, and ALWAYS exits 0: a hook must never fail
 * the harness (DESIGN.md §6). Anything unexpected is one line in the log.
 */

import { fallbackLogFile, logLine } from "../app/context.js";
import { runHook } from "../app/hooks/run.js";
import { processRuntime } from "../app/runtime.js";

/** stdin beyond this many bytes is not read (the input is then rejected as too large). */
const MAX_STDIN_BYTES = 8 * 1024 * 1024;
/** Stop waiting for stdin after this many ms (a harness always closes it; a human at a TTY may not). */
const STDIN_TIMEOUT_MS = 5_000;

/** Reads stdin fully; `tooLarge` when it exceeds MAX_STDIN_BYTES (the rest is drained unread). */
function readStdin(): Promise<{ text: string; tooLarge: boolean }> {
  if (process.stdin.isTTY) return Promise.resolve({ text: "", tooLarge: false });
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
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
  const exit = () => process.exit(0);
  if (out) process.stdout.write(out.endsWith("\n") ? out : `${out}\n`, exit);
  else exit();
}

main().catch(() => process.exit(0));
