/**
 * Maps what the official SDKs throw (`@anthropic-ai/sdk` 1.14, `openai` 6.49: `APIError` with `status`,
 * `headers`, `error` = the parsed error body; `APIConnectionError`, `APIConnectionTimeoutError`,
 * `APIUserAbortError`) to `LlmError` kinds. The SDK errors are never passed on as messages: they can
 * carry request headers. Messages are rebuilt from status, error type and the server's message, with
 * the API key (and anything shaped like a key) redacted.
 */
import { truncateCodePoints } from "../../core/text.js";
import { isLlmError, LlmError, type LlmErrorKind, type ProviderId } from "../types.js";

/** Text that says a quota / credit / usage limit is exhausted (OpenAI `insufficient_quota`, Anthropic 400/403). */
const QUOTA_TEXT = /insufficient_quota|credit balance|usage limit|quota|billing|out of credits/i;
const KEYLIKE = /\b(?:sk-[A-Za-z0-9_-]{8,}|[A-Za-z0-9_-]*key-[A-Za-z0-9_-]{16,})/g;

/** Removes `secret` (when given) and key-shaped tokens (`sk-…`) from `text`; cuts it to 300 code points. */
export function redact(text: string, secret?: string): string {
  let t = text;
  if (secret && secret.length >= 4) t = t.split(secret).join("[redacted]");
  return truncateCodePoints(t.replace(KEYLIKE, "[redacted]"), 300);
}

interface HeaderBag {
  get(name: string): string | null | undefined;
}

function headerBag(h: unknown): HeaderBag | undefined {
  if (h && typeof (h as HeaderBag).get === "function") return h as HeaderBag;
  if (h && typeof h === "object") {
    const rec = h as Record<string, unknown>;
    return { get: (n) => (typeof rec[n] === "string" ? (rec[n] as string) : undefined) };
  }
  return undefined;
}

/**
 * Server-requested wait in ms from `retry-after-ms` (ms) or `retry-after` (seconds, or an HTTP date
 * measured against the response's `Date` header, else against `nowMs()`); undefined when absent.
 * RFC 9110 §10.2.3; `retry-after-ms` is the OpenAI/Anthropic extension.
 */
export function parseRetryAfter(headers: unknown, nowMs?: () => number): number | undefined {
  const h = headerBag(headers);
  if (!h) return undefined;
  const ms = h.get("retry-after-ms");
  if (ms && /^\s*\d+(\.\d+)?\s*$/.test(ms)) return Math.round(Number(ms));
  const ra = h.get("retry-after")?.trim();
  if (!ra) return undefined;
  if (/^\d+(\.\d+)?$/.test(ra)) return Math.round(Number(ra) * 1000);
  const at = Date.parse(ra);
  if (Number.isNaN(at)) return undefined;
  const dateHeader = h.get("date");
  const base = dateHeader ? Date.parse(dateHeader) : Number.NaN;
  const now = Number.isNaN(base) ? nowMs?.() : base;
  return now === undefined ? undefined : Math.max(0, at - now);
}

/**
 * The kind of an HTTP error, the same for every provider: 429 → rate_limit (quota when the body
 * says insufficient_quota / credit / usage limit); 400/402/403 whose text says credit or usage limit
 * → quota; 401/403 → auth; 529/503 or `overloaded_error` → overloaded; 408 → timeout; other 4xx →
 * bad_request; other 5xx → bad_response (a server fault that is not a limit: the breaker stays shut).
 */
export function kindForStatus(status: number, type: string, code: string, message: string): LlmErrorKind {
  const text = `${type} ${code} ${message}`;
  if (status === 429)
    return QUOTA_TEXT.test(`${type} ${code}`) || /credit balance|usage limit/i.test(message)
      ? "quota"
      : "rate_limit";
  if ((status === 400 || status === 402 || status === 403) && QUOTA_TEXT.test(text)) return "quota";
  if (status === 401 || status === 403) return "auth";
  if (status === 529 || status === 503 || /overloaded/i.test(type)) return "overloaded";
  if (status === 408) return "timeout";
  if (status >= 400 && status < 500) return "bad_request";
  return "bad_response";
}

