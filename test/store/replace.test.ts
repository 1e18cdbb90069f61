import { existsSync, readFileSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { sha256 } from "../../src/core/ids.js";
import {
  deleteMemoryIfUnchanged,
  readTopic,
  replaceMemory,
  topicHash,
  upsertMemory,
} from "../../src/store/index.js";
import { tempDir } from "../helpers/tmp.js";

const NOW = Date.UTC(2026, 10, 29, 10, 0, 0);
const LATER = NOW + 3_600_000;
/** Secrets are assembled at run time so no literal token sits in the repository. */
const TOKEN = ["ghp", "_", "wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx"].join("");

const ORIGINAL = `---
name: testing-no-db-mocks
# kept comment
description: Integration tests must hit a real database
type: feedback
tags: [testing, db]
metadata:
  originSessionId: s-1
  sources: [u1]
  reviewer: alice
  updated: 2026-11-01T00:00:00Z
---
Integration tests must hit a real database.
**Why:** a mocked migration passed while prod broke.
`;

function setup(text = ORIGINAL) {
  const dir = tempDir();
  const path = join(dir, "testing.md");
  writeFileSync(path, text);
  writeFileSync(
    join(dir, "MEMORY.md"),
    "# Memory Index\n- [testing-no-db-mocks](testing.md) — Integration tests must hit a real database\n",
  );
  return { dir, path, hash: topicHash(text) };
}

const draft = (description: string, body: string, type = "feedback") =>
  `---\nname: testing-no-db-mocks\ndescription: ${description}\ntype: ${type}\n---\n${body}\n`;

describe("topicHash", () => {
  it("is the hex SHA-256 of the UTF-8 text", () => {
    expect(topicHash("é\n")).toBe(sha256("é\n"));
    expect(topicHash("a")).not.toBe(topicHash("b"));
  });
});

describe("replaceMemory", () => {
  it("replaces a file that still hashes to expectedHash; keeps unknown keys, comments and provenance", () => {
    const { dir, path, hash } = setup();
    const r = replaceMemory(
      dir,
      "testing.md",
      draft("Tests hit a real database, never mocks", "Never mock the DB."),
      {
        nowMs: LATER,
        expectedHash: hash,
        sources: ["u2"],
      },
    );
    expect(r).toEqual({ action: "replaced", path });
    const text = readFileSync(path, "utf8");
    expect(text).toContain("# kept comment");
    const t = readTopic(path);
    expect(t.description).toBe("Tests hit a real database, never mocks");
    expect(t.body).toBe("Never mock the DB.");
    expect(t.extra).toEqual({ tags: ["testing", "db"] });
    expect(t.metadata).toEqual({
      originSessionId: "s-1",
      sources: ["u1", "u2"],
      reviewer: "alice",
      updated: "2026-11-29T11:00:00Z",
    });
    expect(readFileSync(join(dir, "MEMORY.md"), "utf8")).toBe(
      "# Memory Index\n- [testing-no-db-mocks](testing.md) — Tests hit a real database, never mocks\n",
    );
  });

  it("leaves a hand-written MEMORY.md line alone", () => {
    const { dir, hash } = setup();
    const index = "# Memory Index\n- [Testing policy](testing.md) — my own words\n";
    writeFileSync(join(dir, "MEMORY.md"), index);
    replaceMemory(dir, "testing.md", draft("New description", "New body."), {
      nowMs: LATER,
      expectedHash: hash,
    });
    expect(readFileSync(join(dir, "MEMORY.md"), "utf8")).toBe(index);
  });

  it("takes a changed type and the draft's own metadata keys, but not its provenance", () => {
    const { dir, path, hash } = setup();
    const text = `---\nname: n\ndescription: d\ntype: project\nmetadata:\n  originSessionId: forged\n  updated: 1999-01-01\n  ticket: T-1\n---\nbody\n`;
    replaceMemory(dir, "testing.md", text, { nowMs: LATER, expectedHash: hash });
    const t = readTopic(path);
    expect(t.type).toBe("project");
    expect(t.form).toBe("top-level-type");
    expect(t.metadata.originSessionId).toBe("s-1");
    expect(t.metadata.updated).toBe("2026-11-29T11:00:00Z");
    expect(t.metadata.ticket).toBe("T-1");
  });

  it("merges into a file changed since the draft was based on it: new paragraphs appended, nothing lost", () => {
    const { dir, path, hash } = setup();
    // A live session adds a fact after the model read the file.
    const live = ORIGINAL.replace("**Why:**", "Use the docker compose database.\n**Why:**");
    writeFileSync(path, live);
    const body =
      "Integration tests must hit a real database.\n**Why:** a mocked migration passed while prod broke.\n\nSeed data lives in test/fixtures.";
    const r = replaceMemory(dir, "testing.md", draft("A rewritten description", body), {
      nowMs: LATER,
      expectedHash: hash,
    });
    expect(r.action).toBe("merged");
    const t = readTopic(path);
    expect(t.description).toBe("Integration tests must hit a real database"); // the live version's header stays
    expect(t.body).toContain("Use the docker compose database.");
    expect(t.body.match(/Integration tests must hit a real database\./g)).toHaveLength(1);
    expect(t.body.endsWith("Seed data lives in test/fixtures.")).toBe(true);
    expect(t.metadata.updated).toBe("2026-11-29T11:00:00Z");
  });

  it("is unchanged (no write) when the draft adds nothing", () => {
    const { dir, path, hash } = setup();
    const before = statSync(path).mtimeMs;
    const same = replaceMemory(dir, "testing.md", ORIGINAL, { nowMs: LATER, expectedHash: hash });
    expect(same.action).toBe("unchanged");
    expect(readFileSync(path, "utf8")).toBe(ORIGINAL);
    expect(statSync(path).mtimeMs).toBe(before);
    writeFileSync(path, `${ORIGINAL}\nAn extra line.\n`);
    const stale = replaceMemory(dir, "testing.md", ORIGINAL, { nowMs: LATER, expectedHash: hash });
    expect(stale.action).toBe("unchanged");
    expect(readFileSync(path, "utf8")).toBe(`${ORIGINAL}\nAn extra line.\n`);
  });

  it("does not resurrect a deleted file", () => {
    const dir = tempDir();
    const r = replaceMemory(dir, "gone.md", draft("d", "b"), { nowMs: NOW, expectedHash: topicHash("x") });
    expect(r.action).toBe("missing");
    expect(existsSync(join(dir, "gone.md"))).toBe(false);
  });

  it("scrubs secrets and private text before writing", () => {
    const { dir, path, hash } = setup();
    const body = `Deploy with token ${TOKEN}.\n\n<private>client is ACME</private>\n\nUse staging first.`;
    replaceMemory(dir, "testing.md", draft("Deploys", body), { nowMs: LATER, expectedHash: hash });
    const text = readFileSync(path, "utf8");
    expect(text).not.toContain(TOKEN);
    expect(text).not.toContain("ACME");
    expect(text).toContain("Use staging first.");
  });

  it("refuses names that are not plain topic files, and symlinks", () => {
    const { dir, hash } = setup();
    const outside = join(tempDir(), "target.md");
    writeFileSync(outside, ORIGINAL);
    symlinkSync(outside, join(dir, "link.md"));
    for (const bad of ["../x.md", "a/b.md", "MEMORY.md", ".hidden.md", "x.txt", "a\\b.md"]) {
      expect(() => replaceMemory(dir, bad, ORIGINAL, { nowMs: NOW, expectedHash: hash }), bad).toThrow(
        /not a topic file name/,
      );
    }
    expect(() =>
      replaceMemory(dir, "link.md", draft("x", "y"), { nowMs: NOW, expectedHash: topicHash(ORIGINAL) }),
    ).toThrow(/not a regular file/);
    expect(readFileSync(outside, "utf8")).toBe(ORIGINAL);
  });

  it("rejects a draft that is not a valid topic", () => {
    const { dir, hash } = setup();
    expect(() =>
      replaceMemory(dir, "testing.md", draft("d", "b", "opinion"), { nowMs: NOW, expectedHash: hash }),
    ).toThrow(/memory type/);
    expect(readFileSync(join(dir, "testing.md"), "utf8")).toBe(ORIGINAL);
  });
});

describe("deleteMemoryIfUnchanged", () => {
  it("deletes only the version the caller saw, and drops its index line", () => {
    const { dir, path, hash } = setup();
    writeFileSync(path, `${ORIGINAL}more\n`);
    expect(deleteMemoryIfUnchanged(dir, "testing.md", { expectedHash: hash }).action).toBe("changed");
    expect(existsSync(path)).toBe(true);
    const r = deleteMemoryIfUnchanged(dir, "testing.md", { expectedHash: topicHash(`${ORIGINAL}more\n`) });
    expect(r.action).toBe("deleted");
    expect(existsSync(path)).toBe(false);
    expect(readFileSync(join(dir, "MEMORY.md"), "utf8")).not.toContain("testing.md");
    expect(deleteMemoryIfUnchanged(dir, "testing.md", { expectedHash: hash }).action).toBe("missing");
  });

  it("works with files the store created", () => {
    const dir = tempDir();
    const u = upsertMemory(
      dir,
      { type: "project", description: "Deploys go through CI", body: "CI deploys." },
      { nowMs: NOW },
    );
    const hash = topicHash(readFileSync(u.path, "utf8"));
    expect(deleteMemoryIfUnchanged(dir, `${u.name}.md`, { expectedHash: hash }).action).toBe("deleted");
  });
});
