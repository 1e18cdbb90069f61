/**
 * The stricter offline dream (tester 5c findings 1–4): a contradiction needs EQUAL subjects (file
 * name, description, headings and lead-in lines), a number in a description or heading is the
 * subject, only two explicitly dated sides are resolved, and polarity, qualifiers and weekdays block
 * merges in English and Korean. A rewrite never leaves a heading or lead-in with nothing under it.
 */
import { describe, expect, it } from "vitest";
import { duplicateCheck } from "../../../src/jobs/dream/offline/index.js";
import type { OfflineDreamInput } from "../../../src/jobs/dream/offline/types.js";
import type { MemoryType } from "../../../src/store/index.js";
import { parseTopic } from "../../../src/store/index.js";
import { planTopics, topicInput } from "../../helpers/planted-memory.js";

type Input = OfflineDreamInput["topics"][number];
const OLD = "2026-01-03T10:00:00Z";
const NEW = "2026-01-10T10:00:00Z";
const mk = (file: string, type: MemoryType, updated: string | undefined, description: string, body: string) =>
  topicInput(file, { type, description, body, ...(updated ? { updated } : {}) });

const plan = (topics: Input[]) => planTopics(topics);
/** Every file the plan changes, deletes or merges. */
const touched = (p: ReturnType<typeof plan>) =>
  [
    ...p.deletions.map((d) => d.file),
    ...p.rewrites.map((r) => r.file),
    ...p.merges.flatMap((m) => [m.file, ...m.from]),
  ].sort();

describe("finding 1: one side names its subject more specifically → no contradiction", () => {
  it.each<[string, Input, Input]>([
    [
      "Payments service vs generic HTTP client",
      mk(
        "payments-timeout.md",
        "project",
        OLD,
        "Payments service HTTP client",
        "The request timeout is 30 seconds.",
      ),
      mk("http-timeout.md", "project", NEW, "HTTP client", "The request timeout is 10 seconds."),
    ],
    [
      "a heading on one side only",
      mk("eu-notes.md", "project", OLD, "Data retention", "## EU customers\n\nLogs are kept for 30 days."),
      mk("retention.md", "project", NEW, "Data retention", "Logs are kept for 90 days."),
    ],
    [
      "정산 배치 vs 배치",
      mk("ko-batch.md", "project", OLD, "정산 배치 작업 시간", "배치 작업은 매일 새벽 3시에 실행된다."),
      mk("ko-batch2.md", "project", NEW, "배치 작업 시간", "배치 작업은 매일 새벽 5시에 실행된다."),
    ],
    [
      "a person's name on one side",
      mk("alice-pref.md", "user", OLD, "Alice's review preference", "Prefers reviews on Monday."),
      mk("bob-pref.md", "user", NEW, "Review preference", "Prefers reviews on Friday."),
    ],
    [
      "told apart only by the file name",
      mk("search-port.md", "project", OLD, "Service port", "The service listens on port 9200."),
      mk("api-port.md", "project", NEW, "Service port", "The service listens on port 8080."),
    ],
    [
      "Korean, told apart by the file name",
      mk("toss-timeout.md", "project", OLD, "결제 타임아웃", "결제 타임아웃은 30초이다."),
      mk("kakao-timeout.md", "project", NEW, "결제 타임아웃", "결제 타임아웃은 10초이다."),
    ],
    [
      "a lead-in line on one side",
      mk(
        "pool-a.md",
        "project",
        OLD,
        "Connection pool size",
        "For the reporting worker:\n\nThe pool size is 5.",
      ),
      mk("pool-b.md", "project", NEW, "Connection pool size", "The pool size is 20."),
    ],
    [
      "Korean proper noun in the description",
      mk("ko-cache.md", "project", OLD, "토스 결제 캐시 TTL", "캐시 TTL은 15분이다."),
      mk("ko-cache2.md", "project", NEW, "결제 캐시 TTL", "캐시 TTL은 30분이다."),
    ],
  ])("%s", (_name, a, b) => {
    const p = plan([a, b]);
    expect(touched(p)).toEqual([]);
  });

  it("still resolves a contradiction whose subjects are equal (file names differ only by generic words)", () => {
    const p = plan([
      mk("deploy-day-old.md", "project", OLD, "Weekly deploy day", "Production deploys happen on Tuesday."),
      mk("deploy-day-new.md", "project", NEW, "Weekly deploy day", "Production deploys happen on Thursday."),
    ]);
    expect(p.deletions.map((d) => d.file)).toEqual(["deploy-day-old.md"]);
  });

  it("drops a heading or lead-in left with nothing under it, keeps the other facts", () => {
    for (const intro of ["Deploy schedule:", "## Deploy schedule"]) {
      const older = mk(
        "deploy.md",
        "project",
        OLD,
        "Deploy schedule",
        `Rollbacks need two approvals.\n\n${intro}\n\nProduction deploys happen on Tuesday.`,
      );
      const newer = mk(
        "deploy-schedule.md",
        "project",
        NEW,
        "Deploy schedule",
        `${intro}\n\nProduction deploys happen on Thursday.`,
      );
      const p = plan([older, newer]);
      // the older side is rewritten, or (heading case) rewritten then merged with the newer one
      const r = [...p.rewrites, ...p.merges].find((x) => x.file === "deploy.md");
      const body = parseTopic(r!.content, "/deploy.md", 0).body;
      expect(body).toContain("Rollbacks need two approvals.");
      expect(body).not.toContain("Tuesday");
      if (r && "from" in r) expect(body).toContain("Production deploys happen on Thursday.");
      else expect(body.trim()).toBe("Rollbacks need two approvals.");
    }
  });
});

