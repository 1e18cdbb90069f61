/**
 * The agent loop: a forked agent with a turn limit and only the injected tools (Claude Code 2.1.88: the
 * memory extraction agent runs with maxTurns 5 and a restricted tool set). Invalid model output is
 * retried once, then ends the loop; provider errors end it at once and are never fed back into the
 * conversation (a "limit reached" text appended to the history can loop forever).
 */
import { describeError } from "../../core/errors.js";
import { elideMiddle, truncateCodePoints } from "../../core/text.js";
import {
  isLlmError,
  type LlmBlock,
  LlmError,
  type LlmMessage,
  type LlmProvider,
  type LlmTool,
  type LlmUsage,
} from "../types.js";
import { fitNewestToolResults } from "./fit.js";

export interface ToolOutcome {
  content: string;
  isError?: boolean;
  /** input did not match the tool's schema: counts as invalid model output */
  invalidInput?: boolean;
}

export interface AgentTool extends LlmTool {
  run(input: Record<string, unknown>): Promise<ToolOutcome> | ToolOutcome;
}

export type FinalCheck<T> = (text: string) => { ok: true; value: T } | { ok: false; reason: string };

export interface AgentLoopOptions<T> {
  provider: LlmProvider;
  system: string;
  /** first user message */
  prompt: string;
  tools: AgentTool[];
  /** model calls at most; default 5, values above 5 are clamped to 5 */
  maxTurns?: number;
  maxOutputTokens: number;
  finalCheck: FinalCheck<T>;
  /** cap of every tool result fed back, code points, head + tail elision; default 8000 */
  maxToolResultChars?: number;
  /**
   * The per-call input cap, tokens (estimateRequestTokens; pass the guard's maxInputTokensPerCall):
   * before every call after the first, the newest message's tool results are shortened to fit it
   * (fit.ts fitNewestToolResults). Unset = never shortened.
   */
  maxInputTokens?: number;
  signal?: AbortSignal;
}

export interface AgentLoopResult<T> {
  outcome: "final" | "invalid_output" | "max_turns" | "error";
  value?: T;
  /** Model calls that returned a response. */
  turns: number;
  /** Sum of the usage the provider reported over those calls (tokens). */
  usage: LlmUsage;
  /** One line per invalid output, in order (at most two model replies contribute). */
  invalid: string[];
  toolCalls: { name: string; input: Record<string, unknown>; isError: boolean }[];
  /** Tool results shortened to fit `maxInputTokens`, over all turns (0 without it). */
  shortened: number;
  error?: LlmError;
  /** The conversation: the prompt, every assistant reply and every tool_result / retry message. */
  messages: LlmMessage[];
}

/** Turn limit of the forked agent. */
export const MAX_AGENT_TURNS = 5;
/** Default cap of a tool result fed back to the model, code points. */
export const DEFAULT_TOOL_RESULT_CHARS = 8000;
const NAME_CAP = 200;
const REASON_CAP = 1000;

type ToolUse = Extract<LlmBlock, { type: "tool_use" }>;

interface ToolTurn {
  results: LlmBlock[];
  invalid: string[];
}

/**
 * Runs the loop: each turn sends `system` + the messages so far + the tools (without their `run`);
 * the reply's tool_use blocks run in order and their results go back in ONE user message of
 * tool_result blocks; a reply without tool_use is the final answer, checked by `finalCheck` on the
 * concatenated text of its text blocks.
 * Invalid output (unknown tool name, a tool_use with `inputError`, a ToolOutcome with `invalidInput`,
 * a final text that fails `finalCheck`) is retried once; the second ends with `invalid_output`.
 * A tool that throws yields an error tool_result (message only) and is not invalid output.
 * With `maxInputTokens`, a turn's tool results are shortened before the next call so that the request
 * fits it (fitNewestToolResults; the conversation in `messages` is the one sent).
 * Never throws: a provider failure ends with `outcome: "error"` (non-LlmError throws are wrapped as
 * `bad_response`; an aborted `signal` before a call gives `timeout`) and its text is never appended.
 */
