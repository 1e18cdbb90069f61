import { execFileSync } from "node:child_process";

/** Builds dist/ once before the tests that spawn the real bin. */
export default function setup(): void {
  execFileSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
}
