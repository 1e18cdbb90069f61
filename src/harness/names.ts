/** The harnesses memdir has an adapter for (`src/adapters/<name>/`), as the CLI and hook commands spell them. */
export const HARNESSES = ["claude-code", "codex", "gemini"] as const;
export type HarnessName = (typeof HARNESSES)[number];

/** True when `s` names a harness memdir has an adapter for (exact, lowercase). */
export function isHarnessName(s: unknown): s is HarnessName {
  return typeof s === "string" && (HARNESSES as readonly string[]).includes(s);
}

/** The default harness of `memdir hook <Event>` without `--harness` (installs made before adapters existed). */
export const DEFAULT_HARNESS: HarnessName = "claude-code";
