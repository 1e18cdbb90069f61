/**
 * Reads Claude Code 2.1.332's own hook timings out of its `--debug-file`. The lines it writes per command
 * hook (seen in debug files of this bench; `<key>` is `<Event>` or `<Event>:<matcher value>`):
 * - sync, timed:       `<ts> [DEBUG] Hooks: <key> [<command>] finished with status <n> (<ms>ms)`
 * - sync, untimed:     `<ts> [DEBUG] <key> [<command>] completed with status <n>` (PreCompact; async SessionEnd)
 * - async:             `<ts> [DEBUG] Hooks: Registering async hook <id> (<key>) with timeout <t>ms`, then
 *                      `<ts> [DEBUG] Hooks: <key> [<command>] moved to the background (<ms>ms)`, and later
 *                      `<ts> [DEBUG] Hooks: <id> (<key>) produced no response payload — skipping attachment`
 *                      (or another line naming `<id> (`) when Claude's poll sees it exit.
 * An event's hooks start together (Claude runs them in parallel): the timed lines of two hooks of one
 * event give the same start (`ts - ms`) within a few ms.
 */

export type HookLineKind = "finished" | "background" | "completed";

export interface HookRun {
  /** Timestamp (ms since epoch) of the line. */
  ts: number;
  event: string;
  /** The matched value after `:` (`startup`, `Read`, `manual`), or "" when the key has none. */
  matcher: string;
  command: string;
  kind: HookLineKind;
  /** Exit status (finished / completed lines). */
  status?: number;
  /** finished: the hook's duration; background: how long Claude took to start it and move it to the background. */
  ms?: number;
  /** background: the async id, and when a later line showed Claude had seen it end. */
  asyncId?: string;
  bgEndTs?: number;
  bgOutcome?: string;
}

const HOOK_LINE =
  /^(\S+) \[DEBUG\] (?:Hooks: )?([A-Za-z]+)(?::([^\s[\]]+))? \[(.+)\] (?:finished with status (-?\d+) \((\d+)ms\)|moved to the background \((\d+)ms\)|completed with status (-?\d+))\s*$/;
const REGISTER = /^(\S+) \[DEBUG\] Hooks: Registering async hook (\S+) \(([^)]*)\) with timeout/;
const ASYNC_LATER = /^(\S+) \[DEBUG\] Hooks: (async_hook_\d+) \([^)]*\) (.*)$/;

const keyOf = (event: string, matcher: string) => (matcher ? `${event}:${matcher}` : event);

/** Every command hook run the debug file records, in file order. */
export function parseHookRuns(text: string): HookRun[] {
  const runs: HookRun[] = [];
  const registered = new Map<string, string[]>(); // key -> async ids not yet matched to a command
  const byAsyncId = new Map<string, HookRun>();
  for (const line of text.split("\n")) {
    const reg = REGISTER.exec(line);
    if (reg) {
      const list = registered.get(reg[3]!) ?? [];
      list.push(reg[2]!);
      registered.set(reg[3]!, list);
      continue;
    }
    const later = ASYNC_LATER.exec(line);
    if (later) {
      const run = byAsyncId.get(later[2]!);
      if (run) {
        run.bgEndTs = Date.parse(later[1]!);
        run.bgOutcome = later[3]!.replace(/ — .*$/, "");
      }
      continue;
    }
    const m = HOOK_LINE.exec(line);
    if (!m) continue;
    const [, ts, event, matcher = "", command, fStatus, fMs, bgMs, cStatus] = m;
    const run: HookRun = {
      ts: Date.parse(ts!),
      event: event!,
      matcher,
      command: command!,
      kind: "completed",
    };
    if (fMs !== undefined) {
      run.kind = "finished";
      run.status = Number(fStatus);
      run.ms = Number(fMs);
    } else if (bgMs !== undefined) {
      run.kind = "background";
      run.ms = Number(bgMs);
      const id = registered.get(keyOf(run.event, matcher))?.shift();
      if (id !== undefined) {
        run.asyncId = id;
        byAsyncId.set(id, run);
      }
    } else {
      run.status = Number(cStatus);
      // An async hook with no "moved to the background" line (SessionEnd) registers first too.
      const id = registered.get(keyOf(run.event, matcher))?.shift();
      if (id !== undefined) {
        run.asyncId = id;
        byAsyncId.set(id, run);
      }
    }
    runs.push(run);
  }
  return runs;
}

/** `event` or `event:matcher`, the way Claude names the hook. */
export const hookKey = (r: Pick<HookRun, "event" | "matcher">): string => keyOf(r.event, r.matcher);

/**
 * Pairs each run of `a` with the run of `b` for the same hook key in the same position (the k-th
 * `PreToolUse:Read` of one with the k-th of the other): the two hooks of one event firing.
 */
export function pairRuns(a: HookRun[], b: HookRun[]): [HookRun, HookRun][] {
  const seen = new Map<string, number>();
  const bByKey = new Map<string, HookRun[]>();
  for (const r of b) bByKey.set(hookKey(r), [...(bByKey.get(hookKey(r)) ?? []), r]);
  const out: [HookRun, HookRun][] = [];
  for (const r of a) {
    const k = hookKey(r);
    const i = seen.get(k) ?? 0;
    seen.set(k, i + 1);
    const other = bByKey.get(k)?.[i];
    if (other) out.push([r, other]);
  }
  return out;
}
