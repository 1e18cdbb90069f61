// Captures hook-stdin fixtures and transcripts from the real harness CLIs into test/fixtures/hooks/ and
// test/fixtures/transcripts/ (test/harness/capture/*.capture.ts, run by vitest with their own config).
// Usage: `node scripts/capture-hook-fixtures.mjs [claude|codex|gemini …]` (default: all three).

import { spawnSync } from "node:child_process";
import { installHarnessClis } from "./harness-clis.mjs";

const known = ["claude", "codex", "gemini"];
const picked = process.argv.slice(2);
const bad = picked.filter((p) => !known.includes(p));
if (bad.length) {
  console.error(`unknown harness ${bad.join(", ")} (known: ${known.join(", ")})`);
  process.exit(2);
}
installHarnessClis();
const files = (picked.length ? picked : known).map((h) => `test/harness/capture/${h}.capture.ts`);
const r = spawnSync(
  "npx",
  ["vitest", "run", "--config", "test/harness/capture/vitest.capture.config.ts", ...files],
  {
    stdio: "inherit",
  },
);
process.exit(r.status ?? 1);
