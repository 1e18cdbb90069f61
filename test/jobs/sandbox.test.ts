/**
 * The sandboxed memory tools: path rules (every refusal leaves the whole tree untouched), schema
 * checks, staging with read-your-writes, topic validation, output caps and scrubbing.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { applyStagedOps, createMemorySandbox, TOPIC_SHAPE } from "../../src/jobs/sandbox/index.js";
import type { AgentTool as LoopTool } from "../../src/llm/agent/loop.js";
import { topicHash } from "../../src/store/index.js";
import { OUTSIDE_TEXT, TESTING, TOKEN, toolsOf, topic, treeHash, world } from "./sandbox-fixture.js";

const NOW = Date.UTC(2026, 10, 29, 10, 0, 0);
const NEW = topic("deploy-via-ci", "Deploys only go through CI", "project", "Never deploy from a laptop.");

function sandbox(withUser = true) {
  const w = world();
  const sb = createMemorySandbox({ roots: { project: w.memory, ...(withUser ? { user: w.user } : {}) } });
  return { ...w, sb, t: toolsOf(sb) };
}

describe("createMemorySandbox tools", () => {
  it("offers exactly the five memory tools, plus the two project tools with a project root", () => {
    const w = world();
    const names = createMemorySandbox({ roots: { project: w.memory } }).tools.map((t) => t.name);
    expect(names).toEqual(["memory_list", "memory_read", "memory_write", "memory_edit", "memory_delete"]);
    const withProject = createMemorySandbox({ roots: { project: w.memory }, projectRoot: w.parent });
    const forTheLoop: LoopTool[] = withProject.tools; // the agent loop takes them as they are
    expect(forTheLoop).toHaveLength(7);
    expect(withProject.tools.map((t) => t.name)).toEqual([...names, "project_read", "project_grep"]);
    for (const tool of withProject.tools) {
      expect(tool.inputSchema).toMatchObject({ type: "object", additionalProperties: false });
      expect(tool.description.length).toBeGreaterThan(20);
    }
  });

  it("rejects relative roots", () => {
    expect(() => createMemorySandbox({ roots: { project: "memory" } })).toThrow(/absolute/);
  });
});

describe("path rules", () => {
  const BAD: Array<[string, RegExp]> = [
    ["../../x", /`\.` and `\.\.` segments/],
    ["../x.md", /`\.` and `\.\.` segments/],
    ["/etc/passwd", /absolute paths/],
    ["~/x.md", /absolute paths/],
    ["C:/x.md", /absolute paths/],
    ["a/../../x.md", /`\.` and `\.\.` segments/],
    ["./testing.md", /`\.` and `\.\.` segments/],
    ["link.md", /symbolic links/],
    ["inner-link.md", /symbolic links/],
    ["linkdir/secret.md", /subdirectories/],
    ["team/shared.md", /team memory/],
    ["TEAM/shared.md", /team memory/],
    [".consolidate-lock", /hidden files/],
    [".memdir.lock", /hidden files/],
    [".hidden.md", /hidden files/],
    ["sub/x.md", /subdirectories/],
    ["user/../x.md", /`\.` and `\.\.` segments/],
    ["x.txt", /ending in `\.md`/],
    ["a\\b.md", /backslashes/],
    ["x\0.md", /NUL or control/],
    ["a//b.md", /empty segment/],
    [`${"a".repeat(240)}.md`, /longer than 200 bytes/],
    ["team", /ending in `\.md`/],
  ];

  it("refuses every escape for every tool, and nothing on disk changes", async () => {
    const { parent, memory, user, sb, t } = sandbox();
    const before = treeHash(parent);
    for (const [path, why] of BAD) {
      const calls = {
        memory_read: { file: path },
        memory_write: { file: path, content: NEW },
        memory_edit: { file: path, old_string: "Integration", new_string: "System" },
        memory_delete: { file: path },
      };
      for (const [name, input] of Object.entries(calls)) {
        const r = await t[name]!(input);
        expect(r.isError, `${name} ${path}`).toBe(true);
        expect(r.invalidInput).toBeUndefined();
        expect(r.content, `${name} ${path}`).toMatch(why);
        expect(r.content).toContain("expected:");
        expect(r.content).not.toContain("OUTSIDE-SECRET-CONTENT");
      }
    }
    expect(sb.staged()).toEqual([]);
    expect(applyStagedOps(sb.staged(), { project: memory, user }, { nowMs: NOW })).toEqual([]);
    expect(treeHash(parent)).toEqual(before);
  });

  it("refuses writes, edits and deletes of MEMORY.md (any case) but lets it be read", async () => {
    const { t, sb } = sandbox();
    for (const file of ["MEMORY.md", "memory.md", "user/MEMORY.md"]) {
      expect((await t.memory_write!({ file, content: NEW })).content).toMatch(/maintained by memdir/);
      expect((await t.memory_delete!({ file })).content).toMatch(/maintained by memdir/);
      expect((await t.memory_edit!({ file, old_string: "a", new_string: "b" })).content).toMatch(
        /maintained by memdir/,
      );
    }
    const r = await t.memory_read!({ file: "MEMORY.md" });
    expect(r.isError).toBeUndefined();
    expect(r.content).toContain("# Memory Index");
    expect(sb.staged()).toEqual([]);
  });

  it("refuses user/ without a user root", async () => {
    const { t } = sandbox(false);
    const r = await t.memory_read!({ file: "user/role.md" });
    expect(r.isError).toBe(true);
    expect(r.content).toMatch(/no user memory dir/);
    expect((await t.memory_write!({ file: "user/pref.md", content: NEW })).content).toMatch(
      /no user memory dir/,
    );
  });

  it("reports inputs that break the schema as invalidInput", async () => {
    const { t } = sandbox();
    const bad: Array<[string, Record<string, unknown>]> = [
      ["memory_read", {}],
      ["memory_read", { file: 42 }],
      ["memory_read", { file: "" }],
      ["memory_read", { file: "testing.md", extra: 1 }],
      ["memory_write", { file: "x.md" }],
      ["memory_edit", { file: "testing.md", old_string: "", new_string: "x" }],
      ["memory_edit", { file: "testing.md", old_string: "x" }],
      ["memory_list", { scope: "user" }],
    ];
    for (const [name, input] of bad) {
      const r = await t[name]!(input);
      expect(r, `${name} ${JSON.stringify(input)}`).toMatchObject({ isError: true, invalidInput: true });
      expect(r.content).toMatch(/^Invalid input for memory_/);
    }
  });
});

describe("memory_list", () => {
  it("lists topic files of both scopes with type, name and description, and nothing else", async () => {
    const { t } = sandbox();
    const r = await t.memory_list!({});
    expect(r.isError).toBeUndefined();
    expect(r.content).toContain(
      "- testing.md [feedback] testing-no-db-mocks: Integration tests must hit a real database",
    );
    expect(r.content).toContain("- user/role.md [user] role: Senior Go developer, new to React");
    for (const hidden of ["link.md", "inner-link.md", ".hidden.md", "shared.md", "- MEMORY.md", "OUTSIDE"]) {
      expect(r.content).not.toContain(hidden);
    }
  });

  it("shows staged writes and hides staged deletes", async () => {
    const { t } = sandbox();
    await t.memory_write!({ file: "deploy.md", content: NEW });
    await t.memory_read!({ file: "testing.md" });
    await t.memory_delete!({ file: "testing.md" });
    const r = await t.memory_list!({});
    expect(r.content).toContain(
      "- deploy.md [project] deploy-via-ci: Deploys only go through CI (staged in this run)",
    );
    expect(r.content).not.toContain("testing.md");
  });
});

describe("staging (read-your-writes)", () => {
  it("stages writes, edits and deletes without touching disk; reads see them", async () => {
    const { parent, sb, t } = sandbox();
    const before = treeHash(parent);
    expect((await t.memory_write!({ file: "deploy.md", content: NEW })).content).toMatch(
      /Staged: deploy\.md created/,
    );
    expect((await t.memory_read!({ file: "deploy.md" })).content).toBe(NEW);
    await t.memory_edit!({ file: "deploy.md", old_string: "a laptop", new_string: "a developer machine" });
    expect((await t.memory_read!({ file: "deploy.md" })).content).toContain(
      "Never deploy from a developer machine.",
    );
    await t.memory_write!({
      file: "user/pref.md",
      content: topic("pref", "Prefers terse answers", "user", "Be terse."),
    });
    await t.memory_delete!({ file: "deploy.md" });
    const gone = await t.memory_read!({ file: "deploy.md" });
    expect(gone).toMatchObject({ isError: true });
    expect(gone.content).toMatch(/does not exist/);
    expect(sb.staged()).toEqual([
      {
        op: "write",
        scope: "user",
        file: "pref.md",
        content: topic("pref", "Prefers terse answers", "user", "Be terse."),
      },
    ]);
    expect(treeHash(parent)).toEqual(before);
  });

  it("requires a read before an existing file is overwritten or edited, and records the hash read", async () => {
    const { memory, sb, t } = sandbox();
    const blind = await t.memory_write!({ file: "testing.md", content: NEW });
    expect(blind.isError).toBe(true);
    expect(blind.content).toMatch(/has not been read yet/);
    expect(
      (await t.memory_edit!({ file: "testing.md", old_string: "real", new_string: "live" })).content,
    ).toMatch(/has not been read yet/);
    await t.memory_read!({ file: "testing.md" });
    // A live session changes the file after the model read it: the base stays what the model saw.
    writeFileSync(join(memory, "testing.md"), `${TESTING}\nAdded by a live session.\n`);
    const r = await t.memory_edit!({
      file: "testing.md",
      old_string: "prod broke",
      new_string: "production broke",
    });
    expect(r.isError).toBeUndefined();
    const [op] = sb.staged();
    expect(op).toEqual({
      op: "write",
      scope: "project",
      file: "testing.md",
      content: TESTING.replace("prod broke", "production broke"),
      baseHash: topicHash(TESTING),
    });
  });

  it("deletes carry the hash of what was seen; deleting a staged new file unstages it", async () => {
    const { sb, t, memory } = sandbox();
    await t.memory_write!({ file: "deploy.md", content: NEW });
    await t.memory_delete!({ file: "deploy.md" });
    expect(sb.staged()).toEqual([]);
    await t.memory_delete!({ file: "user/role.md" });
    expect(sb.staged()).toEqual([
      {
        op: "delete",
        scope: "user",
        file: "role.md",
        baseHash: topicHash(readFileSync(join(memory, "..", "user-memory", "role.md"), "utf8")),
      },
    ]);
    const again = await t.memory_delete!({ file: "user/role.md" });
    expect(again.content).toMatch(/already deleted/);
    expect((await t.memory_delete!({ file: "nope.md" })).content).toMatch(/does not exist/);
  });

  it("memory_edit needs exactly one occurrence and a real change", async () => {
    const { t } = sandbox();
    await t.memory_read!({ file: "testing.md" });
    const cases: Array<[string, string, RegExp]> = [
      ["not in the file", "x", /old_string was not found/],
      ["a", "b", /occurs more than once/],
      ["prod", "prod", /are the same/],
      ["type: feedback", "type: opinion", /not a valid topic file/],
    ];
    for (const [from, to, why] of cases) {
      const r = await t.memory_edit!({ file: "testing.md", old_string: from, new_string: to });
      expect(r.isError, from).toBe(true);
      expect(r.content).toMatch(why);
    }
  });
});

describe("memory_write validation", () => {
  it("refuses content that is not a valid topic file and shows the expected shape", async () => {
    const { t, sb } = sandbox();
    const bad = [
      "just a note without frontmatter",
      topic("n", "d", "opinion", "b"),
      "---\nname: n\ntype: feedback\n---\nbody\n",
      "---\ndescription: d\ntype: feedback\n---\nbody\n",
      "---\nname: n\ndescription: d\n---\nbody\n",
      "---\nname: [unclosed\n---\nbody\n",
      topic("n", "d", "feedback", "x".repeat(70_000)),
    ];
    for (const content of bad) {
      const r = await t.memory_write!({ file: "n.md", content });
      expect(r.isError, content.slice(0, 40)).toBe(true);
      expect(r.invalidInput).toBeUndefined();
      expect(r.content).toMatch(/not a valid topic file/);
      expect(r.content).toContain(TOPIC_SHAPE.split("\n")[3]);
    }
    expect(sb.staged()).toEqual([]);
    const ok = await t.memory_write!({ file: "n.md", content: topic("n", "d", " Feedback", "b") });
    expect(ok.isError).toBeUndefined();
    const metaForm = "---\nname: n2\ndescription: d\nmetadata:\n  type: reference\n---\nb\n";
    expect((await t.memory_write!({ file: "n2.md", content: metaForm })).isError).toBeUndefined();
  });
});

describe("outputs", () => {
  it("caps memory_read with head and tail kept", async () => {
    const w = world();
    const body = `HEAD-MARK\n${"lorem ipsum ".repeat(3000)}\nTAIL-MARK`;
    writeFileSync(join(w.memory, "big.md"), topic("big", "big", "project", body));
    const t = toolsOf(createMemorySandbox({ roots: { project: w.memory }, maxReadChars: 2000 }));
    const r = await t.memory_read!({ file: "big.md" });
    expect(Array.from(r.content).length).toBeLessThanOrEqual(2000);
    expect(r.content).toContain("HEAD-MARK");
    expect(r.content).toContain("TAIL-MARK");
    expect(r.content).toMatch(/characters elided/);
  });

  it("never hands a secret or <private> text to the model", async () => {
    const w = world();
    const body = `Deploy key is ${TOKEN} for now.\n<private>\nthe client is ACME\n</private>\nUse CI.`;
    writeFileSync(join(w.memory, "leaky.md"), topic("leaky", `token ${TOKEN}`, "project", body));
    const t = toolsOf(createMemorySandbox({ roots: { project: w.memory } }));
    const outputs = [
      await t.memory_read!({ file: "leaky.md" }),
      await t.memory_list!({}),
      await t.memory_write!({ file: "z.md", content: `no frontmatter ${TOKEN}` }),
      await t.memory_read!({ file: `${TOKEN}.txt` }),
    ];
    for (const o of outputs) {
      expect(o.content).not.toContain(TOKEN);
      expect(o.content).not.toContain("ACME");
    }
    expect(outputs[0]!.content).toContain("Use CI.");
    expect(OUTSIDE_TEXT).toContain("OUTSIDE");
  });
});
