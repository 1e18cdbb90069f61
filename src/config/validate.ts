/** Hand-written validation of the user config (no zod), in the same key order zod reports. */
import { badKeyError, notAnObjectError, unknownKeyError } from "./errors.js";
import {
  AGENT_SCOPES,
  type AgentScopeName,
  KNOWN_KEYS,
  LLM_PROVIDERS,
  type LlmConfig,
  type LlmProviderName,
  type UserConfigInput,
} from "./types.js";

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === "object" && v !== null && !Array.isArray(v);
// Safe integers only, as zod `z.int()`.
/** Whether Intl knows `name` as a time zone ("UTC", "Asia/Seoul"; not "", "Mars/Olympus"). */
export function isTimeZone(name: string): boolean {
  if (name.length === 0 || name.length > 64) return false;
  try {
    new Intl.DateTimeFormat("en-US", { timeZone: name });
    return true;
  } catch {
    return false;
  }
}
const isInt = (v: unknown, min: number): v is number => Number.isSafeInteger(v) && (v as number) >= min;

/**
 * Validates `raw` (parsed JSON of `file`) against the config keys. With `rejectUnknown`, an unknown
 * key is an error as in the zod loader; without, it is ignored.
 * @throws MemdirError BAD_CONFIG naming the first bad key.
 */
export function validateConfigByHand(
  file: string,
  raw: unknown,
  opts: { rejectUnknown: boolean },
): UserConfigInput {
  if (!isObject(raw)) throw notAnObjectError(file, raw);
  const out: UserConfigInput = {};
  const v = raw.autoMemoryDirectory;
  if (v !== undefined) {
    if (typeof v !== "string" || v.length === 0) throw badKeyError(file, "autoMemoryDirectory", v);
    out.autoMemoryDirectory = v;
  }
  const ex = raw.extraction;
  if (ex !== undefined) {
    if (!isObject(ex)) throw badKeyError(file, "extraction", ex);
    out.extraction = {};
    if (ex.everyNTurns !== undefined) {
      if (!isInt(ex.everyNTurns, 1)) throw badKeyError(file, "extraction.everyNTurns", ex.everyNTurns);
      out.extraction.everyNTurns = ex.everyNTurns;
    }
    if (opts.rejectUnknown) rejectUnknownKeys(file, "extraction", ex);
  }
  const h = raw.harnessLoadsMemoryMd;
  if (h !== undefined) {
    if (typeof h !== "boolean" && h !== "auto") throw badKeyError(file, "harnessLoadsMemoryMd", h);
    out.harnessLoadsMemoryMd = h;
  }
  const b = raw.sessionStartBudgetChars;
  if (b !== undefined) {
    if (!isInt(b, 0)) throw badKeyError(file, "sessionStartBudgetChars", b);
    out.sessionStartBudgetChars = b;
  }
  if (raw.llm !== undefined) out.llm = validateLlm(file, raw.llm, opts);
  const sm = raw.sessionMemory;
  if (sm !== undefined) {
    if (!isObject(sm)) throw badKeyError(file, "sessionMemory", sm);
    out.sessionMemory = {};
    if (sm.enabled !== undefined) {
      if (typeof sm.enabled !== "boolean") throw badKeyError(file, "sessionMemory.enabled", sm.enabled);
      out.sessionMemory.enabled = sm.enabled;
    }
    if (opts.rejectUnknown) rejectUnknownKeys(file, "sessionMemory", sm);
  }
  for (const k of ["autoDream", "kairos"] as const) {
    const v = raw[k];
    if (v === undefined) continue;
    if (typeof v !== "boolean") throw badKeyError(file, k, v);
    out[k] = v;
  }
  const tz = raw.timeZone;
  if (tz !== undefined) {
    if (typeof tz !== "string" || !isTimeZone(tz)) throw badKeyError(file, "timeZone", tz);
    out.timeZone = tz;
  }
  const dr = raw.dream;
  if (dr !== undefined) {
    if (!isObject(dr)) throw badKeyError(file, "dream", dr);
    out.dream = {};
    if (dr.minHours !== undefined) {
      const h = dr.minHours;
      if (typeof h !== "number" || !Number.isFinite(h) || h < 0) throw badKeyError(file, "dream.minHours", h);
      out.dream.minHours = h;
    }
    if (dr.minSessions !== undefined) {
      if (!isInt(dr.minSessions, 0)) throw badKeyError(file, "dream.minSessions", dr.minSessions);
      out.dream.minSessions = dr.minSessions;
    }
    if (opts.rejectUnknown) rejectUnknownKeys(file, "dream", dr);
  }
  if (raw.agentMemory !== undefined) out.agentMemory = validateAgentMemory(file, raw.agentMemory, opts);
  if (opts.rejectUnknown) rejectUnknownKeys(file, "", raw);
  return out;
}

