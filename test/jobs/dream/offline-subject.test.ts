/**
 * Contradictions only on the SAME subject (tester findings 1, repro dirs m30 and m1): a value that
 * differs between two files about other subjects (headings, descriptions, qualifiers), an identifier,
 * a list or a subject-position number is never a contradiction, so no true fact is deleted. The
 * true contradictions (same subject, one predicate value or polarity) are still resolved.
 */
import { describe, expect, it } from "vitest";
import { factTokens, tokensConflict } from "../../../src/jobs/dream/offline/index.js";
import type { OfflineDreamInput } from "../../../src/jobs/dream/offline/types.js";
import type { MemoryType } from "../../../src/store/index.js";
import { parseTopic } from "../../../src/store/index.js";
import { planTopics, topicInput } from "../../helpers/planted-memory.js";

/** A topic like the tester's `mk.sh`: file, type, updated, description, body lines. */
const mk = (file: string, type: MemoryType, updated: string, description: string, ...body: string[]) =>
  topicInput(file, { type, updated, description, body: body.join("\n") });

const plan = (topics: OfflineDreamInput["topics"]) => planTopics(topics);

/** What a plan did to facts: deleted files and files rewritten because of a contradiction. */
const contradicted = (p: ReturnType<typeof plan>) => ({
  deleted: p.deletions.map((d) => d.file),
  rewritten: p.rewrites.filter((r) => r.kind === "contradiction").map((r) => r.file),
});

const OLD = "2025-03-01T10:00:00Z";
const NEW = "2025-03-05T10:00:00Z";

describe("no contradiction between other subjects (m30, m1)", () => {
  it.each([
    [
      "Go vs Python style (polarity, other descriptions)",
      mk("go-style.md", "feedback", OLD, "Go code style", "Use tabs for indentation.", "**Why:** gofmt."),
      mk(
        "py-style.md",
        "feedback",
        NEW,
        "Python code style",
        "Do not use tabs for indentation.",
        "**Why:** PEP 8.",
      ),
    ],
    [
      "Payments vs Search API timeouts",
      mk(
        "pay-timeout.md",
        "project",
        OLD,
        "Payments API client settings",
        "The request timeout is 30 seconds.",
      ),
      mk(
        "search-timeout.md",
        "project",
        NEW,
        "Search API client settings",
        "The request timeout is 5 seconds.",
      ),
    ],
    [
      "모바일 vs 웹 배포 요일",
      mk("ko-mobile.md", "project", OLD, "모바일 앱 배포", "배포는 금요일에 한다."),
      mk("ko-web.md", "project", NEW, "웹 배포", "배포는 목요일에 한다."),
    ],
    [
      "# Staging vs # Production headings",
      mk(
        "pg-staging.md",
        "project",
        OLD,
        "Staging environment database",
        "# Staging",
        "The database runs PostgreSQL 14.",
      ),
      mk(
        "pg-prod.md",
        "project",
        NEW,
        "Production environment database",
        "# Production",
        "The database runs PostgreSQL 16.",
      ),
    ],
    [
      "same description, other headings",
      mk(
        "db-a.md",
        "project",
        OLD,
        "Database versions",
        "## Staging",
        "",
        "The database runs PostgreSQL 14.",
      ),
      mk(
        "db-b.md",
        "project",
        NEW,
        "Database versions",
        "## Production",
        "",
        "The database runs PostgreSQL 16.",
      ),
    ],
    [
      "# 스테이징 vs # 운영",
      mk("ko-db-a.md", "project", OLD, "데이터베이스 버전", "# 스테이징", "DB는 PostgreSQL 14를 쓴다."),
      mk("ko-db-b.md", "project", NEW, "데이터베이스 버전", "# 운영", "DB는 PostgreSQL 16을 쓴다."),
    ],
    [
      "bug identifiers",
      mk("bug-123.md", "project", OLD, "Bug 123 login", "Bug 123 is in the login flow."),
      mk("bug-456.md", "project", NEW, "Bug 456 login", "Bug 456 is in the login flow."),
    ],
    [
      "PR numbers",
      mk("pr-12.md", "project", OLD, "Review queue", "PR 12 is waiting for review from the platform team."),
      mk("pr-15.md", "project", NEW, "Review queue", "PR 15 is waiting for review from the platform team."),
    ],
    [
      "ticket #ids",
      mk("t-45.md", "project", OLD, "Ticket owner", "Ticket #45 is assigned to the billing team."),
      mk("t-46.md", "project", NEW, "Ticket owner", "Ticket #46 is assigned to the billing team."),
    ],
    [
      "이슈 번호",
      mk("ko-issue-a.md", "project", OLD, "로그인 이슈", "이슈 123은 로그인 화면에 있다."),
      mk("ko-issue-b.md", "project", NEW, "로그인 이슈", "이슈 456은 로그인 화면에 있다."),
    ],
    [
      "a CI matrix",
      mk("ci-node18.md", "project", OLD, "CI matrix Node 18", "CI tests run on Node 18."),
      mk("ci-node20.md", "project", NEW, "CI matrix Node 20", "CI tests run on Node 20."),
    ],
    [
      "a list of versions",
      mk("node-a.md", "project", OLD, "Node versions", "The service runs on Node 18/20."),
      mk("node-b.md", "project", NEW, "Node versions", "The service runs on Node 22."),
    ],
    [
      "요일 목록",
      mk("ko-days-a.md", "project", OLD, "배포 요일", "배포는 월요일과 목요일에 한다."),
      mk("ko-days-b.md", "project", NEW, "배포 요일", "배포는 금요일에 한다."),
    ],
    [
      "a number in the subject (two releases)",
      mk("rel-14.md", "project", OLD, "Release train", "Release 1.4 ships on Friday."),
      mk("rel-15.md", "project", NEW, "Release train", "Release 1.5 ships on Friday."),
    ],
  ])("%s: both files kept as they are", (_, older, newer) => {
    expect(contradicted(plan([older, newer]))).toEqual({ deleted: [], rewritten: [] });
  });

  it("keeps all three m30 pairs together in one plan", () => {
    const p = plan([
      mk("go-style.md", "feedback", OLD, "Go code style", "Use tabs for indentation."),
      mk("py-style.md", "feedback", NEW, "Python code style", "Do not use tabs for indentation."),
      mk(
        "pay-timeout.md",
        "project",
        OLD,
        "Payments API client settings",
        "The request timeout is 30 seconds.",
      ),
      mk(
        "search-timeout.md",
        "project",
        NEW,
        "Search API client settings",
        "The request timeout is 5 seconds.",
      ),
      mk("ko-mobile.md", "project", OLD, "모바일 앱 배포", "배포는 금요일에 한다."),
      mk("ko-web.md", "project", NEW, "웹 배포", "배포는 목요일에 한다."),
    ]);
    expect([p.deletions, p.rewrites, p.merges]).toEqual([[], [], []]);
  });
});

