/** Claude Code's install data for the adapter contract: settings files per scope and the hooks to register. */
import { claudeConfigDir } from "../../paths/index.js";
import type { InstallAdapter } from "../contract.js";
import { HOOK_EVENTS } from "./hook-types.js";
import { DEFAULT_ASYNC_EVENTS, HOOK_SPECS } from "./install.js";
import { settingsPathFor } from "./install-apply.js";
import { parseVersion, supportsConfigAsync } from "./install-command.js";

export const claudeInstall: InstallAdapter = {
  scopes: ["user", "project", "local"],
  settingsPath: (scope, dirs) =>
    settingsPathFor(scope, { claudeConfigDir: claudeConfigDir(dirs.env), projectRoot: dirs.projectRoot }),
  registrations(version) {
    const asyncUsed = supportsConfigAsync(version);
    return HOOK_EVENTS.map((event) => {
      const spec = HOOK_SPECS[event];
      return {
        event,
        ...(spec.matcher !== undefined ? { matcher: spec.matcher } : {}),
        timeout: spec.timeout,
        ...(asyncUsed && DEFAULT_ASYNC_EVENTS.includes(event) ? { async: true } : {}),
      };
    });
  },
  executable: "claude",
  parseVersion: (out) => parseVersion(out)?.join("."),
};
