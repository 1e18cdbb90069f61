/**
 * Cheap unique suffixes for temp files and lock tokens, without loading `node:crypto` (hooks start
 * on every tool call; crypto and its stream dependencies cost milliseconds to load). Uniqueness, not
 * secrecy: pid + a per-process counter + time + Math.random.
 */
let counter = 0;

/** A short string unique across processes and calls, e.g. `"3f2a-1-lx9k2c-8f3k2j1q"`. */
export function uniqueSuffix(): string {
  counter = (counter + 1) % Number.MAX_SAFE_INTEGER;
  return `${process.pid.toString(36)}-${counter.toString(36)}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}
