/**
 * Trust for memdir's Codex hooks (Codex CLI 0.171.0 skips untrusted hooks silently in `codex exec`):
 * persisted through Codex's own `codex app-server`, undone byte for byte at uninstall.
 */
import type { TrustContext } from "../contract.js";
import { parseHookCommand } from "../shared/hook-command.js";
import { type CodexHook, listHooks, type TrustRecord, trustHooks, untrustHooks } from "./trust.js";

const ours = (h: CodexHook): boolean => parseHookCommand(h.command ?? "")?.harness === "codex";

const isTrustRecord = (v: unknown): v is TrustRecord =>
  typeof v === "object" && v !== null && typeof (v as TrustRecord).configPath === "string";

export async function trust(ctx: TrustContext): Promise<{ lines: string[]; record?: unknown }> {
  if (!ctx.executablePath) {
    return {
      lines: [
        "codex not found on PATH: Codex skips hooks it does not trust. Trust memdir's hooks once:",
        "  run `codex`, type /hooks, and trust the memdir hooks listed there",
        `  (Codex stores it in $CODEX_HOME/config.toml as [hooks.state."${ctx.settingsPath}:<event>:<group>:<handler>"] trusted_hash = "…")`,
      ],
    };
  }
  const r = await trustHooks(ctx.executablePath, ctx.env, ctx.cwd, ours);
  if (!r.ok)
    return {
      lines: [
        `codex app-server could not trust the hooks (${r.reason}): run \`codex\`, type /hooks, and trust the memdir hooks`,
        `  (file ${r.manual.file}, table ${r.manual.table}, key ${r.manual.key})`,
      ],
    };
  const n = r.trusted.length;
  const prev =
    isTrustRecord(ctx.previous) && ctx.previous.configPath === r.record.configPath ? ctx.previous : undefined;
  // One record per settings file: the bytes before the first trust, every key any install trusted. When
  // config.toml changed between the two trusts (the user, or Codex trusting a project), restoring the first
  // bytes would drop that change: then only memdir's keys are removed at uninstall.
  if (prev)
    r.record = {
      ...r.record,
      before: prev.before,
      after: prev.after !== null && prev.after === r.record.before ? r.record.after : null,
      keys: [...new Set([...prev.keys, ...r.record.keys])],
    };
  if (n === 0 && r.alreadyTrusted.length === 0)
    return { lines: noneSeen(ctx).map((l) => `warning: ${l}`), record: r.record };
  return {
    lines: [
      n > 0
        ? `trusted ${n} hook(s) in ${r.record.configPath} through codex app-server`
        : `memdir's hooks were already trusted (${r.alreadyTrusted.length})`,
    ],
    record: r.record,
  };
}

const again = (ctx: TrustContext) =>
  `memdir install codex${ctx.scope === "user" ? "" : ` --scope ${ctx.scope}`}`;

/** Codex lists none of memdir's hooks: it does not read the file they are in, so they never run. */
function noneSeen(ctx: TrustContext): string[] {
  return [
    `Codex lists none of memdir's hooks in ${ctx.settingsPath}, so it will not run them.`,
    ctx.scope === "user"
      ? "  check that $CODEX_HOME/config.toml parses (codex refuses a broken one), then run `memdir install codex` again"
      : `  Codex reads project hooks only in a project it trusts: run \`codex\` in ${ctx.cwd} once and trust it (or check that $CODEX_HOME/config.toml parses), then run \`${again(ctx)}\` again`,
  ];
}

export async function untrust(ctx: TrustContext, record: unknown): Promise<string[]> {
  if (!isTrustRecord(record)) return [];
  // An unchanged config.toml is restored from the record without running codex.
  const r = await untrustHooks(ctx.executablePath ?? "codex", ctx.env, record).catch((e: unknown) => ({
    ok: false as const,
    reason: e instanceof Error ? e.message : String(e),
  }));
  if (!r.ok) return [`memdir's trust entries are left in ${record.configPath} (${r.reason})`];
  return [
    r.restored
      ? `restored ${record.configPath} byte for byte`
      : `removed memdir's trust entries from ${record.configPath}`,
  ];
}

export async function trustState(ctx: TrustContext): Promise<string> {
  if (!ctx.executablePath) return "unknown (codex not found on PATH)";
  const r = await listHooks(ctx.executablePath, ctx.env, ctx.cwd);
  if (!r.ok) return `unknown (${r.reason})`;
  const mine = r.hooks.filter(ours);
  const bad = mine.filter((h) => h.trustStatus !== "trusted" && h.trustStatus !== "managed");
  if (mine.length === 0) return `none of memdir's hooks seen by codex: ${noneSeen(ctx)[1]?.trim()}`;
  return bad.length === 0 ? "trusted" : `${bad.length} of ${mine.length} untrusted (run ${again(ctx)} again)`;
}
