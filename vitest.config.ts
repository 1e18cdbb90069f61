import { defineConfig } from "vitest/config";

export default defineConfig({
  test: {
    include: ["test/**/*.test.ts"],
    globalSetup: ["test/global-setup.ts"],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    pool: "forks",
    // Plain text from every memdir child: picocolors colours when CI or FORCE_COLOR is set (as on the CI
    // machine), and NO_COLOR wins over both.
    env: { NO_COLOR: "1" },
  },
});
