/** The harnesses memdir has an adapter for (`src/adapters/<name>/`), as the CLI and hook commands spell them. */
export const HARNESSES = ["claude-code", "codex", "gemini"] as const;
export type HarnessName = (typeof HARNESSES)[number];

/** True when `s` names a harness memdir has an adapter for (exact, lowercase). */
export function isHarnessName(s: unknown): s is HarnessName {
  return typeof s === "string" && (HARNESSES as readonly string[]).includes(s);
}

/** The short names the commands accept beside the full ones (`claude` for `claude-code`). */
const SHORT: Partial<Record<HarnessName, string>> = { "claude-code": "claude" };

/** Each harness as the commands spell it for people: `claude`, `codex`, `gemini`. */
export const HARNESS_ARGS: readonly string[] = HARNESSES.map((h) => SHORT[h] ?? h);

/** The harness a command-line name means (full or short), or undefined. */
export function harnessFromArg(s: string | undefined): HarnessName | undefined {
  if (isHarnessName(s)) return s;
  return s === undefined ? undefined : HARNESSES.find((h) => SHORT[h] === s);
}

/** The default harness of `memdir hook <Event>` without `--harness` (installs made before adapters existed). */
export const DEFAULT_HARNESS: HarnessName = "claude-code";
