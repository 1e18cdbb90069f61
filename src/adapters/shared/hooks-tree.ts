/**
 * The `hooks` tree operations behind planInstall/planUninstall, for every harness whose settings hold
 * `{"hooks": {"<Event>": [{"matcher"?, "hooks": [{type, command, timeout, …}]}]}}` (Claude Code
 * settings.json, Codex hooks.json, Gemini CLI settings.json): recognising memdir entries, rewriting them
 * in place, pruning the containers install created. Pure; works on clones.
 */
import { MemdirError } from "../../core/errors.js";
import { parseHookCommand } from "./hook-command.js";

/** One hook handler as it appears in settings.json, with the event and matcher of its group. */
export interface HookEntryRef {
  event: string;
  matcher?: string;
  command: string;
  /** In the harness's unit (seconds for Claude Code and Codex, milliseconds for Gemini CLI). */
  timeout?: number;
  async?: boolean;
  /** The handler's name, for harnesses that show one (Gemini CLI). */
  name?: string;
}

/** What an install added; stored so uninstall removes exactly that. */
export interface InstallRecord {
  entries: HookEntryRef[];
  /** True when install created the top-level `hooks` key. */
  createdHooksKey: boolean;
  /** Events whose `hooks.<Event>` array install created. */
  createdEvents: string[];
  /**
   * How to give the user back the file as it was before the first install: whether it existed, the
   * backup of its bytes, and the sha256 of what memdir last wrote (uninstall restores the bytes only
   * when the file is still exactly that).
   */
  restore?: { existed: boolean; backupPath?: string; writtenSha256: string };
}

export type Obj = Record<string, unknown>;
export const isObj = (v: unknown): v is Obj => typeof v === "object" && v !== null && !Array.isArray(v);
export const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * A deep clone of parsed settings (`undefined` → `{}`). Throws MemdirError BAD_CONFIG when the top
 * level or its `hooks` key is not an object: memdir never guesses how to merge into those.
 */
export function rootOf(settings: unknown): Obj {
  if (settings === undefined) return {};
  if (!isObj(settings)) {
    throw new MemdirError("BAD_CONFIG", "the settings file does not hold a JSON object", {
      expected: "a JSON object at the top level of the settings file",
      received: Array.isArray(settings) ? "an array" : settings === null ? "null" : `a ${typeof settings}`,
      hint: "fix the settings file by hand; memdir changed nothing",
    });
  }
  if (settings.hooks !== undefined && !isObj(settings.hooks)) {
    throw new MemdirError("BAD_CONFIG", 'the "hooks" key of the settings file is not an object', {
      expected: '"hooks": { "<Event>": [ { "matcher"?: …, "hooks": [ … ] } ] }',
      received: Array.isArray(settings.hooks)
        ? "an array"
        : settings.hooks === null
          ? "null"
          : `a ${typeof settings.hooks}`,
      hint: "fix the hooks key by hand; memdir changed nothing",
    });
  }
  return structuredClone(settings);
}

/** A hook object memdir owns: its command parses as a memdir hook command, or is one `record` lists. */
export function isOurs(hook: unknown, record: InstallRecord | undefined): hook is Obj & { command: string } {
  if (!isObj(hook) || typeof hook.command !== "string") return false;
  const cmd = hook.command;
  return parseHookCommand(cmd) !== undefined || (record?.entries.some((e) => e.command === cmd) ?? false);
}

function refOf(event: string, group: Obj, hook: Obj & { command: string }): HookEntryRef {
  const ref: HookEntryRef = { event, command: hook.command };
  if (typeof group.matcher === "string") ref.matcher = group.matcher;
  if (typeof hook.timeout === "number") ref.timeout = hook.timeout;
  if (typeof hook.async === "boolean") ref.async = hook.async;
  if (typeof hook.name === "string") ref.name = hook.name;
  return ref;
}

