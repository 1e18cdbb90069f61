/**
 * The one contract a harness adapter fulfils. An adapter (`src/adapters/<harness>/`, files named alike in
 * every harness) is the only code that knows a harness: its hook stdin and stdout, its transcripts, its
 * tool names, its paths and its settings. Everything else speaks `harness/` events and tool kinds.
 */
import type {
  EventType,
  HarnessEvent,
  HarnessName,
  HookResult,
  ParsedHook,
  ToolKind,
} from "../harness/index.js";
import type { TranscriptReadBounds, TranscriptSlice } from "../transcripts/types.js";

/** Environment as adapters see it (a Runtime's `env`). */
export type Env = Readonly<Record<string, string | undefined>>;

/**
 * What a harness's own settings say about memory for one project (Claude Code's `autoMemoryEnabled`,
 * `autoMemoryDirectory` and its switches), each part read on first use and at most once.
 */
export interface HarnessMemorySettings {
  /** Whether the harness's memory is on for the session, and the switch or setting that decided. */
  enabled(): { on: boolean; decidedBy: string };
  /** Where the harness's settings move the memory dir, from sources memdir trusts. */
  directory(): MemoryDirectoryChoice;
}

export interface MemoryDirectoryChoice {
  /** The absolute, normalized dir, and where it was set; undefined = not moved. */
  use?: { dir: string; from: string };
  /** Values memdir does not follow, each with why (for `memdir status`). */
  ignored: string[];
  /** True when the harness may read its memory from another dir than memdir's (a value memdir ignored). */
  harnessMayDiffer: boolean;
}

/** A hook input too large to parse: where it ran and the text that may carry `<remember>` notes. */
export interface SalvagedHook {
  cwd: string;
  /** The prompt, or a subagent tool's output, as far as the kept bytes reach. */
  text: string;
}

/** One native hook invocation implied by a recorded session (`memdir replay`). */
export interface ReplayHook {
  /** The native event name, as `memdir hook <event> --harness <name>` takes it. */
  event: string;
  /** The stdin payload the harness would send. */
  payload: Record<string, unknown>;
  /** Byte offset in the transcript where the event happens (the transcript is cut there for the hook). */
  offset: number;
  /** When it happened (ms since the epoch), from the transcript's timestamps, if any. */
  timestampMs?: number;
}

/** A transcript file a harness wrote. */
export interface TranscriptRef {
  path: string;
  /** The session id when the file name or header tells it. */
  sessionId?: string;
  /** The project directory the session ran in, when known without reading the whole file. */
  cwd?: string;
  mtimeMs: number;
  sizeBytes: number;
}

export interface TranscriptAdapter {
  /**
   * Reads the transcript at `path` from the byte cursor `fromOffset` into the neutral model. Only complete
   * lines are consumed; `endOffset` is where the next read continues. Throws MemdirError NOT_FOUND (no
   * file), INPUT_REFUSED (not a regular file), BAD_INPUT (bad cursor).
   */
  read(path: string, fromOffset?: number, bounds?: TranscriptReadBounds): TranscriptSlice;
  /** True when `head` (the first bytes of a file, up to 64 KiB, as text) is this harness's transcript. */
  sniff(head: string): boolean;
  /** The transcripts of this harness under its default directories, newest first. */
  find(env: Env, home: string): TranscriptRef[];
  /**
   * The main-session transcripts of the project at `projectRoot` changed after `sinceMs` (ms since the
   * epoch; undefined = any), found cheaply (directory reads and stats, at most a small head read of a
   * changed file); each names its session id. The auto-dream's session gate counts them.
   */
  sessionsTouchedSince(
    env: Env,
    home: string,
    projectRoot: string,
    sinceMs: number | undefined,
  ): TranscriptRef[];
  /** The native hook events the recorded session implies, in order (replay). */
  deriveHooks(path: string, opts?: { fallbackCwd?: string }): ReplayHook[];
  /**
   * The file holding the conversation `path` names, when the harness names another one in its hooks
   * (Gemini CLI 0.61's resume stub → the original session file); absent = `path` itself. Never throws.
   */
  resolve?(path: string): string;
  /** How long the harness keeps its transcripts before deleting them; absent = it keeps them. */
  retention?(env: Env): TranscriptRetention;
}

/** A harness's transcript retention, for the warning after a backfill. */
export interface TranscriptRetention {
  days: number;
  /** `default`: the harness's default; `settings`: read from `settingsFile`. */
  source: "default" | "settings";
  /** The settings file that was consulted (where the user raises it). */
  settingsFile: string;
  /** The setting's name there. */
  setting: string;
}

/** Where memdir can register its hooks for a harness. */
export type InstallScope = "user" | "project" | "local";

/** One hook memdir registers: a native event, its matcher, its timeout in the harness's own unit. */
export interface HookRegistration {
  event: string;
  matcher?: string;
  /** In the harness's unit: seconds for Claude Code and Codex, milliseconds for Gemini CLI. */
  timeout: number;
  async?: boolean;
  /** The handler's name, for harnesses that show one (Gemini CLI `/hooks`). */
  name?: string;
}

