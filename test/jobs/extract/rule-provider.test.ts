/**
 * The offline rule engine behind the provider interface: driven through the real agent loop, sandbox
 * and staged apply (runModelExtraction), it stores the same memories as the engine applied directly.
 */
import { mkdirSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readClaudeTranscript } from "../../../src/adapters/claude-code/transcript.js";
import { applyExtraction, type ExtractionTarget, planExtraction } from "../../../src/jobs/extract/index.js";
import { ruleEngineProvider } from "../../../src/jobs/extract/model/rule-provider.js";
import { runModelExtraction } from "../../../src/jobs/extract/model/run.js";
import { readTopic } from "../../../src/store/index.js";
import { loadQualitySet, writeConversationTranscript } from "../../helpers/conversation.js";
import { tempDir } from "../../helpers/tmp.js";

const NOW = Date.parse("2026-01-12T12:00:00.000Z");

function target(root: string): ExtractionTarget {
  const t = {
    memoryDir: join(root, "memory"),
    userMemoryDir: join(root, "user-memory"),
    projectMemoryFile: join(root, "project-memory.json"),
    projectRoot: join(root, "project"),
  };
  for (const d of [t.memoryDir, t.userMemoryDir, t.projectRoot]) mkdirSync(d, { recursive: true });
  return t;
}

/** (scope, type, description, body) of every topic file, sorted: what a user reads, names aside. */
function memories(t: ExtractionTarget): string[] {
  return [
    ["project", t.memoryDir],
    ["user", t.userMemoryDir],
  ]
    .flatMap(([scope, dir]) =>
      readdirSync(dir!)
        .filter((f) => f.endsWith(".md") && f !== "MEMORY.md")
        .map((f) => {
          const topic = readTopic(join(dir!, f));
          return JSON.stringify([scope, topic.type, topic.description, topic.body.trim()]);
        }),
    )
    .sort();
}

describe("ruleEngineProvider (offline behind the provider interface)", () => {
  it("over the quality set, the loop + sandbox path stores exactly what the direct engine stores", async () => {
    let nonEmpty = 0;
    for (const conv of loadQualitySet()) {
      const root = tempDir("memdir-rules-");
      const { path, sessionId } = writeConversationTranscript(root, conv);
      const messages = readClaudeTranscript(path, 0).messages;
      const direct = target(join(root, "direct"));
      applyExtraction(planExtraction(messages, { sessionId, nowMs: NOW }), direct, NOW);
      const viaLoop = target(join(root, "loop"));
      const r = await runModelExtraction({
        provider: ruleEngineProvider(messages, { sessionId, nowMs: NOW }),
        messages,
        target: viaLoop,
        sessionId,
        nowMs: NOW,
        maxInputTokens: 24_000,
        maxOutputTokens: 4_096,
      });
      expect(r.engine, conv.id).toBe("model"); // the provider path ran, not the fallback
      expect(r.outcome, conv.id).toBe("final");
      const want = memories(direct);
      expect(memories(viaLoop), conv.id).toEqual(want);
      if (want.length) nonEmpty++;
    }
    expect(nonEmpty).toBeGreaterThanOrEqual(15);
  }, 60_000);
});
