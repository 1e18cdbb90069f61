/**
 * The Codex CLI adapter (0.171.0): hook stdin and stdout, the rollout transcripts, tool names, install
 * paths and registrations, and trust of its hooks through `codex app-server` (install-trust.ts).
 */
import type { HarnessAdapter } from "../contract.js";
import { projectDir } from "./env.js";
import { deriveCodexHooks } from "./hook-events.js";
import { parseHookInput } from "./hook-input.js";
import { formatHookOutput } from "./hook-output.js";
import { salvageHookInput } from "./hook-salvage.js";
import { HOOK_EVENT_TYPES, HOOK_EVENTS } from "./hook-types.js";
import { parseVersion, registrations, SCOPES, settingsPath } from "./install.js";
import { trust, trustState, untrust } from "./install-trust.js";
import { toolKind } from "./tools.js";
import { readCodexRollout, sniffRollout } from "./transcript.js";
import { codexSessionsTouchedSince, findRollouts } from "./transcript-find.js";

export const codexAdapter: HarnessAdapter = {
  name: "codex",
  displayName: "Codex CLI",
  hookEvents: HOOK_EVENTS,
  hookEventTypes: HOOK_EVENT_TYPES,
  parseHook: parseHookInput,
  formatHook: formatHookOutput,
  salvageHook: salvageHookInput,
  // Codex CLI 0.171.0 replays the developer messages of earlier SessionStart hooks on `codex exec resume`.
  resumeKeepsContext: true,
  // 0.171.0 kept an 8,000-byte context whole and truncated a 12,000-byte one ("Warning: truncated
  // output", head and tail kept); it counts about 4 bytes a token, so non-ASCII text reaches it sooner.
  inlineContextMaxChars: 9_000,
  toolKind,
  projectDir,
  transcripts: {
    read: readCodexRollout,
    sniff: sniffRollout,
    find: findRollouts,
    sessionsTouchedSince: codexSessionsTouchedSince,
    deriveHooks: deriveCodexHooks,
  },
  install: {
    scopes: SCOPES,
    settingsPath,
    registrations,
    executable: "codex",
    parseVersion,
    trust,
    untrust,
    trustState,
    // Codex CLI 0.171.0 runs a hook from user and project hooks.json both.
    runsEveryScope: true,
  },
};
