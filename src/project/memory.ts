/**
 * `project-memory.json` in the state root (DESIGN.md §3.2): read, locked read-modify-write, facts.
 * Every write: lock, re-read, merge, atomic replace; unknown keys and learned fields survive a
 * re-detection (two unlocked re-detections at once drop them).
 */
import { readTextIfExists, writeFileAtomic } from "../core/fs.js";
import { writeJsonAtomic } from "../core/json.js";
import { withLockSync } from "../core/lock.js";
import { codePointLength, squashWhitespace, truncateCodePoints } from "../core/text.js";
import { scrub } from "../privacy/index.js";
import { detectProject } from "./detect.js";
import type { DetectedProject, HotPath, LearnedCommand, ProjectFact, ProjectMemory } from "./types.js";

/** Detection is refreshed when older than this (ms) or missing. */
export const DETECT_TTL_MS = 3_600_000;
export const MAX_FACTS = 50;
/** Longest fact kept, in code points. */
export const MAX_FACT_CHARS = 300;

const LOCK_OPTS = { timeoutMs: 3_000, staleMs: 30_000 };

function obj(v: unknown): Record<string, unknown> | undefined {
  return typeof v === "object" && v !== null && !Array.isArray(v)
    ? (v as Record<string, unknown>)
    : undefined;
}
const finite = (v: unknown): v is number => typeof v === "number" && Number.isFinite(v);

function normDetected(v: unknown): DetectedProject {
  const o = obj(v) ?? {};
  const strs = (a: unknown) => (Array.isArray(a) ? a.filter((s): s is string => typeof s === "string") : []);
  const cmds = obj(o.commands) ?? {};
  const commands: DetectedProject["commands"] = {};
  for (const k of ["build", "test", "lint", "format", "dev"] as const) {
    if (typeof cmds[k] === "string") commands[k] = cmds[k] as string;
  }
  const out: DetectedProject = { stacks: strs(o.stacks), commands, markers: strs(o.markers) };
  if (typeof o.packageManager === "string") out.packageManager = o.packageManager;
  return out;
}

/**
 * Normalizes parsed JSON to a ProjectMemory: invalid entries dropped, missing lists `[]`, unknown
 * top-level keys kept. `root` fills a missing `projectRoot`.
 */
export function normalizeProjectMemory(v: unknown, root: string): ProjectMemory {
  const o = obj(v) ?? {};
  const list = <T>(a: unknown, ok: (e: Record<string, unknown>) => boolean): T[] =>
    Array.isArray(a) ? (a.filter((e) => obj(e) !== undefined && ok(e)) as T[]) : [];
  const pm: ProjectMemory = {
    ...o,
    version: 1,
    projectRoot: typeof o.projectRoot === "string" && o.projectRoot ? o.projectRoot : root,
    detected: normDetected(o.detected),
    hotPaths: list<HotPath>(
      o.hotPaths,
      (e) => typeof e.path === "string" && finite(e.count) && finite(e.lastSeenMs),
    ),
    commands: list<LearnedCommand>(
      o.commands,
      (e) => typeof e.command === "string" && finite(e.count) && finite(e.lastSeenMs),
    ),
    facts: list<ProjectFact>(o.facts, (e) => typeof e.text === "string" && finite(e.addedAtMs)),
  };
  if (!finite(o.detectedAtMs)) delete pm.detectedAtMs;
  if (!finite(o.updatedAtMs)) delete pm.updatedAtMs;
  return pm;
}

/** Reads `file`; undefined when missing, empty or not valid JSON. */
export function readProjectMemory(file: string): ProjectMemory | undefined {
  let text: string | undefined;
  try {
    text = readTextIfExists(file);
  } catch {
    return undefined;
  }
  if (text === undefined || text.trim() === "") return undefined;
  try {
    return normalizeProjectMemory(JSON.parse(text.replace(/^\uFEFF/, "")), "");
  } catch {
    return undefined;
  }
}

/**
 * Locked read-modify-write of `file` (lock `<file>.lock`, 3 s timeout). Re-reads the file, refreshes
 * `detected` when it is missing, older than DETECT_TTL_MS, from the future, or for another root,
 * then calls `fn(pm)` to mutate it. `fn` returning `false` means "nothing changed": the write is
 * skipped unless detection was refreshed. A file that is not valid JSON is kept as `<file>.corrupt`
 * before being replaced. Returns the memory as stored.
 * @param root absolute project root; nowMs ms since the epoch
 * @throws MemdirError LOCK_TIMEOUT; fs errors of the write
 */
export function updateProjectMemory(
  file: string,
  root: string,
  nowMs: number,
  fn: (pm: ProjectMemory) => unknown,
): ProjectMemory {
  return withLockSync(
    `${file}.lock`,
    () => {
      const text = readTextIfExists(file);
      let parsed: unknown;
      let corrupt = false;
      if (text !== undefined && text.trim() !== "") {
        try {
          parsed = JSON.parse(text.replace(/^\uFEFF/, ""));
        } catch {
          corrupt = true;
          writeFileAtomic(`${file}.corrupt`, text);
        }
      }
      const pm = normalizeProjectMemory(parsed, root);
      const age = pm.detectedAtMs === undefined ? Number.POSITIVE_INFINITY : nowMs - pm.detectedAtMs;
      const redetect = parsed === undefined || age >= DETECT_TTL_MS || age < 0 || pm.projectRoot !== root;
      if (redetect) {
        pm.detected = detectProject(root);
        pm.detectedAtMs = nowMs;
        pm.projectRoot = root;
      }
      const changed = fn(pm);
      if (changed === false && !redetect && !corrupt) return pm;
      pm.updatedAtMs = nowMs;
      // Learned counters change on every tool call: atomic, but not fsynced (hot path).
      writeJsonAtomic(file, pm, { durable: false });
      return pm;
    },
    LOCK_OPTS,
  );
}

function factKey(s: string): string {
  return squashWhitespace(s).toLowerCase();
}

/**
 * Adds facts from extraction: scrubbed (private tags, secrets), whitespace-squashed, cut to
 * MAX_FACT_CHARS code points, deduplicated case-insensitively (a repeated fact moves to newest);
 * the newest MAX_FACTS are kept. Returns the stored memory. Throws MemdirError LOCK_TIMEOUT.
 */
export function addProjectFacts(file: string, root: string, facts: string[], nowMs: number): ProjectMemory {
  return updateProjectMemory(file, root, nowMs, (pm) => {
    let changed = false;
    for (const raw of facts) {
      const text = truncateCodePoints(squashWhitespace(scrub(raw)), MAX_FACT_CHARS);
      if (codePointLength(text) < 3) continue;
      const key = factKey(text);
      const i = pm.facts.findIndex((f) => factKey(f.text) === key);
      if (i >= 0) pm.facts.splice(i, 1);
      pm.facts.push({ text, addedAtMs: nowMs });
      changed = true;
    }
    if (pm.facts.length > MAX_FACTS) pm.facts = pm.facts.slice(pm.facts.length - MAX_FACTS);
    return changed;
  });
}
