/**
 * Session memory in the app (seed 000 §24.3; DESIGN.md §4 "the session summary is injected on
 * resume/compact"): a replayed compaction injects the summary at the following SessionStart; the
 * events; the switch; the model path with a scripted provider (invalid output → retry → offline).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { replay } from "../../../src/app/commands/replay.js";
import { projectContext } from "../../../src/app/context.js";
import { updateSessionMemory } from "../../../src/app/jobs/session-memory-update.js";
import { readSummaryFile, updateSummaryWithModel } from "../../../src/jobs/summarize/index.js";
import type { LlmProvider, LlmRequest, LlmResponse } from "../../../src/llm/types.js";
import { appSandbox } from "../../helpers/app-sandbox.js";
import { TRANSCRIPTS_DIR, tempDir } from "../../helpers/tmp.js";

function sandbox(config: Record<string, unknown> = {}) {
  const s = appSandbox("memdir-sm-", config);
  const events = () =>
    readFileSync(projectContext(s.rt, s.project).paths.eventsFile, "utf8")
      .split("\n")
      .filter(Boolean)
      .map((l) => JSON.parse(l) as Record<string, unknown>)
      .filter((e) => String(e.kind).startsWith("session_memory"));
  return { ...s, events };
}

describe("a replayed compaction", () => {
  it("refreshes the summary at PreCompact and injects it at the SessionStart(compact) that follows", async () => {
    const id = "258c7280-ae70-4798-800f-63464d01a85d";
    const src = join(TRANSCRIPTS_DIR, `${id}.jsonl`);
    const home = tempDir("memdir-sm-replay-");
    const outputs: { event: string; source?: unknown; out: string }[] = [];
    // memdir replay: derived hook events through runHook, the transcript growing as they go, detached
    // jobs inline (PreCompact's job with the precompact reason the hook gives it).
    const report = await replay({
      transcript: src,
      home,
      env: { PATH: process.env.PATH },
      onHookOutput: (event, input, out) => outputs.push({ event, source: input.source, out }),
    });
    const project = join(home, "project", "spotter-gqc");
    const s = {
      events: () =>
        readFileSync(join(home, ".memdir", "logs", "events.jsonl"), "utf8")
          .split("\n")
          .filter(Boolean)
          .map((l) => JSON.parse(l) as Record<string, unknown>)
          .filter((e) => String(e.kind).startsWith("session_memory")),
    };
    expect(report.sessionId).toBe(id);
    const ev = s.events();
    const updates = ev.filter((e) => e.kind === "session_memory_updated");
    expect(updates.some((e) => e.trigger === "precompact" && e.reason === "forced")).toBe(true);
    expect(ev.some((e) => e.kind === "session_memory_skipped")).toBe(true);
    expect(ev.some((e) => e.kind === "session_memory_failed")).toBe(false);

    const ctx = (o: string) => (o ? (JSON.parse(o).hookSpecificOutput.additionalContext as string) : "");
    const startup = outputs.find((o) => o.event === "SessionStart" && o.source === "startup")!;
    expect(ctx(startup.out)).not.toContain("summary of this session");
    const compact = outputs.find((o) => o.event === "SessionStart" && o.source === "compact")!;
    const injected = ctx(compact.out);
    expect(injected).toContain("summary of this session");
    expect(injected).toContain("# Session Title\nImplement spotter-gqc");
    expect(injected).toContain("# Current State");
    expect(injected.length).toBeLessThanOrEqual(9_000);

    const summary = readSummaryFile(join(project, ".memdir", "summaries", `${id}.md`))!;
    expect(summary.meta.updates).toBe(updates.length);
    expect(summary.sections["Session Title"]).toBe("Implement spotter-gqc");
  }, 120_000);
});

const LINE = (o: Record<string, unknown>) =>
  `${JSON.stringify({ parentUuid: null, isSidechain: false, sessionId: "m1", cwd: "/w", timestamp: "2026-03-01T10:00:00.000Z", uuid: Math.random().toString(36), ...o })}\n`;
const usage = {
  input_tokens: 20,
  cache_read_input_tokens: 15_000,
  cache_creation_input_tokens: 0,
  output_tokens: 30,
};
function smallTranscript(dir: string): string {
  const p = join(dir, "m1.jsonl");
  writeFileSync(
    p,
    LINE({ type: "user", message: { role: "user", content: "add rate limiting to /orders" } }) +
      LINE({
        type: "assistant",
        message: {
          id: "a1",
          role: "assistant",
          model: "m",
          content: [{ type: "text", text: "Rate limiting added; tests pass." }],
          usage,
        },
      }),
  );
  return p;
}

/** A provider that answers from a script, recording the requests (the model path's real interface). */
function scripted(replies: (string | Error)[]): LlmProvider & { requests: LlmRequest[] } {
  const requests: LlmRequest[] = [];
  return {
    id: "openai-compatible",
    model: "scripted",
    requests,
    async complete(req: LlmRequest): Promise<LlmResponse> {
      requests.push(structuredClone({ ...req, signal: undefined }));
      const r = replies.shift() ?? new Error("script exhausted");
      if (r instanceof Error) throw r;
      return {
        content: [{ type: "text", text: r }],
        stopReason: "end_turn",
        usage: { inputTokens: 100, outputTokens: 20 },
        model: "scripted",
      };
    },
  };
}

