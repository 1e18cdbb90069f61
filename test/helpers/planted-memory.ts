/**
 * A planted memory dir for the dream (issue 5 point 3 "must be shown"): ~20 distinct facts (English
 * and Korean, the four types, three frontmatter forms), most written again in 1-3 other wordings
 * (duplicates, one an exact copy), two contradicted pairs (older/newer), relative dates ("yesterday",
 * "next Friday", "last week", "지난주", "어제", "다음 주 금요일"), an expired topic, a `team/` file and
 * an over-budget MEMORY.md (> 200 lines: hand-written notes, over-long entry lines). Returns the
 * ground truth; `scorePlanted` measures a dir against it, `applyPlanToDirs` writes a plan plainly
 * (a test stand-in for the real apply step).
 */
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  utimesSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { planOfflineDream } from "../../src/jobs/dream/offline/index.js";
import type { OfflineDreamInput } from "../../src/jobs/dream/offline/types.js";
import type { DreamPlan } from "../../src/jobs/dream/plan/types.js";
import { containsFact, parseTopic } from "../../src/store/index.js";
import type { MemoryType } from "../../src/store/types.js";

export interface PlantedWording {
  file: string;
  description: string;
  body: string;
  /** A phrase of this wording that no consolidation step rewrites (checked with `containsFact`). */
  key: string;
  updated: string;
}

export interface PlantedFact {
  id: string;
  type: MemoryType;
  /** The first wording is the original; the others are duplicates. */
  wordings: PlantedWording[];
}

export interface PlantedContradiction {
  older: { file: string; key: string };
  newer: { file: string; key: string };
}

export interface PlantedTruth {
  dir: string;
  /** The plan's time (after every planted timestamp). */
  nowMs: number;
  facts: PlantedFact[];
  /** Files of each fact written more than once. */
  duplicateGroups: string[][];
  contradictions: PlantedContradiction[];
  /** Relative-date terms planted (each must be gone from every description and body). */
  relativeTerms: string[];
  /** Hand-written MEMORY.md lines (never to be dropped). */
  proseLines: string[];
  staleFile: string;
  teamFile: string;
  teamText: string;
}

type Form = "top" | "meta" | "node";
const FORMS: Form[] = ["top", "meta", "node"];

const q = (s: string) => JSON.stringify(s);

function topicText(w: PlantedWording, type: MemoryType, form: Form, n: number, extra = ""): string {
  const name = w.file.replace(/\.md$/, "");
  const meta = [
    `  originSessionId: ${q(`session-${String(n).padStart(3, "0")}`)}`,
    `  sources: [${q(`uuid-${n}-a`)}, ${q(`uuid-${n}-b`)}]`,
    `  updated: ${w.updated}`,
  ];
  const head = [`name: ${q(name)}`, `description: ${q(w.description)}`];
  if (form === "top") head.push(`type: ${type}`, "metadata:", ...meta);
  else if (form === "meta") head.push("metadata:", `  type: ${type}`, ...meta);
  else head.push("metadata:", "  node_type: memory", `  type: ${type}`, ...meta);
  return `---\n${head.join("\n")}${extra}\n---\n${w.body}\n`;
}

const W = (
  file: string,
  updated: string,
  description: string,
  body: string,
  key: string,
): PlantedWording => ({
  file,
  updated,
  description,
  body,
  key,
});

const why = (fact: string, reason: string, apply: string) =>
  `${fact}\n**Why:** ${reason}\n**How to apply:** ${apply}`;

