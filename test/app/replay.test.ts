/**
 * `memdir replay` end to end over every real transcript (issue 2): no error, every hook output valid,
 * the session end record's toolStats equal an independent count of the transcript's tool_use blocks,
 * and the next session's context is non-empty, within budget and holds the project facts learned.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { replay } from "../../src/app/replay.js";
import { categorizeTool } from "../../src/sessions/index.js";
import { TRANSCRIPTS_DIR, tempDir } from "../helpers/tmp.js";

function allTranscripts(): string[] {
  const out: string[] = [];
  for (const f of readdirSync(TRANSCRIPTS_DIR, { recursive: true }) as string[]) {
    if (f.endsWith(".jsonl")) out.push(join(TRANSCRIPTS_DIR, f));
  }
  return out.sort();
}

/** Independent count: bare line split + JSON.parse, unique tool_use ids, by category. */
function countToolUses(file: string): Record<string, number> {
  const seen = new Set<string>();
  const counts = { readCount: 0, searchCount: 0, bashCount: 0, editFileCount: 0, otherToolCount: 0 };
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line.trim()) continue;
    let o: { type?: string; message?: { content?: unknown } };
    try {
      o = JSON.parse(line);
    } catch {
      continue;
    }
    if (o.type !== "assistant" || !Array.isArray(o.message?.content)) continue;
    for (const b of o.message.content as { type?: string; id?: string; name?: string }[]) {
      if (b.type !== "tool_use" || !b.id || seen.has(b.id)) continue;
      seen.add(b.id);
      const key = `${categorizeTool(b.name ?? "")}Count` as keyof typeof counts;
      counts[key in counts ? key : "otherToolCount"]++;
    }
  }
  return counts;
}

describe("memdir replay over the real transcripts", () => {
  const files = allTranscripts();
  it("finds the real transcripts, subagent files included", () => {
    expect(files.length).toBeGreaterThanOrEqual(12);
    expect(files.some((f) => f.includes("/subagents/"))).toBe(true);
  });

  for (const file of files) {
    it(`replays ${file.slice(TRANSCRIPTS_DIR.length + 1)}`, async () => {
      const report = await replay({
        transcript: file,
        home: tempDir("memdir-replay-"),
        env: { PATH: process.env.PATH },
      });
      expect(report.badOutputs).toEqual([]);
      expect(report.events.SessionStart).toBeGreaterThanOrEqual(1);
      expect(report.events.SessionEnd).toBe(1);

      const end = report.endRecord as { toolStats: Record<string, number> } | null;
      expect(end).not.toBeNull();
      const expected = countToolUses(file);
      for (const [k, v] of Object.entries(expected)) expect(end!.toolStats[k], k).toBe(v);

      expect(report.nextContext.length).toBeGreaterThan(0);
      expect(report.nextContextChars).toBeLessThanOrEqual(9_000);
      const pm = report.projectMemory as {
        hotPaths?: { path: string }[];
        commands?: { command: string }[];
      } | null;
      const totalTools = Object.values(expected).reduce((a, b) => a + b, 0);
      if (totalTools > 0 && pm?.hotPaths?.length) {
        expect(pm.hotPaths.some((h) => report.nextContext.includes(h.path))).toBe(true);
      }
      if (pm?.commands?.length) {
        expect(pm.commands.some((c) => report.nextContext.includes(c.command.slice(0, 30)))).toBe(true);
      }
    });
  }
});

describe("replay's sandbox home", () => {
  it("refuses a --home that already holds memdir or Claude Code data (a real home), leaving it untouched", async () => {
    const home = tempDir("memdir-realhome-");
    mkdirSync(join(home, ".memdir"), { recursive: true });
    const config = '{ "llm": { "provider": "anthropic" } }\n';
    writeFileSync(join(home, ".memdir", "config.json"), config);
    const transcript = join(TRANSCRIPTS_DIR, "short.jsonl");
    await expect(replay({ transcript, home, env: process.env })).rejects.toThrow(
      /will not use .* as its sandbox home/,
    );
    expect(readFileSync(join(home, ".memdir", "config.json"), "utf8")).toBe(config);
    // an earlier sandbox can be reused
    const sandbox = tempDir("memdir-sandbox-");
    await replay({ transcript, home: sandbox, env: process.env });
    await expect(replay({ transcript, home: sandbox, env: process.env })).resolves.toBeTruthy();
  }, 60_000);
});
