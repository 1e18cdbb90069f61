/**
 * Withdrawing what was learned on an abandoned branch: when a later read finds that entries an earlier
 * extraction read were left off the live branch (a rewind, an edited prompt, a retried turn; the reader's
 * `TranscriptSlice.abandoned`), every topic file whose `metadata.sources` all lie among them is deleted,
 * and one that also has other sources is kept and flagged (`metadata.abandonedSources` lists the abandoned
 * ones). `planWithdrawal` is pure; `applyWithdrawal` writes through the store (checked against the bytes
 * planned from, so a file another writer changed in between is left alone) into the caller's journal.
 */
import { join } from "node:path";
import { readTextIfExists } from "../../core/fs.js";
import {
  deleteMemoryIfUnchanged,
  type Journal,
  listTopicFiles,
  parseTopic,
  replaceMemory,
  serializeTopic,
  type TopicFile,
  topicHash,
} from "../../store/index.js";

export interface WithdrawalStep {
  /** `delete`: every source was abandoned; `flag`: some were. */
  action: "delete" | "flag";
  dir: string;
  /** Topic file name (`<name>.md`). */
  file: string;
  /** `topicHash` of the text the step was planned from. */
  hash: string;
  /** The abandoned sources of the topic. */
  abandoned: string[];
  /** flag: the new topic text. */
  text?: string;
}

/** A loaded topic file with the text it was parsed from. */
export interface LoadedTopic {
  dir: string;
  file: string;
  text: string;
  topic: TopicFile;
}

const sourcesOf = (t: TopicFile): string[] =>
  Array.isArray(t.metadata.sources) ? t.metadata.sources.map(String) : [];

/** The steps for `topics` given the abandoned entry uuids. Pure. */
export function planWithdrawal(
  topics: readonly LoadedTopic[],
  abandoned: ReadonlySet<string>,
): WithdrawalStep[] {
  const steps: WithdrawalStep[] = [];
  for (const t of topics) {
    const sources = sourcesOf(t.topic);
    const hit = sources.filter((s) => abandoned.has(s));
    if (hit.length === 0) continue;
    const base = { dir: t.dir, file: t.file, hash: topicHash(t.text), abandoned: hit };
    if (hit.length === sources.length) {
      steps.push({ action: "delete", ...base });
      continue;
    }
    const had = Array.isArray(t.topic.metadata.abandonedSources)
      ? t.topic.metadata.abandonedSources.map(String)
      : [];
    const all = [...new Set([...had, ...hit])];
    if (all.length === had.length) continue;
    const text = serializeTopic({ ...t.topic, metadata: { ...t.topic.metadata, abandonedSources: all } });
    steps.push({ action: "flag", ...base, text });
  }
  return steps;
}

/** Every topic file of `dirs` that parses (unreadable or malformed ones are left out). */
export function loadTopics(dirs: readonly string[], nowMs: number): LoadedTopic[] {
  const out: LoadedTopic[] = [];
  for (const dir of dirs)
    for (const file of listTopicFiles(dir)) {
      try {
        const text = readTextIfExists(join(dir, file));
        if (text === undefined) continue;
        out.push({ dir, file, text, topic: parseTopic(text, join(dir, file), nowMs) });
      } catch {
        // not a topic file this step can judge: left as it is
      }
    }
  return out;
}

export interface WithdrawalResult {
  /** Topic files deleted / flagged (absolute paths). */
  deleted: string[];
  flagged: string[];
  /** Planned steps not done: the file changed or vanished after it was read. */
  skipped: string[];
}

/**
 * Applies `steps` (each under its memory dir's lock) into `journal`.
 * @throws MemdirError LOCK_TIMEOUT, BAD_PATH; steps done before the failure stay done and journaled.
 */
export function applyWithdrawal(
  steps: readonly WithdrawalStep[],
  journal: Journal,
  nowMs: number,
): WithdrawalResult {
  const out: WithdrawalResult = { deleted: [], flagged: [], skipped: [] };
  for (const s of steps) {
    const path = join(s.dir, s.file);
    if (s.action === "delete") {
      const r = deleteMemoryIfUnchanged(s.dir, s.file, { expectedHash: s.hash, journal });
      (r.action === "deleted" ? out.deleted : out.skipped).push(path);
    } else {
      const r = replaceMemory(s.dir, s.file, s.text ?? "", { expectedHash: s.hash, nowMs, journal });
      (r.action === "replaced" ? out.flagged : out.skipped).push(path);
    }
  }
  return out;
}
