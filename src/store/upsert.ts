/**
 * Storing a memory (DESIGN.md §4 extraction job: "merge into an existing file rather than creating
 * a near-duplicate"). The whole read-modify-write, MEMORY.md included, runs under the dir lock.
 */
import { join } from "node:path";
import { CHECKED_ROUNDS } from "../core/checked-write.js";
import { isoUtc } from "../core/clock.js";
import { MemdirError } from "../core/errors.js";
import { readBytesIfExists } from "../core/fs.js";
import { normalizeNewlines, squashWhitespace, toWellFormed, truncateCodePoints } from "../core/text.js";
import { safeSlug, scrub } from "../privacy/index.js";
import { ParseCache } from "./cache.js";
import { trackedRemove, trackedWrite } from "./history/journal.js";
import {
  fileExists,
  type StoreWriteOptions,
  scanAll,
  withStoreLock,
  writeIndexLocked,
} from "./index-write.js";
import { restates } from "./rule-key.js";
import { listTopicFiles } from "./scan.js";
import { containsFact, factText, fileStem, findNearDuplicate } from "./similarity.js";
import { planSupersede } from "./supersede.js";
import { parseTopic, readTopic, serializeTopic, validateType } from "./topic.js";
import { topicNameBase } from "./topic-name.js";
import type { MemoryDraft, TopicFile, TopicHeader, UpsertResult } from "./types.js";

/** Provenance kept per topic (`metadata.sources`): the newest N, so the frontmatter stays within the 30 scanned lines. */
export const MAX_SOURCES = 10;

/** ISO 8601 UTC without milliseconds, e.g. `2026-11-29T10:00:00Z`. */
const isoSeconds = (ms: number) => isoUtc(ms).replace(/\.\d{3}Z$/, "Z");

interface CleanDraft extends MemoryDraft {
  sources: string[];
}

/** Scrubs (privacy) and normalizes every text field of a draft. */
function cleanDraft(draft: MemoryDraft): CleanDraft {
  const type = validateType(draft.type, "the memory draft");
  const text = (s: string) => toWellFormed(normalizeNewlines(scrub(s)));
  const body = text(draft.body ?? "")
    .replace(/^\s*\n/, "")
    .trimEnd();
  let description = squashWhitespace(text(draft.description ?? ""));
  if (description === "" && body === "") {
    throw new MemdirError("BAD_INPUT", "the memory draft has no text", {
      expected: "a description or a body that is not empty after removing private text and secrets",
      received: `description ${JSON.stringify(draft.description ?? "")}, body of ${(draft.body ?? "").length} characters`,
      hint: "skip this memory, or give it content that is not marked <private>",
    });
  }
  if (description === "")
    description = truncateCodePoints(squashWhitespace(body.split("\n").find((l) => l.trim()) ?? ""), 120);
  const out: CleanDraft = { type, description, body: body === "" ? description : body, sources: [] };
  const name = draft.name === undefined ? "" : squashWhitespace(text(draft.name));
  if (name !== "") out.name = name;
  if (draft.originSessionId) out.originSessionId = text(draft.originSessionId);
  if (draft.corrects === true) out.corrects = true;
  out.sources = (draft.sources ?? []).map((s) => text(String(s)).trim()).filter((s) => s !== "");
  return out;
}

/**
 * A file name for a new topic: the slug of the draft's name, else `<type>-<slug of description>` cut
 * at a word to 48 characters; `-2`, `-3`, … appended until no file (any case) has it. Slugs are
 * privacy `safeSlug`s: no redaction marker and no secret-looking segment ever names a file.
 */
function newTopicName(memoryDir: string, d: CleanDraft): string {
  const base = topicNameBase(d.type, d.name, d.description);
  const taken = new Set(listTopicFiles(memoryDir).map((f) => f.toLowerCase()));
  let name = base;
  for (let i = 2; taken.has(`${name}.md`) || fileExists(join(memoryDir, `${name}.md`)); i++)
    name = `${base}-${i}`;
  return name;
}

