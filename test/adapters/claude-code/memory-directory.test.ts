/**
 * `autoMemoryDirectory` from Claude Code's settings as memdir follows it: managed and user settings, local
 * settings only in a workspace Claude Code recorded as trusted; never the repository's committed settings
 * nor `--settings`. Real files in a temp HOME.
 */
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { claudeSandbox } from "./claude-sandbox.js";

const dirOf = (s: ReturnType<typeof claudeSandbox>, launch?: string) => s.settings(launch).directory();

describe("autoMemoryDirectory in Claude Code's settings", () => {
  it("is unset by default", () => {
    expect(dirOf(claudeSandbox())).toEqual({ ignored: [], harnessMayDiffer: false });
  });

  it("follows the user settings (~/ expanded) and names the file", () => {
    const s = claudeSandbox();
    s.json(s.files.user, { model: "opus", autoMemoryDirectory: "~/cc-mem" });
    expect(dirOf(s)).toEqual({
      use: { dir: join(s.home, "cc-mem"), from: `${s.files.user} (user settings)` },
      ignored: [],
      harnessMayDiffer: false,
    });
  });

  it("managed settings win over local and user settings", () => {
    const s = claudeSandbox();
    s.trust(s.project);
    s.json(s.files.user, { autoMemoryDirectory: "/srv/user-mem" });
    s.json(s.files.local, { autoMemoryDirectory: "/srv/local-mem" });
    s.json(s.files.policy, { autoMemoryDirectory: "/srv/policy-mem" });
    expect(dirOf(s).use).toEqual({ dir: "/srv/policy-mem", from: `${s.files.policy} (managed settings)` });
  });

  it("a repository's committed settings never redirect it: reported, the user's value is used", () => {
    const s = claudeSandbox();
    s.trust(s.project); // even in a trusted workspace
    s.json(s.files.project, { autoMemoryDirectory: "/tmp/evil-redirect" });
    const before = dirOf(s);
    expect(before.use).toBeUndefined();
    expect(before.harnessMayDiffer).toBe(true);
    expect(before.ignored).toEqual([
      expect.stringContaining(`${s.files.project} (project settings) is not followed`),
    ]);
    s.json(s.files.user, { autoMemoryDirectory: "~/mine" });
    expect(dirOf(s).use?.dir).toBe(join(s.home, "mine"));
  });

  it("local settings: followed only once Claude Code recorded the workspace (or a parent inside the checkout) as trusted", () => {
    const s = claudeSandbox();
    s.json(s.files.local, { autoMemoryDirectory: "~/local-mem" });
    const untrusted = dirOf(s);
    expect(untrusted.use).toBeUndefined();
    expect(untrusted.ignored[0]).toContain("has not recorded");
    s.trust(s.home); // above the checkout's top level: does not count
    expect(dirOf(s).use).toBeUndefined();
    s.json(s.files.globalConfig, { projects: { [s.project]: { hasTrustDialogAccepted: false } } });
    expect(dirOf(s).use).toBeUndefined();
    s.trust(s.project);
    expect(dirOf(s).use).toEqual({
      dir: join(s.home, "local-mem"),
      from: `${s.files.local} (local settings)`,
    });
    // launched in a subdirectory: the trust record of the checkout's top level covers it
    expect(dirOf(s, join(s.project, "sub")).use?.dir).toBe(join(s.home, "local-mem"));
  });

  it("the trust record lives in <CLAUDE_CONFIG_DIR>/.claude.json, else ~/.claude.json; CLAUDE_CODE_SANDBOXED trusts", () => {
    const s = claudeSandbox();
    s.json(s.files.local, { autoMemoryDirectory: "/srv/local-mem" });
    s.json(join(s.home, ".claude.json"), { projects: { [s.project]: { hasTrustDialogAccepted: true } } });
    expect(dirOf(s).use).toBeUndefined(); // CLAUDE_CONFIG_DIR is set: ~/.claude.json is not Claude Code's
    delete s.env.CLAUDE_CONFIG_DIR;
    expect(dirOf(s).use?.dir).toBe("/srv/local-mem");
    s.env.CLAUDE_CONFIG_DIR = join(s.home, ".claude");
    s.env.CLAUDE_CODE_SANDBOXED = "1";
    expect(dirOf(s).use?.dir).toBe("/srv/local-mem");
  });

  it("--settings is reported, not followed (jobs and commands cannot see the command line)", async () => {
    const s = claudeSandbox();
    await s.harnessWith(["--settings", '{"autoMemoryDirectory":"/srv/flag-mem"}']);
    const d = dirOf(s);
    expect(d.use).toBeUndefined();
    expect(d.harnessMayDiffer).toBe(true);
    expect(d.ignored[0]).toContain("--settings (inline JSON) is not followed");
  });

  it("an unusable value means the default dir (as in Claude Code), with the reason", () => {
    const s = claudeSandbox();
    s.json(s.files.policy, { autoMemoryDirectory: "relative/dir" });
    s.json(s.files.user, { autoMemoryDirectory: "~/fine" });
    const d = dirOf(s);
    expect(d.use).toBeUndefined();
    expect(d.ignored[0]).toMatch(/managed settings\) is not used: .*relative/);
  });
});