export interface InstallAdapter {
  /** The scopes this harness has a settings file for. */
  scopes: readonly InstallScope[];
  /** The file memdir's hooks are written into, per scope. Throws MemdirError BAD_INPUT for a project scope without a root. */
  settingsPath(scope: InstallScope, dirs: { env: Env; home: string; projectRoot?: string }): string;
  /** The hooks to register for the installed harness version (`undefined` = unknown version). */
  registrations(version: string | undefined): HookRegistration[];
  /** The harness's executable name (`claude`, `codex`, `gemini`), for `--version` and trust. */
  executable: string;
  /**
   * `N.N.N` from the executable's `--version` output, or undefined. Absent when the registrations do
   * not depend on the version: install then never runs the harness (Gemini CLI 0.61's `--version`
   * migrates and rewrites the user's settings.json and takes 6-14 s).
   */
  parseVersion?(output: string): string | undefined;
  /**
   * A harness that skips hooks until the user trusts them (Codex CLI): after the settings are written,
   * trust memdir's hooks through the harness itself. Returns lines for the user (the exact manual step
   * when the harness cannot be run) and a record for `untrust`. Never throws.
   */
  trust?(ctx: TrustContext): Promise<{ lines: string[]; record?: unknown }>;
  /** Undoes `trust` with its record (before the hooks are removed). Returns lines for the user. Never throws. */
  untrust?(ctx: TrustContext, record: unknown): Promise<string[]>;
  /** Whether memdir's hooks are trusted, for `memdir status` ("trusted", "3 of 6 untrusted", …). Never throws. */
  trustState?(ctx: TrustContext): Promise<string>;
  /**
   * True for a harness that runs a hook once per settings file listing it (Codex CLI 0.171.0): with
   * memdir installed at two scopes every hook would run twice, so install and status warn.
   */
  runsEveryScope?: boolean;
}

export interface TrustContext {
  env: Env;
  /** The scope of the settings file (for the commands told to the user). */
  scope: InstallScope;
  /** The project directory (project-scope hooks are listed for it). */
  cwd: string;
  /** The settings file memdir's hooks are in. */
  settingsPath: string;
  /** The record an earlier `trust` of this settings file returned (a later install merges into it). */
  previous?: unknown;
  /** The harness executable to run, when found on PATH. */
  executablePath?: string;
}

export interface HarnessAdapter {
  name: HarnessName;
  /** "Claude Code", "Codex CLI", "Gemini CLI". */
  displayName: string;
  /** The native hook events `memdir hook` handles for this harness. */
  hookEvents: readonly string[];
  /** The neutral event type each of `hookEvents` parses to (one per native event). */
  hookEventTypes: Readonly<Record<string, EventType>>;
  /**
   * Parses hook stdin for `nativeEvent` into a neutral event. Never throws; rejects an unknown event,
   * empty or oversized input, non-JSON, a missing or unsafe session id, a missing cwd, bad field types.
   * Reasons name no field values (stdin may hold secrets).
   */
  parseHook(nativeEvent: string, raw: string): ParsedHook<HarnessEvent>;
  /**
   * The exact stdout for a handler's result: "" or one JSON object (ending in `\n`) holding only the
   * fields this harness's schema allows for `nativeEvent`. Context on an event whose context the
   * harness rejects or ignores is dropped.
   */
  formatHook(nativeEvent: string, result: HookResult | undefined): string;
  /** The `<remember>`-bearing text of an input over MAX_HOOK_INPUT_BYTES, or undefined. */
  salvageHook(nativeEvent: string, raw: string): SalvagedHook | undefined;
  /**
   * True when the harness ignores context given before a tool call (Gemini CLI's BeforeTool): file
   * recall is then returned after the call instead.
   */
  recallAfterTool?: boolean;
  /**
   * True when the harness loads the project's MEMORY.md index into its context itself (Claude Code's auto
   * memory), so memdir does not inject it again. `harnessMemoryDir`: the memory dir in use is the one
   * the harness reads; `memory`: what the harness's settings say. Absent = the harness never loads it.
   */
  loadsMemoryIndex?(o: { harnessMemoryDir: boolean; memory: HarnessMemorySettings }): boolean;
  /**
   * True when the user can turn this harness's own memory off for a session (Claude Code's auto-memory
   * switches): memdir's hooks then do nothing at all in that session. Absent = no such switch.
   */
  followsMemorySwitch?: boolean;
  /**
   * The agent memory scope the harness itself loads into a subagent of type `agentType` (Claude Code:
   * the agent definition's `memory:`), so memdir does not inject it again. Absent or undefined = the
   * harness loads none.
   */
  agentMemoryLoaded?(
    agentType: string,
    o: { cwd: string; env: Env; projectRoot?: string },
  ): "user" | "project" | "local" | undefined;
  /**
   * True when a resumed session still holds the context earlier SessionStart hooks gave (Codex CLI
   * 0.171.0 replays it from the rollout): on resume memdir then injects nothing when its context is
   * unchanged, and otherwise says that the new block replaces the earlier one.
   */
  resumeKeepsContext?: boolean;
  /**
   * The longest hook `additionalContext` (UTF-16 units) the harness puts into the model's request
   * whole; absent = no cap was seen. Above it Claude Code 2.1.332 saves the context to a file and gives
   * the model its path and a 2 KB preview; Codex 0.171.0 truncates it (head and tail kept).
   */
  inlineContextMaxChars?: number;
  /** The kind of a tool by its harness name. */
  toolKind(name: string): ToolKind;
  /** The project directory the harness tells its hooks and child processes, from `env`, if any. */
  projectDir(env: Env): string | undefined;
  transcripts: TranscriptAdapter;
  install: InstallAdapter;
}
