/**
 * Hook trust against the real Codex CLI 0.171.0 in a sandbox CODEX_HOME: memdir's registrations written to
 * hooks.json are skipped by `codex exec` until trustHooks persists Codex's own hashes through
 * `codex app-server`; then exec (without --dangerously-bypass-hook-trust) runs them; untrustHooks leaves
 * config.toml byte-identical. Skipped only with MEMDIR_HARNESS_CLIS=skip outside CI.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { parseVersion, registrations, settingsPath } from "../../../src/adapters/codex/install.js";
import { listHooks, trustHooks, untrustHooks } from "../../../src/adapters/codex/trust.js";
import { cliPath, realCliSkipReason } from "../../helpers/harness/clis.js";
import { codexHome, writeCodexConfig } from "../../helpers/harness/config.js";
import { readRecords, recorder } from "../../helpers/harness/recorder.js";
import { runCodex } from "../../helpers/harness/run-codex.js";
import { makeSandbox, type Sandbox } from "../../helpers/harness/sandbox.js";
import type { HarnessServer } from "../../helpers/harness/servers/base.js";
import { isMainCodex, startOpenAIResponsesServer } from "../../helpers/harness/servers/openai-responses.js";
import { baseEnv } from "../../helpers/harness/spawn.js";

const skip = realCliSkipReason();
if (skip) console.warn(skip);

const open: { sb: Sandbox; server: HarnessServer }[] = [];
afterEach(async () => {
  for (const { sb, server } of open.splice(0)) {
    await server.close();
    sb.cleanup();
  }
});

describe("trust without the binary", () => {
  it("says the binary is missing and names the manual step", async () => {
    const r = await trustHooks(
      "/nonexistent/codex",
      { HOME: "/tmp/x", CODEX_HOME: "/tmp/x/.codex" },
      "/tmp",
      () => true,
      5000,
    );
    expect(r).toMatchObject({ ok: false, reason: "missing" });
    if (!r.ok) expect(r.manual).toMatchObject({ file: "/tmp/x/.codex/config.toml", key: "trusted_hash" });
  });
});

describe.skipIf(skip !== null)("trust with the real Codex CLI 0.171.0", () => {
  it("trusted memdir hooks run in codex exec; uninstall restores config.toml byte for byte", {
    timeout: 120_000,
  }, async () => {
    const bin = cliPath("codex");
    const version = parseVersion(spawnSync(bin, ["--version"], { encoding: "utf8" }).stdout);
    expect(version).toBe("0.171.0");
    const sb = makeSandbox();
    const turns = () => [
      { match: isMainCodex, reply: { tool: { name: "exec_command", input: { cmd: "echo trusted" } } } },
      { match: isMainCodex, reply: { text: "done" } },
    ];
    const server = await startOpenAIResponsesServer(turns());
    open.push({ sb, server });
    const records = join(sb.home, "records");
    const rec = recorder(join(sb.home, "bin"), records);
    writeCodexConfig(sb.home, server.origin);
    const env = { ...baseEnv(sb.home), CODEX_HOME: codexHome(sb.home) };
    const hooksFile = settingsPath("user", { env, home: sb.home });
    const hooks: Record<string, unknown[]> = {};
    for (const r of registrations(version))
      hooks[r.event] = [
        {
          ...(r.matcher ? { matcher: r.matcher } : {}),
          hooks: [
            {
              type: "command",
              command: rec(r.event),
              timeout: r.timeout,
              ...(r.async ? { async: true } : {}),
            },
          ],
        },
      ];
    writeFileSync(hooksFile, `${JSON.stringify({ hooks }, null, 2)}\n`);
    const configPath = join(codexHome(sb.home), "config.toml");
    const before = readFileSync(configPath, "utf8");

    // untrusted: skipped silently
    const r0 = await runCodex(sb, "run it", { timeoutMs: 60_000 });
    expect(r0.code, r0.stderr).toBe(0);
    expect(readRecords(records)).toEqual([]);
    const listed = await listHooks(bin, env, sb.project);
    if (!listed.ok) throw new Error(listed.message);
    expect(listed.hooks).toHaveLength(registrations(version).length);
    expect(new Set(listed.hooks.map((h) => h.trustStatus))).toEqual(new Set(["untrusted"]));

    const isOurs = (h: { command?: string }) => (h.command ?? "").includes("recorder.cjs");
    const t = await trustHooks(bin, env, sb.project, isOurs);
    if (!t.ok) throw new Error(t.message);
    expect(t.trusted).toHaveLength(registrations(version).length);
    expect(t.trusted).toContain(`${hooksFile}:session_start:0:0`);
    expect(t.record.before).toBe(before);
    const again = await trustHooks(bin, env, sb.project, isOurs);
    expect(again.ok && again.trusted.length === 0 && again.alreadyTrusted.length === t.trusted.length).toBe(
      true,
    );

    // trusted: exec runs them, no bypass flag
    server.script(...turns());
    const r1 = await runCodex(sb, "run it", { timeoutMs: 60_000 });
    expect(r1.code, r1.stderr).toBe(0);
    // PostToolUse is async: Codex cuts it off when exec exits right after the turn, so it is not asserted
    const seen = readRecords(records).map((r) => r.event);
    for (const e of ["SessionStart", "UserPromptSubmit", "Stop", "SessionEnd"]) expect(seen).toContain(e);
    expect(seen).not.toContain("PreToolUse"); // matcher ^apply_patch$: the shell call does not match

    const u = await untrustHooks(bin, env, t.record);
    expect(u).toMatchObject({ ok: true, restored: true });
    expect(readFileSync(configPath, "utf8")).toBe(before);
    const after = await listHooks(bin, env, sb.project);
    expect(after.ok && after.hooks.every((h) => h.trustStatus === "untrusted")).toBe(true);
  });

  it("removes only memdir's entries when config.toml changed since trust", { timeout: 60_000 }, async () => {
    const bin = cliPath("codex");
    const sb = makeSandbox();
    const server = await startOpenAIResponsesServer([]);
    open.push({ sb, server });
    writeCodexConfig(sb.home, server.origin);
    const env = { ...baseEnv(sb.home), CODEX_HOME: codexHome(sb.home) };
    const hooksFile = settingsPath("user", { env, home: sb.home });
    writeFileSync(
      hooksFile,
      JSON.stringify({
        hooks: {
          Stop: [
            { hooks: [{ type: "command", command: "echo memdir-hook", timeout: 5 }] },
            { hooks: [{ type: "command", command: "echo user-hook", timeout: 5 }] },
          ],
        },
      }),
    );
    const t = await trustHooks(bin, env, sb.project, () => true);
    if (!t.ok) throw new Error(t.message);
    const configPath = join(codexHome(sb.home), "config.toml");
    writeFileSync(configPath, `${readFileSync(configPath, "utf8")}\n# the user edited this\n`);
    const u = await untrustHooks(bin, env, { ...t.record, keys: [`${hooksFile}:stop:0:0`] });
    expect(u).toMatchObject({ ok: true, restored: false });
    const l = await listHooks(bin, env, sb.project);
    if (!l.ok) throw new Error(l.message);
    expect(Object.fromEntries(l.hooks.map((h) => [h.command, h.trustStatus]))).toEqual({
      "echo memdir-hook": "untrusted",
      "echo user-hook": "trusted",
    });
    expect(readFileSync(configPath, "utf8")).toContain("# the user edited this");
  });
});
