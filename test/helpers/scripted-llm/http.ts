/**
 * The scripted LLM servers memdir's own HTTP providers talk to: the scripted-server core
 * (../scripted-server.ts: 127.0.0.1 port 0, every request recorded) serving one POST route, with a
 * queue of protocol-neutral `ScriptedReply`s that the protocol modules (anthropic.ts, openai.ts) render
 * in their wire format. A queued reply answers any request on the route (or the ones its `match`
 * accepts); with the queue empty the core answers HTTP 500 "no reply queued", so a test that sends one
 * request too many fails loudly.
 */
import {
  delay,
  type ScriptedCore,
  type ScriptedRequest,
  send,
  startScriptedServer as startCore,
  type WireReply,
} from "../scripted-server.js";

export interface ScriptedToolCall {
  /** Default: a generated id (`toolu_s<n>` / `call_s<n>`). */
  id?: string;
  name: string;
  input?: Record<string, unknown>;
  /** OpenAI only: the raw `arguments` string (e.g. partial JSON); Anthropic cannot express it. */
  rawArguments?: string;
}

interface Common {
  /** Wait this long before answering (the client may give up first). */
  delayMs?: number;
  /** Extra response headers. */
  headers?: Record<string, string>;
}

export type ScriptedReply = Common &
  (
    | { text: string; usage?: { input: number; output: number }; model?: string; stop?: string }
    | {
        toolCalls: ScriptedToolCall[];
        text?: string;
        usage?: { input: number; output: number };
        model?: string;
        stop?: string;
      }
    | { error: { status: number; type?: string; code?: string; message: string } }
    | { raw: { status?: number; body: string; contentType?: string } }
  );

/** A recorded request (method, path, query, lower-cased headers, parsed body, `scripted`). */
export type RecordedRequest = ScriptedRequest;

/** The core's server, with the base URL the SDK wants and the queue under its provider-test name. */
export interface ScriptedServer
  extends Pick<ScriptedCore<ScriptedReply>, "port" | "requests" | "pending" | "close"> {
  /** The base URL to give the SDK (protocol-specific: with or without `/v1`). */
  readonly url: string;
  /** Appends replies; `{reply, match?}` answers only the requests `match` accepts, `reply` may be a function. */
  enqueue: ScriptedCore<ScriptedReply>["script"];
}

/** The wire reply of a `{raw}` script entry (same for every protocol). */
export const rawReply = (r: { status?: number; body: string; contentType?: string }): WireReply => ({
  status: r.status ?? 200,
  body: r.body,
  contentType: r.contentType ?? "application/json",
});

export type Renderer = (reply: ScriptedReply, req: RecordedRequest, n: number) => WireReply;

/**
 * Starts a scripted server. `route` is the one path served (POST); other requests get `notFound` (404).
 * `basePath` is appended to the origin in `url`.
 */
export async function startScriptedServer(opts: {
  route: string;
  basePath: string;
  render: Renderer;
  notFound: (path: string) => WireReply;
}): Promise<ScriptedServer> {
  const core = await startCore<ScriptedReply>({
    handles: (req) => req.method === "POST" && req.path === opts.route,
    notFound: (req) => opts.notFound(req.path),
    answer: async (res, req, reply, n) => {
      const w = opts.render(reply, req, n);
      if (reply.delayMs) await delay(res, reply.delayMs);
      send(res, w, reply.headers);
    },
  });
  return {
    url: `${core.origin}${opts.basePath}`,
    port: core.port,
    requests: core.requests,
    enqueue: core.script,
    pending: core.pending,
    close: core.close,
  };
}
