/** The agent loop: scripted turns, injected tools only, bounded retries. */
export { fitNewestToolResults, fittedNote, MIN_FITTED_RESULT_CHARS } from "./fit.js";
export {
  type AgentLoopOptions,
  type AgentLoopResult,
  type AgentTool,
  DEFAULT_TOOL_RESULT_CHARS,
  type FinalCheck,
  MAX_AGENT_TURNS,
  runAgentLoop,
  type ToolOutcome,
} from "./loop.js";