describe("updateSessionMemory", () => {
  it("uses the model's sections, scrubbed, and records the engine", async () => {
    const s = sandbox();
    const ctx = projectContext(s.rt, s.project);
    const transcript = smallTranscript(s.home);
    const provider = scripted([
      JSON.stringify({
        "Session Title": "Rate limiting for /orders",
        "Key results": "- done with ghp_R8x2Kq7LmN4pW9yB3cD6fG1hJ5sA0oPzT2vU",
      }),
    ]);
    const r = await updateSessionMemory(ctx, {
      sessionId: "m1",
      transcriptPath: transcript,
      reason: "stop",
      model: { provider, update: updateSummaryWithModel },
    });
    expect(r).toMatchObject({ status: "updated", reason: "threshold", engine: "openai-compatible:scripted" });
    expect(provider.requests).toHaveLength(1);
    expect(provider.requests[0]!.tools).toEqual([]);
    const text = readFileSync(r.path, "utf8");
    expect(text).toContain("# Session Title\n\nRate limiting for /orders");
    expect(text).not.toContain("ghp_R8x2Kq7LmN4pW9yB3cD6fG1hJ5sA0oPzT2vU");
    expect(text).toContain("add rate limiting"); // untouched sections come from the offline engine
    expect(s.events().at(-1)).toMatchObject({
      kind: "session_memory_updated",
      engine: "openai-compatible:scripted",
    });
  });

  it("retries invalid model output once, then falls back to the offline result and records the failure", async () => {
    const s = sandbox();
    const ctx = projectContext(s.rt, s.project);
    const transcript = smallTranscript(s.home);
    const provider = scripted([
      "Here is the summary you asked for!",
      JSON.stringify({ "Not a section": "x" }),
    ]);
    const r = await updateSessionMemory(ctx, {
      sessionId: "m1",
      transcriptPath: transcript,
      reason: "precompact",
      model: { provider, update: updateSummaryWithModel },
    });
    expect(r.status).toBe("updated");
    expect(r.engine).toBe("offline");
    expect(r.error).toMatch(/unknown section "Not a section"/);
    expect(provider.requests).toHaveLength(2);
    expect(JSON.stringify(provider.requests[1]!.messages.at(-1))).toMatch(/not valid JSON/);
    expect(readSummaryFile(r.path)!.sections["Session Title"]).toBe("add rate limiting to /orders");
    expect(s.events().at(-1)).toMatchObject({ kind: "session_memory_updated", engine: "offline" });
    expect(String(s.events().at(-1)!.model_error)).toMatch(/invalid model output/);

    // A provider error is not retried here (the llm guard decides): offline at once.
    const p2 = scripted([new Error("429 rate limited")]);
    writeFileSync(
      transcript,
      readFileSync(transcript, "utf8") +
        LINE({ type: "user", message: { role: "user", content: "now add tests" } }),
    );
    const r2 = await updateSessionMemory(ctx, {
      sessionId: "m1",
      transcriptPath: transcript,
      reason: "precompact",
      model: { provider: p2, update: updateSummaryWithModel },
    });
    expect(r2).toMatchObject({ status: "updated", engine: "offline" });
    expect(r2.error).toMatch(/429 rate limited/);
    expect(p2.requests).toHaveLength(1);
  });

  it("skips below the thresholds, when disabled and without a transcript, each with an event", async () => {
    const s = sandbox();
    const ctx = projectContext(s.rt, s.project);
    const transcript = smallTranscript(s.home);
    // 15,050 tokens ≥ 10,000: first update; nothing new since: skipped.
    expect(
      (await updateSessionMemory(ctx, { sessionId: "m1", transcriptPath: transcript, reason: "stop" }))
        .status,
    ).toBe("updated");
    expect(
      await updateSessionMemory(ctx, { sessionId: "m1", transcriptPath: transcript, reason: "stop" }),
    ).toMatchObject({ status: "skipped", reason: "no_new_messages" });
    expect(
      await updateSessionMemory(ctx, {
        sessionId: "m2",
        transcriptPath: join(s.home, "gone.jsonl"),
        reason: "stop",
      }),
    ).toMatchObject({ status: "skipped", reason: "transcript_missing" });
    expect(
      await updateSessionMemory(ctx, { sessionId: "../x", transcriptPath: transcript, reason: "stop" }),
    ).toMatchObject({ status: "failed" });
    const off = sandbox({ sessionMemory: { enabled: false } });
    const offCtx = projectContext(off.rt, off.project);
    expect(
      await updateSessionMemory(offCtx, {
        sessionId: "m1",
        transcriptPath: smallTranscript(off.home),
        reason: "precompact",
      }),
    ).toMatchObject({ status: "skipped", reason: "disabled" });
    const kinds = s.events().map((e) => `${e.kind}:${e.reason ?? ""}`);
    expect(kinds).toEqual([
      "session_memory_updated:threshold",
      "session_memory_skipped:no_new_messages",
      "session_memory_skipped:transcript_missing",
      "session_memory_failed:",
    ]);
  });
});
