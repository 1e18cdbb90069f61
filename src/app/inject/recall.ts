/**
 * Recall (DESIGN.md §4 "Each prompt"): at UserPromptSubmit, up to RECALL_MAX_FILES
 * topic files relevant to the prompt that were not surfaced earlier in the session, within
 * RECALL_BUDGET_CHARS, each with its path and description and fenced as data; nothing for trivial
 * prompts. At PreToolUse (Read/Edit/Write…), memories that mention the file, once per file per session.
 */

import { basename, isAbsolute, relative, resolve, sep } from "node:path";
import { truncateCodePoints } from "../../core/text.js";
import { advisoryThrottled, claimAdvisory, markSurfaced, readSurfaced } from "../../sessions/index.js";
import { listTopicFiles } from "../../store/list.js";
import type { AppContext } from "../context.js";
import { openSyncedSearchDb } from "../search-db.js";
import { DATA_PREFACE, fenceAsData } from "./fence.js";

/** At most this many topic files per prompt. */
export const RECALL_MAX_FILES = 5;
/** The whole recall block stays within this many UTF-16 code units (4,000 characters). */
export const RECALL_BUDGET_CHARS = 4_000;
/** PreToolUse file recall: at most this many memories, within this budget. */
export const FILE_RECALL_MAX = 3;
export const FILE_RECALL_BUDGET_CHARS = 2_000;
/** Hooks wait at most this long (ms) for another index writer. */
export const HOOK_BUSY_TIMEOUT_MS = 300;

const TRIVIAL = new Set(
  [
    "continue",
    "go on",
    "go ahead",
    "ok",
    "okay",
    "k",
    "yes",
    "y",
    "yep",
    "yeah",
    "no",
    "n",
    "nope",
    "sure",
    "thanks",
    "thank you",
    "thx",
    "ty",
    "done",
    "next",
    "proceed",
    "do it",
    "lgtm",
    "good",
    "great",
    "nice",
    "cool",
    "right",
    "retry",
    "try again",
    "again",
    "stop",
    "wait",
    "hmm",
    "please",
    "keep going",
    "carry on",
    "sounds good",
    "looks good",
    "perfect",
    "agreed",
    "correct",
    "계속",
    "계속해",
    "계속해줘",
    "계속 해",
    "네",
    "응",
    "ㅇㅇ",
    "ㅇㅋ",
    "좋아",
    "좋아요",
    "고마워",
    "감사",
    "감사합니다",
    "진행",
    "진행해",
    "진행해줘",
    "그래",
    "아니",
    "아니요",
    "맞아",
    "확인",
    "다음",
    "続けて",
    "はい",
    "いいえ",
    "继续",
    "好",
    "好的",
    "是",
    "谢谢",
  ].map((s) => s.normalize("NFKC")),
);

/** True for prompts that carry no topic ("continue", "ok", "계속", a bare slash command, punctuation). */
export function isTrivialPrompt(prompt: string): boolean {
  if (prompt.length > 40) return false; // every entry of TRIVIAL is shorter: skip the Unicode regex
  const t = prompt
    .normalize("NFKC")
    .toLowerCase()
    .replace(/[\s\p{P}\p{S}]+/gu, " ")
    .trim();
  if (t === "") return true;
  if (/^\/\S+$/.test(prompt.trim())) return true;
  return TRIVIAL.has(t);
}

/** True when some memory dir holds a topic file: otherwise recall is skipped without opening SQLite. */
function anyTopics(ctx: AppContext): boolean {
  const { memoryDir, userMemoryDir } = ctx.paths;
  return [memoryDir, `${memoryDir}/team`, userMemoryDir].some((d) => listTopicFiles(d).length > 0);
}

interface Recalled {
  path: string;
  type: string;
  name: string;
  description: string;
  body: string;
}

/**
 * One fenced block per memory (at most `max`), within `budget` UTF-16 units in all. Each memory gets
 * an equal share of what is left for bodies (a long first memory cannot starve the others); a body
 * longer than its share is cut.
 */
function formatRecall(
  header: string,
  items: Recalled[],
  max: number,
  budget: number,
): { text: string; used: Recalled[] } {
  const chosen = items.slice(0, max);
  let text = `${DATA_PREFACE}\n${header}`;
  const used: Recalled[] = [];
  const frames = chosen.map((m) => {
    const head = `[${m.type}] ${m.name}${m.description ? ` — ${m.description}` : ""}`;
    return { m, head, frame: fenceAsData(m.path, head, { preface: false }).length + 2 };
  });
  for (const [i, { m, head, frame }] of frames.entries()) {
    const left = budget - text.length - 1;
    const framesAfter = frames.slice(i + 1).reduce((a, f) => a + f.frame + 1, 0);
    if (frame > left) break;
    const share = Math.floor((left - framesAfter) / (frames.length - i)) - frame;
    const body = share >= 40 ? truncateCodePoints(m.body.trim(), share) : "";
    const block = fenceAsData(m.path, body ? `${head}\n${body}` : head, { preface: false });
    if (block.length > left) break;
    text += `\n${block}`;
    used.push(m);
  }
  return { text: used.length ? text : "", used };
}

/**
 * UserPromptSubmit recall. Returns the text for `additionalContext`, or "" (trivial prompt, no
 * memories, nothing relevant, everything relevant already surfaced).
 */
