/**
 * kill -9 at random points of the user-facing runs: `memdir dream --force` over a planted memory dir
 * and `memdir job extract` over the bundled example session, each SIGKILLed after a random share of
 * its measured duration. After every kill: no torn file (every topic file parses), no stuck lock (the
 * next run completes), nothing lost (a re-run stores all a clean run stores) and the undo restores
 * the memory dir byte for byte.
 */
import { copyFileSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { parseTopic } from "../../src/store/index.js";
import { EXAMPLE_SESSION, EXAMPLE_SESSION_ID } from "../helpers/example.js";
import { writePlantedMemory } from "../helpers/planted-memory.js";
import { treeHash } from "../helpers/tree-hash.js";
import { type AsyncRun, describeRun, killAfter, type Sandbox, sandbox } from "./sandbox.js";

export interface KillFigures {
  trials: number;
  /** Trials in which the run was killed before it finished (the rest completed first). */
  killed: number;
  torn: number;
  lost: number;
  stuckLocks: number;
  undoMismatches: number;
  /** One line per failed trial: what went wrong. */
  failures: string[];
}

/** The memory, minus bookkeeping: change sets, locks, the consolidation lock and its sidecar, temp files. */
const memoryHash = (dir: string) =>
  treeHash(dir, (rel) => {
    const name = rel.split("/").pop() ?? "";
    return (
      name === ".history" ||
      name.endsWith(".lock") ||
      name.startsWith(".consolidate-lock") ||
      name.endsWith(".tmp")
    );
  });

/** Topic files (and MEMORY.md) that do not parse, or are empty: a torn write. */
export function tornFiles(dir: string): string[] {
  const bad: string[] = [];
  let names: string[] = [];
  try {
    names = readdirSync(dir).filter((n) => n.endsWith(".md"));
  } catch {
    return [];
  }
  for (const n of names) {
    const text = readFileSync(join(dir, n), "utf8");
    if (text.trim() === "") bad.push(n);
    else if (n !== "MEMORY.md") {
      try {
        parseTopic(text, n, 0);
      } catch {
        bad.push(n);
      }
    }
  }
  return bad;
}

interface History {
  changeSets: { id: string; kind: string; undoneBy?: string; status?: string }[];
}

/** The JSON a run printed, or why there is none (its status, signal, stderr). */
function jsonOf<T>(r: AsyncRun, what: string): { value: T } | { why: string } {
  if (r.status !== 0 || r.timedOut) return { why: `${what}: ${describeRun(r)}` };
  try {
    return { value: JSON.parse(r.stdout) as T };
  } catch (e) {
    return { why: `${what}: no JSON on stdout (${(e as Error).message}); ${describeRun(r)}` };
  }
}

/**
 * Undoes every change set newest first (by id); undefined when all undos succeeded, else what failed
 * (`memdir history` or an undo: its status and stderr).
 */
async function undoAll(s: Sandbox): Promise<string | undefined> {
  const h = jsonOf<History>(await s.runAsync(["history", "--json"]), "history --json");
  if ("why" in h) return h.why;
  for (const cs of h.value.changeSets) {
    if (cs.kind === "undo" || cs.undoneBy) continue;
    const u = await s.runAsync(["undo", cs.id, "--json"]);
    if (u.status !== 0) return `undo ${cs.id}: ${describeRun(u)}`;
  }
  return undefined;
}

/** Topic bodies by file name (frontmatter dropped: it carries times). */
function bodies(dir: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const n of readdirSync(dir)) {
    if (!n.endsWith(".md") || n === "MEMORY.md") continue;
    const t = readFileSync(join(dir, n), "utf8");
    out.set(n, t.slice(t.indexOf("\n---", 3) + 4).trim());
  }
  return out;
}

const rand = (seed: number) => () => {
  seed = (seed * 1103515245 + 12345) % 2 ** 31;
  return seed / 2 ** 31;
};

