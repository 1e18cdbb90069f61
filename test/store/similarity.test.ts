import { describe, expect, it } from "vitest";
import {
  containsFact,
  contentWords,
  findNearDuplicate,
  MERGE_THRESHOLD,
  similarity,
  type TopicFile,
} from "../../src/store/index.js";

const topic = (
  name: string,
  description: string,
  body: string,
  type: TopicFile["type"] = "feedback",
): TopicFile => ({
  name,
  description,
  type,
  body,
  metadata: {},
  extra: {},
  form: "top-level-type",
  path: `/m/${name}.md`,
  mtimeMs: 1,
});

// [existing description, existing body, new description, new body]
const PARAPHRASES: [string, string, string, string][] = [
  [
    "Integration tests must hit a real database, never mocks",
    "Integration tests must hit a real database, not mocks.\n**Why:** a mocked migration passed while prod broke.",
    "Integration tests should use a real database instead of mocks",
    "Use a real database in integration tests rather than mocking it.",
  ],
  [
    "Use pnpm, not npm, for package installs",
    "This repo installs packages with pnpm.",
    "Always install packages with pnpm instead of npm",
    "Package installs go through pnpm; npm is not used here.",
  ],
  [
    "Keep PR descriptions short with a test plan section",
    "PR descriptions are short and end with a test plan.",
    "PR descriptions should be short and include a test plan",
    "Write short PR descriptions that include a test plan section.",
  ],
  [
    "Grafana dashboard for API latency is at grafana.internal/d/api-latency",
    "Latency dashboard: https://grafana.internal/d/api-latency",
    "API latency dashboard lives in Grafana at grafana.internal/d/api-latency",
    "Check grafana.internal/d/api-latency for API latency.",
  ],
  [
    "User prefers terse answers without trailing summaries",
    "The user wants terse responses and no summary at the end.",
    "User wants terse responses, no trailing summary",
    "Keep answers terse; skip the summary at the end.",
  ],
];

const DISTINCT: [string, string, string, string][] = [
  [
    "Integration tests must hit a real database, never mocks",
    "Integration tests must hit a real database.",
    "Integration tests run in CI on every push",
    "CI runs the integration test suite on each push to main.",
  ],
  [
    "Deploy staging from the release branch",
    "Staging deploys come from release/*.",
    "Deploy production from the main branch after approval",
    "Production deploys need an approval and come from main.",
  ],
  [
    "Use pnpm, not npm, for package installs",
    "This repo installs packages with pnpm.",
    "Run the linter with biome before committing",
    "biome check must pass before a commit.",
  ],
  [
    "User prefers terse answers without trailing summaries",
    "The user wants terse responses.",
    "User is a data engineer who knows SQL well",
    "Explain in SQL terms, skip basics.",
  ],
  [
    "Grafana dashboard for API latency is at grafana.internal/d/api-latency",
    "Latency dashboard link.",
    "Sentry project for API errors is sentry.internal/api",
    "Errors from the API land in Sentry.",
  ],
  [
    "Database migrations run with alembic upgrade head",
    "Run alembic upgrade head after pulling.",
    "Database backups are taken nightly at 02:00 UTC",
    "Backups: nightly 02:00 UTC to S3.",
  ],
];

