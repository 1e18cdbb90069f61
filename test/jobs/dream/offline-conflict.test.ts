import { describe, expect, it } from "vitest";
import {
  dupScore,
  factTokens,
  factUnits,
  isRedundantLine,
  tokensConflict,
  unitConflicts,
} from "../../../src/jobs/dream/offline/index.js";
import { MERGE_THRESHOLD } from "../../../src/store/index.js";

const conflict = (a: string, b: string) => tokensConflict(factTokens(a), factTokens(b));
const t = (description: string, body = description) => ({ description, body });

describe("tokensConflict: contradictions on one subject", () => {
  it.each([
    ["The staging database runs PostgreSQL 14", "The staging database runs PostgreSQL 16", "value"],
    ["The staging database runs PostgreSQL 14.", "The staging database now runs Postgres 16", "value"],
    ["배포는 금요일에 한다", "배포는 목요일에 한다", "value"],
    ["The team deploys on Fridays", "The team deploys on Thursdays", "value"],
    ["The API server listens on port 3000", "The API server listens on port 8080", "value"],
    ["Feature flag checkout-v2 is enabled", "Feature flag checkout-v2 is disabled", "value"],
    [
      "Always mock the payment gateway in unit tests",
      "Never mock the payment gateway in unit tests",
      "polarity",
    ],
    ["Mock the payment gateway in unit tests", "Don't mock the payment gateway in unit tests", "polarity"],
  ])("%s / %s → %s", (a, b, kind) => {
    expect(conflict(a, b)).toBe(kind);
    expect(conflict(b, a)).toBe(kind);
  });

  it.each([
    // an addition, not a substitution
    ["Use pnpm", "Use pnpm workspaces"],
    ["Always use pnpm", "Always use pnpm workspaces"],
    // no value class: both can be true
    ["The backend uses Postgres", "The backend uses Redis"],
    // two events on different dates are both true
    ["Deployed to production on 2026-03-01", "Deployed to production on 2026-03-08"],
    ["Deployed v1.2 to production", "Deployed v1.3 to production"],
    ["결제 타임아웃을 30초로 늘렸다", "결제 타임아웃을 60초로 늘렸다"],
    // same subject, different facts
    ["The staging database runs PostgreSQL 16", "The staging database is backed up nightly to S3"],
    // two slots differ: another subject
    ["The API server listens on port 3000", "The metrics server listens on port 9090"],
    // subject too small
    ["Node 18", "Node 20"],
    // same polarity
    ["Always run biome before committing", "Run biome before committing"],
    // equal
    ["배포는 금요일에 한다", "배포는 금요일에 한다."],
    // different subjects, one Korean particle differs too
    ["배포는 금요일에 한다", "회의는 목요일에 한다"],
  ])("%s / %s → none", (a, b) => {
    expect(conflict(a, b)).toBeUndefined();
    expect(conflict(b, a)).toBeUndefined();
  });
});

describe("unitConflicts: a preference reversed", () => {
  const sentences = (text: string) => factUnits({ description: "", body: text });
  const kinds = (a: string, b: string) => unitConflicts(sentences(a), sentences(b)).map((c) => c.kind);
  it.each([
    ["Prefer tabs over spaces", "Prefer spaces over tabs"],
    ["I prefer tabs over spaces for indentation", "I prefer spaces over tabs for indentation"],
    ["Use pnpm, not yarn", "Use yarn, not pnpm"],
    ["Use pnpm instead of yarn in this repo", "Use yarn instead of pnpm in this repo"],
    ["Always use pnpm, never yarn", "Always use yarn, never pnpm"],
    ["Prefer Vitest rather than Jest", "Prefer Jest rather than Vitest"],
    ["yarn 말고 pnpm을 쓴다", "pnpm 말고 yarn을 쓴다"],
    ["커밋 메시지는 한국어보다 영어로 쓴다", "커밋 메시지는 영어보다 한국어로 쓴다"],
    ["포매터는 Prettier보다 Biome을 쓴다", "포매터는 Biome보다 Prettier를 쓴다"],
  ])("%s / %s → polarity", (a, b) => {
    expect(kinds(a, b)).toEqual(["polarity"]);
    expect(kinds(b, a)).toEqual(["polarity"]);
  });

  it.each([
    // two words swap places with no contrast word: another fact, not a preference reversed
    ["The frontend calls the backend", "The backend calls the frontend"],
    // one more value on one side: not the same terms
    ["Use pnpm, not yarn", "Use pnpm and bun, not yarn"],
    ["Prefer tabs over spaces", "Prefer tabs over spaces"],
  ])("%s / %s → none", (a, b) => {
    expect(kinds(a, b)).toEqual([]);
    expect(kinds(b, a)).toEqual([]);
  });
});