async function dreamTrial(r: () => number, calibrationMs: number, f: KillFigures): Promise<void> {
  const s = sandbox("memdir-rel-dream-");
  writePlantedMemory(s.memory);
  const before = memoryHash(s.memory);
  const child = s.start(["dream", "--force"]);
  if (await killAfter(child, Math.floor(r() * calibrationMs * 1.2))) f.killed++;
  const torn = tornFiles(s.memory);
  if (torn.length) {
    f.torn++;
    f.failures.push(`dream: torn ${torn.join(", ")}`);
  }
  const undo = await undoAll(s);
  if (undo || memoryHash(s.memory) !== before) {
    f.undoMismatches++;
    f.failures.push(`dream: undo did not restore the memory dir byte for byte${undo ? ` (${undo})` : ""}`);
  }
  const next = jsonOf<{ status: string; reason?: string }>(
    await s.runAsync(["dream", "--force", "--json"]),
    "dream --force --json",
  );
  if ("why" in next || next.value.status === "skipped") {
    f.stuckLocks++;
    f.failures.push(`dream: the next dream did not run (${"why" in next ? next.why : next.value.reason})`);
  }
}

function extractArgs(s: Sandbox, transcript: string): string[] {
  return ["job", "extract", "--session", EXAMPLE_SESSION_ID, "--cwd", s.project, "--transcript", transcript];
}

async function extractTrial(
  r: () => number,
  calibrationMs: number,
  clean: Map<string, string>,
  f: KillFigures,
) {
  const s = sandbox("memdir-rel-extract-");
  const transcript = join(s.home, "session.jsonl");
  copyFileSync(EXAMPLE_SESSION, transcript);
  const before = memoryHash(s.memory);
  if (await killAfter(s.start(extractArgs(s, transcript)), Math.floor(r() * calibrationMs * 1.2))) f.killed++;
  const torn = tornFiles(s.memory);
  if (torn.length) {
    f.torn++;
    f.failures.push(`extract: torn ${torn.join(", ")}`);
  }
  const again = await s.runAsync(extractArgs(s, transcript));
  if (again.status !== 0) {
    f.stuckLocks++;
    f.failures.push(`extract: the re-run failed: ${describeRun(again)}`);
  }
  const got = bodies(s.memory);
  const missing = [...clean].filter(([n, b]) => got.get(n) !== b).map(([n]) => n);
  if (missing.length) {
    f.lost++;
    f.failures.push(`extract: lost ${missing.join(", ")}`);
  }
  const undo = await undoAll(s);
  if (undo || memoryHash(s.memory) !== before) {
    f.undoMismatches++;
    f.failures.push(`extract: undo did not restore the memory dir byte for byte${undo ? ` (${undo})` : ""}`);
  }
}

/** Runs `dreams` dream trials and `extractions` extraction trials (seeded: the same points each run). */
export async function killTrials(dreams: number, extractions: number, seed = 11): Promise<KillFigures> {
  const f: KillFigures = {
    trials: 0,
    killed: 0,
    torn: 0,
    lost: 0,
    stuckLocks: 0,
    undoMismatches: 0,
    failures: [],
  };
  const r = rand(seed);
  // Calibration: how long an unkilled run takes here, and what a clean extraction stores.
  const cal = sandbox("memdir-rel-cal-");
  writePlantedMemory(cal.memory);
  let t0 = Date.now();
  cal.run(["dream", "--force"]);
  const dreamMs = Date.now() - t0;
  const ex = sandbox("memdir-rel-cal-");
  copyFileSync(EXAMPLE_SESSION, join(ex.home, "session.jsonl"));
  t0 = Date.now();
  ex.run(extractArgs(ex, join(ex.home, "session.jsonl")));
  const extractMs = Date.now() - t0;
  const clean = bodies(ex.memory);
  if (clean.size === 0)
    throw new Error("the clean extraction stored nothing: the trials would prove nothing");
  const trials: [string, () => Promise<void>][] = [
    ...Array.from({ length: dreams }, (_, i): [string, () => Promise<void>] => [
      `dream trial ${i}`,
      () => dreamTrial(r, dreamMs, f),
    ]),
    ...Array.from({ length: extractions }, (_, i): [string, () => Promise<void>] => [
      `extract trial ${i}`,
      () => extractTrial(r, extractMs, clean, f),
    ]),
  ];
  // Two at a time (this machine kind has 2 cores): the kill points stay random shares of a run.
  // One bad trial is a recorded failure, never the end of the run.
  const next = async (): Promise<void> => {
    for (let t = trials.shift(); t; t = trials.shift()) {
      try {
        await t[1]();
      } catch (e) {
        f.failures.push(
          `${t[0]}: the trial threw ${e instanceof Error ? (e.stack ?? e.message) : String(e)}`.slice(0, 600),
        );
      }
      f.trials++;
    }
  };
  await Promise.all([next(), next()]);
  return f;
}