/** The planted facts (first wording = original). */
export function plantedFacts(): PlantedFact[] {
  return [
    {
      id: "real-db",
      type: "feedback",
      wordings: [
        W(
          "testing-real-db.md",
          "2026-01-05T09:00:00Z",
          "Integration tests must hit a real database, never mocks",
          why(
            "Integration tests must hit a real database, not mocks.",
            "a mocked migration passed while prod broke.",
            "any test under test/integration.",
          ),
          "hit a real database",
        ),
        W(
          "no-db-mocks.md",
          "2026-01-20T09:00:00Z",
          "Never mock the database in integration tests",
          "Never mock the database in integration tests; they run against a real database.",
          "never mock the database",
        ),
        W(
          "integration-real-database.md",
          "2026-02-11T09:00:00Z",
          "Integration tests use a real database instead of mocks",
          "Integration tests use a real database instead of database mocks.",
          "use a real database instead",
        ),
      ],
    },
    {
      id: "pnpm",
      type: "project",
      wordings: [
        W(
          "pnpm.md",
          "2026-01-06T09:00:00Z",
          "Use pnpm, not npm, for package installs",
          why(
            "This repo installs packages with pnpm.",
            "the lockfile is pnpm-lock.yaml.",
            "every install command.",
          ),
          "installs packages with pnpm",
        ),
        W(
          "package-manager.md",
          "2026-02-02T09:00:00Z",
          "Always install packages with pnpm instead of npm",
          "Package installs go through pnpm; npm is not used here.",
          "package installs go through pnpm",
        ),
      ],
    },
    {
      id: "pnpm-workspaces",
      type: "project",
      wordings: [
        W(
          "pnpm-workspaces.md",
          "2026-02-03T09:00:00Z",
          "Use pnpm workspaces for the monorepo",
          "The monorepo is split into pnpm workspaces under packages/.",
          "split into pnpm workspaces",
        ),
      ],
    },
    {
      id: "grafana",
      type: "reference",
      wordings: [
        W(
          "grafana-latency.md",
          "2026-01-07T09:00:00Z",
          "Grafana dashboard for API latency is at grafana.internal/d/api-latency",
          "Latency dashboard: https://grafana.internal/d/api-latency",
          "latency dashboard",
        ),
        W(
          "api-latency-dashboard.md",
          "2026-02-14T09:00:00Z",
          "API latency dashboard lives in Grafana at grafana.internal/d/api-latency",
          "Check grafana.internal/d/api-latency for API latency.",
          "check grafana internal",
        ),
      ],
    },
    {
      id: "terse",
      type: "user",
      wordings: [
        W(
          "user-terse.md",
          "2026-01-08T09:00:00Z",
          "User prefers terse answers without trailing summaries",
          "The user wants terse responses and no summary at the end.",
          "wants terse responses",
        ),
        W(
          "terse-answers.md",
          "2026-01-25T09:00:00Z",
          "User wants terse responses, no trailing summary",
          "Keep answers terse; skip the summary at the end.",
          "keep answers terse",
        ),
        W(
          "no-summaries.md",
          "2026-02-16T09:00:00Z",
          "User prefers terse answers with no trailing summary",
          "Answers should be terse, without a trailing summary.",
          "answers should be terse",
        ),
      ],
    },
    {
      id: "pr-desc",
      type: "project",
      wordings: [
        W(
          "pr-descriptions.md",
          "2026-01-09T09:00:00Z",
          "Keep PR descriptions short with a test plan section",
          why(
            "PR descriptions are short and end with a test plan.",
            "reviewers read the test plan first.",
            "every pull request.",
          ),
          "end with a test plan",
        ),
        W(
          "pr-template.md",
          "2026-02-18T09:00:00Z",
          "PR descriptions should be short and include a test plan",
          "Write short PR descriptions that include a test plan section.",
          "write short pr descriptions",
        ),
      ],
    },
    {
      id: "ko-lint",
      type: "feedback",
      wordings: [
        W(
          "lint-before-deploy.md",
          "2026-01-10T09:00:00Z",
          "배포 전에 항상 린트를 실행한다",
          why(
            "배포 전에 항상 린트를 실행한다.",
            "린트 오류로 배포가 두 번 실패했다.",
            "배포 스크립트를 돌리기 전에.",
          ),
          "항상 린트를 실행한다",
        ),
        W(
          "deploy-lint.md",
          "2026-02-20T09:00:00Z",
          "배포 전에 린트를 항상 실행해야 한다",
          "배포 전에 린트를 항상 실행해야 한다.",
          "린트를 항상 실행해야",
        ),
      ],
    },
    {
      id: "ko-commit-lang",
      type: "user",
      wordings: [
        W(
          "commit-language.md",
          "2026-01-11T09:00:00Z",
          "사용자는 커밋 메시지를 영어로 작성한다",
          "사용자는 커밋 메시지를 영어로 작성한다.",
          "커밋 메시지를 영어로",
        ),
        W(
          "commit-messages-english.md",
          "2026-02-21T09:00:00Z",
          "커밋 메시지는 영어로 작성한다",
          "커밋 메시지는 항상 영어로 작성한다.",
          "커밋 메시지는 항상 영어로",
        ),
      ],
    },
    {
      id: "ko-oncall",
      type: "reference",
      wordings: [
        W(
          "oncall-doc.md",
          "2026-01-12T09:00:00Z",
          "장애 대응 문서는 Notion의 온콜 페이지에 있다",
          "장애 대응 문서는 Notion의 온콜 페이지에 있다.",
          "온콜 페이지에 있다",
        ),
      ],
    },
    {
      id: "biome",
      type: "feedback",
      wordings: [
        W(
          "biome-before-commit.md",
          "2026-01-13T09:00:00Z",
          "Run biome check before committing",
          why(
            "biome check must pass before a commit.",
            "CI rejects unformatted code.",
            "before every commit.",
          ),
          "biome check must pass",
        ),
        // An exact copy under another name (same text, another file).
        W(
          "biome-before-commit-copy.md",
          "2026-01-13T09:00:00Z",
          "Run biome check before committing",
          why(
            "biome check must pass before a commit.",
            "CI rejects unformatted code.",
            "before every commit.",
          ),
          "biome check must pass",
        ),
      ],
    },
    {
      id: "api-port",
      type: "project",
      wordings: [
        W(
          "api-port.md",
          "2026-01-14T09:00:00Z",
          "The API server listens on port 3000",
          "The API server listens on port 3000 in every environment.",
          "listens on port 3000",
        ),
      ],
    },
    {
      id: "api-logs",
      type: "project",
      wordings: [
        W(
          "api-logging.md",
          "2026-01-15T09:00:00Z",
          "The API server logs to stdout in JSON",
          "The API server writes JSON logs to stdout; no log files.",
          "writes json logs to stdout",
        ),
      ],
    },
    {
      id: "staging-backups",
      type: "project",
      wordings: [
        W(
          "staging-db-backups.md",
          "2026-01-16T09:00:00Z",
          "The staging database is backed up nightly to S3",
          "The staging database is backed up nightly to S3 by the ops cron job.",
          "backed up nightly to s3",
        ),
      ],
    },
    {
      id: "api-freeze",
      type: "project",
      wordings: [
        W(
          "api-freeze.md",
          "2026-03-02T09:00:00Z",
          "Public API frozen until the 2.0 release",
          "The team froze the public API yesterday; no breaking changes until the 2.0 release.",
          "froze the public api",
        ),
      ],
    },
    {
      id: "release-date",
      type: "project",
      wordings: [
        W(
          "release-1-4.md",
          "2026-03-03T09:00:00Z",
          "Release 1.4 date",
          "Release 1.4 ships next Friday from the release branch.",
          "ships",
        ),
      ],
    },
    {
      id: "ci-migration",
      type: "project",
      wordings: [
        W(
          "ci-github-actions.md",
          "2026-02-25T09:00:00Z",
          "CI runs on GitHub Actions",
          "We migrated CI from Jenkins to GitHub Actions last week.",
          "migrated ci from jenkins to github actions",
        ),
      ],
    },
    {
      id: "ko-loki",
      type: "project",
      wordings: [
        W(
          "log-collection.md",
          "2026-02-26T09:00:00Z",
          "로그 수집은 Loki를 쓴다",
          "지난주에 로그 수집을 Loki로 옮겼다.",
          "로그 수집을 loki로 옮겼다",
        ),
      ],
    },
    {
      id: "ko-timeout",
      type: "project",
      wordings: [
        W(
          "payment-timeout.md",
          "2026-03-04T09:00:00Z",
          "결제 서비스 타임아웃은 30초다",
          "어제 결제 서비스의 타임아웃을 30초로 늘렸다.",
          "타임아웃을 30초로 늘렸다",
        ),
      ],
    },
    {
      id: "ko-maintenance",
      type: "project",
      wordings: [
        W(
          "db-maintenance.md",
          "2026-03-05T09:00:00Z",
          "데이터베이스 정기 점검 일정",
          "다음 주 금요일에 데이터베이스 정기 점검이 있다.",
          "데이터베이스 정기 점검이 있다",
        ),
      ],
    },
    {
      id: "linear",
      type: "reference",
      wordings: [
        W(
          "bug-tracker.md",
          "2026-01-17T09:00:00Z",
          "Bugs are tracked in Linear project MEM",
          "Bugs are tracked in the Linear project MEM.",
          "tracked in the linear project mem",
        ),
        W(
          "linear-project.md",
          "2026-02-27T09:00:00Z",
          "Linear project MEM tracks the bugs",
          "File bugs in Linear, project MEM.",
          "file bugs in linear",
        ),
      ],
    },
    {
      id: "react-newcomer",
      type: "user",
      wordings: [
        W(
          "user-background.md",
          "2026-01-18T09:00:00Z",
          "User is a backend engineer new to React",
          "The user is a backend engineer, new to React; explain frontend idioms.",
          "backend engineer",
        ),
      ],
    },
    {
      id: "small-prs",
      type: "feedback",
      wordings: [
        W(
          "small-prs.md",
          "2026-01-19T09:00:00Z",
          "Keep pull requests under 400 changed lines",
          why(
            "Keep pull requests under 400 changed lines.",
            "big PRs sat unreviewed for a week.",
            "split larger work.",
          ),
          "under 400 changed lines",
        ),
      ],
    },
  ];
}

