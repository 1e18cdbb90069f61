/**
 * Merges that do not snowball (tester finding 2, repro dirs m3, m6, m1): complete-linkage clusters,
 * distinctive tokens (numbers, names, identifiers, qualifiers, polarity, a substituted subject word)
 * block a merge, and a second dream over the result plans nothing more.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { duplicateCheck, planOfflineDream } from "../../../src/jobs/dream/offline/index.js";
import type { OfflineDreamInput } from "../../../src/jobs/dream/offline/types.js";
import { MERGE_THRESHOLD, type MemoryType } from "../../../src/store/index.js";
import {
  applyPlanToDirs,
  PLANTED_NOW_MS,
  planTopics,
  readDirInput,
  topicInput,
} from "../../helpers/planted-memory.js";
import { tempDir } from "../../helpers/tmp.js";

const mk = (file: string, type: MemoryType, updated: string, description: string, ...body: string[]) =>
  topicInput(file, { type, updated, description, body: body.join("\n") });
const day = (d: number) => `2025-03-${String(d).padStart(2, "0")}T10:00:00Z`;

const plan = (topics: OfflineDreamInput["topics"], root = "/mem/p", nowMs = PLANTED_NOW_MS) =>
  planTopics(topics, { roots: { project: root }, nowMs });
const merges = (p: ReturnType<typeof plan>) => p.merges.map((m) => [m.file, ...m.from].join(" ← "));

/** The tester's m3 dir: six paraphrase groups and ten distinct look-alike facts. */
const M3 = [
  mk(
    "g1a.md",
    "feedback",
    day(2),
    "Run tests before committing",
    "Always run the test suite before committing.",
  ),
  mk("g1b.md", "feedback", day(3), "Tests must pass before a commit", "Before every commit, run the tests."),
  mk(
    "g2a.md",
    "user",
    day(5),
    "User is a backend engineer",
    "The user is a backend engineer working mostly in Go.",
  ),
  mk("g2b.md", "user", day(6), "Backend Go engineer", "User works as a backend engineer, mostly Go."),
  mk("g3a.md", "feedback", day(7), "No emojis in commit messages", "Do not use emojis in commit messages."),
  mk("g3b.md", "feedback", day(8), "Commit messages without emoji", "Never put emoji in commit messages."),
  mk("g4a.md", "reference", day(9), "Bug tracker is Linear", "Bugs are tracked in Linear, project INGEST."),
  mk(
    "g4b.md",
    "reference",
    day(10),
    "Linear project INGEST tracks bugs",
    "Pipeline bugs are tracked in the Linear project INGEST.",
  ),
  mk("g5a.md", "feedback", day(11), "Prefer small PRs", "Keep pull requests small, under 300 lines."),
  mk("g5b.md", "feedback", day(12), "Small pull requests", "Prefer small PRs (less than 300 lines changed)."),
  mk(
    "g6a.md",
    "project",
    day(13),
    "Merge freeze for mobile release",
    "Merge freeze begins 2025-03-05 for the mobile release cut.",
  ),
  mk(
    "g6b.md",
    "project",
    day(14),
    "Mobile release merge freeze",
    "There is a merge freeze starting 2025-03-05 because of the mobile release.",
  ),
  mk(
    "n1.md",
    "feedback",
    day(15),
    "Use single quotes in TypeScript",
    "Use single quotes in TypeScript files.",
  ),
  mk("n2.md", "feedback", day(16), "Use double quotes in Python", "Use double quotes in Python files."),
  mk(
    "n3.md",
    "user",
    day(17),
    "User prefers dark mode in the editor",
    "The user prefers dark mode in the editor.",
  ),
  mk(
    "n4.md",
    "user",
    day(18),
    "User prefers light mode in the terminal",
    "The user prefers light mode in the terminal.",
  ),
  mk(
    "n5.md",
    "project",
    day(19),
    "Auth service owned by team Alpha",
    "The auth service is owned by team Alpha.",
  ),
  mk(
    "n6.md",
    "project",
    day(20),
    "Billing service owned by team Beta",
    "The billing service is owned by team Beta.",
  ),
  mk(
    "n7.md",
    "reference",
    day(21),
    "Staging logs in Kibana",
    "Staging logs are in Kibana at https://kibana.example.com/staging.",
  ),
  mk(
    "n8.md",
    "reference",
    day(22),
    "Production logs in Datadog",
    "Production logs are in Datadog at https://app.datadoghq.com/logs.",
  ),
  mk(
    "n9.md",
    "feedback",
    day(23),
    "Do not mock the database in integration tests",
    "Do not mock the database in integration tests; we got burned by mock/prod divergence.",
  ),
  mk(
    "n10.md",
    "feedback",
    day(24),
    "Mock the database in unit tests",
    "Mock the database in unit tests for speed.",
  ),
];

