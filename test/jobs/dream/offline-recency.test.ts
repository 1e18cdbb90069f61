/**
 * The memory's own date (tester finding 3): "keep the newer" and relative dates read top-level
 * `updated:` / `created:` too, and merged or rewritten content carries `metadata.updated` = the
 * newest of its sources' own dates, never the dream's time. New files carry a `name:` line
 * (finding 4: the MEMORY.md overflow topic had none).
 */
import { describe, expect, it } from "vitest";
import { parseFrontmatter } from "../../../src/core/frontmatter.js";
import { indexOverflowTopic } from "../../../src/jobs/dream/offline/index.js";
import { parseTopic } from "../../../src/store/index.js";
import { planTopics, topicInput } from "../../helpers/planted-memory.js";

const ms = (iso: string) => Date.parse(iso);
const plan = planTopics;
const meta = (content: string) => parseTopic(content, "/x.md", 0).metadata;

describe("the memory's own date", () => {
  // v16 says so at the top level but its mtime is old; v14 has only `created:` and a new mtime
  const v16 = {
    ...topicInput("pg-16.md", {
      description: "The staging database runs PostgreSQL 16",
      body: "The staging database runs PostgreSQL 16.",
      extra: "updated: 2025-03-10T08:00:00Z",
    }),
    mtimeMs: ms("2025-01-01T00:00:00Z"),
  };
  const v14 = {
    ...topicInput("pg-14.md", {
      description: "The staging database runs PostgreSQL 14",
      body: "The staging database runs PostgreSQL 14.",
      extra: "created: 2025-02-01",
    }),
    mtimeMs: ms("2025-06-01T00:00:00Z"),
  };

  it("keeps the side whose top-level updated/created is newer, whatever the mtimes say", () => {
    const p = plan([v14, v16]);
    expect(p.deletions.map((d) => d.file)).toEqual(["pg-14.md"]);
    const r = p.rewrites.find((x) => x.file === "pg-16.md")!;
    expect(meta(r.content).updated).toBe("2025-03-10T08:00:00Z");
    expect(meta(r.content).supersedes).toEqual([
      { text: "The staging database runs PostgreSQL 14", until: "2025-03-10T08:00:00Z", file: "pg-14.md" },
    ]);
  });

  it("absolutizes relative dates against a top-level updated and records it as metadata.updated", () => {
    const freeze = {
      ...topicInput("freeze.md", {
        description: "Release freeze",
        body: "The release freeze started yesterday.",
        extra: "updated: 2025-03-12T09:00:00Z",
      }),
      mtimeMs: ms("2025-04-30T00:00:00Z"),
    };
    const r = plan([freeze]).rewrites[0]!;
    const t = parseTopic(r.content, "/freeze.md", 0);
    expect(t.body).toBe("The release freeze started on 2025-03-11.");
    expect(t.metadata.updated).toBe("2025-03-12T09:00:00Z");
    expect(t.extra.updated).toBe("2025-03-12T09:00:00Z");
  });

  it("gives a merge the newest of its sources' own dates, from the top level or the mtime", () => {
    const a = {
      ...topicInput("pnpm.md", {
        description: "Use pnpm, not npm, for package installs",
        body: "This repo installs packages with pnpm.",
        extra: "updated: 2025-03-01",
      }),
      mtimeMs: ms("2025-01-01T00:00:00Z"),
    };
    const b = {
      ...topicInput("package-manager.md", {
        description: "Always install packages with pnpm instead of npm",
        body: "Package installs go through pnpm; npm is not used here.",
      }),
      mtimeMs: ms("2025-02-15T12:00:00Z"),
    };
    const p = plan([a, b]);
    // the older (package-manager.md, by its mtime) is the target
    expect(p.merges.map((m) => [m.file, m.from])).toEqual([["package-manager.md", ["pnpm.md"]]]);
    expect(meta(p.merges[0]!.content).updated).toBe("2025-03-01T00:00:00Z");
    // and from the mtime when it is the newest
    const later = { ...b, mtimeMs: ms("2025-04-02T12:00:00Z") };
    expect(meta(plan([a, later]).merges[0]!.content).updated).toBe("2025-04-02T12:00:00Z");
  });
});

describe("new files get a name: line", () => {
  it("the MEMORY.md overflow topic", () => {
    const text = indexOverflowTopic("memory-index-notes-2.md", "- a note", ms("2026-03-10T00:00:00Z"));
    expect(text.startsWith("---\nname: memory-index-notes-2\n")).toBe(true);
    const fm = parseFrontmatter(text).data;
    expect(fm).toMatchObject({ name: "memory-index-notes-2", type: "reference" });
    expect(parseTopic(text, "/m/memory-index-notes-2.md", 0).body).toBe("- a note");
  });

  it("a topic distilled from a daily log", () => {
    const p = plan([], {
      logDrafts: [
        {
          file: "logs/2026/03/2026-03-02.md",
          bytes: 10,
          atMs: ms("2026-03-02T12:00:00Z"),
          draft: {
            type: "reference",
            description: "Sentry project is api-prod",
            body: "Errors land in api-prod.",
          },
        },
      ],
    });
    const c = p.creates[0]!;
    expect(parseFrontmatter(c.content).data.name).toBe(c.file.replace(/\.md$/, ""));
    expect(meta(c.content).updated).toBe("2026-03-02T12:00:00Z");
  });
});
