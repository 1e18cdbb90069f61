/**
 * Hook stdout for every harness: the context answer memdir prints (contextStdout), and checking stdout the
 * way a harness reads it (tests and `memdir doctor`): empty, or exactly one JSON object whose keys and
 * values the harness accepts for the event, with a `hookSpecificOutput` naming the event. The walk is the
 * same for every harness; what each accepts (keys per event, value types, where `hookSpecificOutput` may
 * appear, and the wording of a problem) is the adapter's HookStdoutSpec.
 * Hot path (loaded with hook-output.ts): imports core/text only.
 */
import { toWellFormed } from "../../core/text.js";

export type Obj = Record<string, unknown>;

/** What a harness accepts on hook stdout: the parameters of checkHookStdout. */
export interface HookStdoutSpec<E extends string> {
  events: readonly E[];
  /** The problem for an event not in `events` (default `unknown event <event>`). */
  unknownEvent?: (event: string) => string;
  /** A problem with the non-blank stdout itself, found before parsing. */
  raw?: (stdout: string, event: E) => string | undefined;
  /** The top-level keys `event` accepts. */
  topKeys: (event: E) => ReadonlySet<string>;
  /** The problem for a top-level key not in topKeys. */
  badTopKey: (key: string, event: E) => string;
  /** Types of top-level values, checked with each key (`null` passes). */
  nullableTypes?: Readonly<Record<string, "string" | "boolean">>;
  /** Checks on the object's values, after its keys. */
  values?: (o: Obj, event: E) => string | undefined;
  /** `null` as hookSpecificOutput counts as absent (else it is "not an object"). */
  nullHsoAbsent?: boolean;
  /** The problem when `event` takes no hookSpecificOutput; undefined when it takes one. */
  noHso?: (event: E) => string | undefined;
  /** hookSpecificOutput keys besides hookEventName, when they are checked. */
  hsoKeys?: {
    allowed: (event: E) => ReadonlySet<string>;
    bad: (key: string, event: E) => string;
    /** Checked before hookEventName (else after). */
    beforeEventName?: boolean;
  };
  /** `additionalContext`: may be absent, may be absent or null, or must be a string. */
  context: "optional" | "nullable" | "required";
  /** Checks on hookSpecificOutput after additionalContext. */
  hsoValues?: (h: Obj, event: E) => string | undefined;
}

/**
 * `{"hookSpecificOutput":{"hookEventName":event,"additionalContext":context}}\n` when `event` is one of
 * `contextEvents` (the events whose additionalContext reaches the model) and `context` is not blank; else
 * "" (print nothing). The context is made well-formed (a lone surrogate makes the model API answer 400)
 * but not truncated: the caller budgets it.
 */
export function contextStdout(
  contextEvents: readonly string[],
  event: string,
  context: string | undefined,
): string {
  if (context === undefined || context.trim() === "" || !contextEvents.includes(event)) return "";
  const out = { hookSpecificOutput: { hookEventName: event, additionalContext: toWellFormed(context) } };
  return `${JSON.stringify(out)}\n`;
}

const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);

/** `systemMessage` (a common field everywhere) is a string when present. */
export function systemMessageProblem(o: Obj): string | undefined {
  return o.systemMessage !== undefined && typeof o.systemMessage !== "string"
    ? "systemMessage is not a string"
    : undefined;
}

/** The first problem with `stdout` as the hook output of `event` under `spec`, or undefined when valid. */
export function checkHookStdout<E extends string>(
  spec: HookStdoutSpec<E>,
  event: string,
  stdout: string,
): string | undefined {
  if (!(spec.events as readonly string[]).includes(event))
    return spec.unknownEvent?.(event) ?? `unknown event ${event}`;
  const ev = event as E;
  const text = stdout.trim();
  if (text === "") return undefined;
  const rawProblem = spec.raw?.(stdout, ev);
  if (rawProblem) return rawProblem;
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch {
    return "stdout is not exactly one JSON document";
  }
  if (!isObj(v)) return "stdout JSON is not an object";
  const allowed = spec.topKeys(ev);
  for (const k of Object.keys(v)) {
    if (!allowed.has(k)) return spec.badTopKey(k, ev);
    const t = spec.nullableTypes?.[k];
    if (t && v[k] !== null && typeof v[k] !== t) return `${k} is not a ${t}`;
  }
  const valueProblem = spec.values?.(v, ev);
  if (valueProblem) return valueProblem;
  const hso = v.hookSpecificOutput;
  if (hso === undefined || (hso === null && spec.nullHsoAbsent)) return undefined;
  const refused = spec.noHso?.(ev);
  if (refused) return refused;
  if (!isObj(hso)) return "hookSpecificOutput is not an object";
  const keyProblem = (): string | undefined => {
    if (!spec.hsoKeys) return undefined;
    const keys = spec.hsoKeys.allowed(ev);
    for (const k of Object.keys(hso))
      if (k !== "hookEventName" && !keys.has(k)) return spec.hsoKeys.bad(k, ev);
    return undefined;
  };
  const early = spec.hsoKeys?.beforeEventName ? keyProblem() : undefined;
  if (early) return early;
  if (hso.hookEventName !== event) return `hookEventName is ${String(hso.hookEventName)}, expected ${event}`;
  const late = spec.hsoKeys?.beforeEventName ? undefined : keyProblem();
  if (late) return late;
  const c = hso.additionalContext;
  const absent = c === undefined || (c === null && spec.context === "nullable");
  if (absent ? spec.context === "required" : typeof c !== "string")
    return "additionalContext is not a string";
  return spec.hsoValues?.(hso, ev);
}