describe("finding 2: a number in a description or heading is the subject", () => {
  it.each<[string, Input, Input]>([
    [
      "Python 3.11 / 3.12",
      mk(
        "py311.md",
        "project",
        OLD,
        "Upgrade notes for Python 3.11",
        "asyncio.TaskGroup replaced our gather helper.",
      ),
      mk(
        "py312.md",
        "project",
        NEW,
        "Upgrade notes for Python 3.12",
        "distutils is gone; setuptools must be pinned.",
      ),
    ],
    [
      "week 14 / 15",
      mk(
        "sprint14.md",
        "project",
        OLD,
        "Retro of the team's week 14",
        "The flaky login test was quarantined.",
      ),
      mk(
        "sprint15.md",
        "project",
        NEW,
        "Retro of the team's week 15",
        "The staging deploy was moved to a new cluster.",
      ),
    ],
    [
      "결제 API 버전 1 / 2",
      mk("ko-v1.md", "project", OLD, "결제 API 버전 1 메모", "v1 은 XML 응답을 쓴다."),
      mk("ko-v2.md", "project", NEW, "결제 API 버전 2 메모", "v2 는 JSON 응답을 쓴다."),
    ],
    [
      "a version in the headings",
      mk("rel-a.md", "project", OLD, "Release freeze", "## Release 1.4\n\nThe freeze lasts 3 days."),
      mk("rel-b.md", "project", NEW, "Release freeze", "## Release 1.5\n\nThe freeze lasts 5 days."),
    ],
  ])("%s: nothing deleted, no description replaced", (_name, a, b) => {
    expect(touched(plan([a, b]))).toEqual([]);
  });
});

