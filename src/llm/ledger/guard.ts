/**
 * The guard around a provider: daily token budget, per-call caps and the circuit breaker, all kept
 * in the ledger (DESIGN.md §3.3, §7: "a daily token budget and a circuit breaker on quota/auth
 * errors"; no invisible spend). A refused call never reaches the provider.
 */
import { describeError } from "../../core/errors.js";
import { uniqueSuffix } from "../../core/unique.js";
import {
  BREAKER_KINDS,
  isLlmError,
  LlmError,
  type LlmProvider,
  type LlmRequest,
  type LlmResponse,
  type LlmUsage,
} from "../types.js";
import { type BreakerState, breakerGate, closedBreaker, isForeignBreaker, tripBreaker } from "./breaker.js";
import { BILLED_FAILURE_KINDS, dayRefusalText, estimateRequestTokens, fitDailyBudget } from "./budget.js";
import { dayOf, type Ledger, updateLedger, utcDay } from "./ledger.js";
import { releaseReservation, reservedTokens } from "./reserve.js";

export interface GuardOptions {
  /** `~/.memdir/ledger.json` (its lock is `<file>.lock`). */
  ledgerFile: string;
  /**
   * Input + output tokens per UTC day; 0 = no calls at all. A call's output cap is clamped to what is
   * left of the day, and the call refused when that is below MIN_OUTPUT_TOKENS (see fitDailyBudget).
   */
  maxTokensPerDay: number;
  /** A request whose estimated input (core/tokens) is larger is refused with `budget`. */
  maxInputTokensPerCall: number;
  /** `req.maxOutputTokens` is clamped to this. */
  maxOutputTokensPerCall: number;
  /**
   * Opaque identity of the configuration behind the provider (the app passes e.g.
   * `<provider>|<model>|<baseUrl>|<key env name>|<short key hash>`). Stored when the breaker trips; an
   * open breaker tripped under another fingerprint is treated as closed (the next call goes through
   * and its outcome overwrites the breaker).
   */
  fingerprint?: string;
  /** Clock, ms since the epoch. */
  now(): number;
  /** Events: llm_breaker_open, llm_budget_reached, llm_breaker_tripped, llm_breaker_closed, llm_ledger_error. */
  onEvent?(kind: string, data: Record<string, unknown>): void;
  /** Removes secrets from a provider's error text before it is stored (privacy/ scrub; llm/ cannot import it). */
  scrub?(text: string): string;
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
  /** Estimated input tokens (charged when the call fails with a BILLED_FAILURE_KINDS kind). */
  estimate: number;
  /** The output cap sent to the provider (per-call cap, then clamped to the day's remainder). */
  maxOutputTokens: number;
  /** The reservation of estimate + maxOutputTokens made at admission, and its UTC day key. */
  reservationId: string;
  reservationDay: string;
}

/**
 * Wraps `p` so that every call is checked first, under the ledger lock: an open breaker of the same
 * fingerprint throws LlmError "breaker_open" (once the back-off is over, exactly one probe call goes
 * through); an estimated input above `maxInputTokensPerCall` throws "budget"; so does a call that does
 * not fit today's `maxTokensPerDay` even with its output cap clamped to the day's remainder
 * (fitDailyBudget, MIN_OUTPUT_TOKENS), counting as spent the reservations of calls in flight: an
 * admitted call reserves its estimate + output cap (reserve.ts; stale after RESERVATION_STALE_MS), so
 * concurrent calls in any number of processes never admit more than the day's cap. Refusals count in
 * the day's `refused`. After the call its reservation is released and the reported usage is added
 * (calls + 1, failed calls too; a failure of a BILLED_FAILURE_KINDS kind — timeout, bad_response —
 * is charged its estimated input tokens, other failures nothing); a success
 * closes the breaker, an LlmError whose kind is in BREAKER_KINDS trips it (storing the fingerprint);
 * the provider's error is rethrown unchanged.
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
        res = await p.complete({ ...req, maxOutputTokens: admission.maxOutputTokens });
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
      const foreign = isForeignBreaker(l.breaker, o.fingerprint);
      const gate = foreign ? "closed" : breakerGate(l.breaker, now);
      const day = dayOf(l, now);
      const spent = day.inputTokens + day.outputTokens;
      const reserved = reservedTokens(day, now);
      const fit = fitDailyBudget(o.maxTokensPerDay, spent + reserved, estimate, maxOut);
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
      } else if (!fit.ok) {
        const cap = o.maxTokensPerDay;
        emit("llm_budget_reached", { scope: "day", spent, reserved, cap, estimate, maxOut, left: fit.left });
        refusal = new LlmError("budget", "guard", dayRefusalText(fit, cap, spent, estimate, reserved));
      }
      if (refusal || !fit.ok) {
        day.refused++;
        return;
      }
      const reservationId = uniqueSuffix();
      const held = estimate + fit.maxOutputTokens;
      if (held > 0) day.reserved = [...(day.reserved ?? []), { id: reservationId, tokens: held, atMs: now }];
      admission = {
        seenOpenedAt: l.breaker.openedAtMs,
        estimate,
        maxOutputTokens: fit.maxOutputTokens,
        reservationId,
        reservationDay: utcDay(now),
      };
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
  if (refusal || !admission) throw refusal ?? new LlmError("budget", "guard", "call not admitted");
  return admission;
}

const tokens = (n: number): number => (Number.isFinite(n) && n > 0 ? Math.round(n) : 0);
/** The breaker has not been re-opened by someone else since this call was admitted. */
const sameEpisode = (b: BreakerState, a: Admission): boolean =>
  b.state === "open" && b.openedAtMs === a.seenOpenedAt;

function settleSuccess(o: GuardOptions, usage: LlmUsage, a: Admission, emit: Emit): void {
  const now = o.now();
  try {
    withLedger(o, now, emit, (l, emit) => {
      releaseReservation(l.days[a.reservationDay], a.reservationId);
      const day = dayOf(l, now);
      day.inputTokens += tokens(usage.inputTokens);
      day.outputTokens += tokens(usage.outputTokens);
      day.calls++;
      if (sameEpisode(l.breaker, a) || isForeignBreaker(l.breaker, o.fingerprint)) {
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
      releaseReservation(l.days[a.reservationDay], a.reservationId);
      const day = dayOf(l, now);
      day.calls++;
      if (isLlmError(e) && BILLED_FAILURE_KINDS.has(e.kind)) day.inputTokens += tokens(a.estimate);
      if (isLlmError(e) && BREAKER_KINDS.has(e.kind)) {
        // Another configuration's breaker is overwritten: this one's trips start from 0.
        const prev = isForeignBreaker(l.breaker, o.fingerprint) ? closedBreaker() : l.breaker;
        // A concurrent call that tripped the breaker while this one was in flight already counted.
        if (prev.state === "open" && !sameEpisode(prev, a)) return;
        const message = o.scrub ? o.scrub(e.message) : e.message;
        const err = {
          kind: e.kind,
          message,
          ...(e.retryAfterMs !== undefined ? { retryAfterMs: e.retryAfterMs } : {}),
        };
        l.breaker = tripBreaker(prev, err, now, o.fingerprint);
        emit("llm_breaker_tripped", { kind: e.kind, until: l.breaker.untilMs, trips: l.breaker.trips });
      } else if (a.probeAt !== undefined && l.breaker.probeAtMs === a.probeAt) {
        delete l.breaker.probeAtMs; // not a limit signal: the next call may probe again
      }
    });
  } catch (err) {
    emit("llm_ledger_error", { error: describeError(err) });
  }
}
