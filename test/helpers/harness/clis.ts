/**
 * The pinned harness CLIs for tests (installed by scripts/harness-clis.mjs from test/global-setup.ts or
 * .ci/run). `MEMDIR_HARNESS_CLIS=skip` outside CI (no `CI` variable) skips the real-CLI tests; anywhere
 * else a missing CLI is an error.
 */
import { type HarnessCliName, harnessCliPath } from "../../../scripts/harness-clis.mjs";

export type { HarnessCliName };

/** Why the real-CLI tests are skipped, or null when they run. */
export function realCliSkipReason(): string | null {
  if (process.env.MEMDIR_HARNESS_CLIS === "skip" && !process.env.CI)
    return "MEMDIR_HARNESS_CLIS=skip (outside CI): real harness CLI tests skipped";
  return null;
}

/** The binary of the pinned CLI; throws when it is not installed. */
export function cliPath(name: HarnessCliName): string {
  const p = harnessCliPath(name);
  if (!p) throw new Error(`${name} is not installed: run \`node scripts/harness-clis.mjs install\``);
  return p;
}
