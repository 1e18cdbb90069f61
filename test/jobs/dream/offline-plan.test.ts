import { describe, expect, it } from "vitest";
import { planOfflineDream } from "../../../src/jobs/dream/offline/index.js";
import type { OfflineDreamInput } from "../../../src/jobs/dream/offline/types.js";
import { parseTopic, topicHash } from "../../../src/store/index.js";
import { PLANTED_NOW_MS, planTopics, topicInput } from "../../helpers/planted-memory.js";

const ROOTS = { project: "/mem/project", user: "/mem/user" };

const plan = (topics: OfflineDreamInput["topics"], more: Partial<OfflineDreamInput> = {}) =>
  planTopics(topics, { roots: ROOTS, ...more });

const parse = (content: string) => parseTopic(content, "/x.md", 0);

describe("duplicates", () => {
  const a = topicInput("pnpm.md", {
    description: "Use pnpm, not npm, for package installs",
    body: "This repo installs packages with pnpm.\n**Why:** the lockfile is pnpm-lock.yaml.",
    updated: "2026-01-06T09:00:00Z",
    sources: ["s1", "s2"],
  });
  const b = topicInput("package-manager.md", {
    description: "Always install packages with pnpm instead of npm",
    body: "Package installs go through pnpm; npm is not used here.",
    updated: "2026-02-02T09:00:00Z",
    sources: ["s3"],
  });
  const c = topicInput("pnpm-workspaces.md", {
    description: "Use pnpm workspaces for the monorepo",
    body: "The monorepo is split into pnpm workspaces under packages/.",
    updated: "2026-02-03T09:00:00Z",
  });

  it("folds near duplicates into the oldest file, with every fact and all provenance", () => {
    const p = plan([b, c, a]);
    expect(p.merges).toHaveLength(1);
    const m = p.merges[0]!;
    expect(m).toMatchObject({
      scope: "project",
      file: "pnpm.md",
      from: ["package-manager.md"],
      kind: "duplicate",
    });
    expect(m.reason).toContain("package-manager.md");
    expect(m.reason).toMatch(/near duplicate of pnpm\.md \d\.\d\d/);
    const t = parse(m.content);
    expect(t.body).toContain("This repo installs packages with pnpm.");
    expect(t.body).toContain("Package installs go through pnpm; npm is not used here.");
    expect(t.metadata.sources).toEqual(["s1", "s2", "s3"]);
    expect(t.metadata.mergedFrom).toEqual(["package-manager"]);
    expect(t.metadata.updated).toBe("2026-02-02T09:00:00Z");
    expect(p.seen["project/pnpm.md"]).toBe(topicHash(a.text));
    expect(p.seen["project/package-manager.md"]).toBe(topicHash(b.text));
    expect(p.seen["project/pnpm-workspaces.md"]).toBeUndefined();
    expect(p.deletions).toEqual([]);
  });

  it("merges an exact copy and keeps types and scopes apart", () => {
    const copy = { ...a, file: "pnpm-copy.md" };
    const asFeedback = topicInput("pnpm-feedback.md", {
      type: "feedback",
      description: "Use pnpm, not npm, for package installs",
      body: "This repo installs packages with pnpm.",
    });
    const inUser = { ...a, scope: "user" as const };
    const p = plan([a, copy, asFeedback, inUser]);
    expect(p.merges.map((m) => [m.scope, m.file, m.from])).toEqual([
      ["project", "pnpm.md", ["pnpm-copy.md"]],
    ]);
  });

  it("never merges two sides of a contradiction that are equally new", () => {
    const v14 = topicInput("db-a.md", {
      description: "The staging database runs PostgreSQL 14",
      body: "The staging database runs PostgreSQL 14.",
      updated: "2026-02-01T00:00:00Z",
    });
    const v16 = topicInput("db-b.md", {
      description: "The staging database runs PostgreSQL 16",
      body: "The staging database runs PostgreSQL 16.",
      updated: "2026-02-01T00:00:00Z",
    });
    const p = plan([v14, v16]);
    expect(p.merges).toEqual([]);
    expect(p.deletions).toEqual([]);
    expect(p.rewrites).toEqual([]);
    expect(p.notes.join("\n")).toMatch(
      /possible contradiction, left for a person: db-a\.md vs db-b\.md .*equally new/,
    );
  });
});

