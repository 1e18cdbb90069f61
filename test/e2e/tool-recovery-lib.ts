/** Readers of memdir's tool-call records for the tool-recovery end-to-end test. */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { MemdirPaths } from "./e2e-lib.js";

const json = (path: string): Record<string, unknown> | undefined =>
  existsSync(path) ? (JSON.parse(readFileSync(path, "utf8")) as Record<string, unknown>) : undefined;

const sessionDir = (p: MemdirPaths, sid: string) => join(p.stateRoot, "state", "sessions", sid);

/** The session's `toolStats` (tool-stats-state.json), or undefined. */
export function toolStatsOf(p: MemdirPaths, sid: string): Record<string, number> | undefined {
  return json(join(sessionDir(p, sid), "tool-stats-state.json"))?.toolStats as
    | Record<string, number>
    | undefined;
}

/** The ids the hook recorded (`tool-calls.jsonl`) and the recovery state. */
export function ledgerOf(
  p: MemdirPaths,
  sid: string,
): { hook: string[]; recovery?: Record<string, unknown> } {
  const log = join(sessionDir(p, sid), "tool-calls.jsonl");
  const hook = existsSync(log)
    ? readFileSync(log, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => {
          const v = JSON.parse(l) as { id?: string; fp?: string };
          return v.id ?? `fp:${v.fp}`;
        })
    : [];
  return { hook, recovery: json(join(sessionDir(p, sid), "tool-recovery-state.json")) };
}

/** project-memory.json's hot paths and learned commands (`[path|command, count]`). */
export function projectMemoryOf(p: MemdirPaths): {
  hotPaths: [string, number][];
  commands: [string, number][];
} {
  const pm = json(join(p.stateRoot, "project-memory.json")) as
    | { hotPaths?: { path: string; count: number }[]; commands?: { command: string; count: number }[] }
    | undefined;
  return {
    hotPaths: (pm?.hotPaths ?? []).map((h) => [h.path, h.count]),
    commands: (pm?.commands ?? []).map((c) => [c.command, c.count]),
  };
}

/** The session's events (events.jsonl) `tool_calls_recovered` and `extraction*`, oldest first. */
export function eventsOf(p: MemdirPaths, sid: string): Record<string, unknown>[] {
  if (!existsSync(p.events)) return [];
  return readFileSync(p.events, "utf8")
    .split("\n")
    .filter(Boolean)
    .map((l) => JSON.parse(l) as Record<string, unknown>)
    .filter((e) => e.session_id === sid && /^(tool_calls_recovered|extraction)/.test(String(e.kind)));
}

/** The session's end record (`sessions/<id>.json`), or undefined. */
export function endRecordOf(p: MemdirPaths, sid: string): Record<string, unknown> | undefined {
  return json(join(p.stateRoot, "sessions", `${sid}.json`));
}

/**
 * Claude Code settings text with memdir's PostToolUse split in two: the tools `fast` matches get the
 * command as is, those `slow` matches the same command after `sleep <seconds>` (and a timeout that allows
 * it). Matchers are Claude Code's (`Read`, `Edit|Bash`).
 */
export function delayPostToolUse(settingsText: string, fast: string, slow: string, seconds: number): string {
  const v = JSON.parse(settingsText) as Settings;
  const { groups, ours, hook } = memdirHook(v, "PostToolUse");
  v.hooks.PostToolUse = [
    ...groups.filter((g) => g !== ours),
    { matcher: fast, hooks: [hook] },
    { matcher: slow, hooks: [delayed(hook, seconds)] },
  ];
  return JSON.stringify(v, null, 2);
}

type Hook = { type: string; command: string; timeout?: number; async?: boolean };
type Group = { matcher?: string; hooks: Hook[] };
type Settings = { hooks: Record<string, Group[]> };

function memdirHook(v: Settings, event: string): { groups: Group[]; ours: Group; hook: Hook } {
  const groups = v.hooks[event] ?? [];
  const ours = groups.find((g) => g.hooks.some((h) => h.command.includes(` hook ${event}`)));
  if (!ours) throw new Error(`memdir's ${event} hook is not in the settings`);
  return { groups, ours, hook: ours.hooks.find((h) => h.command.includes(` hook ${event}`))! };
}

const delayed = (h: Hook, seconds: number): Hook => ({
  ...h,
  command: `sleep ${seconds}; ${h.command}`,
  timeout: seconds + 10,
});
