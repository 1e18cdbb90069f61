/**
 * Two teammates who both start from an empty remote (unrelated histories) still sync, both sides
 * kept; a git failure keeps the line that says what failed and says what to do.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { teamInit, teamPull, teamPush } from "../../src/app/commands/team.js";
import { CONFLICT_BEGIN } from "../../src/share/index.js";
import { tempDir } from "../helpers/tmp.js";
import { bareRemote, remoteFiles, sh, teammate } from "./team-fixture.js";

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
  });
});