describe("contradictions", () => {
  const older = topicInput("staging-db-version.md", {
    description: "The staging database runs PostgreSQL 14",
    body: "The staging database runs PostgreSQL 14.",
    updated: "2026-01-21T09:00:00Z",
  });
  const newer = topicInput("staging-postgres.md", {
    description: "The staging database runs PostgreSQL 16",
    body: "The staging database runs PostgreSQL 16.",
    updated: "2026-03-01T09:00:00Z",
  });

  it("keeps the newer, records the superseded fact and deletes the older", () => {
    const p = plan([newer, older]);
    expect(p.deletions).toEqual([
      expect.objectContaining({ file: "staging-db-version.md", kind: "contradicted" }),
    ]);
    expect(p.rewrites).toHaveLength(1);
    const r = p.rewrites[0]!;
    expect(r).toMatchObject({ file: "staging-postgres.md", kind: "contradiction" });
    const t = parse(r.content);
    expect(t.body).toBe("The staging database runs PostgreSQL 16.");
    expect(t.metadata.supersedes).toEqual([
      {
        text: "The staging database runs PostgreSQL 14",
        until: "2026-03-01T09:00:00Z",
        file: "staging-db-version.md",
      },
    ]);
    expect(p.seen["project/staging-db-version.md"]).toBe(topicHash(older.text));
  });

  it("rewrites the older without the contradicted sentence when it holds other facts", () => {
    const mixed = topicInput("staging.md", {
      description: "Staging environment",
      body: "- The staging database runs PostgreSQL 14. It is backed up nightly to S3.\n- Staging deploys come from release/*.",
      updated: "2026-01-10T00:00:00Z",
    });
    const p = plan([mixed, newer]);
    expect(p.deletions).toEqual([]);
    const old = p.rewrites.find((r) => r.file === "staging.md")!;
    expect(old.kind).toBe("contradiction");
    expect(parse(old.content).body).toBe(
      "- It is backed up nightly to S3.\n- Staging deploys come from release/*.",
    );
  });

  it("keeps the Korean newer weekday and never deletes same-subject distinct facts", () => {
    const fri = topicInput("deploy-day.md", {
      description: "배포는 금요일에 한다",
      body: "배포는 금요일에 한다.\n**Why:** QA가 목요일에 끝난다.",
      updated: "2026-01-22T09:00:00Z",
    });
    const thu = topicInput("deploy-day-change.md", {
      description: "배포는 목요일에 한다",
      body: "배포는 목요일에 한다.",
      updated: "2026-02-28T09:00:00Z",
    });
    const redis = topicInput("backend-redis.md", {
      description: "The backend uses Redis",
      body: "The backend uses Redis for sessions.",
      updated: "2026-01-01T00:00:00Z",
    });
    const pg = topicInput("backend-pg.md", {
      description: "The backend uses Postgres",
      body: "The backend uses Postgres.",
      updated: "2026-02-01T00:00:00Z",
    });
    const ev1 = topicInput("deploy-1.md", {
      description: "Deployed v1.2 to production",
      body: "Deployed to production on 2026-03-01.",
      updated: "2026-03-01T00:00:00Z",
    });
    const ev2 = topicInput("deploy-2.md", {
      description: "Deployed v1.3 to production",
      body: "Deployed to production on 2026-03-08.",
      updated: "2026-03-08T00:00:00Z",
    });
    const p = plan([fri, thu, redis, pg, ev1, ev2]);
    expect(p.deletions.map((d) => d.file)).toEqual(["deploy-day.md"]);
    const thuR = p.rewrites.find((r) => r.file === "deploy-day-change.md")!;
    expect(parse(thuR.content).metadata.supersedes).toEqual([
      { text: "배포는 금요일에 한다", until: "2026-02-28T09:00:00Z", file: "deploy-day.md" },
    ]);
    // two events on other dates with other versions: neither a contradiction nor a duplicate
    expect(p.merges.some((x) => x.file.startsWith("deploy-"))).toBe(false);
    expect(p.rewrites.some((x) => x.file.startsWith("deploy-") && x.file !== "deploy-day-change.md")).toBe(
      false,
    );
    expect(p.merges.some((x) => x.file.startsWith("backend-"))).toBe(false);
  });
});

describe("relative dates", () => {
  it("absolutizes against the topic's own time, one entry per file, merge files inside the merge", () => {
    const freeze = topicInput("api-freeze.md", {
      description: "Public API frozen yesterday",
      body: "The team froze the public API yesterday; the 2.0 release ships next Friday.",
      updated: "2026-03-02T09:00:00Z",
    });
    const dupA = topicInput("ci.md", {
      description: "CI runs on GitHub Actions",
      body: "We migrated CI from Jenkins to GitHub Actions last week.",
      updated: "2026-02-25T09:00:00Z",
    });
    const dupB = topicInput("ci-actions.md", {
      description: "CI runs on GitHub Actions now",
      body: "CI moved to GitHub Actions.",
      updated: "2026-02-26T09:00:00Z",
    });
    const ko = topicInput("payment-timeout.md", {
      description: "결제 서비스 타임아웃은 30초다",
      body: "어제 결제 서비스의 타임아웃을 30초로 늘렸다.",
      updated: "2026-03-04T09:00:00Z",
    });
    const p = plan([freeze, dupA, dupB, ko]);
    const freezeR = p.rewrites.filter((r) => r.file === "api-freeze.md");
    expect(freezeR).toHaveLength(1);
    expect(freezeR[0]!.kind).toBe("dates");
    const ft = parse(freezeR[0]!.content);
    expect(ft.body).toBe("The team froze the public API on 2026-03-01; the 2.0 release ships on 2026-03-13.");
    expect(ft.description).toBe("Public API frozen on 2026-03-01");
    expect(ft.metadata.updated).toBe("2026-03-02T09:00:00Z");
    expect(parse(p.rewrites.find((r) => r.file === "payment-timeout.md")!.content).body).toBe(
      "2026-03-03 결제 서비스의 타임아웃을 30초로 늘렸다.",
    );
    const m = p.merges.find((x) => x.file === "ci.md")!;
    expect(m.from).toEqual(["ci-actions.md"]);
    expect(parse(m.content).body).toContain("in the week of 2026-02-16");
    expect(p.rewrites.some((r) => r.file === "ci.md" || r.file === "ci-actions.md")).toBe(false);
  });
});

