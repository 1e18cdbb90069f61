/**
 * Turns the working topics into plan entries: one entry per file in total (a merge target's own
 * date or contradiction changes live inside its merge content), new topics named like the store
 * names them, and `seen` filled with the hash of every text read.
 */
import { topicHash } from "../../../store/replace.js";
import { serializeTopic } from "../../../store/topic.js";
import { topicNameBase } from "../../../store/topic-name.js";
import type { DreamCreate, DreamDeletion, DreamMerge, DreamRewrite, DreamScope } from "../plan/types.js";
import { seenKey } from "../plan/types.js";
import { label } from "./contradictions.js";
import { serializeNewTopic } from "./new-topic.js";
import { cmp, isoSeconds } from "./orient.js";
import type { WorkChange, WorkTopic } from "./types.js";

const KIND_ORDER: WorkChange["kind"][] = ["contradiction", "distill", "dates", "fix"];

/** Lower-case file names taken in each scope (existing files of any kind, then planned ones). */
export type TakenNames = Map<DreamScope, Set<string>>;

/** A free `<name>.md` for a new topic in `scope`, reserved in `taken` (store upsert's naming rule). */
export function freeName(taken: TakenNames, scope: DreamScope, base: string): string {
  const set = taken.get(scope) ?? new Set<string>();
  taken.set(scope, set);
  let b = base === "" ? "memory-topic" : base;
  if (b === "memory") b = "memory-topic";
  let name = b;
  for (let i = 2; set.has(`${name}.md`); i++) name = `${b}-${i}`;
  set.add(`${name}.md`);
  return `${name}.md`;
}

/** Gives every live log-born topic a file name (in work order, so deterministic). */
export function nameNewTopics(work: WorkTopic[], taken: TakenNames): void {
  for (const w of work) {
    if (w.origin !== "log" || w.status !== "alive") continue;
    const file = freeName(taken, w.scope, topicNameBase(w.topic.type, w.topic.name, w.topic.description));
    w.file = file;
    w.topic = { ...w.topic, name: file.replace(/\.md$/, ""), path: file };
  }
}

export interface Emitted {
  merges: DreamMerge[];
  rewrites: DreamRewrite[];
  creates: DreamCreate[];
  deletions: DreamDeletion[];
  seen: Record<string, string | null>;
}

/** Plan entries for every working topic; notes for log entries that were superseded. */
export function emit(work: WorkTopic[], notes: string[]): Emitted {
  const out: Emitted = { merges: [], rewrites: [], creates: [], deletions: [], seen: {} };
  const read = (w: WorkTopic) => {
    out.seen[seenKey(w.scope, w.file)] = w.origin === "file" ? topicHash(w.text ?? "") : null;
  };
  for (const w of work) {
    if (w.status === "merged") continue;
    if (w.status === "deleted") {
      if (w.origin === "log") notes.push(`${label(w)} was not kept: ${w.deletion?.reason ?? "superseded"}`);
      else {
        out.deletions.push({
          scope: w.scope,
          file: w.file,
          kind: w.deletion!.kind,
          reason: w.deletion!.reason,
        });
        read(w);
      }
      continue;
    }
    // the memory's own date, never the dream's (merges: the newest of their sources, set by foldInto)
    const topic = { ...w.topic, metadata: { ...w.topic.metadata, updated: isoSeconds(w.recencyMs) } };
    const content = w.origin === "log" ? serializeNewTopic(topic) : serializeTopic(topic);
    const reasons = [
      ...w.changes.map((c) => c.detail),
      ...w.absorbed.map((a) => `${label(a.w)}: ${a.reason}`),
    ];
    const from = w.absorbed.filter((a) => a.w.origin === "file").map((a) => a.w);
    const logs = w.absorbed.filter((a) => a.w.origin === "log").length + (w.origin === "log" ? 1 : 0);
    if (logs > 0) reasons.push(`distilled ${logs} daily-log entr${logs === 1 ? "y" : "ies"}`);
    const reason = reasons.join("; ");
    const reflect = w.absorbed.some((a) => a.kind === "reflect");
    if (w.origin === "log") {
      out.creates.push({
        scope: w.scope,
        file: w.file,
        content,
        kind: reflect ? "reflect" : "distill",
        reason,
      });
      read(w);
    } else if (from.length > 0) {
      const files = from.map((f) => f.file).sort(cmp);
      out.merges.push({
        scope: w.scope,
        file: w.file,
        from: files,
        content,
        kind: reflect ? "reflect" : "duplicate",
        reason,
      });
      read(w);
      for (const f of from) read(f);
    } else if (w.absorbed.length > 0 || w.changes.length > 0) {
      const kind =
        w.absorbed.length > 0 ? "distill" : KIND_ORDER.find((k) => w.changes.some((c) => c.kind === k))!;
      out.rewrites.push({ scope: w.scope, file: w.file, content, kind, reason });
      read(w);
    }
  }
  return out;
}
