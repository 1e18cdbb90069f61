/**
 * The automatic sync over a real git remote: SessionStart starts the pull job when it is due, the push
 * after a change is rate-limited, and a remote that cannot be reached suppresses pushes for the
 * session, said once. Also `--in-repo`: a folder of the project repository, only its files committed.
 */
import { existsSync, writeFileSync } from "node:fs";
import { type AddressInfo, createServer, type Socket } from "node:net";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { teamInit, teamPromote, teamPull, teamPush } from "../../src/app/commands/team.js";
import { onSessionStart } from "../../src/app/hooks/session-start.js";
import { runJob } from "../../src/app/jobs/run.js";
import { autoPush } from "../../src/app/team-sync.js";
import { AUTO_PULL_INTERVAL_MS, AUTO_PUSH_INTERVAL_MS, readTeamState } from "../../src/share/index.js";
import { tempDir } from "../helpers/tmp.js";
import { bareRemote, events, remoteFiles, sh, teammate } from "./team-fixture.js";

const T0 = Date.parse("2026-02-11T20:00:00Z");
const topic = (n: string) => `---\nname: ${n}\ndescription: ${n} fact\ntype: project\n---\n${n}.\n`;
const adapter = { loadsMemoryIndex: () => false, resumeKeepsContext: false } as never;

describe("automatic team sync", () => {
  it("SessionStart starts the pull job when due, and the job pulls", async () => {
    const remote = bareRemote();
    const alice = teammate("alice");
    const bob = teammate("bob");
    await teamInit(alice.ctx(), { remote });
    await teamInit(bob.ctx(), { remote });
    writeFileSync(join(alice.memoryDir, "team", "a.md"), topic("a"));
    await teamPush(alice.ctx());
    const start = (id: string) =>
      onSessionStart(
        bob.ctx(),
        { type: "sessionStart", harness: "claude-code", sessionId: id, cwd: bob.project, source: "startup" },
        adapter,
      );
    await start("s1");
    const jobs = bob.requests.filter((r) => r.kind === "team-sync");
    expect(jobs).toEqual([{ kind: "team-sync", cwd: bob.project, sessionId: "s1" }]);
    await runJob({ ...bob.ctx().rt }, jobs[0]!);
    expect(bob.team("a.md")).toContain("a.");
    expect(bob.index()).toContain("(team/a.md)");
    // Within the interval no new job; after it, one more.
    await start("s2");
    expect(bob.requests.filter((r) => r.kind === "team-sync")).toHaveLength(1);
    bob.setClock(T0 + AUTO_PULL_INTERVAL_MS + 1);
    await start("s3");
    expect(bob.requests.filter((r) => r.kind === "team-sync")).toHaveLength(2);
  });

  it("the jobs a turn starts push a pending team change (push after a change)", async () => {
    const remote = bareRemote();
    const alice = teammate("alice");
    await teamInit(alice.ctx(), { remote });
    writeFileSync(join(alice.memoryDir, "team", "a.md"), topic("a"));
    await runJob(alice.ctx().rt, { kind: "extract", cwd: alice.project, sessionId: "s1" });
    expect(remoteFiles(remote)).toEqual(["a.md"]);
    expect(events(alice, "team_pushed")).toHaveLength(1);
  });

  it("the push after a change is rate-limited (push_suppressed: rate-limit)", async () => {
    const remote = bareRemote();
    const alice = teammate("alice");
    await teamInit(alice.ctx(), { remote });
    writeFileSync(join(alice.memoryDir, "team", "a.md"), topic("a"));
    expect(await autoPush(alice.ctx(), "s1")).toBe("done");
    expect(remoteFiles(remote)).toEqual(["a.md"]);
    expect(await autoPush(alice.ctx(), "s1")).toBe("nothing");
    writeFileSync(join(alice.memoryDir, "team", "b.md"), topic("b"));
    alice.setClock(T0 + 1000);
    expect(await autoPush(alice.ctx(), "s1")).toBe("rate-limited");
    expect(remoteFiles(remote)).toEqual(["a.md"]);
    expect(events(alice, "push_suppressed")).toMatchObject([{ reason: "rate-limit", session_id: "s1" }]);
    alice.setClock(T0 + AUTO_PUSH_INTERVAL_MS + 1);
    expect(await autoPush(alice.ctx(), "s1")).toBe("done");
    expect(remoteFiles(remote)).toEqual(["a.md", "b.md"]);
  });

  /** A TCP server that accepts connections and never answers: git waits until memdir's time bound kills it. */
  async function silentServer(): Promise<{ url: string; close: () => Promise<void> }> {
    const sockets: Socket[] = [];
    const server = createServer((sock) => void sockets.push(sock));
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    const { port } = server.address() as AddressInfo;
    return {
      url: `http://127.0.0.1:${port}/team.git`,
      close: () => {
        for (const s of sockets) s.destroy();
        return new Promise((r) => server.close(() => r()));
      },
    };
  }

  for (const what of ["a file:// remote that does not exist", "a remote that never answers (time bound)"]) {
    it(`a remote that cannot be reached: ${what} suppresses pushes for the session, said once`, async () => {
      const silent = what.includes("never") ? await silentServer() : undefined;
      const url = silent ? silent.url : "file:///nonexistent/memdir-team.git";
      try {
        const remote = bareRemote();
        const alice = teammate("alice", silent ? { env: { MEMDIR_TEAM_GIT_TIMEOUT_MS: "1500" } } : {});
        await teamInit(alice.ctx(), { remote });
        sh(join(alice.memoryDir, "team"), "remote", "set-url", "origin", url);
        writeFileSync(join(alice.memoryDir, "team", "a.md"), topic("a"));
        const t = Date.now();
        expect(await autoPush(alice.ctx(), "s1")).toBe("failed");
        const took = Date.now() - t;
        expect(took).toBeLessThan(10_000);
        if (silent) expect(took).toBeGreaterThanOrEqual(1400); // it waited for the bound, then gave up
        alice.setClock(T0 + 10 * AUTO_PUSH_INTERVAL_MS);
        expect(await autoPush(alice.ctx(), "s1")).toBe("suppressed");
        writeFileSync(join(alice.memoryDir, "team", "b.md"), topic("b"));
        expect(await autoPush(alice.ctx(), "s1")).toBe("suppressed");
        const said = events(alice, "push_suppressed");
        expect(said).toHaveLength(1);
        expect(said[0]).toMatchObject({ reason: "unreachable", permanent: true, session_id: "s1" });
        expect(readTeamState(alice.memoryDir).suppressed?.sessionId).toBe("s1");
        // The next session tries again (and is told again).
        expect(await autoPush(alice.ctx(), "s2")).toBe("failed");
        expect(events(alice, "push_suppressed")).toHaveLength(2);
        expect(remoteFiles(remote)).toEqual([]);
      } finally {
        await silent?.close();
      }
    });
  }

  it("no remote at all is a permanent failure too", async () => {
    const alice = teammate("alice");
    await teamInit(alice.ctx(), { remote: bareRemote() });
    sh(join(alice.memoryDir, "team"), "remote", "remove", "origin");
    writeFileSync(join(alice.memoryDir, "team", "a.md"), topic("a"));
    expect(await autoPush(alice.ctx(), "s1")).toBe("failed");
    expect(events(alice, "push_suppressed")).toMatchObject([{ reason: "no-remote", permanent: true }]);
  });
});

