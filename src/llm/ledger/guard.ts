/**
 * The guard around a provider: daily token budget, per-call caps and the circuit breaker, all kept
 * in the ledger (DESIGN.md §3.3, §7: "a daily token budget and a circuit breaker on quota/auth
 * errors"; claude-mem #2315/#2643: no invisible spend). A refused call never reaches the provider.
 */
import { describeError } from "../../core/errors.js";
import { estimateTokens } from "../../core/tokens.js";
import {
  BREAKER_KINDS,
  isLlmError,
  LlmError,
  type LlmProvider,
  type LlmRequest,
  type LlmResponse,
  type LlmUsage,
} from "../types.js";
import { type BreakerState, breakerGate, closedBreaker, tripBreaker } from "./breaker.js";
import { dayOf, type Ledger, updateLedger } from "./ledger.js";

export interface GuardOptions {
  /** `~/.memdir/ledger.json` (its lock is `<file>.lock`). */
  ledgerFile: string;
  /** Input + output tokens per UTC day; 0 = no calls at all. */
  maxTokensPerDay: number;
  /** A request whose estimated input (core/tokens) is larger is refused with `budget`. */
  maxInputTokensPerCall: number;
  /** `req.maxOutputTokens` is clamped to this. */
  maxOutputTokensPerCall: number;
  /** Clock, ms since the epoch. */
  now(): number;
  /** Events: llm_breaker_open, llm_budget_reached, llm_breaker_tripped, llm_breaker_closed, llm_ledger_error. */
  onEvent?(kind: string, data: Record<string, unknown>): void;
  /** Removes secrets from a provider's error text before it is stored (privacy/ scrub; llm/ cannot import it). */
  scrub?(text: string): string;
}

/**
 * Estimated input tokens of a request (core/tokens): system + every block of every message (text,
 * tool_use name + JSON input, tool_result content) + every tool's name, description and JSON schema.
 */
export function estimateRequestTokens(req: LlmRequest): number {
  let n = estimateTokens(req.system);
  for (const m of req.messages)
    for (const b of m.content) {
      if (b.type === "text") n += estimateTokens(b.text);
      else if (b.type === "tool_use") n += estimateTokens(b.name) + estimateTokens(JSON.stringify(b.input));
      else n += estimateTokens(b.content);
    }
  for (const t of req.tools)
    n +=
      estimateTokens(t.name) + estimateTokens(t.description) + estimateTokens(JSON.stringify(t.inputSchema));
  return n;
}

type Emit = (kind: string, data: Record<string, unknown>) => void;

/** Runs `fn` under the ledger lock, emitting its events only after the lock is released. */
function withLedger(o: GuardOptions, nowMs: number, emit: Emit, fn: (l: Ledger, ev: Emit) => void): void {
  const events: [string, Record<string, unknown>][] = [];
  try {
    updateLedger(o.ledgerFile, nowMs, (l) => fn(l, (kind, data) => events.push([kind, data])));
  } finally {
    for (const [kind, data] of events) emit(kind, data);
  }
}

interface Admission {
  /** The breaker's openedAtMs when the call was let through (undefined = closed). */
  seenOpenedAt: number | undefined;
  probeAt?: number;
}

/**
 * Wraps `p` so that every call is checked first, under the ledger lock: an open breaker throws
 * LlmError "breaker_open" (once the back-off is over, exactly one probe call goes through); an
 * estimated input above `maxInputTokensPerCall`, or today's spend + estimate + maxOutputTokens above
 * `maxTokensPerDay`, throws "budget". Refusals count in the day's `refused`. After the call the
 * reported usage is added (calls + 1, failed calls too); a success closes the breaker, an LlmError
 * whose kind is in BREAKER_KINDS trips it; the provider's error is rethrown unchanged.
 * @throws LlmError "budget" as well when the ledger cannot be updated (fails closed).
 */
export function guardProvider(p: LlmProvider, o: GuardOptions): LlmProvider {
  const emit: Emit = (kind, data) => {
    try {
      o.onEvent?.(kind, data);
    } catch {
      // an event sink must never break a call
    }
  };
  return {
    id: p.id,
    model: p.model,
    async complete(req: LlmRequest): Promise<LlmResponse> {
      const maxOutputTokens = Math.max(0, Math.min(req.maxOutputTokens, o.maxOutputTokensPerCall));
      const admission = admit(o, estimateRequestTokens(req), maxOutputTokens, emit);
      let res: LlmResponse;
      try {
        res = await p.complete({ ...req, maxOutputTokens });
      } catch (e) {
        settleFailure(o, e, admission, emit);
        throw e;
      }
      settleSuccess(o, res.usage, admission, emit);
      return res;
    },
  };
}