/** The two contradicted pairs: [older, newer] wordings (same type, different files and times). */
function contradictionPairs(): { type: MemoryType; older: PlantedWording; newer: PlantedWording }[] {
  return [
    {
      type: "project",
      older: W(
        "staging-db-version.md",
        "2026-01-21T09:00:00Z",
        "The staging database runs PostgreSQL 14",
        "The staging database runs PostgreSQL 14.",
        "runs postgresql 14",
      ),
      newer: W(
        "staging-postgres.md",
        "2026-03-01T09:00:00Z",
        "The staging database runs PostgreSQL 16",
        "The staging database runs PostgreSQL 16.",
        "runs postgresql 16",
      ),
    },
    {
      type: "project",
      older: W(
        "deploy-day.md",
        "2026-01-22T09:00:00Z",
        "배포는 금요일에 한다",
        why("배포는 금요일에 한다.", "QA가 목요일에 끝난다.", "배포 일정을 잡을 때."),
        "금요일에 한다",
      ),
      newer: W(
        "deploy-day-change.md",
        "2026-02-28T09:00:00Z",
        "배포는 목요일에 한다",
        "배포는 목요일에 한다.",
        "목요일에 한다",
      ),
    },
  ];
}

export const PLANTED_NOW_MS = Date.parse("2026-03-10T00:00:00Z");
export const PLANTED_RELATIVE_TERMS = [
  "yesterday",
  "next Friday",
  "last week",
  "지난주",
  "어제",
  "다음 주 금요일",
];
const PROSE_LINES = 175;