describe("team memory in a folder of the project repository (--in-repo)", () => {
  function projectClone(origin: string, name: string): string {
    const dir = join(tempDir(`memdir-team-proj-${name}-`), "proj");
    sh(join(dir, ".."), "clone", "-q", origin, dir);
    return dir;
  }

  it("shares team/ files through the project's remote and commits nothing else", async () => {
    const origin = bareRemote();
    const seed = projectClone(origin, "seed");
    writeFileSync(join(seed, "README.md"), "project\n");
    sh(seed, "add", "README.md");
    sh(seed, "commit", "-q", "-m", "init");
    sh(seed, "push", "-q", "origin", "HEAD:main");
    const pa = projectClone(origin, "a");
    const pb = projectClone(origin, "b");
    const alice = teammate("alice", { project: pa });
    const bob = teammate("bob", { project: pb });
    await teamInit(alice.ctx(), { inRepo: "docs/team-memory" });
    await teamInit(bob.ctx(), { inRepo: "docs/team-memory" });
    // Alice has her own work staged in the project: memdir must not commit it.
    writeFileSync(join(pa, "app.js"), "work in progress\n");
    sh(pa, "add", "app.js");
    alice.memory("build", "project", "Build with make.");
    const r = await teamPromote(alice.ctx(), "build");
    expect(r.push?.failure).toBeUndefined();
    expect(remoteFiles(origin).sort()).toEqual(["README.md", "docs/team-memory/build.md"]);
    expect(sh(pa, "diff", "--cached", "--name-only")).toBe("app.js");
    expect(alice.index()).toContain(join(pa, "docs", "team-memory", "build.md"));
    await teamPull(bob.ctx());
    expect(bob.index()).toContain(join(pb, "docs", "team-memory", "build.md"));
    // A commit of her own outside the team dir: memdir does not push it for her.
    sh(pa, "commit", "-q", "-m", "app");
    writeFileSync(join(pa, "docs", "team-memory", "more.md"), topic("more"));
    const again = await teamPush(alice.ctx());
    expect(again.pushed).toBe(false);
    expect(again.failure?.kind).toBe("outside");
    expect(remoteFiles(origin)).not.toContain("app.js");
  });

  it("the automatic push never merges teammates' work into the project's branch; an explicit push does", async () => {
    const origin = bareRemote();
    const seed = projectClone(origin, "seed");
    writeFileSync(join(seed, "README.md"), "project\n");
    sh(seed, "add", "README.md");
    sh(seed, "commit", "-q", "-m", "init");
    sh(seed, "push", "-q", "origin", "HEAD:main");
    const pa = projectClone(origin, "a");
    const alice = teammate("alice", { project: pa });
    await teamInit(alice.ctx(), { inRepo: "team-memory" });
    // A teammate pushes code; Alice has a team change pending.
    writeFileSync(join(seed, "code.js"), "theirs\n");
    sh(seed, "add", "code.js");
    sh(seed, "commit", "-q", "-m", "code");
    sh(seed, "push", "-q", "origin", "HEAD:main");
    writeFileSync(join(pa, "team-memory", "t.md"), topic("t"));
    expect(await autoPush(alice.ctx(), "s1")).toBe("failed");
    expect(existsSync(join(pa, "code.js"))).toBe(false);
    expect(events(alice, "team_push_failed")).toMatchObject([{ reason: "merge" }]);
    expect(events(alice, "push_suppressed")).toEqual([]);
    const r = await teamPush(alice.ctx());
    expect(r.pushed).toBe(true);
    expect(remoteFiles(origin).sort()).toEqual(["README.md", "code.js", "team-memory/t.md"]);
  });

  it("refuses a path outside the repository", async () => {
    const origin = bareRemote();
    const alice = teammate("alice", { project: projectClone(origin, "x") });
    await expect(teamInit(alice.ctx(), { inRepo: "../elsewhere" })).rejects.toThrow(
      /not a folder inside the repository/,
    );
  });
});
