import { execFileSync } from "node:child_process";
import { installHarnessClis } from "../scripts/harness-clis.mjs";

/**
 * Builds dist/ once before the tests that spawn the real bin, and installs the pinned harness CLIs the
 * real-CLI tests run (scripts/harness-clis.mjs; a no-op when already cached). A failed install throws, so
 * `npm test` fails — unless `MEMDIR_HARNESS_CLIS=skip` is set outside CI, which skips those tests.
 */
export default function setup(): void {
  execFileSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
  if (process.env.MEMDIR_HARNESS_CLIS === "skip" && !process.env.CI)
    console.warn("MEMDIR_HARNESS_CLIS=skip: harness CLIs not installed, the real-CLI tests are skipped");
  else installHarnessClis((line) => console.log(`harness CLI: ${line}`));
}
