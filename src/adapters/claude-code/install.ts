/**
 * `memdir install claude` / `uninstall claude` as PURE plans over a parsed settings.json
 * (reference/claude-code.md §1.5 "Shape of the hooks key"). Our entries are recognised by their
 * command (`'<node>' '<…/memdir.cjs>' hook <Event>`, see parseHookCommand) and always live in matcher
 * groups of their own, so user hooks, even under the same matcher, are never touched. An
 * InstallRecord (kept by applyInstall in `<memdirHome>/install-state.json`) remembers which
 * containers (`hooks`, `hooks.<Event>`) install created, so uninstall restores the original exactly.
 */
import { MemdirError } from "../../core/errors.js";
import { HOOK_EVENTS, type HookEvent } from "./hook-types.js";
import { hookCommand, supportsConfigAsync } from "./install-command.js";
import {
  createdBy,
  groupObject,
  type HookEntryRef,
  hookObject,
  type InstallRecord,
  isObj,
  isOurs,
  type Obj,
  pruneContainers,
  rewriteEvent,
  rootOf,
  same,
} from "./install-tree.js";

export type { HookEntryRef, InstallRecord } from "./install-tree.js";

/**
 * Per event: matcher (SessionStart matches `source`, tool events `tool_name`; others take none) and
 * timeout in seconds (SessionEnd has a 1.5 s budget anyway, §1.4).
 */
export const HOOK_SPECS: Record<HookEvent, { matcher?: string; timeout: number }> = {
  SessionStart: { matcher: "startup|resume|clear|compact|fork", timeout: 10 },
  UserPromptSubmit: { timeout: 5 },
  // Only file reads and edits get context before the call (file recall): every other tool skips the hook.
  PreToolUse: { matcher: "Read|Edit|Write|MultiEdit|NotebookEdit", timeout: 5 },
  PostToolUse: { matcher: "*", timeout: 5 },
  PostToolUseFailure: { matcher: "*", timeout: 5 },
  SubagentStart: { timeout: 5 },
  SubagentStop: { timeout: 5 },
  Stop: { timeout: 10 },
  PreCompact: { timeout: 10 },
  SessionEnd: { timeout: 2 },
};

/**
 * Events registered with `async: true` when supported: their output is never needed by the model.
 * PreToolUse and PostToolUseFailure stay synchronous because they inject context (file recall; retry
 * guidance after repeated failures); PreCompact stays synchronous so the session summary is written
 * before the compaction's SessionStart reads it (2.1.332 runs them unordered when PreCompact is async);
 * Stop stays synchronous because 2.1.332 cancels async hooks still running when a `claude -p` session
 * ends, and Stop starts the extraction.
 */
export const DEFAULT_ASYNC_EVENTS: readonly HookEvent[] = [
  "PostToolUse",
  "SubagentStart",
  "SubagentStop",
  "SessionEnd",
];

export interface InstallOptions {
  /** Parsed settings.json, or `undefined` when the file does not exist. */
  settings: unknown;
  /** Absolute node executable (e.g. `process.execPath`). */
  nodePath: string;
  /** Absolute path of the memdir bin (`…/dist/memdir.cjs`). */
  memdirBin: string;
  /** `claude --version` output; unknown → no `async` keys (see supportsConfigAsync). */
  claudeVersion?: string;
  /** Events to register (default all HOOK_EVENTS); our entries for other events are removed. */
  events?: readonly HookEvent[];
  asyncEvents?: readonly HookEvent[];
  /** The record of a previous install of this settings file, if any. */
  previous?: InstallRecord;
}

export interface InstallPlan {
  /** The settings the plan was computed from (applyInstall refuses to write if the file changed). */
  original: unknown;
  settings: Record<string, unknown>;
  /** Our entries after install (what the record stores). */
  entries: HookEntryRef[];
  added: HookEntryRef[];
  removed: HookEntryRef[];
  changed: boolean;
  asyncUsed: boolean;
  record: InstallRecord;
}

export interface UninstallPlan {
  original: unknown;
  settings: Record<string, unknown>;
  removed: HookEntryRef[];
  changed: boolean;
}

/**
 * Plans `memdir install claude`: one matcher group per event with `'<node>' '<bin>' hook <Event>`,
 * HOOK_SPECS timeouts, `async: true` for `asyncEvents` when `claudeVersion` supports it. Existing
 * memdir entries (any bin path) are updated in place; duplicates and entries for events no longer
 * wanted are removed; everything else keeps its place and key order. Idempotent: planning over its
 * own output gives `changed: false`. Pure. Throws MemdirError BAD_CONFIG when the settings or their
 * `hooks` key are not objects, BAD_INPUT for unusable paths (hookCommand).
 */
