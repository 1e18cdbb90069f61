import { describe, expect, it } from "vitest";
import { planOfflineDream } from "../../../src/jobs/dream/offline/index.js";
import type { OfflineDreamInput, OfflineLogDraft } from "../../../src/jobs/dream/offline/types.js";
import { parseTopic } from "../../../src/store/index.js";
import { PLANTED_NOW_MS, topicInput } from "../../helpers/planted-memory.js";

const parse = (content: string) => parseTopic(content, "/x.md", 0);
const day = (d: string) => Date.parse(`${d}T12:00:00Z`);

function plan(more: Partial<OfflineDreamInput>) {
  return planOfflineDream({
    mode: "prune",
    nowMs: PLANTED_NOW_MS,
    roots: { project: "/mem/p", user: "/mem/u" },
    topics: [],
    indexes: [],
    logDrafts: [],
    ...more,
  });
}

const log = (file: string, bytes: number, at: string, draft: OfflineLogDraft["draft"]): OfflineLogDraft => ({
  file,
  bytes,
  atMs: day(at),
  draft,
});

const pnpm = topicInput("pnpm.md", {
  description: "Use pnpm, not npm, for package installs",
  body: "This repo installs packages with pnpm.",
  updated: "2026-01-06T09:00:00Z",
  sources: ["s1"],
});

describe("distill (daily logs)", () => {
  it("merges a log entry into a near-duplicate topic, creates new topics, records every log read", () => {
    const logs = [
      log("logs/2026/03/2026-03-02.md", 420, "2026-03-02", {
        type: "project",
        description: "Always install packages with pnpm instead of npm",
        body: "Package installs go through pnpm; npm is not used here.",
        sources: ["log-uuid-1"],
      }),
      log("logs/2026/03/2026-03-02.md", 900, "2026-03-02", {
        type: "reference",
        description: "Sentry project for the API is api-prod",
        body: "Errors of the API land in Sentry project api-prod since yesterday.",
      }),
      log("logs/2026/03/2026-03-03.md", 300, "2026-03-03", {
        type: "user",
        description: "User reviews code in the morning",
        body: "The user reviews pull requests in the morning.",
        originSessionId: "sess-9",
      }),
    ];
    const p = plan({ topics: [pnpm], logDrafts: logs });
    const into = p.rewrites.find((r) => r.file === "pnpm.md")!;
    expect(into.kind).toBe("distill");
    const t = parse(into.content);
    expect(t.body).toContain("Package installs go through pnpm; npm is not used here.");
    expect(t.metadata.sources).toEqual(["s1", "log-uuid-1"]);
    expect(t.metadata.updated).toBe("2026-03-02T12:00:00Z");
    expect(p.creates.map((c) => [c.scope, c.file, c.kind])).toEqual([
      ["project", "reference-sentry-project-for-the-api-is-api-prod.md", "distill"],
      ["user", "user-user-reviews-code-in-the-morning.md", "distill"],
    ]);
    const sentry = parse(p.creates[0]!.content);
    expect(sentry.type).toBe("reference");
    expect(sentry.body).toBe("Errors of the API land in Sentry project api-prod since 2026-03-01.");
    expect(sentry.metadata.updated).toBe("2026-03-02T12:00:00Z");
    expect(parse(p.creates[1]!.content).metadata.originSessionId).toBe("sess-9");
    expect(p.seen["project/reference-sentry-project-for-the-api-is-api-prod.md"]).toBeNull();
    expect(p.logs).toEqual([
      { file: "logs/2026/03/2026-03-02.md", bytes: 900 },
      { file: "logs/2026/03/2026-03-03.md", bytes: 300 },
    ]);
  });

  it("sends user entries to the project dir when there is no user root, and avoids taken names", () => {
    const taken = topicInput("user-user-reviews-code-in-the-morning.md", {
      type: "feedback",
      description: "Something else entirely about releases",
      body: "Release notes are written by the release captain.",
    });
    const p = planOfflineDream({
      mode: "prune",
      nowMs: PLANTED_NOW_MS,
      roots: { project: "/mem/p" },
      topics: [taken],
      indexes: [],
      logDrafts: [
        log("logs/a.md", 10, "2026-03-03", {
          type: "user",
          description: "User reviews code in the morning",
          body: "The user reviews pull requests in the morning.",
        }),
      ],
    });
    expect(p.creates.map((c) => [c.scope, c.file])).toEqual([
      ["project", "user-user-reviews-code-in-the-morning-2.md"],
    ]);
    expect(p.roots).toEqual({ project: "/mem/p" });
  });

  it("folds duplicate log entries together, lets a newer entry supersede an older topic, scrubs secrets", () => {
    const v14 = topicInput("staging-db.md", {
      description: "The staging database runs PostgreSQL 14",
      body: "The staging database runs PostgreSQL 14.",
      updated: "2026-01-21T09:00:00Z",
    });
    const p = plan({
      topics: [v14],
      logDrafts: [
        log("logs/b.md", 50, "2026-03-04", {
          type: "project",
          description: "The staging database runs PostgreSQL 16",
          body: "The staging database runs PostgreSQL 16.",
        }),
        log("logs/c.md", 60, "2026-03-05", {
          type: "project",
          description: "Staging DB password rotation",
          body: "Rotate the staging DB password monthly. password=hunter2secretvalue",
        }),
        log("logs/c.md", 80, "2026-03-05", {
          type: "project",
          description: "Staging DB password rotation",
          body: "Rotate the staging DB password monthly.",
        }),
      ],
    });
    expect(p.deletions).toEqual([expect.objectContaining({ file: "staging-db.md", kind: "contradicted" })]);
    const v16 = p.creates.find((c) => c.file.includes("postgresql-16"))!;
    expect(parse(v16.content).metadata.supersedes).toEqual([
      {
        text: "The staging database runs PostgreSQL 14",
        until: "2026-03-04T12:00:00Z",
        file: "staging-db.md",
      },
    ]);
    const rotation = p.creates.filter((c) => c.file.includes("rotation"));
    expect(rotation).toHaveLength(1);
    expect(rotation[0]!.content).not.toContain("hunter2secretvalue");
    expect(parse(rotation[0]!.content).body).toContain("Rotate the staging DB password monthly.");
  });

  it("skips a log entry with a bad type with a note, and still records the log", () => {
    const p = plan({
      logDrafts: [log("logs/d.md", 5, "2026-03-05", { type: "bogus" as never, description: "x", body: "y" })],
    });
    expect(p.creates).toEqual([]);
    expect(p.notes.join("\n")).toMatch(/skipped an entry of logs\/d\.md: BAD_MEMORY_TYPE/);
    expect(p.logs).toEqual([{ file: "logs/d.md", bytes: 5 }]);
  });
});

