/**
 * The per-invocation application context: resolved paths, user config, and a logger/event recorder
 * that scrub text before it is written (privacy: nothing secret is logged).
 */

import { join } from "node:path";
import { loadUserConfigSync, type UserConfig } from "../config/index.js";
import { appendLog, type LogLevel } from "../core/log.js";
import { memdirHome, type ProjectPaths, resolveProjectPaths } from "../paths/index.js";
import { scrub } from "../privacy/index.js";
import type { Runtime } from "./runtime.js";

export interface AppContext {
  rt: Runtime;
  paths: ProjectPaths;
  config: UserConfig;
  /** Problems with the config that did not stop memdir (an unknown key, e.g. a typo): shown at SessionStart and by status. */
  configWarnings: string[];
  /** One line in `<memdirHome>/logs/memdir.log`. */
  log(level: LogLevel, source: string, msg: string, extra?: Record<string, unknown>): void;
  /** One record in `<memdirHome>/logs/events.jsonl` (extractions, skips, failures; read by `memdir status`). */
  event(kind: string, data: Record<string, unknown>): void;
}

/** `data` with every string value scrubbed (events.jsonl is a log: errors and model ids may carry secrets). */
function scrubValues(data: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(data)) {
    try {
      out[k] = typeof v === "string" ? scrub(v) : v;
    } catch {
      out[k] = "[dropped: could not be scrubbed]";
    }
  }
  return out;
}

/** Where to log when the project context itself could not be built. */
export function fallbackLogFile(rt: Runtime): string {
  return join(memdirHome(rt.env), "logs", "memdir.log");
}

/** Writes one scrubbed log line; never throws. */
export function logLine(
  file: string,
  rt: Runtime,
  level: LogLevel,
  source: string,
  msg: string,
  extra: Record<string, unknown> = {},
): void {
  let safe = msg;
  try {
    safe = scrub(msg);
  } catch {
    safe = "[log message dropped: could not be scrubbed]";
  }
  appendLog(file, { level, source, msg: safe, ...extra }, rt.now());
}

/**
 * Builds the context for a project at `cwd`. Throws MemdirError (bad config, bad paths); callers in
 * hooks catch and log.
 */
export function projectContext(rt: Runtime, cwd: string): AppContext {
  const configWarnings: string[] = [];
  const config = loadUserConfigSync(memdirHome(rt.env), (e) =>
    configWarnings.push(`${e.message.split("\n")[0]} (ignored); ${e.hint}`),
  );
  const paths = resolveProjectPaths({ cwd, env: rt.env, trustedConfig: config });
  return {
    rt,
    paths,
    config,
    configWarnings,
    log: (level, source, msg, extra) => logLine(paths.logFile, rt, level, source, msg, extra),
    // `kind` is the event's own: a `kind` in `data` (an error kind) is kept as `error_kind`.
    event: (kind, { kind: dataKind, ...data }) =>
      appendLog(
        paths.eventsFile,
        {
          level: "info",
          source: "event",
          msg: kind,
          ...scrubValues(data),
          ...(dataKind === undefined ? {} : { error_kind: dataKind }),
          kind,
        },
        rt.now(),
      ),
  };
}
