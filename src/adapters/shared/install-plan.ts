/**
 * `memdir install <harness>` / `uninstall <harness>` as PURE plans over a parsed settings file with a
 * `hooks` tree (hooks-tree.ts). Our entries are recognised by their command
 * (`'<node>' '<…/memdir.cjs>' hook <Event> [--harness <name>]`, see parseHookCommand) and always live in matcher
 * groups of their own, so user hooks, even under the same matcher, are never touched. An
 * InstallRecord (kept by applyInstall in `<memdirHome>/install-state.json`) remembers which
 * containers (`hooks`, `hooks.<Event>`) install created, so uninstall restores the original exactly.
 */
import { MemdirError } from "../../core/errors.js";
import type { HarnessName } from "../../harness/index.js";
import type { HookRegistration } from "../contract.js";
import { hookCommand } from "./hook-command.js";
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
} from "./hooks-tree.js";

export type { HookEntryRef, InstallRecord } from "./hooks-tree.js";

export interface InstallOptions {
  /** Parsed settings, or `undefined` when the file does not exist. */
  settings: unknown;
  /** Absolute node executable (e.g. `process.execPath`). */
  nodePath: string;
  /** Absolute path of the memdir bin (`…/dist/memdir.cjs`). */
  memdirBin: string;
  harness: HarnessName;
  /** The hooks to register (the adapter's `install.registrations`); our entries for other events are removed. */
  registrations: readonly HookRegistration[];
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
 * Plans `memdir install <harness>`: one matcher group per registration with its hook command, matcher,
 * timeout, `async` and name as the adapter registered them. Existing
 * memdir entries (any bin path) are updated in place; duplicates and entries for events no longer
 * wanted are removed; everything else keeps its place and key order. Idempotent: planning over its
 * own output gives `changed: false`. Pure. Throws MemdirError BAD_CONFIG when the settings or their
 * `hooks` key are not objects, BAD_INPUT for unusable paths (hookCommand).
 */
export function planInstall(opts: InstallOptions): InstallPlan {
  const root = rootOf(opts.settings);
  const before = createdBy(root, opts.previous);
  const asyncUsed = opts.registrations.some((r) => r.async === true);
  const entries: HookEntryRef[] = opts.registrations.map((r) => {
    const e: HookEntryRef = {
      event: r.event,
      command: hookCommand(opts.nodePath, opts.memdirBin, r.event, opts.harness),
      timeout: r.timeout,
    };
    if (r.matcher !== undefined) e.matcher = r.matcher;
    if (r.async) e.async = true;
    if (r.name !== undefined) e.name = r.name;
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
      throw new MemdirError("BAD_CONFIG", `the settings file's hooks.${ev} is not an array`, {
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
 * Plans `memdir uninstall <harness>`: removes every memdir hook entry (recognised by command, plus the
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