export async function recallForPrompt(ctx: AppContext, sessionId: string, prompt: string): Promise<string> {
  if (isTrivialPrompt(prompt) || !anyTopics(ctx)) return "";
  const { s, db } = await openSyncedSearchDb(ctx, HOOK_BUSY_TIMEOUT_MS, { sources: ["memories"] });
  try {
    const surfaced = readSurfaced(ctx.paths.stateRoot, sessionId);
    const plan = s.planQuery(db, prompt.slice(0, 10_000));
    const hits = s.querySearchDb(db, plan, {
      nowMs: ctx.rt.now(),
      limit: RECALL_MAX_FILES,
      filter: { sources: ["memories"], project: ctx.paths.projectRoot, excludeKeys: surfaced },
    });
    const relevant = hits.filter((h) => s.isRelevant(h, plan));
    if (!relevant.length) return "";
    const { text, used } = formatRecall(
      "Memories that may be relevant to this prompt (topic files; Read them for detail):",
      relevant.map((h) => ({
        path: h.path,
        type: h.type,
        name: h.name,
        description: h.description,
        body: readBody(db, h.key),
      })),
      RECALL_MAX_FILES,
      RECALL_BUDGET_CHARS,
    );
    const fresh = new Set(
      markSurfaced(
        ctx.paths.stateRoot,
        sessionId,
        used.map((u) => u.path),
      ),
    );
    if (fresh.size !== used.length) return ""; // a concurrent prompt surfaced them first
    return text;
  } finally {
    db.close();
  }
}

function readBody(db: import("../../search/index.js").Db, key: string): string {
  const r = db.prepare("SELECT body FROM docs WHERE key = ?").get(key) as { body: string } | undefined;
  return r?.body ?? "";
}

/**
 * Memory text mentions the file at project-relative `relPath`: some path written in the text that
 * ends with the file's base name must be a suffix of `relPath` (`rate/limiter.ts` and `limiter.ts`
 * mention `src/rate/limiter.ts`; `other/limiter.ts` does not), and a bare base name counts only
 * when it is distinctive (not `index.ts`, `main.py`, `README.md`…).
 */
export function mentionsFile(text: string, relPath: string): boolean {
  const hay = text.toLowerCase().replace(/\\/g, "/");
  const rel = relPath.toLowerCase().replace(/\\/g, "/").replace(/^\.\//, "");
  const base = basename(rel);
  const generic = /^(index|main|mod|lib|utils?|types?|__init__|readme|package|config|setup)\.[a-z0-9]+$/.test(
    base,
  );
  const esc = base.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
  for (const m of hay.matchAll(new RegExp(`([\\w.@~/-]*/)?${esc}(?![\\w-])`, "g"))) {
    const before = m.index === 0 ? "" : (hay[m.index - 1] as string);
    if (before && /[\w.-]/.test(before)) continue; // part of a longer name (`mylimiter.ts`)
    const written = m[0].replace(/^\.\//, "").replace(/^\/+/, "");
    if (written.includes("/")) {
      if (rel === written || rel.endsWith(`/${written}`)) return true;
    } else if (!generic) return true;
  }
  return false;
}

/**
 * PreToolUse file recall for `filePath` (absolute or cwd-relative). Returns text for
 * `additionalContext` or "". Each file is considered once per session (advisory throttle).
 */
export async function recallForFile(
  ctx: AppContext,
  sessionId: string,
  filePath: string,
  cwd: string,
): Promise<string> {
  const { stateRoot, projectRoot } = ctx.paths;
  // One key per file however the tool spelled it (`./src/a.ts`, `src/a.ts`, `/abs/src/a.ts`).
  const rel = relative(projectRoot, resolve(cwd, filePath)).split(sep).join("/");
  if (!rel || rel.startsWith("..") || isAbsolute(rel)) return "";
  const key = `file-recall:${rel}`;
  const now = ctx.rt.now();
  if (advisoryThrottled(stateRoot, sessionId, key, now, Number.POSITIVE_INFINITY) || !anyTopics(ctx))
    return "";
  if (!claimAdvisory(stateRoot, sessionId, key, now, Number.POSITIVE_INFINITY)) return "";
  const { s, db } = await openSyncedSearchDb(ctx, HOOK_BUSY_TIMEOUT_MS, { sources: ["memories"] });
  try {
    // Memories already recalled for a prompt (or another file) in this session are not repeated.
    const hits = s.querySearchDb(db, rel, {
      nowMs: now,
      limit: 20,
      filter: {
        sources: ["memories"],
        project: projectRoot,
        excludeKeys: readSurfaced(stateRoot, sessionId),
      },
    });
    const items: Recalled[] = [];
    for (const h of hits) {
      const body = readBody(db, h.key);
      if (mentionsFile(`${h.name}\n${h.description}\n${body}`, rel)) {
        items.push({ path: h.path, type: h.type, name: h.name, description: h.description, body });
      }
    }
    const { text, used } = formatRecall(
      `Memories that mention ${rel}:`,
      items,
      FILE_RECALL_MAX,
      FILE_RECALL_BUDGET_CHARS,
    );
    // The same surfaced set as prompt recall: a memory shown for a file is not shown again for a prompt.
    const fresh = markSurfaced(
      stateRoot,
      sessionId,
      used.map((u) => u.path),
    );
    return fresh.length === used.length ? text : "";
  } finally {
    db.close();
  }
}
