/**
 * Loading `<memdirHome>/config.json` (DESIGN.md §3.3). Two loaders with the same result and the same
 * BAD_CONFIG error shape:
 * - `loadUserConfig` validates with zod (imported lazily: importing config/ costs nothing);
 * - `loadUserConfigSync` validates by hand, for hooks (no zod on the hot path, sync fs).
 */
import { join } from "node:path";
import { errnoCode, MemdirError } from "../core/errors.js";
import { readTextIfExists } from "../core/fs.js";
import { normalizeNewlines } from "../core/text.js";
import { badJsonError, badKeyError, notAnObjectError, unknownKeyError, valueAt } from "./errors.js";
import {
  AGENT_SCOPES,
  CONFIG_FILE_NAME,
  KNOWN_KEYS,
  LLM_PROVIDERS,
  type UserConfig,
  type UserConfigInput,
  withDefaults,
} from "./types.js";
import {
  API_KEY_PLACEHOLDER,
  ENV_NAME,
  HTTP_URL,
  isTimeZone,
  LLM_INT_KEYS,
  MAX_TIMEOUT_MS,
  MODEL_ID,
  shownUrl,
  validateConfigByHand,
} from "./validate.js";

/** The largest config file read (bytes): a config is a few hundred bytes. */
const MAX_CONFIG_BYTES = 1024 * 1024;

/** Absolute path of the user config: `<memdirHome>/config.json`. */
export function userConfigPath(memdirHome: string): string {
  return join(memdirHome, CONFIG_FILE_NAME);
}

/**
 * The parsed JSON of the config file, or `undefined` when the file is missing or blank.
 * BOM and CRLF are tolerated. Throws MemdirError BAD_CONFIG on invalid JSON, IO on other read errors.
 */
function readRawConfig(file: string): unknown {
  let text: string;
  try {
    const read = readTextIfExists(file, MAX_CONFIG_BYTES);
    if (read === undefined) return undefined;
    text = read;
  } catch (e) {
    if (e instanceof MemdirError) throw e;
    throw new MemdirError("IO", `cannot read ${file}`, {
      expected: "a readable file (or none: defaults apply)",
      received: errnoCode(e) ?? String(e),
      hint: `check the permissions of ${file}`,
      cause: e,
    });
  }
  const t = normalizeNewlines(text);
  if (t.trim() === "") return undefined;
  try {
    return JSON.parse(t) as unknown;
  } catch (e) {
    throw badJsonError(file, t, e);
  }
}

type Zod = typeof import("zod");
let schemaCache: ReturnType<typeof buildSchema> | undefined;

function buildSchema(z: Zod["z"]) {
  return z.strictObject({
    autoMemoryDirectory: z.string().min(1).optional(),
    extraction: z.strictObject({ everyNTurns: z.int().min(1).optional() }).optional(),
    harnessLoadsMemoryMd: z.union([z.boolean(), z.literal("auto")]).optional(),
    sessionStartBudgetChars: z.int().min(0).optional(),
    llm: z
      .strictObject({
        provider: z.enum(LLM_PROVIDERS).optional(),
        model: z.union([z.literal(""), z.string().regex(MODEL_ID)]).optional(),
        baseUrl: z.string().regex(HTTP_URL).optional(),
        apiKeyEnv: z.string().regex(ENV_NAME).optional(),
        claudePath: z.string().min(1).optional(),
        timeoutMs: z.int().min(LLM_INT_KEYS.timeoutMs).max(MAX_TIMEOUT_MS).optional(),
        maxOutputTokensPerCall: z.int().min(LLM_INT_KEYS.maxOutputTokensPerCall).optional(),
        maxInputTokensPerCall: z.int().min(LLM_INT_KEYS.maxInputTokensPerCall).optional(),
        maxTokensPerDay: z.int().min(LLM_INT_KEYS.maxTokensPerDay).optional(),
      })
      .optional(),
    sessionMemory: z.strictObject({ enabled: z.boolean().optional() }).optional(),
    autoDream: z.boolean().optional(),
    kairos: z.boolean().optional(),
    timeZone: z.string().refine(isTimeZone).optional(),
    dream: z
      .strictObject({ minHours: z.number().min(0).optional(), minSessions: z.int().min(0).optional() })
      .optional(),
    agentMemory: z
      .strictObject({
        defaultScopes: z
          .array(z.unknown())
          // One check over the whole array: errors name the key, not an element.
          .refine(
            (a) =>
              a.every((x) => (AGENT_SCOPES as readonly unknown[]).includes(x)) &&
              new Set(a).size === a.length,
          )
          .transform((a) => a as (typeof AGENT_SCOPES)[number][])
          .optional(),
        budgetChars: z.int().min(0).optional(),
      })
      .optional(),
  });
}

/**
 * Reads and validates `<memdirHome>/config.json` with zod; a missing or blank file gives the defaults.
 * @returns the config with defaults applied (a fresh object).
 * @throws MemdirError BAD_CONFIG naming the bad or unknown key (dotted, e.g. `extraction.everyNTurns`)
 *   with expected / received / what to do; MemdirError IO when the file cannot be read.
 */
export async function loadUserConfig(memdirHome: string): Promise<UserConfig> {
  const file = userConfigPath(memdirHome);
  const raw = readRawConfig(file);
  if (raw === undefined) return withDefaults({});
  if (typeof raw !== "object" || raw === null || Array.isArray(raw)) throw notAnObjectError(file, raw);
  const { z } = await import("zod");
  schemaCache ??= buildSchema(z);
  const r = schemaCache.safeParse(raw);
  if (r.success) return withDefaults(r.data as UserConfigInput);
  const issue = r.error.issues[0]!;
  const parent = issue.path.map(String).join(".");
  if (issue.code === "unrecognized_keys") {
    const name = issue.keys[0] ?? "";
    // zod reports unknown keys under an object path; keep the message shape of the hand validator.
    if (parent in KNOWN_KEYS) throw unknownKeyError(file, parent, name);
  }
  const value = valueAt(raw, parent);
  // A pasted API key in `apiKeyEnv` is never echoed into an error (or a log).
  const shown =
    parent === "llm.apiKeyEnv" && typeof value === "string"
      ? API_KEY_PLACEHOLDER
      : parent === "llm.baseUrl"
        ? shownUrl(value)
        : value;
  throw badKeyError(file, parent, shown, r.error);
}

/**
 * Hook-path loader: same file, same result, same BAD_CONFIG errors as `loadUserConfig`, validated by
 * hand (no zod). Unknown keys do not fail it (a key added by a newer memdir never breaks a hook):
 * the first one is handed to `onUnknownKey` (a typo such as `maxTokenPerDay` must not be silent:
 * SessionStart and `memdir status` show it).
 * @throws MemdirError BAD_CONFIG / IO as `loadUserConfig`.
 */
export function loadUserConfigSync(memdirHome: string, onUnknownKey?: (e: MemdirError) => void): UserConfig {
  const file = userConfigPath(memdirHome);
  const raw = readRawConfig(file);
  if (raw === undefined) return withDefaults({});
  const input = validateConfigByHand(file, raw, { rejectUnknown: false });
  if (onUnknownKey) {
    try {
      validateConfigByHand(file, raw, { rejectUnknown: true });
    } catch (e) {
      if (e instanceof MemdirError) onUnknownKey(e);
    }
  }
  return withDefaults(input);
}
