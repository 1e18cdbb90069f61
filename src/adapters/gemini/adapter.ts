/**
 * The Gemini CLI 0.61.0 adapter: everything memdir knows about Gemini CLI, behind the HarnessAdapter
 * contract. Hook parsing and formatting stay light (hook-input.ts / hook-output.ts import no heavy module).
 */
import type { HarnessAdapter } from "../contract.js";
import { projectDir } from "./env.js";
import { deriveGeminiHooks } from "./hook-events.js";
import { parseHook } from "./hook-input.js";
import { formatHook } from "./hook-output.js";
import { salvageHook } from "./hook-salvage.js";
import { HOOK_EVENT_TYPES, HOOK_EVENTS } from "./hook-types.js";
import { executable, registrations, scopes, settingsPath } from "./install.js";
import { toolKind } from "./tools.js";
import { conversationPath, findGeminiTranscripts, readGeminiTranscript, sniffGemini } from "./transcript.js";
import { geminiSessionsTouchedSince } from "./transcript-files.js";

export const geminiAdapter: HarnessAdapter = {
  name: "gemini",
  displayName: "Gemini CLI",
  hookEvents: HOOK_EVENTS,
  hookEventTypes: HOOK_EVENT_TYPES,
  parseHook,
  formatHook,
  salvageHook,
  // BeforeTool `additionalContext` is ignored by Gemini CLI 0.61.0: file recall comes with AfterTool.
  recallAfterTool: true,
  toolKind,
  projectDir,
  transcripts: {
    read: readGeminiTranscript,
    sniff: sniffGemini,
    find: findGeminiTranscripts,
    sessionsTouchedSince: geminiSessionsTouchedSince,
    deriveHooks: deriveGeminiHooks,
    resolve: conversationPath,
  },
  install: { scopes, settingsPath, registrations, executable },
};
