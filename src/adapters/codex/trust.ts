/**
 * Hook trust for Codex CLI 0.171.0: `codex exec` skips hooks that are not trusted, silently. Trust is
 * persisted in the user `config.toml` as `[hooks.state."<key>"] trusted_hash = "<hash>"`, where `<key>` is
 * `<hooks file>:<event_snake_case>:<group index>:<handler index>` and the hash is Codex's own (only
 * `codex app-server` `hooks/list` tells it, as `currentHash`). The `hooks.state.<key>.trusted_hash` key
 * path of config/batchWrite splits on dots, and every key has them (`hooks.json`), so trust is written as
 * an upsert of `hooks.state` with `{<key>: {trusted_hash}}`, and removed with the quoted key path
 * `hooks.state."<key>"` = null. Removal leaves an empty `[hooks.state]` table behind, so uninstall puts
 * back the bytes recorded before trust when the file still holds what trust wrote (TrustRecord).
 */
import { statSync } from "node:fs";
import { join } from "node:path";
import { readBytesIfExists, removeFile, writeFileAtomic } from "../../core/fs.js";
import type { Env } from "../contract.js";
import { type AppServerFailure, withAppServer } from "./app-server.js";
import { codexHome } from "./env.js";

export interface CodexHook {
  key: string;
  /** camelCase (`sessionStart`, `postToolUse`). */
  eventName: string;
  command?: string;
  matcher?: string | null;
  sourcePath: string;
  source: string;
  currentHash: string;
  trustStatus: "managed" | "untrusted" | "trusted" | "modified";
}

/** What uninstall needs to put config.toml back: its bytes before trust (null = no file) and after. */
export interface TrustRecord {
  configPath: string;
  /** config.toml before memdir's first trust (null: there was none). */
  before: string | null;
  /** config.toml as memdir's last trust left it; null when someone changed it between two trusts (never restored byte for byte then). */
  after: string | null;
  keys: string[];
}

/** The manual step when Codex cannot be run: the file, the table and the value to put there. */
export interface ManualTrust {
  file: string;
  /** `[hooks.state."<hooks file>:<event_snake_case>:<group>:<handler>"]`, one per memdir hook. */
  table: string;
  key: "trusted_hash";
  value: string;
}

export type ListResult = { ok: true; hooks: CodexHook[]; codexHome?: string } | AppServerFailure;
export type TrustResult =
  | { ok: true; trusted: string[]; alreadyTrusted: string[]; record: TrustRecord }
  | (AppServerFailure & { manual: ManualTrust });

/** The trust key Codex gives a handler of a hooks file. */
export function trustKey(hooksFile: string, eventSnake: string, group: number, handler: number): string {
  return `${hooksFile}:${eventSnake}:${group}:${handler}`;
}

/** The hooks Codex sees for `cwd` (user hooks plus a trusted project's), via `codex app-server`. */
export async function listHooks(
  codexBin: string,
  env: Env,
  cwd: string,
  timeoutMs?: number,
): Promise<ListResult> {
  const r = await withAppServer(
    codexBin,
    env,
    (s) => s.call("hooks/list", { cwds: [cwd] }).then((v) => ({ v, s })),
    timeoutMs,
  );
  if (!r.ok) return r;
  const data = (r.value.v as { data?: { hooks?: CodexHook[] }[] })?.data ?? [];
  const hooks = data.flatMap((d) => (Array.isArray(d.hooks) ? d.hooks : []));
  return { ok: true, hooks, ...(r.value.s.codexHome ? { codexHome: r.value.s.codexHome } : {}) };
}

function configPathOf(env: Env, home?: string): string {
  return join(home ?? codexHome(env, env.HOME ?? ""), "config.toml");
}

/**
 * Trusts every hook `isOurs` selects that is `untrusted` or `modified` (a changed command), through
 * `codex app-server` (config/batchWrite), and checks with a second hooks/list that Codex now reports them
 * trusted. The record holds config.toml before and after, for untrustHooks.
 */
export async function trustHooks(
  codexBin: string,
  env: Env,
  cwd: string,
  isOurs: (h: CodexHook) => boolean,
  timeoutMs?: number,
): Promise<TrustResult> {
  const manual: ManualTrust = {
    file: configPathOf(env),
    table: '[hooks.state."<hooks.json path>:<event_snake_case>:<group index>:<handler index>"]',
    key: "trusted_hash",
    value: "the hash Codex shows for the hook (run `codex`, then /hooks, and trust memdir's hooks there)",
  };
  const r = await withAppServer(
    codexBin,
    env,
    async (s) => {
      const configPath = join(s.codexHome ?? codexHome(env, env.HOME ?? ""), "config.toml");
      const list = async () =>
        (
          ((await s.call("hooks/list", { cwds: [cwd] })) as { data?: { hooks?: CodexHook[] }[] })?.data ?? []
        ).flatMap((d) => d.hooks ?? []);
      const ours = (await list()).filter(isOurs);
      const todo = ours.filter((h) => h.trustStatus === "untrusted" || h.trustStatus === "modified");
      const before = readBytesIfExists(configPath)?.toString("utf8") ?? null;
      if (todo.length > 0) {
        const value = Object.fromEntries(todo.map((h) => [h.key, { trusted_hash: h.currentHash }]));
        await s.call("config/batchWrite", {
          edits: [{ keyPath: "hooks.state", value, mergeStrategy: "upsert" }],
        });
        const still = (await list()).filter(
          (h) => todo.some((t) => t.key === h.key) && h.trustStatus !== "trusted",
        );
        if (still.length > 0)
          throw new Error(`Codex still reports ${still.length} memdir hook(s) untrusted after writing trust`);
      }
      const after = readBytesIfExists(configPath)?.toString("utf8") ?? "";
      return {
        trusted: todo.map((h) => h.key),
        alreadyTrusted: ours.filter((h) => !todo.includes(h)).map((h) => h.key),
        record: { configPath, before, after, keys: todo.map((h) => h.key) },
      };
    },
    timeoutMs,
  );
  return r.ok ? { ok: true, ...r.value } : { ...r, manual };
}

/**
 * Undoes trustHooks. When config.toml still holds exactly `record.after`, the bytes of `record.before` are
 * put back (the file removed when there was none): byte-identical, mode kept. Otherwise (the user or Codex
 * changed it since) only memdir's `hooks.state` entries are removed through `codex app-server`, which may
 * leave an empty `[hooks.state]` table (`restored: false`).
 */
export async function untrustHooks(
  codexBin: string,
  env: Env,
  record: TrustRecord,
  timeoutMs?: number,
): Promise<{ ok: true; restored: boolean; removed: string[] } | AppServerFailure> {
  const now = readBytesIfExists(record.configPath)?.toString("utf8") ?? null;
  if (record.after !== null && now === record.after) {
    if (record.before === null) removeFile(record.configPath);
    else
      writeFileAtomic(record.configPath, record.before, { mode: statSync(record.configPath).mode & 0o777 });
    return { ok: true, restored: true, removed: record.keys };
  }
  if (record.keys.length === 0) return { ok: true, restored: false, removed: [] };
  const edits = record.keys.map((k) => ({
    keyPath: `hooks.state.${JSON.stringify(k)}`,
    value: null,
    mergeStrategy: "replace",
  }));
  const r = await withAppServer(codexBin, env, (s) => s.call("config/batchWrite", { edits }), timeoutMs);
  return r.ok ? { ok: true, restored: false, removed: record.keys } : r;
}
