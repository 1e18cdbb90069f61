/**
 * What the scripted model servers the real harness CLIs talk to share, on top of the scripted-server
 * core (../../scripted-server.ts: turn queue, every request recorded, 127.0.0.1 port 0): the
 * protocol-neutral `Turn` the protocol modules put on the wire, and their default. A queued turn without
 * `match` answers the server's `isMain` requests (the agent loop), and a request no turn matches gets the
 * server's default reply, so a CLI's side requests (titles, classifiers, routers) never consume the
 * test's turns.
 */
import {
  type Protocol,
  type ScriptEntry,
  type ScriptedCore,
  type ScriptedRequest,
  startScriptedServer,
} from "../../scripted-server.js";

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

export type HarnessRequest = ScriptedRequest;
/** `{reply, match?}`: `reply` may be a function of the request; `match` defaults to the server's `isMain`. */
export type ScriptTurn = ScriptEntry<Turn>;
export type HarnessServer = ScriptedCore<Turn>;

/** A harness protocol: it names its agent-loop requests and has a default reply for the others. */
export type HarnessProtocol = Protocol<Turn> & Required<Pick<Protocol<Turn>, "isMain" | "fallback">>;

/** The start function of a harness server for `protocol`: a server with `turns` queued. */
export function harnessServer(
  protocol: HarnessProtocol,
): (turns?: (Turn | ScriptTurn)[]) => Promise<HarnessServer> {
  return async (turns = []) => {
    const s = await startScriptedServer(protocol);
    s.script(...turns);
    return s;
  };
}

/** All text in a request body (every string value, depth-first), for "did X reach the model" checks. */
export function bodyText(body: unknown): string {
  if (typeof body === "string") return body;
  if (Array.isArray(body)) return body.map(bodyText).join("\n");
  if (body && typeof body === "object") return Object.values(body).map(bodyText).join("\n");
  return "";
}
