/**
 * The session-memory trigger over the three long real transcripts (seed 000 §24.3,
 * DEFAULT_SESSION_MEMORY_CONFIG 10,000 / 5,000 / 3). The transcript grows as Claude Code appends it; at
 * each evaluation point the job runs (`runSummaryUpdate`). An independent model of the thresholds, built
 * from a bare JSON.parse of the lines and the usage fields, says where updates must happen; the two
 * lists of points must be equal.
 */
import { closeSync, openSync, readFileSync, writeSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { deriveHookEvents } from "../../src/adapters/claude-code/hook-events.js";
import { readClaudeTranscript } from "../../src/adapters/claude-code/transcript.js";
import { readSummaryFile, runSummaryUpdate } from "../../src/jobs/summarize/index.js";
import { TRANSCRIPTS_DIR, tempDir } from "../helpers/tmp.js";

const LONG = [
  "258c7280-ae70-4798-800f-63464d01a85d",
  "4d5611e5-241a-462a-8d15-5122611a9569",
  "ae4a77f8-aedd-4bc1-888f-c94edc91af04",
];

interface Row {
  start: number;
  end: number;
  // biome-ignore lint/suspicious/noExplicitAny: raw transcript JSON
  o: any;
}

function rowsOf(buf: Buffer): Row[] {
  const rows: Row[] = [];
  let start = 0;
  for (let i = 0; i < buf.length; i++) {
    if (buf[i] !== 0x0a) continue;
    const text = buf.subarray(start, i).toString("utf8");
    try {
      rows.push({ start, end: i + 1, o: JSON.parse(text) });
    } catch {
      // not JSON: ignored
    }
    start = i + 1;
  }
  return rows;
}

const content = (r: Row): { type?: string; text?: string; id?: string }[] =>
  Array.isArray(r.o.message?.content) ? r.o.message.content : [];
/** A main-chain assistant line with text or a tool call (what the model answered). */
const isAnswer = (r: Row) =>
  r.o.type === "assistant" &&
  r.o.isSidechain !== true &&
  r.o.message?.model !== "<synthetic>" &&
  content(r).some((b) => (b.type === "text" && b.text?.trim()) || b.type === "tool_use");
const usage = (r: Row): number => {
  const u = r.o.message?.usage ?? {};
  return (
    (u.input_tokens ?? 0) +
    (u.cache_creation_input_tokens ?? 0) +
    (u.cache_read_input_tokens ?? 0) +
    (u.output_tokens ?? 0)
  );
};
const isPrompt = (r: Row) =>
  r.o.type === "user" &&
  r.o.isMeta !== true &&
  r.o.isSidechain !== true &&
  (typeof r.o.message?.content === "string" || content(r).some((b) => b.type === "text"));

/** The independent model: which points (indexes) update, given the thresholds. */
function expectedUpdates(rows: Row[], points: { at: number; reason: "stop" | "precompact" }[]): number[] {
  const out: number[] = [];
  let init = false;
  let lastOff = 0;
  let tokensAtLast = 0;
  points.forEach(({ at, reason }, idx) => {
    const upTo = rows.filter((r) => r.end <= at);
    const fresh = upTo.filter((r) => r.start >= lastOff);
    const answers = fresh.filter(isAnswer);
    let update: boolean;
    if (reason === "precompact") update = answers.length > 0 || fresh.some(isPrompt);
    else if (answers.length === 0) update = false;
    else {
      const ctx = usage(answers[answers.length - 1]!);
      const b = fresh.findLastIndex((r) => r.o.type === "system" && r.o.subtype === "compact_boundary");
      let baseline = tokensAtLast;
      if (b >= 0) {
        const firstId = fresh.slice(b).find(isAnswer)!.o.message.id;
        baseline = usage(fresh.filter((r) => isAnswer(r) && r.o.message.id === firstId).pop()!);
      }
      const before = new Set(
        upTo
          .filter((r) => r.start < lastOff)
          .flatMap((r) =>
            content(r)
              .filter((c) => c.type === "tool_use")
              .map((c) => c.id),
          ),
      );
      const calls = new Set(
        answers.flatMap((r) =>
          content(r)
            .filter((c) => c.type === "tool_use" && !before.has(c.id))
            .map((c) => c.id),
        ),
      );
      const lastId = answers[answers.length - 1]!.o.message.id;
      const lastHadTools = upTo.some(
        (r) => isAnswer(r) && r.o.message.id === lastId && content(r).some((c) => c.type === "tool_use"),
      );
      const growth = ctx - (init ? baseline : 0);
      update = (init || ctx >= 10_000) && growth >= 5_000 && (calls.size >= 3 || !lastHadTools);
      if (update) tokensAtLast = ctx;
    }
    if (update) {
      init = true;
      lastOff = at;
      out.push(idx);
    }
  });
  return out;
}

/** Runs the job at every point on a copy of the transcript that grows to that point. */
function actualUpdates(src: Buffer, points: { at: number; reason: "stop" | "precompact" }[], id: string) {
  const dir = tempDir();
  const copy = join(dir, `${id}.jsonl`);
  const summary = join(dir, `${id}.md`);
  const fd = openSync(copy, "w");
  let written = 0;
  const updated: number[] = [];
  const tokens: number[] = [];
  try {
    points.forEach(({ at, reason }, idx) => {
      if (at > written) written += writeSync(fd, src, written, at - written, written);
      const r = runSummaryUpdate({
        sessionId: id,
        transcriptPath: copy,
        read: readClaudeTranscript,
        summaryPath: summary,
        reason,
        nowMs: idx,
      });
      if (r.status === "updated") {
        updated.push(idx);
        tokens.push(r.observation.contextTokens);
      }
    });
  } finally {
    closeSync(fd);
  }
  return { updated, tokens, summary };
}

describe("the session-memory trigger on the long real transcripts", () => {
  for (const id of LONG) {
    const file = join(TRANSCRIPTS_DIR, `${id}.jsonl`);
    it(`${id.slice(0, 8)}: after every model answer (Claude Code's post-sampling cadence)`, () => {
      const src = readFileSync(file);
      const rows = rowsOf(src);
      const points = rows.filter(isAnswer).map((r) => ({ at: r.end, reason: "stop" as const }));
      const want = expectedUpdates(rows, points);
      const got = actualUpdates(src, points, id);
      expect(got.updated).toEqual(want);
      // The thresholds bite: far fewer updates than points, several of them, each ≥ 5,000 tokens apart
      // unless a compaction lies between.
      expect(want.length).toBeGreaterThanOrEqual(4);
      expect(want.length).toBeLessThan(points.length / 3);
      expect(got.tokens[0]).toBeGreaterThanOrEqual(10_000);
      const s = readSummaryFile(got.summary)!;
      expect(s.meta.updates).toBe(want.length);
    });

    it(`${id.slice(0, 8)}: at the Stop and PreCompact hooks the deriver emits`, () => {
      const src = readFileSync(file);
      const rows = rowsOf(src);
      const points = deriveHookEvents(file)
        .filter((e) => e.event === "Stop" || e.event === "PreCompact")
        .map((e) => ({
          at: e.transcriptOffset,
          reason: e.event === "Stop" ? ("stop" as const) : ("precompact" as const),
        }));
      expect(points.some((p) => p.reason === "precompact")).toBe(true);
      const want = expectedUpdates(rows, points);
      const got = actualUpdates(src, points, id);
      expect(got.updated).toEqual(want);
      expect(want.length).toBeGreaterThanOrEqual(2);
      // The PreCompact refresh is forced whenever the model answered since the last update (an auto
      // compaction mid-turn); a manual /compact right after a turn end has nothing new to add.
      const pre = points.findIndex((p) => p.reason === "precompact");
      const lastUpdate = got.updated.filter((i) => i < pre).pop();
      const since = lastUpdate === undefined ? 0 : points[lastUpdate]!.at;
      const answered = rows.some((r) => isAnswer(r) && r.start >= since && r.end <= points[pre]!.at);
      expect(got.updated.includes(pre)).toBe(answered);
    });
  }
});
