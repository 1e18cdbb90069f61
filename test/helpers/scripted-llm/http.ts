/**
 * A scripted HTTP server on 127.0.0.1 (port 0): a queue of replies, a record of every request. The
 * protocol modules (anthropic.ts, openai.ts) turn a protocol-neutral `ScriptedReply` into their wire
 * format. An empty queue answers HTTP 500 "no reply queued", so a test that sends one request too
 * many fails loudly.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

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

export interface RecordedRequest {
  method: string;
  path: string;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
}

/** What a protocol module renders: status, JSON or text body, headers. */
export interface WireReply {
  status: number;
  body: string;
  contentType: string;
}

export interface ScriptedServer {
  /** The base URL to give the SDK (protocol-specific: with or without `/v1`). */
  readonly url: string;
  readonly port: number;
  readonly requests: RecordedRequest[];
  enqueue(...replies: ScriptedReply[]): void;
  /** Replies not consumed yet. */
  pending(): number;
  close(): Promise<void>;
}

/** A JSON reply. */
export const json = (status: number, v: unknown): WireReply => ({
  status,
  body: JSON.stringify(v),
  contentType: "application/json",
});

/** The wire reply of a `{raw}` script entry (same for every protocol). */
export const rawReply = (r: { status?: number; body: string; contentType?: string }): WireReply => ({
  status: r.status ?? 200,
  body: r.body,
  contentType: r.contentType ?? "application/json",
});

export type Renderer = (reply: ScriptedReply, req: RecordedRequest, n: number) => WireReply;

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

function send(res: ServerResponse, w: WireReply, headers: Record<string, string> = {}): void {
  if (res.destroyed || res.writableEnded) return;
  res.writeHead(w.status, { "content-type": w.contentType, ...headers });
  res.end(w.body);
}

/**
 * Starts a scripted server. `route` is the one path served (POST); other paths get 404.
 * `basePath` is appended to the origin in `url`.
 */
export async function startScriptedServer(opts: {
  route: string;
  basePath: string;
  render: Renderer;
  notFound: (path: string) => WireReply;
}): Promise<ScriptedServer> {
  const queue: ScriptedReply[] = [];
  const requests: RecordedRequest[] = [];
  const server = createServer(async (req, res) => {
    const text = await readBody(req);
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // keep the raw text
    }
    const headers: Record<string, string> = {};
    for (const [k, v] of Object.entries(req.headers)) if (v !== undefined) headers[k] = String(v);
    const rec: RecordedRequest = {
      method: req.method ?? "",
      path: (req.url ?? "").split("?")[0] ?? "",
      headers,
      body,
    };
    requests.push(rec);
    if (rec.method !== "POST" || rec.path !== opts.route) return send(res, opts.notFound(rec.path));
    const reply = queue.shift();
    if (!reply)
      return send(res, { status: 500, contentType: "text/plain", body: "scripted server: no reply queued" });
    const answer = () => send(res, opts.render(reply, rec, requests.length), reply.headers);
    if (!reply.delayMs) return answer();
    const t = setTimeout(answer, reply.delayMs);
    res.on("close", () => clearTimeout(t));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}${opts.basePath}`,
    port,
    requests,
    enqueue: (...r) => {
      queue.push(...r);
    },
    pending: () => queue.length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
