/**
 * The one HTTP core of the tests' scripted model servers: the servers the real harness CLIs talk to
 * (harness/servers/) and the ones memdir's own LLM providers talk to (scripted-llm/) are each this core
 * plus a protocol module that puts a reply on the wire.
 *
 * It listens on 127.0.0.1 only, on port 0 (the OS picks a free port), and records every request
 * (method, path, query, lower-cased headers, parsed JSON body, whether a queued reply answered it) in
 * `requests`, including those it answers 404. It answers from a per-test queue: an entry is a reply, or
 * `{reply, match?}` where `reply` may be a function of the request. A request the server serves takes
 * the first queued entry whose `match` accepts it (default: the server's `isMain`, or every request when
 * it has none); a request no entry takes gets the server's `fallback` reply, or, without one, HTTP 500
 * "scripted server: no reply queued", so a test that sends one request too many fails loudly. `close()`
 * drops open connections (a delayed or streaming answer included) and resolves once the port is free.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface ScriptedRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  /** The raw query string without `?` ("" when none). */
  query: string;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
  /** Whether a queued reply answered (false: the fallback, a 404 or a 500). */
  scripted: boolean;
}

/** One queue entry. A reply type must be an object without a `reply` key (a bare reply is `{reply}`). */
export interface ScriptEntry<R extends object> {
  /** The reply, or a function of the request (e.g. a tool call naming an id from an earlier result). */
  reply: R | ((req: ScriptedRequest) => R);
  /** Which request this entry answers; default the server's `isMain` (or any request). */
  match?: (req: ScriptedRequest) => boolean;
}

export interface ScriptedCore<R extends object> {
  /** Origin, `http://127.0.0.1:<port>` (no path). */
  readonly origin: string;
  readonly port: number;
  readonly requests: ScriptedRequest[];
  /** Appends entries; a bare reply is `{reply}`. */
  script(...entries: (R | ScriptEntry<R>)[]): void;
  /** Entries not consumed yet. */
  pending(): number;
  close(): Promise<void>;
}

/** A complete response: status, body text, content type. */
export interface WireReply {
  status: number;
  body: string;
  contentType: string;
}

/** What a protocol module gives the core. */
export interface Protocol<R extends object> {
  /** Whether the server serves this request; others get `notFound`. */
  handles(req: ScriptedRequest): boolean;
  /** The 404 for a request not served (default `{"error":{"message":"scripted server: no route <path>"}}`). */
  notFound?(req: ScriptedRequest): WireReply;
  /** Which requests a queued entry without `match` answers (default: all). */
  isMain?(req: ScriptedRequest): boolean;
  /** The reply for a request no entry takes (default: none, HTTP 500). */
  fallback?(req: ScriptedRequest): R;
  /** Writes `reply` on `res`; `n` is the request's 1-based number (for generated ids). A throw is a 500. */
  answer(res: ServerResponse, req: ScriptedRequest, reply: R, n: number): void | Promise<void>;
}

/** A JSON reply. */
export const json = (status: number, v: unknown): WireReply => ({
  status,
  body: JSON.stringify(v),
  contentType: "application/json",
});

/** Writes `w` (plus `headers`) unless the response is already gone (the client gave up). */
export function send(res: ServerResponse, w: WireReply, headers: Record<string, string> = {}): void {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(w.status, { "content-type": w.contentType, ...headers });
  res.end(w.body);
}

/** Writes one SSE response: `event:` lines only when `named` (Anthropic, OpenAI), else `data:` only. */
export function sse(res: ServerResponse, events: { event: string; data: unknown }[], named = true): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  for (const e of events)
    res.write(`${named ? `event: ${e.event}\n` : ""}data: ${JSON.stringify(e.data)}\n\n`);
  res.end();
}

/** Waits `ms`, or less when the client closes the connection first. */
export function delay(res: ServerResponse, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const t = setTimeout(resolve, ms);
    res.on("close", () => {
      clearTimeout(t);
      resolve();
    });
  });
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function record(req: IncomingMessage, text: string): ScriptedRequest {
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // keep the raw text
  }
  const headers: Record<string, string> = {};
  for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = String(v);
  const [path = "", query = ""] = (req.url ?? "").split("?");
  return { method: req.method ?? "", path, query, headers, body, scripted: false };
}

const isEntry = <R extends object>(t: R | ScriptEntry<R>): t is ScriptEntry<R> => "reply" in t;

const noRoute = (req: ScriptedRequest): WireReply =>
  json(404, { error: { message: `scripted server: no route ${req.path}` } });

const noReply: WireReply = {
  status: 500,
  contentType: "text/plain",
  body: "scripted server: no reply queued",
};

const failed = (message: string): WireReply =>
  json(500, { error: { message: `scripted server: ${message}` } });

export async function startScriptedServer<R extends object>(p: Protocol<R>): Promise<ScriptedCore<R>> {
  const queue: ScriptEntry<R>[] = [];
  const requests: ScriptedRequest[] = [];
  const isMain = p.isMain ?? (() => true);
  const server = createServer(async (req, res) => {
    try {
      const rec = record(req, await readBody(req));
      requests.push(rec);
      const n = requests.length;
      if (!p.handles(rec)) return send(res, (p.notFound ?? noRoute)(rec));
      const at = queue.findIndex((e) => (e.match ?? isMain)(rec));
      const picked = at >= 0 ? queue.splice(at, 1)[0]!.reply : undefined;
      rec.scripted = picked !== undefined;
      const reply = typeof picked === "function" ? picked(rec) : (picked ?? p.fallback?.(rec));
      if (reply === undefined) return send(res, noReply);
      await p.answer(res, rec, reply, n);
    } catch (e) {
      if (res.headersSent) res.destroy();
      else send(res, failed(String(e)));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    script: (...entries) => {
      for (const e of entries) queue.push(isEntry(e) ? e : { reply: e });
    },
    pending: () => queue.length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
