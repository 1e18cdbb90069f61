/** Claude Code's memory settings for one project: the switches and the memory dir, read once (see the modules below). */
import type { Env, HarnessMemorySettings, MemoryDirectoryChoice } from "../contract.js";
import { claudeMemoryDirectory } from "./memory-directory.js";
import { claudeMemorySwitch, type MemorySwitch } from "./memory-switch.js";
import { readClaudeSettings, type SettingsPlaces } from "./settings.js";

export interface MemorySettingsPlaces extends SettingsPlaces {
  /** The top level of the checkout the launch dir is in (bounds the trust walk), when inside git. */
  worktreeRoot?: string;
}

/** Nothing is read until a part is asked for; each part is computed once. */
export function claudeMemorySettings(env: Env, places: MemorySettingsPlaces): HarnessMemorySettings {
  const settings = readClaudeSettings(env, places);
  let enabled: MemorySwitch | undefined;
  let directory: MemoryDirectoryChoice | undefined;
  return {
    enabled: () => (enabled ??= claudeMemorySwitch(env, settings)),
    directory: () => (directory ??= claudeMemoryDirectory(env, settings, places.worktreeRoot)),
  };
}