/** Writes the planted memory dir into `dir` (created) and returns the ground truth. */
export function writePlantedMemory(dir: string): PlantedTruth {
  mkdirSync(dir, { recursive: true });
  const facts = plantedFacts();
  const entries: string[] = [];
  let n = 0;
  const put = (w: PlantedWording, type: MemoryType, extra = "") => {
    n++;
    writeFileSync(join(dir, w.file), topicText(w, type, FORMS[n % 3]!, n, extra));
    const t = Date.parse(w.updated) / 1000;
    utimesSync(join(dir, w.file), t, t);
    entries.push(`- [${w.file.replace(/\.md$/, "")}](${w.file}) — ${w.description}`);
  };
  for (const f of facts) for (const w of f.wordings) put(w, f.type);
  const pairs = contradictionPairs();
  for (const p of pairs) {
    put(p.older, p.type);
    put(p.newer, p.type);
  }
  const stale = W(
    "sprint-goal.md",
    "2026-01-02T09:00:00Z",
    "Sprint 12 goal: ship the importer",
    "Sprint 12 goal is to ship the CSV importer.",
    "ship the csv importer",
  );
  put(stale, "project", "\nexpires: 2026-02-01");
  // Two over-long entry lines (> 150 characters).
  entries[3] = `${entries[3]} — ${"extra detail that makes this index line far longer than the 150 characters an index entry may have ".repeat(2)}`;
  entries[8] = `${entries[8]} — ${"another very long hook written by hand that goes on and on past the limit of an index line ".repeat(2)}`;
  mkdirSync(join(dir, "team"), { recursive: true });
  const teamText =
    "---\nname: team-style\ndescription: Team code style\ntype: project\n---\nTabs, not spaces.\n";
  writeFileSync(join(dir, "team", "team-style.md"), teamText);
  const prose = [
    "## Hand-written notes",
    "",
    "Notes kept here by hand; the dream must never drop them.",
    ...Array.from(
      { length: PROSE_LINES },
      (_, i) =>
        `- Note ${String(i + 1).padStart(3, "0")}: ask in #eng-help before touching billing module ${i + 1}.`,
    ),
  ];
  const index = [
    "# Memory Index",
    ...entries.slice(0, 20),
    "- [Team style](team/team-style.md) — shared",
    ...prose,
    "",
    ...entries.slice(20),
  ];
  writeFileSync(join(dir, "MEMORY.md"), `${index.join("\n")}\n`);
  return {
    dir,
    nowMs: PLANTED_NOW_MS,
    facts,
    duplicateGroups: facts.filter((f) => f.wordings.length > 1).map((f) => f.wordings.map((w) => w.file)),
    contradictions: pairs.map((p) => ({
      older: { file: p.older.file, key: p.older.key },
      newer: { file: p.newer.file, key: p.newer.key },
    })),
    relativeTerms: PLANTED_RELATIVE_TERMS,
    proseLines: prose.filter((l) => l.trim() !== ""),
    staleFile: stale.file,
    teamFile: "team/team-style.md",
    teamText,
  };
}