describe("precise merges (m3)", () => {
  it("merges the six paraphrase groups and none of the distinct look-alikes", () => {
    expect(merges(plan(M3))).toEqual([
      "g1a.md ← g1b.md",
      "g2a.md ← g2b.md",
      "g3a.md ← g3b.md",
      "g4a.md ← g4b.md",
      "g5a.md ← g5b.md",
      "g6a.md ← g6b.md",
    ]);
  });

  const text = (t: { text: string }) => {
    const [, fm, body] = /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(t.text)!;
    return { description: JSON.parse(/description: (.*)/.exec(fm!)![1]!) as string, body: body! };
  };
  const byFile = (f: string) => text(M3.find((t) => t.file === f)!);
  it.each([
    ["n5.md", "n6.md", /names differ \(alpha \/ beta\)/],
    ["n9.md", "n10.md", /tests differs \(integration \/ unit\)/],
    ["g1a.md", "n10.md", undefined],
  ])("blocks %s / %s with a reason", (a, b, why) => {
    const r = duplicateCheck(byFile(a), byFile(b));
    if (why) {
      expect(r.blocked).toMatch(why);
      expect(r.score).toBeLessThan(MERGE_THRESHOLD);
    } else expect(r.blocked).toBeUndefined();
  });
});

describe("blockers", () => {
  it.each([
    [
      "Go vs Makefiles",
      mk("tabs-go.md", "feedback", day(1), "Indent Go files with tabs", "Indent Go files with tabs."),
      mk("tabs-make.md", "feedback", day(2), "Indent Makefiles with tabs", "Indent Makefiles with tabs."),
    ],
    [
      "deploy events",
      mk("d1.md", "project", day(1), "Deployed v1.2 to production", "Deployed to production on 2026-03-01."),
      mk("d2.md", "project", day(8), "Deployed v1.3 to production", "Deployed to production on 2026-03-08."),
    ],
    [
      "알파 팀 / 베타 팀",
      mk("ko-a.md", "project", day(1), "결제 서비스 담당 팀", "결제 서비스는 알파 팀이 맡는다."),
      mk("ko-b.md", "project", day(2), "인증 서비스 담당 팀", "인증 서비스는 베타 팀이 맡는다."),
    ],
    [
      "모바일 / 웹",
      mk("ko-m.md", "project", day(1), "모바일 앱 배포", "모바일 앱은 금요일에 배포한다."),
      mk("ko-w.md", "project", day(2), "웹 앱 배포", "웹 앱은 금요일에 배포한다."),
    ],
    [
      "polarity",
      mk("p1.md", "feedback", day(1), "Snapshot files", "Always commit the generated snapshot files to git."),
      mk("p2.md", "feedback", day(2), "Generated snapshots", "Never commit the generated snapshot files."),
    ],
    [
      "a preference reversed",
      mk("t1.md", "feedback", day(1), "Prefer tabs over spaces", "I prefer tabs over spaces."),
      mk("t2.md", "feedback", day(3), "Prefer spaces over tabs", "I prefer spaces over tabs."),
    ],
    [
      "package managers swapped",
      mk("pm1.md", "feedback", day(1), "Always use pnpm, never yarn", "Always use pnpm, never yarn."),
      mk("pm2.md", "feedback", day(2), "Always use yarn, never pnpm", "Always use yarn, never pnpm."),
    ],
    [
      "call direction",
      mk("c1.md", "project", day(1), "Frontend and backend", "The frontend calls the backend over gRPC."),
      mk("c2.md", "project", day(2), "Frontend and backend", "The backend calls the frontend over gRPC."),
    ],
  ])("%s: never merged", (_, a, b) => {
    expect(plan([a, b]).merges).toEqual([]);
  });

  it("still merges paraphrases whose Why lines carry other dates or names", () => {
    const a = mk(
      "biome.md",
      "feedback",
      day(2),
      "Run biome check before committing",
      "biome check must pass before a commit.",
      "**Why:** Sam asked for it on 2026-03-02.",
    );
    const b = mk(
      "biome-2.md",
      "feedback",
      day(5),
      "biome check must pass before every commit",
      "Run biome check before committing.",
      "**Why:** CI failed on 2026-03-05, said Kim.",
    );
    expect(merges(plan([a, b]))).toEqual(["biome.md ← biome-2.md"]);
  });

  it("never snowballs 40 services with their own queues into one topic (m6)", () => {
    const names = ["bravo", "kilo", "delta", "echo"];
    const topics = Array.from({ length: 40 }, (_, i) =>
      mk(
        `topic-${i + 1}.md`,
        "project",
        day(1),
        `Service ${names[i % 4]}-alpha-${i + 1} uses queue q${i + 1} for alpha jobs with a fairly long description`,
        `Service ${names[i % 4]}-alpha-${i + 1} consumes queue q${i + 1}-${names[i % 4]} and writes to bucket b${i + 1}-alpha.`,
      ),
    );
    expect(plan(topics).merges).toEqual([]);
  });

  it("clusters by complete linkage: a topic like two others that are unlike each other joins one", () => {
    const a = mk("a.md", "feedback", day(1), "Lint with biome strictly", "Lint with biome strictly.");
    const c = mk("c.md", "feedback", day(2), "Format with prettier quickly", "Format with prettier quickly.");
    const b = mk(
      "b.md",
      "feedback",
      day(3),
      "Lint with biome strictly and format with prettier quickly",
      "Lint with biome strictly and format with prettier quickly.",
    );
    expect(merges(plan([a, b, c]))).toEqual(["a.md ← b.md"]);
  });
});

