/** Claude Code (2.0.77 … 2.1.332) as a HarnessAdapter. */

import type { HarnessAdapter } from "../contract.js";
import { agentMemoryScopeLoaded } from "./agent-definition.js";
import { projectDir } from "./env.js";
import { parseClaudeHook } from "./hook-event.js";
import { formatClaudeHook } from "./hook-output.js";
import { salvageClaudeHook } from "./hook-salvage.js";
import { HOOK_EVENT_TYPES, HOOK_EVENTS } from "./hook-types.js";
import { claudeInstall } from "./install.js";
import { loadsMemoryIndex } from "./memory-index.js";
import { transcriptRetention } from "./retention.js";
import { toolKind } from "./tools.js";
import { deriveReplayHooks, readClaudeTranscript } from "./transcript.js";
import {
  claudeSessionsTouchedSince,
  findClaudeTranscripts,
  sniffClaudeTranscript,
} from "./transcript-find.js";

export const claudeCodeAdapter: HarnessAdapter = {
  name: "claude-code",
  displayName: "Claude Code",
  hookEvents: HOOK_EVENTS,
  hookEventTypes: HOOK_EVENT_TYPES,
  parseHook: parseClaudeHook,
  formatHook: formatClaudeHook,
  salvageHook: salvageClaudeHook,
  loadsMemoryIndex,
  followsMemorySwitch: true,
  // 2.1.332 saved a 9,990-character context (plus its 38-character "SessionStart hook additional
  // context: " label) to a file with a 2 KB preview; 9,000 stayed inline.
  inlineContextMaxChars: 9_900,
  agentMemoryLoaded: agentMemoryScopeLoaded,
  toolKind,
  projectDir,
  transcripts: {
    read: readClaudeTranscript,
    sniff: sniffClaudeTranscript,
    find: (env) => findClaudeTranscripts(env),
    sessionsTouchedSince: (env, _home, root, since) => claudeSessionsTouchedSince(env, root, since),
    deriveHooks: deriveReplayHooks,
    retention: transcriptRetention,
  },
  install: claudeInstall,
};
