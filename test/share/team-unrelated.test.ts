/**
 * Two teammates who both start from an empty remote (unrelated histories) still sync, both sides
 * kept; a git failure keeps the line that says what failed and says what to do; status names a
 * conflict block a teammate pushed and drops a stale suppression after a successful push.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { teamInit, teamPull, teamPush, teamStatus } from "../../src/app/commands/team.js";
import { CONFLICT_BEGIN, updateTeamState } from "../../src/share/index.js";
import { tempDir } from "../helpers/tmp.js";
import { bareRemote, events, remoteFiles, sh, teammate } from "./team-fixture.js";

const TOPIC = (n: string, body: string) =>
  `---\nname: ${n}\ndescription: ${n} in one line\ntype: project\n---\n${body}\n`;

describe("team memory from an empty remote", () => {
  it("two teammates who both init an empty remote and each add files sync, keeping both sides", async () => {
    const remote = bareRemote();
    const alice = teammate("alice");
    const bob = teammate("bob");
    await teamInit(alice.ctx(), { remote });
    await teamInit(bob.ctx(), { remote });
    writeFileSync(join(alice.memoryDir, "team", "a.md"), TOPIC("a", "From Alice."));
    writeFileSync(join(alice.memoryDir, "team", "style.md"), TOPIC("style", "Use tabs."));
    expect((await teamPush(alice.ctx())).pushed).toBe(true);
    writeFileSync(join(bob.memoryDir, "team", "b.md"), TOPIC("b", "From Bob."));
    writeFileSync(join(bob.memoryDir, "team", "style.md"), TOPIC("style", "Use spaces."));
    const r = await teamPush(bob.ctx());
    expect(r.failure).toBeUndefined();
    expect(r.pushed).toBe(true);
    expect(r.pull?.conflicts).toEqual(["style.md"]);
    expect(remoteFiles(remote).sort()).toEqual(["a.md", "b.md", "style.md"]);
    const style = bob.team("style.md");
    expect(style).toContain(CONFLICT_BEGIN);
    expect(style).toContain("Use tabs.");
    expect(style).toContain("Use spaces.");
    expect((await teamPull(alice.ctx())).failure).toBeUndefined();
    expect(alice.team("b.md")).toContain("From Bob.");
    expect(alice.index()).toContain("(team/b.md)");
  });

  it("a failed fetch keeps git's key line and says what to do", async () => {
    const remote = bareRemote();
    const alice = teammate("alice");
    await teamInit(alice.ctx(), { remote });
    sh(join(alice.memoryDir, "team"), "remote", "set-url", "origin", tempDir("memdir-not-a-repo-"));
    const p = await teamPull(alice.ctx());
    expect(p.failure?.kind).toBe("unreachable");
    expect(p.failure?.message).toContain("does not appear to be a git repository");
    expect(p.failure?.message).toContain("git ls-remote");
    expect(String(events(alice, "team_pull_failed")[0]?.error)).toContain(
      "does not appear to be a git repository",
    );
  });

  it("status names a pulled conflict block; a successful push clears a stale suppression; a pull commits a pending edit", async () => {
    const remote = bareRemote();
    const alice = teammate("alice");
    const bob = teammate("bob");
    await teamInit(alice.ctx(), { remote });
    writeFileSync(join(alice.memoryDir, "team", "style.md"), TOPIC("style", "Use tabs."));
    expect((await teamPush(alice.ctx())).pushed).toBe(true);
    await teamInit(bob.ctx(), { remote });
    writeFileSync(join(alice.memoryDir, "team", "style.md"), TOPIC("style", "Use tabs, width 4."));
    expect((await teamPush(alice.ctx())).pushed).toBe(true);
    // Bob's edit is uncommitted when he pulls: it is committed first, then merged (both sides kept).
    writeFileSync(join(bob.memoryDir, "team", "style.md"), TOPIC("style", "Use spaces."));
    const p = await teamPull(bob.ctx());
    expect(p.failure).toBeUndefined();
    expect(p.conflicts).toEqual(["style.md"]);
    expect((await teamPush(bob.ctx())).pushed).toBe(true);
    // Alice only fast-forwards to Bob's merge: the block came from him, her status still names it.
    updateTeamState(alice.memoryDir, (s) => ({
      ...s,
      suppressed: { sessionId: "s1", reason: "unreachable", atMs: 1 },
    }));
    expect((await teamPull(alice.ctx())).conflicts).toEqual([]);
    expect(alice.team("style.md")).toContain(CONFLICT_BEGIN);
    expect((await teamStatus(alice.ctx()))?.conflicts).toEqual(["style.md"]);
    expect((await teamStatus(alice.ctx()))?.suppressed).not.toBeNull();
    writeFileSync(join(alice.memoryDir, "team", "more.md"), TOPIC("more", "More."));
    expect((await teamPush(alice.ctx())).pushed).toBe(true);
    expect((await teamStatus(alice.ctx()))?.suppressed).toBeNull();
  });
});