/** Writes `topics` into a fresh dir, plans, applies, plans again. */
function twice(topics: OfflineDreamInput["topics"]) {
  const dir = join(tempDir(), "memory");
  mkdirSync(dir, { recursive: true });
  for (const t of topics) writeFileSync(join(dir, t.file), t.text);
  const run = (nowMs: number) => {
    const { topics: read, index } = readDirInput(dir);
    return planOfflineDream({
      mode: "prune",
      nowMs,
      roots: { project: dir },
      topics: read,
      indexes: [index],
      logDrafts: [],
    });
  };
  const first = run(PLANTED_NOW_MS);
  applyPlanToDirs(first);
  return { first, second: run(PLANTED_NOW_MS + 86_400_000) };
}
const changes = (p: ReturnType<typeof plan>) => [p.merges, p.rewrites, p.creates, p.deletions, p.index];

describe("stable: a second dream right after the first plans nothing (m1, m3)", () => {
  it("m1: pnpm stays merged as it was, pnpm workspaces stays apart", () => {
    const { first, second } = twice([
      mk(
        "pnpm-1.md",
        "feedback",
        day(1),
        "Use pnpm, not npm",
        "Use pnpm instead of npm for installing packages.",
        "**Why:** lockfile consistency.",
        "**How to apply:** run pnpm install.",
      ),
      mk(
        "pnpm-2.md",
        "feedback",
        day(5),
        "Always install packages with pnpm rather than npm",
        "Always use pnpm rather than npm to install packages.",
      ),
      mk(
        "pnpm-3.md",
        "feedback",
        day(7),
        "Package manager is pnpm",
        "The user wants pnpm as the package manager, never npm.",
      ),
      mk(
        "pnpm-ws.md",
        "feedback",
        day(8),
        "Always use pnpm workspaces",
        "Always use pnpm workspaces for the monorepo packages.",
      ),
      mk(
        "dash.md",
        "reference",
        day(1),
        "Grafana dashboard",
        "The latency dashboard is at https://grafana.example.com/d/abc123.",
      ),
      mk(
        "dash2.md",
        "reference",
        day(3),
        "Latency dashboard in Grafana",
        "Latency dashboard: https://grafana.example.com/d/abc123 (Grafana).",
      ),
      mk("tabs-go.md", "feedback", day(1), "Indent Go files with tabs", "Indent Go files with tabs."),
      mk("tabs-make.md", "feedback", day(2), "Indent Makefiles with tabs", "Indent Makefiles with tabs."),
    ]);
    expect(merges(first)).toEqual(["dash.md ← dash2.md", "pnpm-1.md ← pnpm-2.md ← pnpm-3.md"]);
    expect(changes(second)).toEqual([[], [], [], [], []]);
  });

  it("m3: nothing more after the paraphrase merges", () => {
    const { first, second } = twice(M3);
    expect(first.merges).toHaveLength(6);
    expect(changes(second)).toEqual([[], [], [], [], []]);
  });
});