function admit(o: GuardOptions, estimate: number, maxOut: number, emit: Emit): Admission {
  const now = o.now();
  let refusal: LlmError | undefined;
  let admission: Admission | undefined;
  try {
    withLedger(o, now, emit, (l, emit) => {
      const gate = breakerGate(l.breaker, now);
      const day = dayOf(l, now);
      const spent = day.inputTokens + day.outputTokens;
      if (gate === "open") {
        const b = l.breaker;
        emit("llm_breaker_open", { reason: b.reason, untilMs: b.untilMs, trips: b.trips });
        refusal = new LlmError(
          "breaker_open",
          "guard",
          `circuit breaker open after ${b.reason ?? "an error"} until ${new Date(b.untilMs ?? now).toISOString()}: no request sent`,
        );
      } else if (estimate > o.maxInputTokensPerCall) {
        emit("llm_budget_reached", { scope: "call", estimate, cap: o.maxInputTokensPerCall });
        refusal = new LlmError(
          "budget",
          "guard",
          `request of ~${estimate} input tokens exceeds the per-call cap of ${o.maxInputTokensPerCall}`,
        );
      } else if (o.maxTokensPerDay <= 0 || spent + estimate + maxOut > o.maxTokensPerDay) {
        emit("llm_budget_reached", { scope: "day", spent, cap: o.maxTokensPerDay, estimate, maxOut });
        refusal = new LlmError(
          "budget",
          "guard",
          `daily token budget reached: ${spent} spent + ~${estimate} in + ${maxOut} out > ${o.maxTokensPerDay}`,
        );
      }
      if (refusal) {
        day.refused++;
        return;
      }
      admission = { seenOpenedAt: l.breaker.openedAtMs };
      if (gate === "probe") {
        l.breaker.probeAtMs = now;
        admission.probeAt = now;
      }
    });
  } catch (e) {
    emit("llm_ledger_error", { error: describeError(e) });
    throw new LlmError("budget", "guard", `the token ledger could not be updated: ${describeError(e)}`, {
      cause: e,
    });
  }
  if (refusal) throw refusal;
  return admission ?? { seenOpenedAt: undefined };
}

const tokens = (n: number): number => (Number.isFinite(n) && n > 0 ? Math.round(n) : 0);
/** The breaker has not been re-opened by someone else since this call was admitted. */
const sameEpisode = (b: BreakerState, a: Admission): boolean =>
  b.state === "open" && b.openedAtMs === a.seenOpenedAt;

function settleSuccess(o: GuardOptions, usage: LlmUsage, a: Admission, emit: Emit): void {
  const now = o.now();
  try {
    withLedger(o, now, emit, (l, emit) => {
      const day = dayOf(l, now);
      day.inputTokens += tokens(usage.inputTokens);
      day.outputTokens += tokens(usage.outputTokens);
      day.calls++;
      if (sameEpisode(l.breaker, a)) {
        emit("llm_breaker_closed", { reason: l.breaker.reason, trips: l.breaker.trips });
        l.breaker = closedBreaker();
      }
    });
  } catch (e) {
    emit("llm_ledger_error", { error: describeError(e) });
  }
}

function settleFailure(o: GuardOptions, e: unknown, a: Admission, emit: Emit): void {
  const now = o.now();
  try {
    withLedger(o, now, emit, (l, emit) => {
      dayOf(l, now).calls++;
      if (isLlmError(e) && BREAKER_KINDS.has(e.kind)) {
        // A concurrent call that tripped the breaker while this one was in flight already counted.
        if (l.breaker.state === "open" && !sameEpisode(l.breaker, a)) return;
        const message = o.scrub ? o.scrub(e.message) : e.message;
        const err = {
          kind: e.kind,
          message,
          ...(e.retryAfterMs !== undefined ? { retryAfterMs: e.retryAfterMs } : {}),
        };
        l.breaker = tripBreaker(l.breaker, err, now);
        emit("llm_breaker_tripped", { kind: e.kind, until: l.breaker.untilMs, trips: l.breaker.trips });
      } else if (a.probeAt !== undefined && l.breaker.probeAtMs === a.probeAt) {
        delete l.breaker.probeAtMs; // not a limit signal: the next call may probe again
      }
    });
  } catch (err) {
    emit("llm_ledger_error", { error: describeError(err) });
  }
}
