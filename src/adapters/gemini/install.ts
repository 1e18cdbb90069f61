/**
 * Where and how memdir registers its hooks for Gemini CLI 0.61.0 (bundle/docs/hooks/, the settings schema
 * `HookDefinitionArray` and `HookRegistry` of the bundle).
 *
 * Shape of the `hooks` key: `{"hooks": {"<Event>": [{"matcher"?, "sequential"?, "hooks": [{"type":
 * "command", "command", "name"?, "description"?, "timeout"? (ms, default 60000)}]}]}}`. Differences from
 * Claude Code that a settings planner must keep:
 * - timeouts are in MILLISECONDS; there is no `async` (every hook but SessionEnd is awaited; SessionEnd
 *   is never awaited);
 * - `hooks` may also hold the non-array members `enabled`, `disabled`, `notifications` (legacy; Gemini
 *   skips them), and on/off switches live in a sibling `hooksConfig {enabled, disabled: [names],
 *   notifications}`: leave both alone;
 * - settings.json is JSON with comments (Gemini reads it through strip-json-comments): a file that does
 *   not parse as plain JSON must be refused, not rewritten;
 * - tool matchers are regular expressions tested UNANCHORED against the tool name (`new RegExp(m).test`,
 *   exact comparison when the regex is invalid); lifecycle matchers (SessionStart `source`, SessionEnd
 *   `reason`) are exact strings; a missing, "" or "*" matcher matches everything;
 * - `name` is optional; memdir sets `name: "memdir"` (MEMDIR_HOOK_NAME) on its entries so `/hooks disable
 *   memdir` switches all of them off and the `/hooks panel` shows whose they are. Gemini drops an entry
 *   whose `name:command` repeats one already registered for the event.
 * Trust: no hook from settings runs in a folder Gemini does not trust (`HookRegistry.processHooksFromConfig`
 * skips the merged user + project hooks; headless mode exits 55 there anyway). In a trusted folder user
 * hooks need nothing more. Project hooks (`<root>/.gemini/settings.json`): the first time a
 * trusted folder shows a project hook whose `name:command` is not in `~/.gemini/trusted_hooks.json`
 * (`{<project root>: ["<name>:<command>", …]}`), Gemini warns once, runs it and records it there itself.
 * memdir therefore never writes trusted_hooks.json; a changed command (a memdir upgrade moving its bin)
 * gives that warning once more.
 */
import { join } from "node:path";
import { MemdirError } from "../../core/errors.js";
import type { Env, HookRegistration, InstallScope } from "../contract.js";
import type { HookEvent } from "./hook-types.js";

/** `name` of every hook entry memdir writes. */
export const MEMDIR_HOOK_NAME = "memdir";

/**
 * The events memdir registers, with timeouts in milliseconds. No matchers: SessionStart handles every
 * source, and AfterTool every tool, because the tool-call handler keeps per-tool statistics, commands and
 * retry hints for all tools, not only file recall (a file-tools-only matcher would be
 * `^(read_file|read_many_files|write_file|replace)$`, see FILE_TOOLS).
 * Not registered: BeforeTool (0.61 ignores its context, so file recall is given at AfterTool, and each
 * registered tool event costs a synchronous process per call); PreCompress (fires before every model call,
 * no compaction signal); BeforeModel, AfterModel, BeforeToolSelection, Notification (nothing to do).
 */
const SPECS: ReadonlyArray<{ event: HookEvent; timeout: number }> = [
  { event: "SessionStart", timeout: 10_000 },
  { event: "BeforeAgent", timeout: 5_000 },
  { event: "AfterTool", timeout: 5_000 },
  { event: "AfterAgent", timeout: 10_000 },
  { event: "SessionEnd", timeout: 2_000 },
];

/** The same for every version: the events, fields and shape were verified with 0.61.0 only. */
export function registrations(_version: string | undefined): HookRegistration[] {
  return SPECS.map((s) => ({ ...s, name: MEMDIR_HOOK_NAME }));
}

export const scopes: readonly InstallScope[] = ["user", "project"];

/**
 * User: `<GEMINI_CLI_HOME or home>/.gemini/settings.json` (Gemini's home override); project:
 * `<projectRoot>/.gemini/settings.json`. Gemini has no local (untracked) settings file.
 * @throws MemdirError BAD_INPUT for the project scope without a root, or the `local` scope.
 */
export function settingsPath(
  scope: InstallScope,
  dirs: { env: Env; home: string; projectRoot?: string },
): string {
  if (scope === "user") return join(dirs.env.GEMINI_CLI_HOME || dirs.home, ".gemini", "settings.json");
  if (scope === "project" && dirs.projectRoot) return join(dirs.projectRoot, ".gemini", "settings.json");
  throw new MemdirError("BAD_INPUT", `no Gemini CLI settings file for the ${scope} scope`, {
    expected: scope === "project" ? "a project root for the project scope" : "the user or project scope",
    received: scope === "project" ? "no project root" : `scope ${scope}`,
    hint:
      scope === "project" ? "run inside the project or pass its root" : "use --scope user or --scope project",
  });
}

export const executable = "gemini";