describe("true contradictions on one subject are still resolved", () => {
  it.each([
    [
      "deploy day (m1)",
      mk("deploy-day-old.md", "project", "2025-02-01T10:00:00Z", "Deploy day", "Deploys happen on Friday."),
      mk("deploy-day-new.md", "project", OLD, "Deploy day changed", "Deploys happen on Thursday."),
    ],
    [
      "one API's timeout",
      mk("pay-a.md", "project", OLD, "Payments API client settings", "The request timeout is 30 seconds."),
      mk("pay-b.md", "project", NEW, "Payments API client settings", "The request timeout is 45 seconds."),
    ],
    [
      "결제 타임아웃",
      mk("ko-pay-a.md", "project", OLD, "결제 API 설정", "결제 API 타임아웃은 30초다."),
      mk("ko-pay-b.md", "project", NEW, "결제 API 설정", "결제 API 타임아웃은 60초다."),
    ],
    [
      "polarity on one subject",
      mk(
        "gw-a.md",
        "feedback",
        OLD,
        "Payment gateway in unit tests",
        "Mock the payment gateway in unit tests.",
      ),
      mk(
        "gw-b.md",
        "feedback",
        NEW,
        "Payment gateway in unit tests",
        "Don't mock the payment gateway in unit tests.",
      ),
    ],
    [
      "a preference reversed (tabs over spaces, then spaces over tabs)",
      mk("indent-a.md", "feedback", OLD, "Prefer tabs over spaces", "Prefer tabs over spaces."),
      mk("indent-b.md", "feedback", NEW, "Prefer spaces over tabs", "Prefer spaces over tabs."),
    ],
    [
      "package manager swapped",
      mk("pm-a.md", "feedback", OLD, "Use pnpm, not yarn", "Use pnpm, not yarn.", "**Why:** one lockfile."),
      mk("pm-b.md", "feedback", NEW, "Use yarn, not pnpm", "Use yarn, not pnpm."),
    ],
  ])("%s: the older is deleted, the newer records it", (_, older, newer) => {
    const p = plan([older, newer]);
    expect(contradicted(p)).toEqual({ deleted: [older.file], rewritten: [newer.file] });
    const sup = parseTopic(p.rewrites[0]!.content, "/x.md", 0).metadata.supersedes as { file: string }[];
    expect(sup.map((s) => s.file)).toContain(older.file);
  });
});

describe("tokensConflict: never identifiers, lists or subject-position numbers", () => {
  const conflict = (a: string, b: string) => tokensConflict(factTokens(a), factTokens(b));
  it.each([
    ["Bug 123 is in the login flow", "Bug 456 is in the login flow"],
    ["PR 12 is waiting for review", "PR 15 is waiting for review"],
    ["Ticket #45 is assigned to Kim", "Ticket #46 is assigned to Kim"],
    ["Jobs go to queue q1 on the main cluster", "Jobs go to queue q2 on the main cluster"],
    ["CI tests run on Node 18/20", "CI tests run on Node 22"],
    ["The service listens on ports 3000 and 3001", "The service listens on ports 4000 and 4001"],
    ["배포는 월요일과 목요일에 한다", "배포는 금요일에 한다"],
    ["배포는 금요일에도 한다", "배포는 목요일에 한다"],
    ["이슈 123은 로그인 화면에 있다", "이슈 456은 로그인 화면에 있다"],
    ["Release 1.4 ships on Friday", "Release 1.5 ships on Friday"],
  ])("%s / %s → none", (a, b) => {
    expect(conflict(a, b)).toBeUndefined();
    expect(conflict(b, a)).toBeUndefined();
  });

  it.each([
    ["The request timeout is 30 seconds", "The request timeout is 5 seconds"],
    ["결제 API 타임아웃은 30초다", "결제 API 타임아웃은 60초다"],
    ["The API timeout is 30s", "The API timeout is 60s"],
  ])("%s / %s → value", (a, b) => {
    expect(conflict(a, b)).toBe("value");
  });
});