describe("stale", () => {
  const expired = topicInput("sprint-goal.md", {
    description: "Sprint 12 goal: ship the importer",
    body: "Sprint 12 goal is to ship the CSV importer.",
    extra: "expires: 2026-02-01",
  });
  const future = topicInput("sprint-13.md", {
    description: "Sprint 13 goal: ship the exporter",
    body: "Sprint 13 goal is to ship the CSV exporter.",
    extra: "metadata:\n  expires: 2027-01-01",
  });
  it("deletes expired topics in prune mode only", () => {
    const p = plan([expired, future]);
    expect(p.deletions).toEqual([
      {
        scope: "project",
        file: "sprint-goal.md",
        kind: "stale",
        reason: "expired at 2026-02-01T00:00:00.000Z",
      },
    ]);
    const r = plan([expired, future], { mode: "reflect" });
    expect(r.deletions).toEqual([]);
    expect(r.merges).toEqual([]);
    expect(r.notes.join("\n")).toContain("sprint-goal.md expired");
  });
});

describe("orient", () => {
  it("skips unparsable files, non-plain names and unknown scopes with notes, and keeps their index lines", () => {
    const ok = topicInput("ok.md", {
      description: "The API server listens on port 3000",
      body: "Port 3000.",
    });
    const broken = { scope: "project" as const, file: "broken.md", text: "no frontmatter here", mtimeMs: 1 };
    const team = { ...ok, file: "team/ok.md" };
    const hidden = { ...ok, file: ".hidden.md" };
    const user = { ...ok, scope: "user" as const };
    const index =
      "# Memory Index\n- [ok](ok.md) — port\n- [broken](broken.md) — broken\n- [team](team/ok.md) — t\n";
    const p = planOfflineDream({
      mode: "prune",
      nowMs: PLANTED_NOW_MS,
      roots: { project: "/p" },
      topics: [ok, broken, team, hidden, user],
      indexes: [{ scope: "project", text: index }],
      logDrafts: [],
    });
    expect(p.notes).toEqual([
      "left project/.hidden.md alone: only plain <name>.md files of the memory dir are consolidated",
      expect.stringMatching(/^skipped project\/broken\.md: BAD_FRONTMATTER/),
      "left project/team/ok.md alone: only plain <name>.md files of the memory dir are consolidated",
      "skipped user/ok.md: no user memory dir was given",
    ]);
    expect(p.merges).toEqual([]);
    expect(p.index).toEqual([]);
  });
});

describe("plan shape", () => {
  it("plans each file once, a seen hash for each, and never a false contradiction on a pronoun subject", () => {
    const topics = [
      topicInput("svc-a.md", {
        description: "Billing service owns invoices",
        body: "The billing service owns invoices.\n- It runs on port 3000.",
        updated: "2026-01-01T00:00:00Z",
      }),
      topicInput("svc-b.md", {
        description: "Search service indexes documents",
        body: "The search service indexes documents.\n- It runs on port 4000.",
        updated: "2026-02-01T00:00:00Z",
      }),
      topicInput("svc-b-copy.md", {
        description: "Search service indexes documents",
        body: "The search service indexes documents since yesterday.",
        updated: "2026-02-02T00:00:00Z",
      }),
    ];
    const p = plan(topics);
    expect(p.deletions).toEqual([]);
    expect(p.merges.map((m) => [m.file, m.from])).toEqual([["svc-b.md", ["svc-b-copy.md"]]]);
    const planned = [
      ...p.merges.flatMap((m) => [m.file, ...m.from]),
      ...p.rewrites.map((r) => r.file),
      ...p.creates.map((c) => c.file),
      ...p.deletions.map((d) => d.file),
    ].map((f) => `project/${f}`);
    expect(new Set(planned).size).toBe(planned.length);
    expect(Object.keys(p.seen).sort()).toEqual([...planned, "project/MEMORY.md"].sort());
    expect(p).toMatchObject({ version: 1, engine: "offline", createdAt: "2026-03-10T00:00:00.000Z" });
    expect(parseTopic(p.merges[0]!.content, "/x.md", 0).body).toContain("since 2026-02-01");
  });
});
