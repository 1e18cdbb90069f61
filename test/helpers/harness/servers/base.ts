/**
 * The shared part of the scripted model servers the real harness CLIs talk to: an HTTP server on
 * 127.0.0.1 (port 0) that records every request (method, path, query, lower-cased headers, parsed JSON
 * body) and answers from a per-test script. A script is a queue of turns; a request takes the first
 * queued turn whose `match` accepts it (default: the server's own `isMain`, the agent-loop requests), and
 * a request no turn matches gets the server's default reply, so a CLI's side requests (titles,
 * classifiers, routers) never consume the test's turns.
 */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

/**
 * What the model says in one turn: text, or one tool call (with optional text before it).
 * `inputTokens`: the input token count the reply's usage reports (default 10), e.g. to pass a
 * context-size threshold the harness or a hook reads from the transcript.
 */
export type Turn = (
  | { text: string }
  | {
      /** `namespace`: OpenAI Responses only, the tool group of a namespaced tool (Codex `multi_agent_v1`). */
      tool: { name: string; input: Record<string, unknown>; id?: string; namespace?: string };
      text?: string;
    }
) & { inputTokens?: number };

export interface ScriptTurn {
  /** The turn, or a function of the request (e.g. a tool call naming an id from an earlier result). */
  reply: Turn | ((req: HarnessRequest) => Turn);
  /** Which request this turn answers; default the server's `isMain`. */
  match?: (req: HarnessRequest) => boolean;
}

export interface HarnessRequest {
  method: string;
  /** Path without the query string. */
  path: string;
  /** The raw query string without `?` ("" when none). */
  query: string;
  /** Lower-cased header names. */
  headers: Record<string, string>;
  /** The parsed JSON body, or the raw text when it is not JSON. */
  body: unknown;
  /** Whether a scripted turn answered (false: the default reply or a 404). */
  scripted: boolean;
}

export interface HarnessServer {
  /** Origin, `http://127.0.0.1:<port>` (no path). */
  readonly origin: string;
  readonly port: number;
  readonly requests: HarnessRequest[];
  /** Appends turns; a bare `Turn` is `{reply: turn}`. */
  script(...turns: (Turn | ScriptTurn)[]): void;
  /** Turns not consumed yet. */
  pending(): number;
  close(): Promise<void>;
}

/** A route: answers `turn` (or the default when `turn` is null) on `res`. */
export interface Route {
  /** Whether this route serves the request. */
  handles(req: HarnessRequest): boolean;
  answer(res: ServerResponse, req: HarnessRequest, turn: Turn | null, n: number): void;
}

/** Writes one SSE response: `event:` lines only when `named` (Anthropic, OpenAI), else `data:` only. */
export function sse(res: ServerResponse, events: { event: string; data: unknown }[], named = true): void {
  res.writeHead(200, { "content-type": "text/event-stream", "cache-control": "no-cache" });
  for (const e of events)
    res.write(`${named ? `event: ${e.event}\n` : ""}data: ${JSON.stringify(e.data)}\n\n`);
  res.end();
}

export function sendJson(res: ServerResponse, status: number, v: unknown): void {
  res.writeHead(status, { "content-type": "application/json" });
  res.end(JSON.stringify(v));
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => resolve(Buffer.concat(chunks).toString("utf8")));
    req.on("error", reject);
  });
}

export async function startHarnessServer(opts: {
  routes: Route[];
  isMain: (req: HarnessRequest) => boolean;
}): Promise<HarnessServer> {
  const queue: ScriptTurn[] = [];
  const requests: HarnessRequest[] = [];
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
    const [path = "", query = ""] = (req.url ?? "").split("?");
    const rec: HarnessRequest = { method: req.method ?? "", path, query, headers, body, scripted: false };
    requests.push(rec);
    const route = opts.routes.find((r) => r.handles(rec));
    if (!route) return sendJson(res, 404, { error: { message: `scripted server: no route ${path}` } });
    const at = queue.findIndex((t) => (t.match ?? opts.isMain)(rec));
    const picked = at >= 0 ? queue.splice(at, 1)[0]!.reply : null;
    rec.scripted = picked !== null;
    try {
      route.answer(res, rec, typeof picked === "function" ? picked(rec) : picked, requests.length);
    } catch (e) {
      sendJson(res, 500, { error: { message: `scripted server: ${String(e)}` } });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    origin: `http://127.0.0.1:${port}`,
    port,
    requests,
    script: (...turns) => {
      for (const t of turns) queue.push("reply" in t ? t : { reply: t });
    },
    pending: () => queue.length,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** All text in a request body (every string value, depth-first), for "did X reach the model" checks. */
export function bodyText(body: unknown): string {
  if (typeof body === "string") return body;
  if (Array.isArray(body)) return body.map(bodyText).join("\n");
  if (body && typeof body === "object") return Object.values(body).map(bodyText).join("\n");
  return "";
}
