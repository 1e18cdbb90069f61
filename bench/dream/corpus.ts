/**
 * A deterministic synthetic memory dir for the offline dream: `n` topic files in the memdir format
 * (frontmatter name / description / type / metadata.updated, a body of facts with **Why:** /
 * **How to apply:** lines, some with a second paragraph), English and Korean, the four memory types.
 * Every subject is a service + component + codename and 0-2 more words (Zipf over the bench/search
 * vocabulary), so facts repeat their templates' common words across thousands of files. Planted among them (rates of `n`):
 * exact copies (~3%), paraphrases of one fact in another template wording (~6%), contradictions
 * (the same fact with another value and a later date, ~3%) and near misses (the same fact about
 * staging instead of production, or another value on the same day, ~3%). Same seed and `n`, same
 * files.
 */
import { mkdirSync, readdirSync, readFileSync, statSync, utimesSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import type { OfflineDreamInput } from "../../src/jobs/dream/offline/types.js";
import { rng, zipf } from "../search/generate.js";
import { BASE_WORDS } from "../search/vocab.js";

const SERVICES =
  "auth billing search payments reporting ingest notifications gateway scheduler inventory checkout ledger analytics export import mailer profile catalog pricing shipping audit identity session upload media feed".split(
    " ",
  );
const COMPONENTS =
  "worker api cache queue dashboard client importer exporter migration cron proxy webhook consumer indexer renderer".split(
    " ",
  );
const SYLLABLES = "ka ro mi tesh var lun dor pel zin qua bro fen hal gri mos tav ul yen cor dap".split(" ");
const TOOLS = "prettier eslint biome gofmt black rustfmt ruff shellcheck".split(" ");
const STORES = "database queue cache filesystem clock network".split(" ");
const PEOPLE = "Alice Bruno Chen Dana Emeka Farah Goran Hana Ines Jun".split(" ");
const DAYS = "Monday Tuesday Wednesday Thursday Friday".split(" ");
const KO_DAYS = "월 화 수 목 금".split(" ");
const KO_SERVICES = "결제 정산 검색 알림 배포 인증 주문 재고".split(" ");
const KO_COMPONENTS = "배치 서버 워커 대시보드 큐".split(" ");
const ROLES = "backend engineer|data scientist|frontend developer|SRE|mobile developer".split("|");
const LANGS = "Go|Python|TypeScript|Rust|Kotlin".split("|");

type Type = "user" | "feedback" | "project" | "reference";
/** One fact: its memory type, a description, the fact in two wordings, and its value. */
interface Fact {
  type: Type;
  text: (v: string, wording: number) => string;
  desc: (v: string) => string;
  value: (r: () => number) => string;
}

const detailWord = zipf(BASE_WORDS);
const pick = <T>(r: () => number, xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;

function codename(r: () => number): string {
  return Array.from({ length: 2 + Math.floor(r() * 2) }, () => pick(r, SYLLABLES)).join("");
}

/** The fact templates about `s` (an English subject) and `k` (a Korean one). */
function facts(s: string, k: string, env: string): Fact[] {
  const num = (lo: number, span: number) => (r: () => number) => String(lo + Math.floor(r() * span));
  return [
    {
      type: "project",
      desc: (v) => `${s} timeout in ${env}: ${v} s`,
      text: (v, w) =>
        w === 0
          ? `The ${s} timeout in ${env} is ${v} seconds.`
          : `In ${env}, requests to the ${s} time out after ${v} seconds.`,
      value: num(5, 120),
    },
    {
      type: "project",
      desc: (v) => `${s} ${env} port ${v}`,
      text: (v, w) =>
        w === 0 ? `The ${s} listens on port ${v} in ${env}.` : `In ${env} the ${s} uses port ${v}.`,
      value: num(3000, 6000),
    },
    {
      type: "feedback",
      desc: (v) => `Run ${v} before pushing ${s} changes`,
      text: (v, w) =>
        w === 0
          ? `Always run ${v} before pushing changes to the ${s}.`
          : `Before pushing ${s} changes, always run ${v} first.`,
      value: (r) => pick(r, TOOLS),
    },
    {
      type: "feedback",
      desc: (v) => `No mocked ${v} in ${s} integration tests`,
      text: (v, w) =>
        w === 0
          ? `Never mock the ${v} in ${s} integration tests.`
          : `The ${s} integration tests must hit a real ${v}, never a mock.`,
      value: (r) => pick(r, STORES),
    },
    {
      type: "project",
      desc: (v) => `${s} deploys on ${v}`,
      text: (v, w) => (w === 0 ? `The ${s} deploys every ${v}.` : `Deploys of the ${s} happen every ${v}.`),
      value: (r) => pick(r, DAYS),
    },
    {
      type: "reference",
      desc: () => `${s} dashboard`,
      text: (v, w) =>
        w === 0
          ? `The ${s} dashboard is https://grafana.example.com/d/${v}.`
          : `Latency of the ${s} is graphed at https://grafana.example.com/d/${v}.`,
      value: (r) => Math.floor(r() * 36 ** 6).toString(36),
    },
    {
      type: "project",
      desc: (v) => `${v} owns the ${s}`,
      text: (v, w) =>
        w === 0
          ? `${v} owns the ${s}; ask before changing its schema.`
          : `The ${s} belongs to ${v}, who reviews schema changes.`,
      value: (r) => pick(r, PEOPLE),
    },
    {
      type: "project",
      desc: (v) => `${k} 배포 요일 ${v}요일`,
      text: (v, w) => (w === 0 ? `${k} 배포는 매주 ${v}요일에 한다.` : `${k}는 매주 ${v}요일에 배포한다.`),
      value: (r) => pick(r, KO_DAYS),
    },
    {
      type: "project",
      desc: (v) => `${k} 타임아웃 ${v}초`,
      text: (v, w) => (w === 0 ? `${k} 타임아웃은 ${v}초로 설정한다.` : `${k}의 타임아웃은 ${v}초이다.`),
      value: num(5, 90),
    },
    {
      type: "user",
      desc: (v) => `User is a ${v} on the ${s}`,
      text: (v, w) =>
        w === 0 ? `User is a ${v} working on the ${s}.` : `The user works as a ${v} on the ${s}.`,
      value: (r) => pick(r, ROLES),
    },
    {
      type: "user",
      desc: (v) => `User writes ${v} for the ${s}`,
      text: (v, w) =>
        w === 0
          ? `User mostly writes ${v} for the ${s}.`
          : `For the ${s} the user writes ${v} most of the time.`,
      value: (r) => pick(r, LANGS),
    },
  ];
}

export interface CorpusTruth {
  files: number;
  copies: number;
  paraphrases: number;
  contradictions: number;
  nearMisses: number;
}

const iso = (day: number) =>
  new Date(Date.UTC(2026, 0, 1) + day * 86_400_000).toISOString().slice(0, 19) + "Z";
/** The plan time for the corpus: after every `updated` date. */
export const CORPUS_NOW_MS = Date.UTC(2026, 11, 1);

function topicText(name: string, type: Type, description: string, body: string, day: number): string {
  const head = [
    `name: ${JSON.stringify(name)}`,
    `description: ${JSON.stringify(description)}`,
    `type: ${type}`,
  ];
  head.push("metadata:", `  originSessionId: "session-${day}"`, `  updated: ${iso(day)}`);
  return `---\n${head.join("\n")}\n---\n${body}\n`;
}

/** Writes `n` topic files into `dir` (created) and returns what was planted. */
export function writeDreamCorpus(dir: string, n: number, seed = 20261203): CorpusTruth {
  mkdirSync(dir, { recursive: true });
  const r = rng(seed);
  const truth: CorpusTruth = { files: 0, copies: 0, paraphrases: 0, contradictions: 0, nearMisses: 0 };
  const put = (name: string, type: Type, desc: string, body: string, day: number) => {
    const file = join(dir, `${name}.md`);
    writeFileSync(file, topicText(name, type, desc, body, day));
    const t = (Date.UTC(2026, 0, 1) + day * 86_400_000) / 1000;
    utimesSync(file, t, t);
    truth.files++;
  };
  let i = 0;
  while (truth.files < n) {
    const details = Array.from({ length: Math.floor(r() * 3) }, () => detailWord(r));
    const s = [pick(r, SERVICES), pick(r, COMPONENTS), codename(r), ...details].join(" ");
    const k = `${pick(r, KO_SERVICES)} ${pick(r, KO_COMPONENTS)} ${codename(r)}`;
    const fs = facts(s, k, "production");
    const f = pick(r, fs);
    const v = f.value(r);
    const day = Math.floor(r() * 300);
    const reason =
      r() < 0.5
        ? `\n**Why:** the ${s} broke once when this was not done.\n**How to apply:** check it in review.`
        : "";
    const second = r() < 0.2 ? `\n\n${pick(r, fs).text(pick(r, fs).value(r), 0)}` : "";
    const body = `${f.text(v, 0)}${reason}${second}`;
    const base = `t${String(i++).padStart(5, "0")}`;
    put(base, f.type, f.desc(v), body, day);
    const u = r();
    if (u < 0.03) {
      put(`${base}-copy`, f.type, f.desc(v), body, day + 1);
      truth.copies++;
    } else if (u < 0.09) {
      put(`${base}-again`, f.type, f.desc(v), f.text(v, 1), day + 2);
      truth.paraphrases++;
    } else if (u < 0.12) {
      let w = f.value(r);
      while (w === v) w = f.value(r);
      put(`${base}-new`, f.type, f.desc(w), f.text(w, 0), day + 30);
      truth.contradictions++;
    } else if (u < 0.15) {
      const near = r() < 0.5 ? facts(s, k, "staging")[fs.indexOf(f)]! : f;
      let w = near === f ? f.value(r) : v;
      while (near === f && w === v) w = f.value(r);
      put(`${base}-near`, f.type, near.desc(w), near.text(w, 0), day);
      truth.nearMisses++;
    }
  }
  return truth;
}

/** The offline dream's input for the memory dir `dir` as written by `writeDreamCorpus` (prune mode, project scope). */
export function corpusInput(dir: string, pairs: "candidates" | "all"): OfflineDreamInput {
  const topics = readdirSync(dir)
    .filter((f) => f.endsWith(".md"))
    .sort()
    .map((file) => ({
      scope: "project" as const,
      file,
      text: readFileSync(join(dir, file), "utf8"),
      mtimeMs: statSync(join(dir, file)).mtimeMs,
    }));
  return {
    mode: "prune",
    nowMs: CORPUS_NOW_MS,
    roots: { project: dir },
    topics,
    indexes: [],
    logDrafts: [],
    pairs,
  };
}
