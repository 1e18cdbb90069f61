/**
 * The offline provider: no model, no network. jobs/ injects the rule engine as an `OfflineResponder`
 * (llm/ knows nothing about memory). Same contract as the other providers, so the agent loop and the
 * guard run unchanged without an LLM.
 */
import { LlmError, type LlmProvider, type LlmResponse } from "../types.js";
import { type OfflineResponder, usageOrEstimate } from "./common.js";

function abortPromise(signal: AbortSignal): { promise: Promise<never>; dispose(): void } {
  let onAbort = () => {};
  const promise = new Promise<never>((_, reject) => {
    onAbort = () => reject(new LlmError("timeout", "offline", "offline: the call was aborted"));
    signal.addEventListener("abort", onAbort, { once: true });
  });
  return { promise, dispose: () => signal.removeEventListener("abort", onAbort) };
}

/**
 * An LlmProvider answering with `respond`. Usage the responder leaves at zero is estimated
 * (core/tokens); `model` defaults to the responder's own or "rules". An aborted `req.signal` →
 * LlmError `timeout`; anything the responder throws (other than an LlmError) or a reply without a
 * `content` array → LlmError `bad_response` with the original as `cause`.
 */
export function offlineProvider(respond: OfflineResponder, model = "rules"): LlmProvider {
  return {
    id: "offline",
    model,
    async complete(req) {
      if (req.signal?.aborted) throw new LlmError("timeout", "offline", "offline: the call was aborted");
      const abort = req.signal ? abortPromise(req.signal) : undefined;
      let res: LlmResponse;
      try {
        const answer = Promise.resolve().then(() => respond(req));
        answer.catch(() => {}); // a late failure after an abort is not an unhandled rejection
        res = await (abort ? Promise.race([answer, abort.promise]) : answer);
      } catch (e) {
        if (e instanceof LlmError) throw e;
        const what = e instanceof Error ? e.message : String(e);
        throw new LlmError("bad_response", "offline", `offline: the responder failed: ${what}`, { cause: e });
      } finally {
        abort?.dispose();
      }
      if (!res || !Array.isArray(res.content))
        throw new LlmError("bad_response", "offline", "offline: the responder returned no content array");
      return {
        content: res.content,
        stopReason: res.stopReason ?? "end_turn",
        usage: usageOrEstimate(res.usage, req, res.content),
        model: res.model || model,
      };
    },
  };
}