function str(v: unknown): string {
  return typeof v === "string" ? v : "";
}

/** The errno code (`ECONNREFUSED`, `ENOTFOUND`, …) anywhere on the `cause` chain. */
function causeCode(e: unknown): string | undefined {
  let cur: unknown = e;
  for (let i = 0; i < 6 && cur && typeof cur === "object"; i++) {
    const c = (cur as { code?: unknown }).code;
    if (typeof c === "string" && /^E[A-Z_]+$/.test(c)) return c;
    cur = (cur as { cause?: unknown }).cause;
  }
  return undefined;
}

export interface MapErrorContext {
  provider: ProviderId;
  /** Redacted from every message. */
  apiKey?: string;
  /** For Retry-After dates when the response has no Date header. */
  nowMs?: () => number;
  timeoutMs: number;
  /** The SDK's own error classes (matched with instanceof; class names are a fallback only). */
  sdk?: SdkErrorClasses;
}

type Ctor = abstract new (...args: never[]) => unknown;
/** The three non-HTTP error classes both official SDKs export under these names. */
export interface SdkErrorClasses {
  APIConnectionTimeoutError: Ctor;
  APIUserAbortError: Ctor;
  APIConnectionError: Ctor;
}

/**
 * Converts anything an SDK call threw into an LlmError (an LlmError passes through unchanged).
 * Abort / timeout → timeout; connection errors → network; HTTP errors → `kindForStatus`; anything
 * else (a 200 body that is not JSON) → bad_response.
 */
export function mapSdkError(e: unknown, ctx: MapErrorContext): LlmError {
  if (isLlmError(e)) return e;
  const p = ctx.provider;
  const name = e instanceof Error ? e.constructor.name || e.name : "";
  const ename = e instanceof Error ? e.name : "";
  const is = (k: keyof SdkErrorClasses, re: RegExp) =>
    ctx.sdk ? e instanceof ctx.sdk[k] : re.test(name) || re.test(ename);
  if (is("APIConnectionTimeoutError", /Timeout/) || ename === "TimeoutError")
    return new LlmError("timeout", p, `${p}: no reply within ${ctx.timeoutMs} ms`);
  if (is("APIUserAbortError", /UserAbort/) || ename === "AbortError")
    return new LlmError("timeout", p, `${p}: the call was aborted`);
  const status = (e as { status?: unknown } | null)?.status;
  if (typeof status === "number") {
    const body = (e as { error?: unknown }).error;
    const inner = (
      body && typeof body === "object" && "error" in body ? (body as { error: unknown }).error : body
    ) as Record<string, unknown> | undefined;
    const type = str(inner?.type);
    const code = str(inner?.code);
    const serverMsg = str(inner?.message) || (e instanceof Error ? e.message.replace(/^\d{3}\s*/, "") : "");
    const kind = kindForStatus(status, type, code, serverMsg);
    const retryAfterMs = parseRetryAfter((e as { headers?: unknown }).headers, ctx.nowMs);
    const label = [type, code !== type ? code : ""].filter(Boolean).join("/");
    const msg = redact(
      `${p}: HTTP ${status}${label ? ` ${label}` : ""}: ${serverMsg || "(no message)"}`,
      ctx.apiKey,
    );
    return new LlmError(kind, p, msg, { status, ...(retryAfterMs !== undefined ? { retryAfterMs } : {}) });
  }
  if (is("APIConnectionError", /Connection/) || causeCode(e)) {
    const code = causeCode(e) ?? "connection error";
    return new LlmError("network", p, `${p}: cannot reach the server (${code})`);
  }
  const what = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  return new LlmError("bad_response", p, redact(`${p}: unreadable reply (${what})`, ctx.apiKey));
}
