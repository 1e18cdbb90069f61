/**
 * `memdir history` and `memdir undo` as commands: `registerHistory` on a real commander program in a
 * child process with its own environment (the project from CLAUDE_PROJECT_DIR), exit codes and the
 * error text a person sees.
 */
import { spawnSync } from "node:child_process";
import { existsSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { projectContext } from "../../src/app/context.js";
import { commitChangeSet, createJournal, upsertMemory } from "../../src/store/index.js";
import { appSandbox } from "../helpers/app-sandbox.js";
import { bundleForChildren, NODE_MODULES } from "../helpers/bundle.js";

let built: ReturnType<typeof bundleForChildren>;
let script: string;
beforeAll(() => {
  built = bundleForChildren("cli/commands/history.ts");
  script = join(built.dir, "cli.cjs");
  writeFileSync(
    script,
    `const { Command } = require("commander");
const { registerHistory } = require(${JSON.stringify(built.file)});
const program = new Command("memdir").exitOverride();
registerHistory(program);
program.parseAsync(process.argv).catch((e) => { console.error(e.message); process.exitCode = 1; });
`,
  );
});
afterAll(() => built.cleanup());

function setup() {
  // The child runs on the real clock: change sets older than 90 days would be pruned at its commits.
  const s = appSandbox("memdir-history-cli-", {}, Date.now());
  const env: Record<string, string> = {
    PATH: process.env.PATH ?? "",
    NODE_PATH: NODE_MODULES,
    CLAUDE_PROJECT_DIR: s.project,
    ...(s.rt.env as Record<string, string>),
  };
  const run = (...args: string[]) => {
    const r = spawnSync(process.execPath, [script, ...args], { env, encoding: "utf8", cwd: s.home });
    return { status: r.status, out: r.stdout, err: r.stderr };
  };
  const { memoryDir, userMemoryDir } = projectContext(s.rt, s.project).paths;
  return { ...s, run, memoryDir, userMemoryDir };
}

describe("memdir history / undo", () => {
  it("lists change sets, undoes the newest, refuses a second undo and names unknown ids", () => {
    const s = setup();
    expect(s.run("history").out).toContain("no change sets yet");
    const journal = createJournal({
      kind: "extraction",
      summary: "extraction of session s-1",
      roots: { project: s.memoryDir, user: s.userMemoryDir },
      nowMs: s.rt.now(),
    });
    const r = upsertMemory(
      s.memoryDir,
      { type: "project", description: "The API rate limit is 100 per minute", body: "100/min." },
      { nowMs: s.rt.now(), journal },
    );
    const id = commitChangeSet(journal, { summary: "extraction of session s-1: 1 created" })!;

    const list = s.run("history", "--json");
    expect(list.status).toBe(0);
    expect(JSON.parse(list.out)).toMatchObject({
      memoryDir: s.memoryDir,
      changeSets: [{ id, kind: "extraction", files: 2, summary: "extraction of session s-1: 1 created" }],
    });
    const iso = new Date(s.rt.now()).toISOString();
    expect(s.run("history").out).toContain(`${id}  ${iso.slice(0, 10)} ${iso.slice(11, 16)}Z  extraction`);

    const unknown = s.run("undo", "20200101T000000Z-beef");
    expect(unknown.status).toBe(1);
    expect(unknown.err).toContain('no change set "20200101T000000Z-beef"');
    expect(unknown.err).toContain(`${id} extraction: extraction of session s-1: 1 created`);

    const undo = s.run("undo", "--json");
    expect(undo.status).toBe(0);
    const result = JSON.parse(undo.out) as { target: { id: string }; undoId: string };
    expect(result.target.id).toBe(id);
    expect(existsSync(r.path)).toBe(false);

    const again = s.run("undo", id);
    expect(again.status).toBe(1);
    expect(again.err).toContain(`already undone (by ${result.undoId})`);
    expect(again.err).toContain(`memdir undo ${result.undoId}`);

    const redo = s.run("undo", result.undoId);
    expect(redo.status).toBe(0);
    expect(redo.out).toContain(`undid ${result.undoId}`);
    expect(existsSync(r.path)).toBe(true);
  });
});
