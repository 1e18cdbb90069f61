/**
 * Folding one working topic into another (duplicate merges, distillation, reflect): the target keeps
 * its text and gains every line of the other that states something it does not already say, the
 * provenance of both (`metadata.sources` unioned as the store does, `mergedFrom`, `supersedes`), and
 * the newest `updated`.
 */
import { containsFact, fileStem } from "../../../store/similarity.js";
import type { TopicFile } from "../../../store/types.js";
import { unionSources } from "../../../store/upsert.js";
import { cmp, isoSeconds } from "./orient.js";
import { factTokens, isWhyHowLine, sentences, tokenKeys } from "./tokens.js";
import type { WorkTopic } from "./types.js";

/**
 * The topic a cluster folds into (`byTargetOrder`): a file before a log entry, the oldest, the
 * shortest name, the first by name. Stable for the same cluster.
 */
export function pickTarget(members: WorkTopic[]): WorkTopic {
  return [...members].sort(byTargetOrder)[0]!;
}

/** Files first, then oldest, then the shorter name (`x.md` before `x-copy.md`), then by name. */
export function byTargetOrder(a: WorkTopic, b: WorkTopic): number {
  if (a.origin !== b.origin) return a.origin === "file" ? -1 : 1;
  return a.recencyMs - b.recencyMs || a.file.length - b.file.length || cmp(a.file, b.file);
}

const isSubset = (a: Set<string>, b: Set<string>) => [...a].every((k) => b.has(k));

/**
 * True when `line` adds nothing to `topic`: blank, its words in order already in the topic
 * (`containsFact`), or each of its sentences has no token (numbers and polarity words included)
 * outside one single sentence of the topic.
 */
export function isRedundantLine(line: string, topic: Pick<TopicFile, "description" | "body">): boolean {
  if (line.trim() === "") return true;
  const text = `${topic.description}\n${topic.body}`;
  if (containsFact(text, line)) return true;
  const why = isWhyHowLine(line);
  const pool: Set<string>[] = [];
  for (const l of text.split("\n")) {
    if (isWhyHowLine(l) !== why) continue;
    for (const s of sentences(l)) pool.push(tokenKeys(s));
  }
  return sentences(line).every((s) => {
    const keys = new Set(factTokens(s).map((t) => t.key));
    return keys.size === 0 || pool.some((p) => isSubset(keys, p));
  });
}

/** The lines of `other` (description first when its body does not say it) that `target` lacks. */
export function newLines(target: Pick<TopicFile, "description" | "body">, other: TopicFile): string[] {
  const out: string[] = [];
  const grown = { description: target.description, body: target.body };
  // the other's description and body stay one paragraph (one block for the next dream's comparison)
  const segments = splitFenced(other.body.replace(/^(?:[ \t]*\n)+/, ""));
  if (!containsFact(other.body, other.description)) segments.unshift(other.description);
  for (const seg of segments) {
    if (seg.trim() === "") {
      if (out.length > 0 && out[out.length - 1]!.trim() !== "") out.push("");
      continue;
    }
    const block = seg.includes("\n");
    if (block ? grown.body.includes(seg) : isRedundantLine(seg, grown)) continue;
    out.push(seg);
    grown.body = `${grown.body}\n${seg}`;
  }
  while (out.length > 0 && out[out.length - 1]!.trim() === "") out.pop();
  return out;
}

/** The lines of `body`, each fenced code block (fences included) kept together as one segment. */
function splitFenced(body: string): string[] {
  const out: string[] = [];
  let block: string[] | undefined;
  for (const line of body.split("\n")) {
    const fence = /^\s*(?:```|~~~)/.test(line);
    if (block) {
      block.push(line);
      if (fence) {
        out.push(block.join("\n"));
        block = undefined;
      }
    } else if (fence) {
      block = [line];
    } else {
      out.push(line);
    }
  }
  if (block) out.push(block.join("\n"));
  return out;
}

/** Union of two list-valued metadata entries (deduplicated by JSON, order kept). */
/**
 * Provenance kept per topic, newest last, so the frontmatter stays within the 30 lines every scan
 * reads (Claude Code FRONTMATTER_MAX_LINES; store MAX_SOURCES keeps `sources` at 10): a topic whose
 * frontmatter is not closed by line 30 drops out of MEMORY.md and of recall. `supersedes` entries
 * take three lines each.
 */
export const MAX_MERGED_FROM = 5;
export const MAX_SUPERSEDES = 2;

function unionList(a: unknown, b: unknown, max: number): unknown[] {
  const out: unknown[] = [];
  const seen = new Set<string>();
  for (const v of [...(Array.isArray(a) ? a : []), ...(Array.isArray(b) ? b : [])]) {
    const k = JSON.stringify(v);
    if (seen.has(k)) continue;
    seen.add(k);
    out.push(v);
  }
  return out.slice(-max);
}

/** `target`'s metadata with `other`'s provenance added (sources, supersedes, mergedFrom). */
export function mergeMetadata(target: WorkTopic, other: WorkTopic): Record<string, unknown> {
  const md = { ...target.topic.metadata };
  const o = other.topic.metadata;
  const add = Array.isArray(o.sources)
    ? o.sources.map(String)
    : o.sources === undefined
      ? []
      : [String(o.sources)];
  const sources = unionSources(md.sources, add);
  if (sources) md.sources = sources;
  if (Array.isArray(o.supersedes) && o.supersedes.length > 0)
    md.supersedes = unionList(md.supersedes, o.supersedes, MAX_SUPERSEDES);
  if (other.origin === "file") {
    const names = [fileStem(other.file), ...(Array.isArray(o.mergedFrom) ? o.mergedFrom : [])];
    md.mergedFrom = unionList(md.mergedFrom, names, MAX_MERGED_FROM);
  } else if (Array.isArray(o.mergedFrom)) {
    md.mergedFrom = unionList(md.mergedFrom, o.mergedFrom, MAX_MERGED_FROM);
  }
  return md;
}

/**
 * Folds `other` into `target`: its new lines appended as a paragraph (`body` replaced when given,
 * e.g. by reflect), metadata merged, `updated` set to the newer of the two, logs carried, `other`
 * marked merged.
 */
export function foldInto(
  target: WorkTopic,
  other: WorkTopic,
  kind: "duplicate" | "reflect",
  reason: string,
  body?: string,
): void {
  let nextBody = body;
  if (nextBody === undefined) {
    const lines = newLines(target.topic, other.topic);
    nextBody = lines.length === 0 ? target.topic.body : `${target.topic.body}\n\n${lines.join("\n")}`.trim();
  }
  const metadata = mergeMetadata(target, other);
  target.recencyMs = Math.max(target.recencyMs, other.recencyMs);
  metadata.updated = isoSeconds(target.recencyMs);
  target.topic = { ...target.topic, body: nextBody, metadata };
  target.logs.push(...other.logs);
  target.absorbed.push({ w: other, kind, reason }, ...other.absorbed);
  other.absorbed = [];
  other.status = "merged";
  other.mergedInto = target;
}
