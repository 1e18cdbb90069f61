import { defineConfig } from "vitest/config";

/** Runs the hook-fixture capture (scripts/capture-hook-fixtures.mjs), never part of `npm test`. */
export default defineConfig({
  test: {
    include: ["test/harness/capture/*.capture.ts"],
    testTimeout: 600_000,
    pool: "forks",
    fileParallelism: false,
  },
});