export interface PlantedScore {
  /** Duplicate copies planted (wordings beyond the first). */
  duplicates: number;
  /** Copies gone: per fact, planted files minus the files that still state it. */
  merged: number;
  mergedRatio: number;
  facts: number;
  /** Facts some topic still states (any of its wordings' key phrases). */
  kept: number;
  keptRatio: number;
  missingFacts: string[];
  contradictions: { newerKept: boolean; olderGone: boolean }[];
  /** Relative-date terms still in some description or body (`file: term`). */
  relativeDatesLeft: string[];
  index: { lines: number; bytes: number; longLines: number };
  /** Hand-written MEMORY.md lines found in MEMORY.md or in a topic body. */
  proseKept: number;
  proseKeptRatio: number;
  staleGone: boolean;
  teamUntouched: boolean;
}

/** Reads `dir` (topic files + MEMORY.md) and measures it against `truth`. */
export function scorePlanted(dir: string, truth: PlantedTruth): PlantedScore {
  const topics: { file: string; text: string }[] = [];
  for (const f of readdirSync(dir).sort()) {
    if (!f.endsWith(".md") || f === "MEMORY.md") continue;
    const t = parseTopic(readFileSync(join(dir, f), "utf8"), join(dir, f), 0);
    topics.push({ file: f, text: `${t.description}\n${t.body}` });
  }
  const stating = (keys: string[]) => topics.filter((t) => keys.some((k) => containsFact(t.text, k)));
  let duplicates = 0;
  let merged = 0;
  let kept = 0;
  const missingFacts: string[] = [];
  for (const f of truth.facts) {
    const holders = stating(f.wordings.map((w) => w.key));
    if (holders.length > 0) kept++;
    else missingFacts.push(f.id);
    duplicates += f.wordings.length - 1;
    merged += Math.max(0, f.wordings.length - Math.max(1, holders.length));
  }
  const indexText = existsSync(join(dir, "MEMORY.md")) ? readFileSync(join(dir, "MEMORY.md"), "utf8") : "";
  const indexLines = indexText.replace(/\n$/, "").split("\n");
  const all = `${indexText}\n${topics.map((t) => t.text).join("\n")}`;
  const proseKept = truth.proseLines.filter((l) => all.includes(l)).length;
  const relativeDatesLeft: string[] = [];
  for (const t of topics) {
    for (const term of truth.relativeTerms) {
      const re = /^[a-z ]+$/i.test(term) ? new RegExp(`\\b${term}\\b`, "i") : new RegExp(term);
      if (re.test(t.text)) relativeDatesLeft.push(`${t.file}: ${term}`);
    }
  }
  const teamPath = join(dir, truth.teamFile);
  return {
    duplicates,
    merged,
    mergedRatio: duplicates === 0 ? 1 : merged / duplicates,
    facts: truth.facts.length,
    kept,
    keptRatio: kept / truth.facts.length,
    missingFacts,
    contradictions: truth.contradictions.map((c) => ({
      newerKept: stating([c.newer.key]).length > 0,
      olderGone: stating([c.older.key]).length === 0,
    })),
    relativeDatesLeft,
    index: {
      lines: indexLines.length,
      bytes: Buffer.byteLength(indexText),
      longLines: indexLines.filter((l) => Array.from(l).length > 150).length,
    },
    proseKept,
    proseKeptRatio: proseKept / truth.proseLines.length,
    staleGone: !existsSync(join(dir, truth.staleFile)),
    teamUntouched: existsSync(teamPath) && readFileSync(teamPath, "utf8") === truth.teamText,
  };
}

