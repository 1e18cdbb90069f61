/**
 * Orient and gather phases of the offline dream (DESIGN.md §4 "Dream job"): parse every topic file
 * (unparsable ones are skipped with a note; anything that is not a plain `<name>.md` of a root, e.g.
 * `team/`, is never planned for) and turn daily-log drafts into working topics.
 */
import { describeError } from "../../../core/errors.js";
import { normalizeNewlines, squashWhitespace, toWellFormed, truncateCodePoints } from "../../../core/text.js";
import { scrub } from "../../../privacy/index.js";
import { INDEX_FILE } from "../../../store/memory-md.js";
import { parseTopic, validateType } from "../../../store/topic.js";
import type { TopicFile } from "../../../store/types.js";
import type { DreamScope } from "../plan/types.js";
import type { OfflineDreamInput, OfflineLogDraft, WorkTopic } from "./types.js";

/** A plain topic file name: no directory, not hidden, `.md`, not MEMORY.md. */
export function isPlainTopicName(file: string): boolean {
  return (
    /^[^/\\\0]+\.md$/i.test(file) && !file.startsWith(".") && file.toLowerCase() !== INDEX_FILE.toLowerCase()
  );
}

/** ms of a frontmatter time value (ISO string, YYYY-MM-DD, Date), or undefined. */
export function timeValue(v: unknown): number | undefined {
  if (v instanceof Date) return Number.isFinite(v.getTime()) ? v.getTime() : undefined;
  if (typeof v !== "string" || v.trim() === "") return undefined;
  const ms = Date.parse(v.trim());
  return Number.isFinite(ms) ? ms : undefined;
}

/**
 * The memory's own date (ms): the newest of `metadata.updated` and a top-level `updated:`, else the
 * newest of `metadata.created` and a top-level `created:`, else the file's mtime. Claude Code's own
 * files carry neither; hand-written ones often carry the top-level keys.
 */
export function recencyOf(t: Pick<TopicFile, "metadata" | "extra" | "mtimeMs">): number {
  return explicitDateOf(t) ?? t.mtimeMs;
}

/**
 * The memory's explicit date (ms): the newest of `metadata.updated` and a top-level `updated:`, else
 * the newest of `metadata.created` and a top-level `created:`; undefined when it has none (Claude
 * Code's own files). Only an explicit date may decide a contradiction: an mtime changes with a
 * `touch`, `git checkout` or `cp`.
 */
export function explicitDateOf(t: Pick<TopicFile, "metadata" | "extra">): number | undefined {
  const newest = (...vs: unknown[]) => {
    const ms = vs.map(timeValue).filter((v) => v !== undefined);
    return ms.length === 0 ? undefined : Math.max(...ms);
  };
  return newest(t.metadata.updated, t.extra.updated) ?? newest(t.metadata.created, t.extra.created);
}

const blank = (scope: DreamScope, file: string): Omit<WorkTopic, "topic" | "recencyMs" | "origin"> => ({
  scope,
  file,
  status: "alive",
  absorbed: [],
  changes: [],
  logs: [],
  frozen: false,
});

/**
 * Working topics for every parsable plain topic file of a known root, sorted by scope then file.
 * Notes name every file skipped and why.
 */
export function orientTopics(input: OfflineDreamInput, notes: string[]): WorkTopic[] {
  const out: WorkTopic[] = [];
  const sorted = [...input.topics].sort((a, b) => cmp(a.scope, b.scope) || cmp(a.file, b.file));
  for (const f of sorted) {
    const root = f.scope === "user" ? input.roots.user : input.roots.project;
    if (root === undefined) {
      notes.push(`skipped ${f.scope}/${f.file}: no ${f.scope} memory dir was given`);
      continue;
    }
    if (f.file.toLowerCase() === INDEX_FILE.toLowerCase()) continue;
    if (!isPlainTopicName(f.file)) {
      notes.push(
        `left ${f.scope}/${f.file} alone: only plain <name>.md files of the memory dir are consolidated`,
      );
      continue;
    }
    try {
      const topic = parseTopic(f.text, `${root}/${f.file}`, f.mtimeMs);
      out.push({
        ...blank(f.scope, f.file),
        origin: "file",
        text: f.text,
        topic,
        recencyMs: recencyOf(topic),
      });
    } catch (e) {
      notes.push(`skipped ${f.scope}/${f.file}: ${truncateCodePoints(describeError(e), 200)}`);
    }
  }
  return out;
}

/** ISO 8601 UTC without milliseconds (the store's `metadata.updated` form). */
export const isoSeconds = (ms: number): string => new Date(ms).toISOString().replace(/\.\d{3}Z$/, "Z");

/**
 * Working topics for the daily-log drafts (gather phase), oldest first: scrubbed (private tags,
 * secrets), type validated; `user` drafts go to the user scope when a user root exists.
 */
export function gatherLogs(input: OfflineDreamInput, notes: string[]): WorkTopic[] {
  const out: WorkTopic[] = [];
  const drafts = input.logDrafts
    .map((d, i) => ({ d, i }))
    .sort((x, y) => x.d.atMs - y.d.atMs || cmp(x.d.file, y.d.file) || x.i - y.i);
  for (const { d, i } of drafts) {
    const w = logTopic(input, d, i, notes);
    if (w) out.push(w);
  }
  return out;
}

function logTopic(
  input: OfflineDreamInput,
  d: OfflineLogDraft,
  i: number,
  notes: string[],
): WorkTopic | undefined {
  let type: TopicFile["type"];
  try {
    type = validateType(d.draft.type, `the draft from ${d.file}`);
  } catch (e) {
    notes.push(`skipped an entry of ${d.file}: ${truncateCodePoints(describeError(e), 200)}`);
    return undefined;
  }
  const clean = (s: string | undefined) => toWellFormed(normalizeNewlines(scrub(s ?? "")));
  const body = clean(d.draft.body)
    .replace(/^\s*\n/, "")
    .trimEnd();
  const description = squashWhitespace(clean(d.draft.description));
  if (body === "" && description === "") {
    notes.push(`skipped an empty entry of ${d.file}`);
    return undefined;
  }
  const scope: DreamScope = type === "user" && input.roots.user !== undefined ? "user" : "project";
  const metadata: Record<string, unknown> = {};
  if (d.draft.originSessionId) metadata.originSessionId = clean(d.draft.originSessionId);
  const sources = (d.draft.sources ?? []).map((s) => clean(String(s)).trim()).filter((s) => s !== "");
  if (sources.length > 0) metadata.sources = sources;
  metadata.updated = isoSeconds(d.atMs);
  const file = `log:${i}`;
  const name = d.draft.name ? squashWhitespace(clean(d.draft.name)) : "";
  const topic: TopicFile = {
    name,
    description:
      description === "" ? truncateCodePoints(squashWhitespace(body.split("\n")[0] ?? ""), 120) : description,
    type,
    body: body === "" ? description : body,
    metadata,
    extra: {},
    form: "top-level-type",
    path: file,
    mtimeMs: d.atMs,
  };
  return { ...blank(scope, file), origin: "log", topic, recencyMs: d.atMs, logs: [d.file] };
}

/** Code-unit string order (locale-independent, deterministic). */
export const cmp = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);