describe("factUnits", () => {
  it("splits description and body sentences, skipping Why/How lines, headings and code", () => {
    const units = factUnits({
      description: "Staging database facts",
      body: "## Staging\n- The staging database runs PostgreSQL 16. It is backed up nightly.\n**Why:** ops said so.\n```\nSELECT 1;\n```",
    });
    expect(units.map((u) => [u.where, u.text])).toEqual([
      ["description", "Staging database facts"],
      [1, "The staging database runs PostgreSQL 16."],
      [1, "It is backed up nightly."],
    ]);
  });
});

describe("dupScore", () => {
  const PARAPHRASES: [string, string, string, string][] = [
    [
      "Integration tests must hit a real database, never mocks",
      "Integration tests must hit a real database, not mocks.\n**Why:** a mocked migration passed while prod broke.",
      "Never mock the database in integration tests",
      "Never mock the database in integration tests; they run against a real database.",
    ],
    [
      "Use pnpm, not npm, for package installs",
      "This repo installs packages with pnpm.",
      "Always install packages with pnpm instead of npm",
      "Package installs go through pnpm; npm is not used here.",
    ],
    [
      "배포 전에 항상 린트를 실행한다",
      "배포 전에 항상 린트를 실행한다.",
      "배포 전에 린트를 항상 실행해야 한다",
      "배포 전에 린트를 항상 실행해야 한다.",
    ],
    [
      "사용자는 커밋 메시지를 영어로 작성한다",
      "사용자는 커밋 메시지를 영어로 작성한다.",
      "커밋 메시지는 영어로 작성한다",
      "커밋 메시지는 항상 영어로 작성한다.",
    ],
  ];
  it.each(PARAPHRASES)("merges paraphrases: %s / %s", (d1, b1, d2, b2) => {
    expect(dupScore(t(d1, b1), t(d2, b2))).toBeGreaterThanOrEqual(MERGE_THRESHOLD);
    expect(dupScore(t(d2, b2), t(d1, b1))).toBe(dupScore(t(d1, b1), t(d2, b2)));
  });

  it.each([
    ["Use pnpm", "Use pnpm workspaces"],
    ["Always use pnpm", "Always use pnpm workspaces"],
    ["The staging database runs PostgreSQL 16", "The staging database is backed up nightly to S3"],
    ["The API server listens on port 3000", "The API server logs to stdout in JSON"],
    ["Integration tests must hit a real database", "Integration tests run in CI on every push"],
    ["배포는 금요일에 한다", "회의는 월요일 아침에 한다"],
  ])("keeps distinct facts apart: %s / %s", (a, b) => {
    expect(dupScore(t(a), t(b))).toBeLessThan(MERGE_THRESHOLD);
  });

  it("scores equal normalized text 1", () => {
    expect(
      dupScore(t("Run biome!", "Run **biome** before commits."), t("run biome", "Run biome before commits")),
    ).toBe(1);
  });
});

describe("isRedundantLine", () => {
  const target = t(
    "Integration tests must hit a real database, never mocks",
    "Integration tests must hit a real database, not mocks.\n**Why:** a mocked migration passed.",
  );
  it("drops lines whose words a single fact already holds", () => {
    expect(isRedundantLine("Never mock the database in integration tests.", target)).toBe(true);
    expect(isRedundantLine("**Why:** a mocked migration passed.", target)).toBe(true);
    expect(isRedundantLine("", target)).toBe(true);
  });
  it("keeps lines that add a word, a number or a polarity", () => {
    expect(isRedundantLine("Integration tests run against PostgreSQL 16.", target)).toBe(false);
    expect(isRedundantLine("Always mock the database in integration tests.", target)).toBe(false);
    expect(isRedundantLine("**Why:** the staging outage of March.", target)).toBe(false);
  });
});