export function planInstall(opts: InstallOptions): InstallPlan {
  const root = rootOf(opts.settings);
  const before = createdBy(root, opts.previous);
  const events = opts.events ?? HOOK_EVENTS;
  const asyncUsed = supportsConfigAsync(opts.claudeVersion);
  const asyncSet = new Set(opts.asyncEvents ?? DEFAULT_ASYNC_EVENTS);
  const entries: HookEntryRef[] = events.map((event) => {
    const spec = HOOK_SPECS[event];
    const e: HookEntryRef = {
      event,
      command: hookCommand(opts.nodePath, opts.memdirBin, event),
      timeout: spec.timeout,
    };
    if (spec.matcher !== undefined) e.matcher = spec.matcher;
    if (asyncUsed && asyncSet.has(event)) e.async = true;
    return e;
  });
  const wanted = new Map(entries.map((e) => [e.event, e]));
  const hadHooks = isObj(root.hooks);
  const hooks: Obj = isObj(root.hooks) ? root.hooks : {};
  const added: HookEntryRef[] = [];
  const removed: HookEntryRef[] = [];
  const placed = new Set<string>();
  for (const ev of Object.keys(hooks)) {
    if (wanted.has(ev) && hooks[ev] !== undefined && !Array.isArray(hooks[ev])) {
      throw new MemdirError("BAD_CONFIG", `settings.json hooks.${ev} is not an array`, {
        expected: `"${ev}": [ { "matcher"?: …, "hooks": [ … ] } ]`,
        received: hooks[ev] === null ? "null" : `a ${typeof hooks[ev]}`,
        hint: `fix hooks.${ev} by hand; memdir changed nothing`,
      });
    }
    rewriteEvent(hooks, ev, opts.previous, (old, group, hook) => {
      const want = wanted.get(ev);
      if (want === undefined || placed.has(ev)) {
        removed.push(old);
        return undefined;
      }
      placed.add(ev);
      const next = hookObject(want);
      const matcherBefore = group.matcher;
      if (Array.isArray(group.hooks) && group.hooks.every((h) => isOurs(h, opts.previous))) {
        if (want.matcher === undefined) delete group.matcher;
        else group.matcher = want.matcher;
      }
      if (!same(hook, next) || group.matcher !== matcherBefore) {
        removed.push(old);
        added.push(want);
      }
      return next;
    });
  }
  const createdNow = new Set<string>();
  for (const e of entries) {
    if (placed.has(e.event)) continue;
    if (!Array.isArray(hooks[e.event])) {
      hooks[e.event] = [];
      createdNow.add(e.event);
    }
    (hooks[e.event] as unknown[]).push(groupObject(e));
    added.push(e);
  }
  if (!hadHooks && entries.length > 0) root.hooks = hooks;
  const createdEvents = new Set([...before.events, ...createdNow]);
  pruneContainers(root, { hooksKey: before.hooksKey || !hadHooks, events: createdEvents });
  const record: InstallRecord = {
    entries,
    createdHooksKey: before.hooksKey || (!hadHooks && entries.length > 0),
    createdEvents: [...createdEvents].filter((ev) => isObj(root.hooks) && ev in root.hooks),
  };
  const changed = opts.settings === undefined || !same(root, opts.settings);
  return { original: opts.settings, settings: root, entries, added, removed, changed, asyncUsed, record };
}

/**
 * Plans `memdir uninstall claude`: removes every memdir hook entry (recognised by command, plus the
 * exact commands in `record`), the matcher groups that removal empties, and the `hooks.<Event>`
 * arrays / `hooks` key that install created (per `record`; without one, those left empty that held
 * only memdir hooks). User hooks and all other keys stay as they are. Pure. Throws like planInstall.
 */
export function planUninstall(settings: unknown, record?: InstallRecord): UninstallPlan {
  if (settings === undefined) return { original: settings, settings: {}, removed: [], changed: false };
  const root = rootOf(settings);
  const created = createdBy(root, record);
  const removed: HookEntryRef[] = [];
  const hooks = root.hooks;
  if (isObj(hooks)) {
    for (const ev of Object.keys(hooks)) {
      const hadOurs = removed.length;
      rewriteEvent(hooks, ev, record, (old) => {
        removed.push(old);
        return undefined;
      });
      const groups = hooks[ev];
      if (!record && removed.length > hadOurs && Array.isArray(groups) && groups.length === 0)
        created.events.add(ev);
    }
    if (!record && removed.length > 0 && Object.keys(hooks).every((ev) => created.events.has(ev))) {
      created.hooksKey = true;
    }
  }
  pruneContainers(root, created);
  return { original: settings, settings: root, removed, changed: !same(root, settings) };
}
