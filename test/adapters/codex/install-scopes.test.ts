/**
 * `memdir install codex` against the real Codex CLI 0.171.0 where Codex would not run the hooks or
 * would run them twice: a project-scope install in a project Codex does not trust (Codex lists none
 * of the hooks: install says so and what to do, instead of "already trusted"), then a user-scope
 * install beside it (Codex runs both files: install and status warn). Skipped only with
 * MEMDIR_HARNESS_CLIS=skip outside CI.
 */
import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { memdir } from "../../e2e/e2e-lib.js";
import { realCliSkipReason } from "../../helpers/harness/clis.js";
import { codexHome, writeCodexConfig } from "../../helpers/harness/config.js";
import { makeSandbox, type Sandbox } from "../../helpers/harness/sandbox.js";
import type { HarnessServer } from "../../helpers/harness/servers/base.js";
import { startOpenAIResponsesServer } from "../../helpers/harness/servers/openai-responses.js";

const skip = realCliSkipReason();
const open: { sb: Sandbox; server: HarnessServer }[] = [];
afterEach(async () => {
  for (const { sb, server } of open.splice(0)) {
    await server.close();
    sb.cleanup();
  }
});

describe.skipIf(skip !== null)(
  "memdir install codex where Codex would not run the hooks, or run them twice",
  () => {
    it("an untrusted project is named, and two scopes are warned about", { timeout: 180_000 }, async () => {
      const sb = makeSandbox();
      const server = await startOpenAIResponsesServer([]);
      open.push({ sb, server });
      writeCodexConfig(sb.home, server.origin);
      execFileSync("git", ["init", "-q"], { cwd: sb.project });

      const project = await memdir(sb, ["install", "codex", "--scope", "project"], 120_000);
      expect(project.code, project.stderr).toBe(0);
      expect(project.stdout).toContain("Codex lists none of memdir's hooks");
      expect(project.stdout).toContain(`run \`codex\` in ${sb.project} once and trust it`);
      expect(project.stdout).not.toContain("already trusted");

      const user = await memdir(sb, ["install", "codex"], 120_000);
      expect(user.code, user.stderr).toBe(0);
      expect(user.stdout).toMatch(
        /warning: memdir's hooks are installed at user and project scope; Codex CLI runs both/,
      );

      const status = await memdir(sb, ["status", "--json"], 120_000);
      const codex = (
        JSON.parse(status.stdout) as { harnesses: { harness: string; warning?: string }[] }
      ).harnesses.find((h) => h.harness === "codex");
      expect(codex?.warning).toContain("every hook runs 2 times");
    });
    it("a second install that trusts a shifted hook is undone too: config.toml byte for byte", {
      timeout: 180_000,
    }, async () => {
      const sb = makeSandbox();
      const server = await startOpenAIResponsesServer([]);
      open.push({ sb, server });
      writeCodexConfig(sb.home, server.origin);
      const config = join(codexHome(sb.home), "config.toml");
      const before = readFileSync(config);
      expect((await memdir(sb, ["install", "codex"], 120_000)).stdout).toMatch(/trusted \d+ hook\(s\)/);
      // The user puts a hook of their own before memdir's: memdir's SessionStart moves to index 1.
      const hooksFile = join(codexHome(sb.home), "hooks.json");
      const hooks = JSON.parse(readFileSync(hooksFile, "utf8")) as { hooks: Record<string, unknown[]> };
      hooks.hooks.SessionStart?.unshift({ hooks: [{ type: "command", command: "echo mine", timeout: 5 }] });
      writeFileSync(hooksFile, JSON.stringify(hooks, null, 2));
      expect((await memdir(sb, ["install", "codex"], 120_000)).stdout).toContain("trusted 1 hook(s)");
      // The user's hook goes again before uninstall, so hooks.json is memdir's alone.
      hooks.hooks.SessionStart?.shift();
      writeFileSync(hooksFile, JSON.stringify(hooks, null, 2));
      const un = await memdir(sb, ["uninstall", "codex"], 120_000);
      expect(un.code, un.stderr).toBe(0);
      expect(readFileSync(config).equals(before), readFileSync(config, "utf8")).toBe(true);
    });

    it("a config.toml edit between two installs survives uninstall (no byte restore over it)", {
      timeout: 180_000,
    }, async () => {
      const sb = makeSandbox();
      const server = await startOpenAIResponsesServer([]);
      open.push({ sb, server });
      writeCodexConfig(sb.home, server.origin);
      const config = join(codexHome(sb.home), "config.toml");
      expect((await memdir(sb, ["install", "codex"], 120_000)).code).toBe(0);
      writeFileSync(config, `${readFileSync(config, "utf8")}\n[history]\npersistence = "none"\n`);
      expect((await memdir(sb, ["install", "codex"], 120_000)).code).toBe(0);
      const un = await memdir(sb, ["uninstall", "codex"], 120_000);
      expect(un.code, un.stderr).toBe(0);
      const after = readFileSync(config, "utf8");
      expect(after).toContain('[history]\npersistence = "none"');
      expect(after).not.toContain("trusted_hash");
    });
  },
);
