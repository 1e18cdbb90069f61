/**
 * The adapters by harness name. The only module outside `src/adapters/<harness>/` that names one;
 * adapters load lazily, so a hook loads only its own harness's code.
 */
import { HARNESSES, type HarnessName } from "../harness/index.js";

import { harnessPid as claudeHarnessPid, projectDir as claudeProjectDir } from "./claude-code/env.js";
import { claudeMemorySettings } from "./claude-code/memory-settings.js";
import { projectDir as codexProjectDir } from "./codex/env.js";
import type { Env, HarnessAdapter, HarnessMemorySettings, TranscriptRef } from "./contract.js";
import { projectDir as geminiProjectDir } from "./gemini/env.js";

export type {
  Env,
  HarnessAdapter,
  HarnessMemorySettings,
  HookRegistration,
  InstallScope,
  MemoryDirectoryChoice,
  ReplayHook,
  SalvagedHook,
  TranscriptRef,
  TranscriptRetention,
} from "./contract.js";

export { countMemdirHooks } from "./shared/hooks-tree.js";
export { type InstallPlan, planInstall, planUninstall, type UninstallPlan } from "./shared/install-plan.js";
export {
  applyInstall,
  applyUninstall,
  installStatePath,
  readInstallRecord,
  readSettingsFile,
} from "./shared/settings-file.js";

const loaders: Record<HarnessName, () => Promise<HarnessAdapter>> = {
  "claude-code": async () => (await import("./claude-code/adapter.js")).claudeCodeAdapter,
  codex: async () => (await import("./codex/adapter.js")).codexAdapter,
  gemini: async () => (await import("./gemini/adapter.js")).geminiAdapter,
};

const loaded = new Map<HarnessName, HarnessAdapter>();

/** The adapter of `name`. */
export async function loadAdapter(name: HarnessName): Promise<HarnessAdapter> {
  let a = loaded.get(name);
  if (!a) {
    a = await loaders[name]();
    loaded.set(name, a);
  }
  return a;
}

/** Every adapter, in HARNESSES order. */
export async function allAdapters(): Promise<HarnessAdapter[]> {
  return Promise.all(HARNESSES.map((h) => loadAdapter(h)));
}

/** A session found by its transcript: which harness, its id, when the transcript last changed (ms). */
export interface TouchedSession {
  harness: HarnessName;
  sessionId: string;
  mtimeMs: number;
}

/**
 * Loads the three harnesses' transcript finders only (not the adapters) and returns a sync function:
 * the main sessions of the project at `projectRoot` whose transcripts changed after `sinceMs`, every
 * harness's (`TranscriptAdapter.sessionsTouchedSince`). A finder that throws counts nothing.
 */
export async function loadSessionFinder(): Promise<
  (env: Env, home: string, projectRoot: string, sinceMs: number | undefined) => TouchedSession[]
> {
  const [c, x, g] = await Promise.all([
    import("./claude-code/transcript-find.js"),
    import("./codex/transcript-find.js"),
    import("./gemini/transcript-files.js"),
  ]);
  const finders: [HarnessName, (e: Env, h: string, r: string, s: number | undefined) => TranscriptRef[]][] = [
    ["claude-code", (e, _h, r, s) => c.claudeSessionsTouchedSince(e, r, s)],
    ["codex", x.codexSessionsTouchedSince],
    ["gemini", g.geminiSessionsTouchedSince],
  ];
  return (env, home, projectRoot, sinceMs) => {
    const out: TouchedSession[] = [];
    for (const [harness, find] of finders) {
      try {
        for (const t of find(env, home, projectRoot, sinceMs))
          if (t.sessionId) out.push({ harness, sessionId: t.sessionId, mtimeMs: t.mtimeMs });
      } catch {
        // an unreadable harness directory: no sessions from it
      }
    }
    return out;
  };
}

/**
 * The adapter whose transcript format `head` (the first bytes of a file, up to 64 KiB) is, or
 * undefined when none recognises it.
 */
export async function sniffTranscript(head: string): Promise<HarnessAdapter | undefined> {
  for (const a of await allAdapters()) if (a.transcripts.sniff(head)) return a;
  return undefined;
}

/**
 * The project directory named by the harness that runs us, from the variables harnesses set for their
 * hooks and tools, else undefined. Sync and light: the CLI asks on every start.
 */
/** The harness process that owns the session, when the harness names it in the hook's environment. */
export function harnessOwnerPid(env: Env): number | undefined {
  return claudeHarnessPid(env);
}

export function harnessProjectDir(env: Env): string | undefined {
  // Gemini CLI also sets Claude Code's variable, to the same directory.
  return geminiProjectDir(env) ?? claudeProjectDir(env) ?? codexProjectDir(env);
}

/** Where a project's harness settings are looked up. */
export interface HarnessSettingsPlaces {
  /** The directory the harness was started in (its project dir), else the cwd. */
  launchDir: string;
  /** The main checkout of `launchDir`, and the top level of its own checkout, when inside git. */
  canonicalRoot?: string;
  worktreeRoot?: string;
  /** The managed (policy) settings dir, when not the platform's (tests). */
  managedDir?: string;
  /** `process.platform`. */
  platform: string;
}

/**
 * What the harnesses' own settings say about memory for a project: Claude Code's (the only harness here
 * whose settings move its memory dir or switch memory off; Codex CLI 0.171.0 and Gemini CLI 0.61.0 have
 * no such setting). Reads nothing until asked.
 */
export function harnessMemorySettings(env: Env, where: HarnessSettingsPlaces): HarnessMemorySettings {
  return claudeMemorySettings(env, where);
}
