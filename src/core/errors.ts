/**
 * The one error class of memdir. Every error carries a stable string `code` and a message that
 * says what was expected, what was received and what to do (DEVELOPERS.md "Bad input gets a clear error").
 */
export type ErrorCode =
  | "BAD_INPUT"
  | "BAD_FRONTMATTER"
  | "BAD_MEMORY_TYPE"
  | "BAD_JSON"
  | "BAD_PATH"
  | "BAD_CONFIG"
  | "LOCK_TIMEOUT"
  | "NOT_FOUND"
  | "IO"
  | "INPUT_REFUSED"
  | "UNSAFE_PATH"
  | "INDEX_OPEN"
  | "UNSUPPORTED";

export interface ErrorDetails {
  /** What a valid input looks like. */
  expected: string;
  /** What was actually received (already shortened; never a secret). */
  received: string;
  /** What the user should do next. */
  hint: string;
  cause?: unknown;
}

export class MemdirError extends Error {
  readonly code: ErrorCode;
  readonly expected: string;
  readonly received: string;
  readonly hint: string;

  constructor(code: ErrorCode, summary: string, details: ErrorDetails) {
    super(
      `${summary}\n  expected: ${details.expected}\n  received: ${details.received}\n  what to do: ${details.hint}`,
      {
        cause: details.cause,
      },
    );
    this.name = "MemdirError";
    this.code = code;
    this.expected = details.expected;
    this.received = details.received;
    this.hint = details.hint;
  }
}

/** True when `e` is a MemdirError, optionally with the given code. */
export function isMemdirError(e: unknown, code?: ErrorCode): e is MemdirError {
  return e instanceof MemdirError && (code === undefined || e.code === code);
}

/** Node's errno code of `e` (`ENOENT`, `EACCES`, ...) or undefined. */
export function errnoCode(e: unknown): string | undefined {
  return typeof e === "object" &&
    e !== null &&
    "code" in e &&
    typeof (e as { code: unknown }).code === "string"
    ? (e as { code: string }).code
    : undefined;
}

/** A short, single-line description of any thrown value, for logs. */
export function describeError(e: unknown): string {
  if (e instanceof MemdirError) return `${e.code}: ${e.message.split("\n")[0]}`;
  if (e instanceof Error) return `${e.name}: ${e.message}`;
  return String(e);
}