function validateAgentMemory(
  file: string,
  v: unknown,
  opts: { rejectUnknown: boolean },
): NonNullable<UserConfigInput["agentMemory"]> {
  if (!isObject(v)) throw badKeyError(file, "agentMemory", v);
  const out: NonNullable<UserConfigInput["agentMemory"]> = {};
  const sc = v.defaultScopes;
  if (sc !== undefined) {
    const ok =
      Array.isArray(sc) &&
      sc.every((x) => (AGENT_SCOPES as readonly unknown[]).includes(x)) &&
      new Set(sc).size === sc.length;
    if (!ok) throw badKeyError(file, "agentMemory.defaultScopes", sc);
    out.defaultScopes = sc as AgentScopeName[];
  }
  if (v.budgetChars !== undefined) {
    if (!isInt(v.budgetChars, 0)) throw badKeyError(file, "agentMemory.budgetChars", v.budgetChars);
    out.budgetChars = v.budgetChars;
  }
  if (opts.rejectUnknown) rejectUnknownKeys(file, "agentMemory", v);
  return out;
}

/** Integer keys of `llm` and their minimums (same as the zod schema in load.ts). */
export const LLM_INT_KEYS = {
  timeoutMs: 1000,
  maxOutputTokensPerCall: 256,
  maxInputTokensPerCall: 2000,
  maxTokensPerDay: 0,
} as const;

/** Longest model call (ms): a budget reservation older than this is taken for a dead call (llm/ledger). */
export const MAX_TIMEOUT_MS = 900_000;

/** `apiKeyEnv` must name a variable, so a pasted key is refused (and never echoed back whole). */
export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]{0,127}$/;
/**
 * A model id: letters, digits and `._:/@+-`, not starting with `-` (it becomes an argument of
 * `claude --model`: an id like `--mcp-config=…` must never pass), at most 200 characters.
 */
export const MODEL_ID = /^[A-Za-z0-9][\w.:/@+-]{0,199}$/;
/** Shown instead of a bad `apiKeyEnv` string (it may be a pasted key). */
export const API_KEY_PLACEHOLDER = "[a string that is not an environment variable name; not shown]";
/** What an error shows of a bad `baseUrl`: never a URL that carries credentials. */
export const shownUrl = (v: unknown): unknown =>
  typeof v === "string" && v.includes("@") ? "[a URL with user:password@; not shown]" : v;

/** An http(s) URL without credentials (`user:pass@`): secrets belong in the environment, not in config. */
export const HTTP_URL = /^https?:\/\/[^\s/@]+(?:[/?#][^\s]*)?$/i;

function validateLlm(file: string, v: unknown, opts: { rejectUnknown: boolean }): Partial<LlmConfig> {
  if (!isObject(v)) throw badKeyError(file, "llm", v);
  const out: Partial<LlmConfig> = {};
  if (v.provider !== undefined) {
    if (!(LLM_PROVIDERS as readonly unknown[]).includes(v.provider))
      throw badKeyError(file, "llm.provider", v.provider);
    out.provider = v.provider as LlmProviderName;
  }
  const str = (k: "model" | "claudePath", ok: (s: string) => boolean) => {
    const x = v[k];
    if (x === undefined) return;
    if (typeof x !== "string" || !ok(x)) throw badKeyError(file, `llm.${k}`, x);
    out[k] = x;
  };
  str("model", (s) => s === "" || MODEL_ID.test(s));
  if (v.baseUrl !== undefined) {
    if (typeof v.baseUrl !== "string" || !HTTP_URL.test(v.baseUrl))
      throw badKeyError(file, "llm.baseUrl", shownUrl(v.baseUrl));
    out.baseUrl = v.baseUrl;
  }
  if (v.apiKeyEnv !== undefined) {
    if (typeof v.apiKeyEnv !== "string" || !ENV_NAME.test(v.apiKeyEnv))
      throw badKeyError(
        file,
        "llm.apiKeyEnv",
        typeof v.apiKeyEnv === "string" ? API_KEY_PLACEHOLDER : v.apiKeyEnv,
      );
    out.apiKeyEnv = v.apiKeyEnv;
  }
  str("claudePath", (s) => s.length > 0);
  for (const [k, min] of Object.entries(LLM_INT_KEYS) as [keyof typeof LLM_INT_KEYS, number][]) {
    if (v[k] === undefined) continue;
    if (!isInt(v[k], min) || (k === "timeoutMs" && (v[k] as number) > MAX_TIMEOUT_MS))
      throw badKeyError(file, `llm.${k}`, v[k]);
    out[k] = v[k] as number;
  }
  if (opts.rejectUnknown) rejectUnknownKeys(file, "llm", v);
  return out;
}

function rejectUnknownKeys(file: string, parent: string, obj: Record<string, unknown>): void {
  const known = KNOWN_KEYS[parent] ?? [];
  for (const k of Object.keys(obj)) if (!known.includes(k)) throw unknownKeyError(file, parent, k);
}