describe("finding 3: only explicit dates decide a contradiction", () => {
  const tue = (updated?: string, mtime?: string) => ({
    ...mk("deploy-day.md", "project", updated, "Weekly deploy day", "Production deploys happen on Tuesday."),
    ...(mtime ? { mtimeMs: Date.parse(mtime) } : {}),
  });
  const thu = (updated?: string, mtime?: string) => ({
    ...mk(
      "deploy-day-change.md",
      "project",
      updated,
      "Weekly deploy day",
      "Production deploys happen on Thursday.",
    ),
    ...(mtime ? { mtimeMs: Date.parse(mtime) } : {}),
  });
  it.each([
    ["both dateless (a touched stale file is newer by mtime)", tue(undefined, NEW), thu(undefined, OLD)],
    ["one side dated", tue(OLD), thu(undefined, NEW)],
    ["equal dates", tue(OLD), thu(OLD)],
  ])("%s: both kept, with a note for a person", (_n, a, b) => {
    const p = plan([a, b]);
    expect(touched(p)).toEqual([]);
    expect(p.notes.join("\n")).toContain(
      "possible contradiction, left for a person: deploy-day-change.md vs deploy-day.md",
    );
  });
  it("Korean, dateless: both kept", () => {
    const p = plan([
      {
        ...mk("ko-deploy.md", "project", undefined, "배포 요일", "배포는 금요일에 한다."),
        mtimeMs: Date.parse(NEW),
      },
      {
        ...mk("ko-deploy-change.md", "project", undefined, "배포 요일", "배포는 목요일에 한다."),
        mtimeMs: Date.parse(OLD),
      },
    ]);
    expect(touched(p)).toEqual([]);
    expect(p.notes.join("\n")).toMatch(
      /possible contradiction, left for a person: ko-deploy-change\.md vs ko-deploy\.md/,
    );
  });
  it("both dated and different: the newer by date wins, whatever the mtimes", () => {
    const p = plan([tue(NEW, OLD), thu(OLD, NEW)]);
    expect(p.deletions.map((d) => d.file)).toEqual(["deploy-day-change.md"]);
  });
});

describe("finding 4: polarity, qualifiers and weekdays block merges (EN + KO)", () => {
  const t = (description: string, body: string) => ({ description, body });
  it.each([
    [
      "정기 / 핫픽스, 화요일 / 금요일",
      t("배포 요일", "정기 배포는 매주 화요일에 한다."),
      t("핫픽스 배포 요일", "핫픽스 배포는 매주 금요일에 한다."),
    ],
    [
      "Korean weekdays alone",
      t("회의 요일", "회의는 매주 월요일에 한다."),
      t("회의 요일", "회의는 매주 수요일에 한다."),
    ],
    [
      "Squash feature / Do not squash release",
      t("Merging to main", "Squash commits when merging feature branches into main."),
      t("Merging release branches", "Do not squash commits when merging release branches into main."),
    ],
    [
      "Never / Always force push",
      t("Force pushing", "Never force push to main.\n**Why:** it broke CI for everyone."),
      t("Force pushing on personal branches", "Always force push to main of your fork after rebasing."),
    ],
    [
      "한다 / 하지 않는다",
      t("강제 푸시", "main 브랜치에 강제 푸시한다."),
      t("강제 푸시", "main 브랜치에 강제 푸시하지 않는다."),
    ],
    [
      "절대 … 않는다 / 항상",
      t("강제 푸시", "항상 main 브랜치에 강제 푸시한다."),
      t("강제 푸시", "절대 main 브랜치에 강제 푸시하지 않는다."),
    ],
  ])("%s", (_n, a, b) => {
    expect(duplicateCheck(a, b).blocked).toBeDefined();
    expect(duplicateCheck(b, a).blocked).toBeDefined();
  });

  it("in a plan: none of those files are merged", () => {
    const p = plan([
      mk("ko-deploy.md", "project", OLD, "배포 요일", "정기 배포는 매주 화요일에 한다."),
      mk("ko-hotfix.md", "project", NEW, "핫픽스 배포 요일", "핫픽스 배포는 매주 금요일에 한다."),
      mk(
        "squash-main.md",
        "feedback",
        OLD,
        "Merging to main",
        "Squash commits when merging feature branches into main.",
      ),
      mk(
        "no-squash.md",
        "feedback",
        NEW,
        "Merging release branches",
        "Do not squash commits when merging release branches into main.",
      ),
      mk(
        "force-push.md",
        "feedback",
        OLD,
        "Force pushing",
        "Never force push to main.\n**Why:** it broke CI for everyone.",
      ),
      mk(
        "force-push2.md",
        "feedback",
        NEW,
        "Force pushing on personal branches",
        "Always force push to main of your fork after rebasing.",
      ),
    ]);
    expect(touched(p)).toEqual([]);
  });

  it("still merges paraphrases that steer away from one thing in other words", () => {
    const a = t("Package manager is pnpm", "The user wants pnpm as the package manager, never npm.");
    const b = t(
      "Always install packages with pnpm rather than npm",
      "Always use pnpm rather than npm to install packages.",
    );
    expect(duplicateCheck(a, b).blocked).toBeUndefined();
  });
});
