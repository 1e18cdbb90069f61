/**
 * The module of this folder that handles each neutral event type, as `run.ts` imports it. The hook
 * build (scripts/build.mjs) bundles each native event of each harness with its one handler module:
 * `dist/hooks/<harness>/<Event>.cjs` holds neither the other handlers nor the other harnesses' adapters.
 */
import type { EventType } from "../../harness/index.js";

export const HANDLER_MODULES: Readonly<Record<EventType, string>> = {
  sessionStart: "session-start",
  prompt: "prompt",
  toolBefore: "tool-use",
  toolAfter: "tool-use",
  subagentStart: "subagent",
  subagentStop: "subagent",
  turnEnd: "turn-end",
  compaction: "turn-end",
  sessionEnd: "session-end",
};