/**
 * `metadata.sources` with `add` appended (no duplicates, no empty ids, the newest MAX_SOURCES kept), or
 * undefined when nothing new was added.
 */
export function unionSources(existing: unknown, add: readonly string[]): string[] | undefined {
  const prev = Array.isArray(existing)
    ? existing.map(String)
    : existing === undefined
      ? []
      : [String(existing)];
  const all = [...prev];
  for (const s of add) if (s !== "" && !all.includes(s)) all.push(s);
  if (all.length === prev.length) return undefined;
  return all.slice(-MAX_SOURCES);
}

/** The topic file at `path` read again, with its bytes; "retry" when it vanished or stopped parsing. */
function reread(path: string, nowMs: number): { bytes: Buffer; topic: TopicFile } | "retry" {
  const bytes = readBytesIfExists(path);
  if (bytes === null) return "retry";
  try {
    return { bytes, topic: parseTopic(bytes.toString("utf8"), path, nowMs) };
  } catch {
    return "retry";
  }
}

/**
 * Merges `d` into the topic file at `path`, read again here: the checked write is against these
 * bytes. "retry": the file changed, vanished or stopped parsing since the scan (a live writer).
 */
function mergeInto(
  path: string,
  d: CleanDraft,
  nowMs: number,
  opts: StoreWriteOptions,
): "merged" | "unchanged" | "retry" {
  const read = reread(path, nowMs);
  if (read === "retry") return "retry";
  const { bytes, topic } = read;
  const fact = factText(d.body);
  const known =
    containsFact(`${topic.description}\n${topic.body}`, d.body) ||
    restates(fact, topic.description) ||
    topic.body.split(/\n\s*\n/).some((p) => restates(fact, factText(p)));
  const sources = unionSources(topic.metadata.sources, d.sources);
  if (known && !sources) return "unchanged";
  const next: TopicFile = { ...topic, metadata: { ...topic.metadata, updated: isoSeconds(nowMs) } };
  if (!known) next.body = topic.body.trim() === "" ? d.body : `${topic.body}\n\n${d.body}`;
  if (sources) next.metadata.sources = sources;
  return trackedWrite(opts, path, serializeTopic(next), bytes).status === "written" ? "merged" : "retry";
}

/**
 * Rewrites the topic at `path`, read again here, when `d` corrects it (`planSupersede`); a topic whose
 * description was superseded moves to a name derived from `d` (the old file is removed in the same
 * change set). Undefined when `d` corrects nothing there; "retry" when the file changed meanwhile.
 */
function supersedeInto(
  memoryDir: string,
  path: string,
  d: CleanDraft,
  nowMs: number,
  opts: StoreWriteOptions,
): { name: string; path: string } | "retry" | undefined {
  const read = reread(path, nowMs);
  if (read === "retry") return "retry";
  const { bytes, topic } = read;
  const plan = planSupersede(d, [topic], nowMs);
  if (!plan) return undefined;
  const next: TopicFile = { ...plan.topic, metadata: { ...plan.topic.metadata, updated: isoSeconds(nowMs) } };
  const sources = unionSources(topic.metadata.sources, d.sources);
  if (sources) next.metadata.sources = sources;
  if (!plan.described || fileStem(path) === (d.name ? safeSlug(d.name) : "")) {
    return trackedWrite(opts, path, serializeTopic(next), bytes).status === "written"
      ? { name: fileStem(path), path }
      : "retry";
  }
  // named after what it says now: the draft's name fits only the draft's own description
  const { name: _drop, ...unnamed } = d;
  const name = newTopicName(
    memoryDir,
    plan.topic.description === d.description ? d : { ...unnamed, description: plan.topic.description },
  );
  const moved: TopicFile = { ...next, name, path: join(memoryDir, `${name}.md`) };
  if (trackedWrite(opts, moved.path, serializeTopic(moved), null).status !== "written") return "retry";
  trackedRemove(opts, path, bytes);
  return { name, path: moved.path };
}