describe("near-duplicate detection", () => {
  it.each(PARAPHRASES)("merges the paraphrase of %j", (d1, b1, d2, b2) => {
    const score = similarity({ description: d2, body: b2 }, topic("t", d1, b1));
    expect(score).toBeGreaterThanOrEqual(MERGE_THRESHOLD);
  });

  it.each(DISTINCT)("keeps %j apart from a distinct fact", (d1, b1, d2, b2) => {
    const score = similarity({ description: d2, body: b2 }, topic("t", d1, b1));
    expect(score).toBeLessThan(MERGE_THRESHOLD);
  });

  it("matches a grown topic fact by fact, not by its whole vocabulary", () => {
    const grown = topic(
      "testing",
      "Testing conventions",
      "Integration tests hit a real database.\n\nUnit tests live next to the code.\n\nSnapshots are reviewed by hand.",
    );
    expect(
      similarity(
        {
          description: "Unit tests are colocated with code",
          body: "Put unit tests next to the code they test.",
        },
        grown,
      ),
    ).toBeGreaterThanOrEqual(MERGE_THRESHOLD);
    expect(
      similarity(
        { description: "Use vitest for frontend tests", body: "Frontend uses vitest with jsdom." },
        grown,
      ),
    ).toBeLessThan(MERGE_THRESHOLD);
  });

  it("findNearDuplicate keeps two references apart unless they share a URL", () => {
    const runbook = topic(
      "runbook-pg-replica-lag",
      "Runbook for Postgres replica lag alerts",
      "Replica lag runbook: https://wiki.example.com/runbooks/pg-replica-lag",
      "reference",
    );
    const paging = {
      type: "reference" as const,
      description: "PagerDuty service paged by the Postgres replica lag alerts",
      body: "The replica lag alert pages the PagerDuty service PXK42QZ.",
    };
    expect(findNearDuplicate(paging, undefined, [runbook])).toBeUndefined();
    const again = {
      type: "reference" as const,
      description: "Postgres replica lag runbook",
      body: "See https://wiki.example.com/runbooks/pg-replica-lag.",
    };
    expect(findNearDuplicate(again, undefined, [runbook])?.topic.name).toBe("runbook-pg-replica-lag");
  });

  it("findNearDuplicate prefers the same file name, then the best score, and only within the same type", () => {
    const a = topic("pkg-manager", "Use pnpm, not npm, for package installs", "pnpm only.");
    const b = topic("deploys", "Deploy staging from the release branch", "release/*", "project");
    const draft = {
      type: "feedback" as const,
      description: "Always install packages with pnpm instead of npm",
      body: "pnpm.",
    };
    expect(findNearDuplicate(draft, undefined, [a, b])?.topic.name).toBe("pkg-manager");
    expect(findNearDuplicate({ ...draft, type: "project" }, undefined, [a, b])).toBeUndefined();
    expect(
      findNearDuplicate({ ...draft, description: "x y z", body: "w" }, "deploys", [a, b]),
    ).toBeUndefined();
    expect(
      findNearDuplicate({ ...draft, type: "project", description: "x y z", body: "w" }, "deploys", [a, b])
        ?.topic.name,
    ).toBe("deploys");
  });

  it("normalizes words: case, punctuation, stopwords, plurals", () => {
    expect([...contentWords("The Tests, the MOCKS!")].sort()).toEqual(["mock", "test"]);
    expect(containsFact("Use **pnpm**,\nnot npm.", "use pnpm not npm")).toBe(true);
    expect(containsFact("Use pnpm not npm", "use npm")).toBe(false);
  });
});

describe("short rules that refine one another", () => {
  const fb = (description: string) =>
    `${description}.\n**Why:** Stated by the user on 2026-03-02 (no reason given).\n**How to apply:** Whenever this preference is relevant.`;

  it("merges 'Always use pnpm in this repo' with a later 'always use pnpm here, never npm'", () => {
    const first = topic(
      "feedback-always-use-pnpm-repo",
      "Always use pnpm in this repo",
      fb("Always use pnpm in this repo"),
    );
    const draft = {
      type: "feedback" as const,
      description: "Always use pnpm here, never npm",
      body: fb("Always use pnpm here, never npm"),
    };
    expect(similarity(draft, first)).toBeGreaterThanOrEqual(MERGE_THRESHOLD);
    expect(findNearDuplicate(draft, "feedback-always-use-pnpm-here-never-npm", [first])?.topic.name).toBe(
      "feedback-always-use-pnpm-repo",
    );
  });

  it.each([
    ["Always use pnpm", "Always use prettier"],
    ["Never commit to main", "Never commit secrets"],
    ["Don't mock the database", "Don't drop the database"],
    ["Always use TypeScript", "Never use TypeScript enums"],
    ["Always answer in English", "Always write commit messages in English"],
  ])("keeps %j apart from %j", (a, b) => {
    const draft = { type: "feedback" as const, description: b, body: fb(b) };
    expect(similarity(draft, topic("t", a, fb(a)))).toBeLessThan(MERGE_THRESHOLD);
    expect(findNearDuplicate(draft, undefined, [topic("t", a, fb(a))])).toBeUndefined();
  });
});

describe("boilerplate does not merge unrelated memories", () => {
  it("three same-day feedback memories with generic Why/How lines stay distinct", async () => {
    const { findNearDuplicate } = await import("../../src/store/similarity.js");
    const mk = (rule: string, i: number) => ({
      name: `f${i}`,
      description: rule,
      type: "feedback" as const,
      body: `${rule}\n**Why:** Stated by the user on 2026-03-02.\n**How to apply:** Whenever this comes up.`,
      metadata: {},
      extra: {},
      form: "top-level-type" as const,
      path: `/x/f${i}.md`,
      mtimeMs: i,
    });
    const topics = [mk("Never use npm in this repository", 1), mk("Never force-push to main", 2)];
    const draft = mk("Always write commit messages in English", 3);
    expect(findNearDuplicate(draft, undefined, topics)).toBeUndefined();
  });
});
