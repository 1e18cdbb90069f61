/**
 * Team memory over a real git remote: a bare repository and two teammates (two homes, two memory
 * dirs). Promotion and its refusals, the pull/push round trip, the combined MEMORY.md, a conflicting
 * edit (neither side lost), a secret and an oversized file planted in the team dir, the entry cap.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { teamInit, teamPromote, teamPull, teamPush, teamStatus } from "../../src/app/commands/team.js";
import { CONFLICT_BEGIN, TEAM_FILE_MAX_BYTES, TEAM_MAX_ENTRIES } from "../../src/share/index.js";
import { bareRemote, events, remoteFiles, sh, teammate } from "./team-fixture.js";

const TOKEN = `ghp_${"a1B2c3D4e5F6g7H8i9J0".repeat(2).slice(0, 36)}`;

async function twoTeammates() {
  const remote = bareRemote();
  const alice = teammate("alice");
  const bob = teammate("bob");
  await teamInit(alice.ctx(), { remote });
  await teamInit(bob.ctx(), { remote });
  return { remote, alice, bob };
}

describe("team memory over git", () => {
  it("promotes a memory, pushes it, and the teammate pulls it into a combined MEMORY.md", async () => {
    const { remote, alice, bob } = await twoTeammates();
    alice.memory(
      "db-tests",
      "feedback",
      "Integration tests hit a real database.\n**Why:** mocks hid a migration bug.",
    );
    alice.memory("mine", "project", "A personal note.");
    const r = await teamPromote(alice.ctx(), "db-tests");
    expect(r.push?.failure).toBeUndefined();
    expect(r.push?.pushed).toBe(true);
    expect(remoteFiles(remote)).toEqual(["db-tests.md"]);
    expect(existsSync(join(alice.memoryDir, "db-tests.md"))).toBe(false);
    expect(alice.index()).toContain("(team/db-tests.md)");
    expect(alice.index()).toContain("(mine.md)");
    expect(alice.index()).not.toContain("(db-tests.md)");

    const p = await teamPull(bob.ctx());
    expect(p).toMatchObject({ updated: true, conflicts: [] });
    expect(bob.team("db-tests.md")).toContain("Integration tests hit a real database.");
    expect(bob.index()).toContain("(team/db-tests.md)");

    // Bob edits it; Alice pulls the edit.
    writeFileSync(
      join(bob.memoryDir, "team", "db-tests.md"),
      `${bob.team("db-tests.md")}Also for the queue tests.\n`,
    );
    expect((await teamPush(bob.ctx())).pushed).toBe(true);
    await teamPull(alice.ctx());
    expect(alice.team("db-tests.md")).toContain("Also for the queue tests.");
    expect(events(alice, "team_pushed")).toHaveLength(1);
  });

  it("refuses to promote a user memory, a memory with a secret and an oversized one, with the reason", async () => {
    const { remote, alice } = await twoTeammates();
    alice.memory("role", "user", "I lead the payments team.");
    alice.memory("deploy", "reference", `Deploy with the token ${TOKEN} in CI.`);
    alice.memory("huge", "project", "x".repeat(TEAM_FILE_MAX_BYTES + 10));
    await expect(teamPromote(alice.ctx(), "role")).rejects.toThrow(/`user` memory/);
    await expect(teamPromote(alice.ctx(), "deploy")).rejects.toThrow(/potential secret \(rule github/);
    await expect(teamPromote(alice.ctx(), "huge")).rejects.toThrow(/over the 102400-byte cap/);
    for (const n of ["role", "deploy", "huge"])
      expect(existsSync(join(alice.memoryDir, `${n}.md`))).toBe(true);
    expect(existsSync(join(alice.memoryDir, "team", "deploy.md"))).toBe(false);
    expect(remoteFiles(remote)).toEqual([]);
  });

  it("a conflicting edit by both teammates keeps both versions, marked, and tells the user", async () => {
    const { remote, alice, bob } = await twoTeammates();
    alice.memory("style", "feedback", "Use tabs.");
    await teamPromote(alice.ctx(), "style");
    await teamPull(bob.ctx());
    writeFileSync(
      join(alice.memoryDir, "team", "style.md"),
      alice.team("style.md").replace("Use tabs.", "Use tabs, width 4."),
    );
    writeFileSync(
      join(bob.memoryDir, "team", "style.md"),
      bob.team("style.md").replace("Use tabs.", "Use two spaces."),
    );
    expect((await teamPush(alice.ctx())).pushed).toBe(true);
    const b = await teamPush(bob.ctx());
    expect(b.failure).toBeUndefined();
    expect(b.pull?.conflicts).toEqual(["style.md"]);
    const merged = bob.team("style.md");
    expect(merged).toContain("Use two spaces.");
    expect(merged).toContain("Use tabs, width 4.");
    expect(merged).toContain(CONFLICT_BEGIN);
    expect(merged).not.toMatch(/^<<<<<<<|^>>>>>>>/m);
    expect(events(bob, "team_conflict")).toMatchObject([{ file: "style.md" }]);
    expect((await teamStatus(bob.ctx())).conflicts).toEqual(["style.md"]);
    // The resolution was committed and pushed: Alice gets both versions too, and sync goes on.
    await teamPull(alice.ctx());
    expect(alice.team("style.md")).toContain("Use two spaces.");
    expect(sh(remote, "show", "main:style.md")).toContain("Use tabs, width 4.");
    // Bob resolves it: the notice goes away.
    writeFileSync(join(bob.memoryDir, "team", "style.md"), merged.slice(0, merged.indexOf(CONFLICT_BEGIN)));
    expect((await teamStatus(bob.ctx())).conflicts).toEqual([]);
  });

  it("a secret or an oversized file planted in the team dir is skipped at push and never reaches the remote", async () => {
    const { remote, alice } = await twoTeammates();
    writeFileSync(
      join(alice.memoryDir, "team", "ok.md"),
      "---\nname: ok\ndescription: fine\ntype: project\n---\nFine.\n",
    );
    writeFileSync(
      join(alice.memoryDir, "team", "leak.md"),
      `---\nname: leak\ndescription: d\ntype: reference\n---\nkey ${TOKEN}\n`,
    );
    writeFileSync(join(alice.memoryDir, "team", "big.md"), "y".repeat(TEAM_FILE_MAX_BYTES + 1));
    writeFileSync(join(alice.memoryDir, "team", ".hidden.md"), "dotfiles are never shared");
    const r = await teamPush(alice.ctx());
    expect(r.pushed).toBe(true);
    expect(remoteFiles(remote)).toEqual(["ok.md"]);
    expect(events(alice, "secret_skipped")).toMatchObject([{ file: "leak.md" }]);
    expect(JSON.stringify(events(alice, "secret_skipped"))).not.toContain(TOKEN);
    expect(events(alice, "size_skipped")).toMatchObject([{ file: "big.md" }]);
    // Committed by hand, the secret is caught again before the push, and the push is held back.
    sh(join(alice.memoryDir, "team"), "add", "leak.md");
    sh(join(alice.memoryDir, "team"), "commit", "-q", "-m", "by hand");
    const again = await teamPush(alice.ctx());
    expect(again.pushed).toBe(false);
    expect(again.failure?.kind).toBe("blocked");
    expect(remoteFiles(remote)).toEqual(["ok.md"]);
    expect(events(alice, "secret_skipped").at(-1)).toMatchObject({ file: "leak.md", committed: true });
  });

  it("caps the number of team files (entries_capped)", async () => {
    const { remote, alice } = await twoTeammates();
    for (let i = 0; i <= TEAM_MAX_ENTRIES; i++)
      writeFileSync(
        join(alice.memoryDir, "team", `n${String(i).padStart(3, "0")}.md`),
        `---\nname: n${i}\ndescription: d\ntype: project\n---\nfact ${i}\n`,
      );
    const r = await teamPush(alice.ctx());
    expect(r.pushed).toBe(true);
    expect(remoteFiles(remote)).toHaveLength(TEAM_MAX_ENTRIES);
    expect(events(alice, "entries_capped")).toMatchObject([{ file: `n${TEAM_MAX_ENTRIES}.md` }]);
    alice.memory("one-more", "project", "More.");
    await expect(teamPromote(alice.ctx(), "one-more")).rejects.toThrow(/team memory is full/);
  });

  it("init keeps files already in memory/team/ and the next push sends them through the gates", async () => {
    const remote = bareRemote();
    const alice = teammate("alice");
    await teamInit(alice.ctx(), { remote });
    writeFileSync(
      join(alice.memoryDir, "team", "shared.md"),
      "---\nname: shared\ndescription: d\ntype: project\n---\nS.\n",
    );
    await teamPush(alice.ctx());
    const bob = teammate("bob");
    const { mkdirSync } = await import("node:fs");
    mkdirSync(join(bob.memoryDir, "team"), { recursive: true });
    writeFileSync(
      join(bob.memoryDir, "team", "old.md"),
      "---\nname: old\ndescription: d\ntype: project\n---\nFrom before.\n",
    );
    await teamInit(bob.ctx(), { remote });
    expect(bob.team("old.md")).toContain("From before.");
    expect(bob.team("shared.md")).toContain("S.");
    expect(bob.index()).toContain("(team/old.md)");
    expect((await teamPush(bob.ctx())).pushed).toBe(true);
    expect(remoteFiles(remote)).toEqual(["old.md", "shared.md"]);
  });

  it("the combined MEMORY.md keeps team lines through a personal write and drops them when the file goes", async () => {
    const { alice } = await twoTeammates();
    writeFileSync(
      join(alice.memoryDir, "team", "t.md"),
      "---\nname: t\ndescription: team fact\ntype: project\n---\nT.\n",
    );
    alice.memory("p", "project", "P.");
    const { rebuildIndex } = await import("../../src/store/index.js");
    rebuildIndex(alice.memoryDir);
    expect(alice.index()).toMatch(/\(team\/t\.md\) — team fact/);
    expect(alice.index()).toContain("(p.md)");
    expect(readFileSync(join(alice.memoryDir, "MEMORY.md"), "utf8").match(/team\/t\.md/g)).toHaveLength(1);
    rmSync(join(alice.memoryDir, "team", "t.md"));
    rebuildIndex(alice.memoryDir);
    expect(alice.index()).not.toContain("team/t.md");
    expect(alice.index()).toContain("(p.md)");
  });
});
