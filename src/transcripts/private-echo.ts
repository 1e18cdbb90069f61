/**
 * Private text echoed elsewhere in a conversation: the user marks a block
 * `<private>`, the assistant repeats part of it in its answer or a tool call. `scrub` only sees tags,
 * so the echo would reach a model request or a summary. This removes, across a whole slice, every echo
 * of the slice's private blocks (privacy `redactEchoes`); the tagged blocks themselves stay for
 * `scrub` to strip as usual.
 */
import { privateSpans, redactEchoes } from "../privacy/index.js";
import type { ConversationMessage } from "./types.js";

function textsOf(m: ConversationMessage): string[] {
  const out = [m.text];
  for (const t of m.toolCalls) {
    out.push(JSON.stringify(t.input));
    if (t.result) out.push(t.result.text);
  }
  return out;
}

/** `v` with `f` applied to every string leaf (objects and arrays copied). */
function mapStrings(v: unknown, f: (s: string) => string): unknown {
  if (typeof v === "string") return f(v);
  if (Array.isArray(v)) return v.map((x) => mapStrings(x, f));
  if (v && typeof v === "object")
    return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, mapStrings(x, f)]));
  return v;
}

/**
 * The messages with echoes of private text replaced by `[private]` (the input is not changed). The
 * private blocks are collected from `spanSource` (default: the messages themselves; pass the whole
 * conversation when `messages` is its newest part).
 */
export function withoutPrivateEchoes(
  messages: readonly ConversationMessage[],
  spanSource: readonly ConversationMessage[] = messages,
): ConversationMessage[] {
  const spans = spanSource.flatMap((m) => textsOf(m).flatMap(privateSpans));
  if (spans.length === 0) return [...messages];
  const red = (s: string) => redactEchoes(s, spans);
  return messages.map((m) => ({
    ...m,
    text: red(m.text),
    toolCalls: m.toolCalls.map((t) => ({
      ...t,
      input: mapStrings(t.input, red) as Record<string, unknown>,
      ...(t.result ? { result: { ...t.result, text: red(t.result.text) } } : {}),
    })),
  }));
}