/** `{name?, type:"command", command, timeout, async?}` in the key order the harnesses' docs use. */
export function hookObject(e: HookEntryRef): Obj {
  const h: Obj = e.name === undefined ? {} : { name: e.name };
  Object.assign(h, { type: "command", command: e.command, timeout: e.timeout });
  if (e.async) h.async = true;
  return h;
}

/** A matcher group holding only `e` (memdir never adds to a user's group). */
export function groupObject(e: HookEntryRef): Obj {
  return e.matcher === undefined
    ? { hooks: [hookObject(e)] }
    : { matcher: e.matcher, hooks: [hookObject(e)] };
}

/** Groups made only of our hooks (an array of them was created by an install). */
function onlyOurs(groups: unknown, record: InstallRecord | undefined): boolean {
  return (
    Array.isArray(groups) &&
    groups.length > 0 &&
    groups.every(
      (g) =>
        isObj(g) && Array.isArray(g.hooks) && g.hooks.length > 0 && g.hooks.every((h) => isOurs(h, record)),
    )
  );
}

/**
 * Walks `hooks.<event>` groups: `keep(ref, group, hook)` returns the replacement hook object for one
 * of our entries, or undefined to drop it. Groups emptied by a drop are removed.
 */
export function rewriteEvent(
  hooks: Obj,
  event: string,
  record: InstallRecord | undefined,
  keep: (ref: HookEntryRef, group: Obj, hook: Obj) => Obj | undefined,
): void {
  const groups = hooks[event];
  if (!Array.isArray(groups)) return;
  for (let gi = groups.length - 1; gi >= 0; gi--) {
    const group = groups[gi];
    if (!isObj(group) || !Array.isArray(group.hooks)) continue;
    const list = group.hooks as unknown[];
    let dropped = false;
    for (let hi = list.length - 1; hi >= 0; hi--) {
      const h = list[hi];
      if (!isOurs(h, record)) continue;
      const next = keep(refOf(event, group, h), group, h);
      if (next === undefined) {
        list.splice(hi, 1);
        dropped = true;
      } else list[hi] = next;
    }
    if (dropped && list.length === 0) groups.splice(gi, 1);
  }
}

/** Deletes `hooks.<event>` arrays and the `hooks` key that are empty and were created by memdir. */
export function pruneContainers(root: Obj, created: { hooksKey: boolean; events: Set<string> }): void {
  const hooks = root.hooks;
  if (!isObj(hooks)) return;
  for (const ev of Object.keys(hooks)) {
    const groups = hooks[ev];
    if (Array.isArray(groups) && groups.length === 0 && created.events.has(ev)) delete hooks[ev];
  }
  if (Object.keys(hooks).length === 0 && created.hooksKey) delete root.hooks;
}

/** What install created, from the record or, without one, from the containers holding only our hooks. */
export function createdBy(
  original: Obj,
  record: InstallRecord | undefined,
): { hooksKey: boolean; events: Set<string> } {
  const hooks = original.hooks;
  if (record) return { hooksKey: record.createdHooksKey, events: new Set(record.createdEvents) };
  if (!isObj(hooks)) return { hooksKey: hooks === undefined, events: new Set() };
  const events = new Set(Object.keys(hooks).filter((ev) => onlyOurs(hooks[ev], undefined)));
  return { hooksKey: Object.keys(hooks).length > 0 && events.size === Object.keys(hooks).length, events };
}

/** How many memdir hook commands a parsed settings object holds (0 for anything that is not a hooks tree). */
export function countMemdirHooks(settings: unknown): number {
  if (!isObj(settings) || !isObj(settings.hooks)) return 0;
  let n = 0;
  for (const groups of Object.values(settings.hooks)) {
    if (!Array.isArray(groups)) continue;
    for (const g of groups)
      if (isObj(g) && Array.isArray(g.hooks)) for (const h of g.hooks) if (isOurs(h, undefined)) n++;
  }
  return n;
}