/** A new topic file for `d`; undefined when another writer created a file of that name meanwhile. */
function createTopic(
  memoryDir: string,
  d: CleanDraft,
  nowMs: number,
  opts: StoreWriteOptions,
): TopicFile | undefined {
  const name = newTopicName(memoryDir, d);
  const metadata: Record<string, unknown> = {};
  if (d.originSessionId) metadata.originSessionId = d.originSessionId;
  if (d.sources.length > 0) metadata.sources = d.sources.slice(-MAX_SOURCES);
  metadata.updated = isoSeconds(nowMs);
  const topic: TopicFile = {
    name,
    description: d.description,
    type: d.type,
    body: d.body,
    metadata,
    extra: {},
    form: "top-level-type",
    path: join(memoryDir, `${name}.md`),
    mtimeMs: nowMs,
  };
  return trackedWrite(opts, topic.path, serializeTopic(topic), null).status === "written" ? topic : undefined;
}

function headerOf(path: string): TopicHeader | undefined {
  try {
    const t = readTopic(path);
    return { name: t.name, description: t.description, type: t.type, path, mtimeMs: t.mtimeMs };
  } catch {
    return undefined;
  }
}

const topicCache = new ParseCache<TopicFile>();

/**
 * Stores a memory: scrubs every text (private tags, secrets), validates the type, then under the
 * dir lock re-reads the dir, merges into a near-duplicate topic of the same type (same file name,
 * or similarity ≥ MERGE_THRESHOLD; the fact is appended unless its words already appear, sources
 * are unioned, `metadata.updated` set to `nowMs`) or creates `<slug>.md` with a unique name, writes
 * atomically and updates MEMORY.md in the same lock.
 * @throws MemdirError BAD_MEMORY_TYPE (type not in the closed set), BAD_INPUT (no text left after
 *   scrubbing), LOCK_TIMEOUT (dir lock held longer than `lockTimeoutMs`).
 */
export function upsertMemory(
  memoryDir: string,
  draft: MemoryDraft,
  opts: { nowMs: number } & StoreWriteOptions,
): UpsertResult {
  const d = cleanDraft(draft);
  return withStoreLock(
    memoryDir,
    () => {
      // A live writer (no memdir lock) changing the chosen file meanwhile: decided again from the dir as it is then.
      for (let round = 0; round < CHECKED_ROUNDS; round++) {
        const headers = scanAll(memoryDir);
        const candidates = headers
          .filter((h) => h.type === d.type)
          .flatMap((h) => {
            try {
              return [topicCache.getPath(h.path, () => readTopic(h.path))];
            } catch {
              return [];
            }
          });
        const corrected = planSupersede(d, candidates, opts.nowMs)?.topic.path;
        const sup = corrected ? supersedeInto(memoryDir, corrected, d, opts.nowMs, opts) : undefined;
        if (sup === "retry") continue;
        const dup = sup ? undefined : findNearDuplicate(d, d.name ? safeSlug(d.name) : undefined, candidates);
        let result: UpsertResult;
        if (sup) {
          result = { action: "replaced", ...sup };
        } else if (dup) {
          const action = mergeInto(dup.topic.path, d, opts.nowMs, opts);
          if (action === "retry") continue;
          result = { action, name: fileStem(dup.topic.path), path: dup.topic.path };
        } else {
          const t = createTopic(memoryDir, d, opts.nowMs, opts);
          if (t === undefined) continue;
          result = { action: "created", name: t.name, path: t.path };
        }
        const rest = headers.filter((h) => h.path !== result.path && h.path !== corrected);
        const mine = headerOf(result.path);
        const idx = writeIndexLocked(memoryDir, mine ? [...rest, mine] : rest, opts);
        return idx.warning ? { ...result, warning: idx.warning } : result;
      }
      throw new MemdirError("IO", `the memory dir ${memoryDir} kept changing while a memory was stored`, {
        expected: "the topic file chosen for the memory to stay still while it is written",
        received: `${CHECKED_ROUNDS} changes by another writer in a row`,
        hint: "nothing was lost; the memory is stored by the next run",
      });
    },
    opts,
  );
}
