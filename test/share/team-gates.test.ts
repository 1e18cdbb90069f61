/**
 * What team memory must never send or follow, over a real git remote: a secret in an earlier local
 * commit (cleaned by a later one), a secret in a file name, and a symbolic link a teammate committed
 * by hand (never indexed, recalled or searched on the other side).
 */
import { lstatSync, mkdirSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runSearch } from "../../src/app/commands/search.js";
import { teamInit, teamPull, teamPush } from "../../src/app/commands/team.js";
import { recallForPrompt } from "../../src/app/inject/recall.js";
import { tempDir } from "../helpers/tmp.js";
import { bareRemote, events, remoteFiles, sh, teammate } from "./team-fixture.js";

const TOKEN = `ghp_${"a1B2c3D4e5F6g7H8i9J0".repeat(2).slice(0, 36)}`;
const TOPIC = (n: string, body: string) =>
  `---\nname: ${n}\ndescription: ${n} in one line\ntype: project\n---\n${body}\n`;

/** Everything the remote holds in any commit (all blobs of all history, and their paths). */
function remoteHistory(remote: string): string {
  try {
    return sh(remote, "log", "--all", "-p", "--format=%H %s");
  } catch {
    return "";
  }
}

describe("team memory gates over history, names and links", () => {
  it("holds the whole push back when an earlier local commit holds a secret the file no longer has", async () => {
    for (const firstPush of [false, true]) {
      const remote = bareRemote();
      const alice = teammate("alice");
      await teamInit(alice.ctx(), { remote });
      const td = join(alice.memoryDir, "team");
      if (firstPush) {
        writeFileSync(join(td, "intro.md"), TOPIC("intro", "Clean."));
        expect((await teamPush(alice.ctx())).pushed).toBe(true);
      }
      writeFileSync(join(td, "ci.md"), TOPIC("ci", `CI uses ${TOKEN}.`));
      sh(td, "add", "ci.md");
      sh(td, "commit", "-q", "-m", "ci by hand");
      const held = await teamPush(alice.ctx());
      expect(held.pushed).toBe(false);
      writeFileSync(join(td, "ci.md"), TOPIC("ci", "CI uses the token from the vault."));
      const again = await teamPush(alice.ctx());
      expect(again.pushed).toBe(false);
      expect(again.failure?.kind).toBe("blocked");
      expect(again.failure?.message).toContain(firstPush ? "reset --soft origin/main" : "update-ref -d HEAD");
      expect(remoteHistory(remote)).not.toContain(TOKEN);
      expect(events(alice, "secret_skipped").at(-1)).toMatchObject({ file: "ci.md", committed: true });
      expect(JSON.stringify(events(alice, "secret_skipped"))).not.toContain(TOKEN);
      // Following the what-to-do: rewrite the local commits, push again.
      if (firstPush) sh(td, "reset", "-q", "--soft", "origin/main");
      else sh(td, "update-ref", "-d", "HEAD");
      const fixed = await teamPush(alice.ctx());
      expect(fixed.failure).toBeUndefined();
      expect(fixed.pushed).toBe(true);
      expect(remoteFiles(remote)).toContain("ci.md");
      expect(remoteHistory(remote)).not.toContain(TOKEN);
    }
  });

  it("a secret in a file name is never pushed, by memdir's commit or by hand", async () => {
    const remote = bareRemote();
    const alice = teammate("alice");
    await teamInit(alice.ctx(), { remote });
    const td = join(alice.memoryDir, "team");
    writeFileSync(join(td, `${TOKEN}.md`), TOPIC("named", "A clean body."));
    writeFileSync(join(td, "ok.md"), TOPIC("ok", "Fine."));
    const r = await teamPush(alice.ctx());
    expect(r.pushed).toBe(true);
    expect(remoteFiles(remote)).toEqual(["ok.md"]);
    expect(events(alice, "secret_skipped")).toHaveLength(1);
    expect(JSON.stringify(events(alice, "secret_skipped"))).not.toContain(TOKEN);
    sh(td, "add", "--", `${TOKEN}.md`);
    sh(td, "commit", "-q", "-m", "by hand");
    const held = await teamPush(alice.ctx());
    expect(held.failure?.kind).toBe("blocked");
    expect(remoteHistory(remote)).not.toContain(TOKEN);
    expect(JSON.stringify(events(alice, "secret_skipped"))).not.toContain(TOKEN);
  });

  it("a symbolic link a teammate committed is checked out as a plain file and never indexed, recalled or searched", async () => {
    const remote = bareRemote();
    const alice = teammate("alice");
    const bob = teammate("bob");
    await teamInit(alice.ctx(), { remote });
    await teamInit(bob.ctx(), { remote }); // before the link exists: the pull must not follow it either
    sh(join(bob.memoryDir, "team"), "config", "core.symlinks", "true"); // as a repo made before the fix
    const secretDir = tempDir("memdir-private-");
    const target = join(secretDir, "private-note.md");
    writeFileSync(target, TOPIC("runbook", "zebracorn private deploy runbook"));
    const ta = join(alice.memoryDir, "team");
    writeFileSync(join(ta, "intro.md"), TOPIC("intro", "Deploys go through the runbook."));
    symlinkSync(target, join(ta, "runbook.md"));
    sh(ta, "add", "-A");
    sh(ta, "commit", "-q", "-m", "link by hand");
    sh(ta, "push", "-q", "origin", "HEAD:main");

    const carol = teammate("carol");
    await teamInit(carol.ctx(), { remote }); // a fresh clone
    expect((await teamPull(bob.ctx())).updated).toBe(true);
    for (const t of [bob, carol]) {
      const link = join(t.memoryDir, "team", "runbook.md");
      expect(lstatSync(link).isSymbolicLink()).toBe(false);
      expect(readFileSync(link, "utf8")).toBe(target); // git's plain-file form of a link
      expect(t.index()).toContain("(team/intro.md)");
      expect(t.index()).not.toContain("runbook");
      const control = await runSearch(t.ctx(), "runbook", {});
      expect(control.hits.map((h) => h.path)).toEqual([join(t.memoryDir, "team", "intro.md")]);
      const hits = await runSearch(t.ctx(), "zebracorn", {});
      expect(hits.hits).toEqual([]);
      const recalled = await recallForPrompt(t.ctx(), "s1", "what does the zebracorn deploy runbook say?");
      expect(recalled).not.toContain("zebracorn");
    }

    // A link placed straight into a team dir (or the memory dir) is not followed either.
    const tb = join(bob.memoryDir, "team");
    symlinkSync(target, join(tb, "direct.md"));
    symlinkSync(target, join(bob.memoryDir, "personal-link.md"));
    mkdirSync(join(bob.memoryDir, "sub"), { recursive: true });
    expect((await runSearch(bob.ctx(), "zebracorn", {})).hits).toEqual([]);
    expect(
      await recallForPrompt(bob.ctx(), "s2", "what does the zebracorn deploy runbook say?"),
    ).not.toContain("zebracorn");
  });
});
