/**
 * The install planner as Claude Code's tests drive it: the shared planner over Claude Code's
 * registrations for `claudeVersion`, optionally narrowed to `events` and with `asyncEvents` overriding
 * which run async.
 */
import type { HookEvent } from "../../src/adapters/claude-code/hook-types.js";
import { claudeInstall } from "../../src/adapters/claude-code/install.js";
import { type InstallRecord, planInstall as planShared } from "../../src/adapters/shared/install-plan.js";

export function planInstall(o: {
  settings: unknown;
  nodePath: string;
  memdirBin: string;
  claudeVersion?: string;
  events?: readonly HookEvent[];
  asyncEvents?: readonly HookEvent[];
  previous?: InstallRecord;
}) {
  let regs = claudeInstall.registrations(o.claudeVersion);
  if (o.events) regs = regs.filter((r) => o.events!.includes(r.event as HookEvent));
  if (o.asyncEvents) {
    const useAsync = regs.some((r) => r.async);
    regs = regs.map(({ async: _a, ...r }) =>
      useAsync && o.asyncEvents!.includes(r.event as HookEvent) ? { ...r, async: true } : r,
    );
  }
  return planShared({
    settings: o.settings,
    nodePath: o.nodePath,
    memdirBin: o.memdirBin,
    harness: "claude-code",
    registrations: regs,
    ...(o.previous ? { previous: o.previous } : {}),
  });
}
