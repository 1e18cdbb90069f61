/**
 * The adapters by harness name. The only module outside `src/adapters/<harness>/` that names one;
 * adapters load lazily, so a hook loads only its own harness's code.
 */
import { MemdirError } from "../core/errors.js";
import { HARNESSES, type HarnessName } from "../harness/index.js";
import { projectDir as claudeProjectDir } from "./claude-code/env.js";
import type { Env, HarnessAdapter } from "./contract.js";

export type {
  Env,
  HarnessAdapter,
  HookRegistration,
  InstallScope,
  ReplayHook,
  SalvagedHook,
  TranscriptRef,
} from "./contract.js";

const loaders: Partial<Record<HarnessName, () => Promise<HarnessAdapter>>> = {
  "claude-code": async () => (await import("./claude-code/adapter.js")).claudeCodeAdapter,
};

const loaded = new Map<HarnessName, HarnessAdapter>();

/** The adapter of `name`. Throws MemdirError BAD_INPUT when memdir has none for it. */
export async function loadAdapter(name: HarnessName): Promise<HarnessAdapter> {
  let a = loaded.get(name);
  if (a) return a;
  const load = loaders[name];
  if (!load)
    throw new MemdirError("BAD_INPUT", `no adapter for the harness "${name}"`, {
      expected: Object.keys(loaders).join(", "),
      received: name,
      hint: "use one of the harnesses memdir supports",
    });
  a = await load();
  loaded.set(name, a);
  return a;
}

/** Every adapter, in HARNESSES order. */
export async function allAdapters(): Promise<HarnessAdapter[]> {
  return Promise.all(HARNESSES.filter((h) => loaders[h]).map((h) => loadAdapter(h)));
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
export function harnessProjectDir(env: Env): string | undefined {
  return claudeProjectDir(env);
}
