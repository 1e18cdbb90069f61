/**
 * `memdir schedule install | remove`: a user
 * crontab entry that runs this project's dream every night at a random minute between 00:00 and
 * 05:59 (Claude Code 2.1.100: q = random 0..359, minute q % 60, hour floor(q / 60)).
 *
 * The line: `<m> <h> * * * cd '<root>' && [MEMDIR_HOME='…' …] '<node>' '<bin>' dream --scheduled >>
 * '<log>' 2>&1 # memdir-dream <project key>`. The path variables memdir reads (MEMDIR_HOME,
 * CLAUDE_CONFIG_DIR, MEMDIR_MEMORY_DIR, MEMDIR_STATE_DIR) are carried when set, since cron starts
 * with an almost empty environment; API keys never are. The crontab is edited as bytes (latin1
 * round trip): remove restores everything else byte for byte. An entry appended to a crontab without
 * a final newline is marked ` +eol`, so remove also takes out the line break it added. When the
 * result is empty, `crontab -r` removes the crontab (`crontab -l` then reads as empty, as before).
 * `crontab` is run with argv arrays (no shell), found on the runtime's PATH, with a timeout; when it
 * is missing or fails, the line is printed with what to do instead (never an error).
 */
import { spawnSync } from "node:child_process";
import { realpathSync } from "node:fs";
import { join, resolve } from "node:path";
import { memdirHome, projectKey } from "../../paths/index.js";
import { projectContext, workingDir } from "../context.js";
import type { Runtime } from "../runtime.js";
import {
  CRON_TAG,
  cronLine,
  ours,
  planCrontabInstall,
  planCrontabRemove,
  randomSchedule,
  segments,
} from "./schedule-crontab.js";

export {
  CRON_TAG,
  type CronLineInput,
  cronLine,
  planCrontabInstall,
  planCrontabRemove,
  randomSchedule,
} from "./schedule-crontab.js";

const CARRIED_ENV = ["MEMDIR_HOME", "CLAUDE_CONFIG_DIR", "MEMDIR_MEMORY_DIR", "MEMDIR_STATE_DIR"] as const;

export interface ScheduleOptions {
  /** The crontab program (default "crontab", looked up on the runtime's PATH). */
  crontab?: string;
  /** [0, 1) source for the minute (default Math.random). */
  random?: () => number;
  /** The memdir bin the line runs (default: the running one, symlinks resolved). */
  memdirBin?: string;
  /** Node executable (default: the running one). */
  nodePath?: string;
  /** Per crontab call (ms, default 10,000). */
  timeoutMs?: number;
}

export interface ScheduleResult {
  /** installed / updated / unchanged / removed / absent; manual = crontab missing or failed. */
  action: "installed" | "updated" | "unchanged" | "removed" | "absent" | "manual";
  /** Our crontab line for this project. */
  line: string;
  /** What to tell the user (several lines for `manual`). */
  message: string;
}

type Crontab = { ok: true; bytes: Buffer } | { ok: false; reason: string };

function runCrontab(rt: Runtime, o: ScheduleOptions, args: string[], input?: Buffer): Crontab {
  const r = spawnSync(o.crontab ?? "crontab", args, {
    env: rt.env,
    input,
    timeout: o.timeoutMs ?? 10_000,
    stdio: ["pipe", "pipe", "pipe"],
  });
  if (r.error) {
    const code = (r.error as NodeJS.ErrnoException).code;
    return { ok: false, reason: code === "ENOENT" ? "no crontab program on PATH" : r.error.message };
  }
  const err = r.stderr.toString("utf8").trim();
  if (r.status === 0) return { ok: true, bytes: r.stdout };
  // `crontab -l` / `-r` without a crontab: exit 1, "no crontab for <user>"
  if (args[0] !== "-" && /no crontab for/i.test(err)) return { ok: true, bytes: Buffer.alloc(0) };
  return {
    ok: false,
    reason: `crontab ${args.join(" ")} exited ${r.status ?? r.signal}: ${err.slice(0, 300)}`,
  };
}

function realBin(p: string): string {
  try {
    return realpathSync(resolve(p));
  } catch {
    return resolve(p);
  }
}

/** This project's key and crontab line (a fresh random time). */
export function scheduleLine(
  rt: Runtime,
  o: ScheduleOptions = {},
): { key: string; line: string; projectRoot: string } {
  const paths = projectContext(rt, workingDir(rt)).paths;
  const key = projectKey(paths.projectRoot);
  const env: Record<string, string> = {};
  for (const k of CARRIED_ENV) {
    const v = rt.env[k];
    if (v !== undefined && v !== "") env[k] = v;
  }
  const line = cronLine({
    ...randomSchedule(o.random ?? Math.random),
    projectRoot: paths.projectRoot,
    key,
    nodePath: o.nodePath ?? process.execPath,
    memdirBin: realBin(o.memdirBin ?? process.argv[1] ?? "memdir"),
    logFile: join(memdirHome(rt.env), "logs", "dream-cron.log"),
    env,
  });
  return { key, line, projectRoot: paths.projectRoot };
}

const latin1 = (s: string) => Buffer.from(s, "utf8").toString("latin1");
const manual = (line: string, verb: string, reason: string): ScheduleResult => ({
  action: "manual",
  line,
  message: `memdir: could not edit your crontab (${reason}).\n${verb}\n${line}`,
});

/**
 * Adds (or refreshes) this project's dream line in the user's crontab. Never throws for crontab
 * trouble: returns `manual` with the line to add by hand. @throws MemdirError from path resolution.
 */
export function installSchedule(rt: Runtime, o: ScheduleOptions = {}): ScheduleResult {
  const { key, line, projectRoot } = scheduleLine(rt, o);
  const how = "Add this line with `crontab -e` (or to your scheduler):";
  const cur = runCrontab(rt, o, ["-l"]);
  if (!cur.ok) return manual(line, how, cur.reason);
  const before = cur.bytes.toString("latin1");
  const after = planCrontabInstall(before, latin1(line), key);
  const had = segments(before).some((s) => ours(s, key));
  const written =
    Buffer.from(after, "latin1")
      .toString("utf8")
      .split(/\r?\n/)
      .find((l) => ours(l, key)) ?? line;
  if (after === before)
    return { action: "unchanged", line: written, message: `memdir: already scheduled:\n${written}` };
  const w = runCrontab(rt, o, ["-"], Buffer.from(after, "latin1"));
  if (!w.ok) return manual(line, how, w.reason);
  return {
    action: had ? "updated" : "installed",
    line: written,
    message: `memdir: the dream of ${projectRoot} runs nightly:\n${written}`,
  };
}

/** Takes this project's dream line out of the user's crontab (everything else byte for byte). */
export function removeSchedule(rt: Runtime, o: ScheduleOptions = {}): ScheduleResult {
  const { key, line } = scheduleLine(rt, o);
  const how = `Remove the line ending in "# ${CRON_TAG} ${key}" with \`crontab -e\`.`;
  const cur = runCrontab(rt, o, ["-l"]);
  if (!cur.ok) return manual(line, how, cur.reason);
  const { text, removed } = planCrontabRemove(cur.bytes.toString("latin1"), key);
  if (removed === 0) return { action: "absent", line, message: "memdir: no dream schedule for this project" };
  const w = text === "" ? runCrontab(rt, o, ["-r"]) : runCrontab(rt, o, ["-"], Buffer.from(text, "latin1"));
  if (!w.ok) return manual(line, how, w.reason);
  return {
    action: "removed",
    line,
    message: `memdir: removed the dream schedule (${removed} line${removed === 1 ? "" : "s"})`,
  };
}