describe("reflect mode", () => {
  const frags = [
    topicInput("staging-db-version.md", {
      description: "The staging database runs PostgreSQL 16",
      body: "The staging database runs PostgreSQL 16.",
      updated: "2026-01-01T00:00:00Z",
      sources: ["a"],
    }),
    topicInput("staging-db-backups.md", {
      description: "The staging database is backed up nightly to S3",
      body: "Backups of the staging database go to S3 every night.",
      updated: "2026-01-02T00:00:00Z",
      sources: ["b"],
    }),
    topicInput("staging-db-access.md", {
      description: "The staging database is reachable only through the bastion host",
      body: "Connect to the staging database through bastion.internal only.",
      updated: "2026-01-03T00:00:00Z",
      sources: ["c"],
    }),
    topicInput("api-port.md", {
      description: "The API server listens on port 3000",
      body: "The API server listens on port 3000.",
      updated: "2026-01-04T00:00:00Z",
    }),
  ];

  it("synthesizes fragments sharing a subject into one structured topic; prune mode leaves them", () => {
    expect(plan({ topics: frags }).merges).toEqual([]);
    const p = plan({ topics: frags, mode: "reflect" });
    expect(p.merges).toHaveLength(1);
    const m = p.merges[0]!;
    expect(m).toMatchObject({
      file: "staging-db-version.md",
      from: ["staging-db-access.md", "staging-db-backups.md"],
      kind: "reflect",
    });
    expect(m.reason).toContain('3 fragments about "Staging database"');
    const t = parse(m.content);
    expect(t.description).toMatch(/^Staging database: The staging database runs PostgreSQL 16; /);
    expect(t.body.match(/^## /gm)).toHaveLength(3);
    for (const f of frags.slice(0, 3)) expect(t.body).toContain(parse(f.text).body);
    expect(t.metadata.sources).toEqual(["a", "b", "c"]);
    expect(t.metadata.mergedFrom).toEqual(["staging-db-backups", "staging-db-access"]);
    expect(t.metadata.updated).toBe("2026-01-03T00:00:00Z");
  });
});