export async function runAgentLoop<T>(opts: AgentLoopOptions<T>): Promise<AgentLoopResult<T>> {
  const { provider, finalCheck, signal } = opts;
  const maxTurns = clampTurns(opts.maxTurns);
  const cap = Math.max(1, Math.floor(opts.maxToolResultChars ?? DEFAULT_TOOL_RESULT_CHARS));
  const byName = new Map(opts.tools.map((t) => [t.name, t]));
  const tools: LlmTool[] = opts.tools.map((t) => ({
    name: t.name,
    description: t.description,
    inputSchema: t.inputSchema,
  }));
  const result: AgentLoopResult<T> = {
    outcome: "max_turns",
    turns: 0,
    usage: { inputTokens: 0, outputTokens: 0 },
    invalid: [],
    toolCalls: [],
    shortened: 0,
    messages: [{ role: "user", content: [{ type: "text", text: opts.prompt }] }],
  };
  let invalidReplies = 0;
  while (result.turns < maxTurns) {
    let content: LlmBlock[];
    try {
      if (signal?.aborted) throw new LlmError("timeout", provider.id, "the agent loop was aborted");
      const req = {
        system: opts.system,
        messages: [...result.messages],
        tools,
        maxOutputTokens: opts.maxOutputTokens,
      };
      if (opts.maxInputTokens !== undefined && result.messages.length > 1) {
        const fit = fitNewestToolResults(req, opts.maxInputTokens);
        if (fit.message && fit.shortened > 0) {
          result.messages[result.messages.length - 1] = fit.message;
          req.messages[req.messages.length - 1] = fit.message;
          result.shortened += fit.shortened;
        }
      }
      const res = await provider.complete({ ...req, ...(signal ? { signal } : {}) });
      result.turns++;
      result.usage.inputTokens += res.usage.inputTokens;
      result.usage.outputTokens += res.usage.outputTokens;
      content = res.content.filter((b) => b.type === "text" || b.type === "tool_use");
    } catch (e) {
      result.outcome = "error";
      result.error = isLlmError(e)
        ? e
        : new LlmError("bad_response", provider.id, describeError(e), { cause: e });
      return result;
    }
    result.messages.push({ role: "assistant", content });
    const uses = content.filter((b): b is ToolUse => b.type === "tool_use");
    let invalid: string[];
    if (uses.length === 0) {
      const text = content.map((b) => (b.type === "text" ? b.text : "")).join("");
      const check = safeCheck(finalCheck, text);
      if (check.ok) {
        result.outcome = "final";
        result.value = check.value;
        return result;
      }
      const reason = truncateCodePoints(check.reason, REASON_CAP);
      invalid = [`final answer rejected: ${reason}`];
      const retry = `Your reply was not valid: ${reason}. Reply again with the complete final answer in the expected format, and nothing else.`;
      result.messages.push({ role: "user", content: [{ type: "text", text: retry }] });
    } else {
      const turn = await runTools(uses, byName, cap, result.toolCalls);
      invalid = turn.invalid;
      result.messages.push({ role: "user", content: turn.results });
    }
    if (invalid.length > 0) {
      result.invalid.push(...invalid);
      if (++invalidReplies >= 2) {
        result.outcome = "invalid_output";
        return result;
      }
    }
  }
  return result;
}

function clampTurns(n: number | undefined): number {
  if (n === undefined || !Number.isFinite(n)) return MAX_AGENT_TURNS;
  return Math.min(MAX_AGENT_TURNS, Math.max(0, Math.floor(n)));
}

function safeCheck<T>(check: FinalCheck<T>, text: string): ReturnType<FinalCheck<T>> {
  try {
    return check(text);
  } catch (e) {
    return { ok: false, reason: describeError(e) };
  }
}

const schemaHint = (tool: LlmTool): string =>
  `Expected: a JSON object matching this schema: ${JSON.stringify(tool.inputSchema)}`;

/** Runs the reply's tool_use blocks in order; only injected tools ever run. */
async function runTools(
  uses: ToolUse[],
  byName: Map<string, AgentTool>,
  cap: number,
  log: AgentLoopResult<unknown>["toolCalls"],
): Promise<ToolTurn> {
  const turn: ToolTurn = { results: [], invalid: [] };
  for (const use of uses) {
    const name = truncateCodePoints(use.name, NAME_CAP);
    const tool = byName.get(use.name);
    let content: string;
    let isError = true;
    if (!tool) {
      turn.invalid.push(`unknown tool "${name}"`);
      const known = [...byName.keys()].join(", ") || "(none)";
      content = `Error: there is no tool named "${name}". The only tools are: ${known}. Call one of them, or reply with the final answer.`;
    } else if (use.inputError !== undefined) {
      turn.invalid.push(`input of "${name}" is not a JSON object: ${use.inputError}`);
      content = `Error: the input of "${name}" was not a JSON object (${use.inputError}). ${schemaHint(tool)}`;
    } else {
      try {
        const out = await tool.run(use.input);
        isError = out.isError === true || out.invalidInput === true;
        content = out.content;
        if (out.invalidInput) {
          turn.invalid.push(`input of "${name}" rejected: ${truncateCodePoints(out.content, REASON_CAP)}`);
          content = `Error: ${out.content}\n${schemaHint(tool)}`;
        }
      } catch (e) {
        content = `Error: the tool "${name}" failed: ${e instanceof Error ? e.message : String(e)}`;
      }
    }
    log.push({ name, input: use.input, isError });
    turn.results.push({
      type: "tool_result",
      toolUseId: use.id,
      content: elideMiddle(content, cap),
      isError,
    });
  }
  return turn;
}
