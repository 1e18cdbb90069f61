import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { isMemdirError } from "../../src/core/errors.js";
import {
  parseTopic,
  readTopic,
  serializeTopic,
  type TopicFile,
  validateType,
} from "../../src/store/index.js";
import { tempDir } from "../helpers/tmp.js";

const TOP = `---
name: testing-no-db-mocks
description: Integration tests must hit a real database, never mocks
type: feedback
metadata:
  originSessionId: 3f0c2a7e-1111-2222-3333-444455556666
  sources: [a1, b2]
  updated: 2026-11-29T10:00:00Z
---
Integration tests must hit a real database.
**Why:** a mocked migration passed while prod broke.
**How to apply:** any test under test/integration.
`;

const META = `---
name: user-role
description: "The user is a data engineer: prefers SQL over pandas"   # quoted on purpose
metadata:
  type: user
  custom_key: keep me
---

The user is a data engineer.
`;

const NODE = `---
name: project-x
description: "한 줄 설명"
metadata:
  node_type: memory
  type: project
  originSessionId: 9d9d
graph_id: 42
---
본문 (결정사항, 함정)
`;

describe("parseTopic / serializeTopic", () => {
  it.each([
    ["top-level-type", TOP, "feedback"],
    ["metadata-type", META, "user"],
    ["node-type", NODE, "project"],
  ] as const)("reads the %s form and round-trips it byte for byte", (form, text, type) => {
    const t = parseTopic(text, `/m/${form}.md`, 1);
    expect(t.form).toBe(form);
    expect(t.type).toBe(type);
    expect(serializeTopic(t)).toBe(text);
  });

  it("keeps unknown keys, comments and the form when a field changes", () => {
    const t = parseTopic(META, "/m/user-role.md", 1);
    const out = serializeTopic({
      ...t,
      description: "The user is a data engineer",
      metadata: { ...t.metadata, updated: "2027-01-01T00:00:00Z" },
    });
    expect(out).toContain("custom_key: keep me");
    expect(out).not.toMatch(/^type:/m);
    const again = parseTopic(out, "/m/user-role.md", 2);
    expect(again.form).toBe("metadata-type");
    expect(again.type).toBe("user");
    expect(again.description).toBe("The user is a data engineer");
    expect(again.metadata).toEqual({ type: "user", custom_key: "keep me", updated: "2027-01-01T00:00:00Z" });
    const node = parseTopic(NODE, "/m/project-x.md", 1);
    const nodeOut = serializeTopic({ ...node, type: "reference", body: "new body" });
    expect(nodeOut).toContain("graph_id: 42");
    expect(nodeOut).toContain("node_type: memory");
    expect(nodeOut).not.toMatch(/^type:/m);
    expect(parseTopic(nodeOut, "/m/project-x.md", 1)).toMatchObject({
      form: "node-type",
      type: "reference",
      body: "new body",
    });
  });

  it("keeps flow-style lists flow-style when they change", () => {
    const t = parseTopic(TOP, "/m/testing-no-db-mocks.md", 1);
    const out = serializeTopic({ ...t, metadata: { ...t.metadata, sources: ["a1", "b2", "c3"] } });
    expect(out).toContain("sources: [ a1, b2, c3 ]");
  });

  it("defaults a seed-004 file without any type to project and does not add one on rewrite", () => {
    const text = "---\nname: x\ndescription: d\nmetadata:\n  node_type: memory\n---\nbody\n";
    const t = parseTopic(text, "/m/x.md", 1);
    expect(t.type).toBe("project");
    expect(serializeTopic(t)).toBe(text);
    expect(serializeTopic({ ...t, body: "changed" })).not.toContain("type: project");
  });

  it("tolerates a BOM and CRLF line ends and writes LF without BOM", () => {
    const crlf = `\uFEFF${TOP.replace(/\n/g, "\r\n")}`;
    const t = parseTopic(crlf, "/m/t.md", 1);
    expect(t.type).toBe("feedback");
    expect(t.body).toBe(parseTopic(TOP, "/m/t.md", 1).body);
    expect(serializeTopic(t)).toBe(TOP);
  });

  it("serializes a topic built in memory and reads it back", () => {
    const topic: TopicFile = {
      name: "n",
      description: "d: with colon",
      type: "reference",
      body: "See https://grafana.example/d/abc",
      metadata: { updated: "2026-01-01T00:00:00Z" },
      extra: { tags: ["ops"] },
      form: "top-level-type",
      path: "/m/n.md",
      mtimeMs: 1,
    };
    const back = parseTopic(serializeTopic(topic), "/m/n.md", 1);
    expect(back).toMatchObject({
      name: "n",
      description: "d: with colon",
      type: "reference",
      body: topic.body,
      extra: { tags: ["ops"] },
    });
    expect(back.metadata).toEqual({ updated: "2026-01-01T00:00:00Z" });
  });

  it("rejects a missing or unknown type with BAD_MEMORY_TYPE naming the value", () => {
    const bad = "---\nname: x\ndescription: d\ntype: opinion\n---\nb\n";
    try {
      parseTopic(bad, "/m/x.md", 1);
      expect.unreachable();
    } catch (e) {
      expect(isMemdirError(e, "BAD_MEMORY_TYPE")).toBe(true);
      const err = e as Error & { expected: string; received: string };
      expect(err.received).toBe('"opinion"');
      expect(err.expected).toContain("user | feedback | project | reference");
      expect(err.message).toContain("/m/x.md");
    }
    expect(() => parseTopic("---\nname: x\n---\nb\n", "/m/x.md", 1)).toThrow(/no type/);
    expect(() => parseTopic("just text", "/m/x.md", 1)).toThrow(
      expect.objectContaining({ code: "BAD_FRONTMATTER" }),
    );
    expect(validateType(" Feedback ")).toBe("feedback");
    expect(() => validateType(3)).toThrow(expect.objectContaining({ code: "BAD_MEMORY_TYPE" }));
  });

  it("readTopic reads a file and reports a missing one as NOT_FOUND", () => {
    const dir = tempDir();
    const p = join(dir, "testing-no-db-mocks.md");
    writeFileSync(p, TOP);
    const t = readTopic(p);
    expect(t.name).toBe("testing-no-db-mocks");
    expect(t.mtimeMs).toBeGreaterThan(0);
    expect(serializeTopic(t)).toBe(readFileSync(p, "utf8"));
    expect(() => readTopic(join(dir, "nope.md"))).toThrow(expect.objectContaining({ code: "NOT_FOUND" }));
  });
});