/**
 * Writes `plan` into its roots plainly (no locks, no hash checks): a stand-in for the real apply
 * step so a test can score the after-state of a plan.
 */
export function applyPlanToDirs(plan: DreamPlan): void {
  const dir = (scope: "project" | "user") => (scope === "user" ? plan.roots.user! : plan.roots.project);
  for (const m of plan.merges) {
    writeFileSync(join(dir(m.scope), m.file), m.content);
    for (const f of m.from) rmSync(join(dir(m.scope), f), { force: true });
  }
  for (const r of plan.rewrites) writeFileSync(join(dir(r.scope), r.file), r.content);
  for (const c of plan.creates) writeFileSync(join(dir(c.scope), c.file), c.content);
  for (const d of plan.deletions) rmSync(join(dir(d.scope), d.file), { force: true });
  for (const i of plan.index) writeFileSync(join(dir(i.scope), "MEMORY.md"), i.text);
}

/** Reads a memory dir as planner input (every file, `team/` included, as the dream job would list it). */
export function readDirInput(dir: string, scope: "project" | "user" = "project") {
  const topics: { scope: "project" | "user"; file: string; text: string; mtimeMs: number }[] = [];
  const walk = (rel: string) => {
    for (const e of readdirSync(join(dir, rel), { withFileTypes: true })) {
      const r = rel === "" ? e.name : `${rel}/${e.name}`;
      if (e.isDirectory()) walk(r);
      else if (e.name.endsWith(".md") && r !== "MEMORY.md") {
        topics.push({
          scope,
          file: r,
          text: readFileSync(join(dir, r), "utf8"),
          mtimeMs: statSync(join(dir, r)).mtimeMs,
        });
      }
    }
  };
  walk("");
  const indexPath = join(dir, "MEMORY.md");
  return {
    topics,
    index: { scope, text: existsSync(indexPath) ? readFileSync(indexPath, "utf8") : undefined },
  };
}

/** A topic file as planner input (top-level `type:` form), for unit tests. */
export function topicInput(
  file: string,
  t: {
    type?: MemoryType;
    description: string;
    body: string;
    updated?: string;
    sources?: string[];
    extra?: string;
    scope?: "project" | "user";
  },
): { scope: "project" | "user"; file: string; text: string; mtimeMs: number } {
  const meta: string[] = [];
  if (t.sources) meta.push(`  sources: [${t.sources.map(q).join(", ")}]`);
  if (t.updated) meta.push(`  updated: ${t.updated}`);
  const head = [
    `name: ${q(file.replace(/\.md$/, ""))}`,
    `description: ${q(t.description)}`,
    `type: ${t.type ?? "project"}`,
  ];
  if (meta.length > 0) head.push("metadata:", ...meta);
  const text = `---\n${head.join("\n")}${t.extra ? `\n${t.extra}` : ""}\n---\n${t.body}\n`;
  return {
    scope: t.scope ?? "project",
    file,
    text,
    mtimeMs: t.updated ? Date.parse(t.updated) : PLANTED_NOW_MS - 86_400_000,
  };
}

/**
 * The offline plan of `topics` in prune mode at PLANTED_NOW_MS, project root `/mem/p`, no index and
 * no daily logs; `more` overrides any input (mode, nowMs, roots, indexes, logDrafts…).
 */
export function planTopics(topics: OfflineDreamInput["topics"], more: Partial<OfflineDreamInput> = {}) {
  return planOfflineDream({
    mode: "prune",
    nowMs: PLANTED_NOW_MS,
    roots: { project: "/mem/p" },
    topics,
    indexes: [],
    logDrafts: [],
    ...more,
  });
}
