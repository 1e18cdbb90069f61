/**
 * `memdir replay` end to end over every real transcript (issue 2): no error, every hook output valid,
 * the session end record's toolStats equal an independent count of the transcript's tool_use blocks,
 * and the next session's context is non-empty, within budget and holds the project facts learned.
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { toolKind } from "../../../src/adapters/claude-code/tools.js";
import { replay } from "../../../src/app/commands/replay.js";
import { statKeyForKind } from "../../../src/sessions/index.js";
import { TRANSCRIPTS_DIR, tempDir } from "../../helpers/tmp.js";

function allTranscripts(): string[] {
  const out: string[] = [];
  for (const f of readdirSync(TRANSCRIPTS_DIR, { recursive: true }) as string[]) {
    if (f.endsWith(".jsonl")) out.push(join(TRANSCRIPTS_DIR, f));
  }
  return out.sort();
}

/**
 * Independent count: bare line split + JSON.parse, unique tool_use ids that ran (a result that is not
 * the user declining the call: a declined call never runs and fires no hook after it), by kind.
 */
function countToolUses(file: string): Record<string, number> {
  const names = new Map<string, string>();
  const declined = new Set<string>();
  const answered = new Set<string>();
  const counts = { readCount: 0, searchCount: 0, bashCount: 0, editFileCount: 0, otherToolCount: 0 };
  for (const line of readFileSync(file, "utf8").split("\n")) {
    if (!line.trim()) continue;
    let o: { type?: string; message?: { content?: unknown }; toolUseResult?: unknown };
    try {
      o = JSON.parse(line);
    } catch {
      continue;
    }
    if (!Array.isArray(o.message?.content)) continue;
    type Block = { type?: string; id?: string; name?: string; tool_use_id?: string; content?: unknown };
    for (const b of o.message.content as Block[]) {
      if (o.type === "assistant" && b.type === "tool_use" && b.id && !names.has(b.id))
        names.set(b.id, b.name ?? "");
      if (o.type === "user" && b.type === "tool_result" && b.tool_use_id) {
        answered.add(b.tool_use_id);
        const text = typeof b.content === "string" ? b.content : JSON.stringify(b.content ?? "");
        if (
          o.toolUseResult === "User rejected tool use" ||
          /^"?(\[\{"type":"text","text":")?The user doesn't want to (proceed with this tool use|take this action right now)/.test(
            text,
          )
        )
          declined.add(b.tool_use_id);
      }
    }
  }
  for (const [id, name] of names) {
    if (!answered.has(id) || declined.has(id)) continue;
    const key = statKeyForKind(toolKind(name));
    if (key in counts) counts[key as keyof typeof counts]++;
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

describe("the replay report lists what this replay wrote", () => {
  it("a second replay of the same session into the same home lists only the files it changed", async () => {
    const home = tempDir("memdir-replay-twice-");
    const transcript = fileURLToPath(
      new URL("../../../examples/sessions/preferences-and-dashboard.jsonl", import.meta.url),
    );
    const first = await replay({ transcript, home, env: process.env });
    expect(first.memories.length).toBeGreaterThan(0);
    expect(first.unchanged).toBe(0);
    const second = await replay({ transcript, home, env: process.env });
    // the same turns teach nothing new: every memory is still there, unchanged
    expect(second.memories).toEqual([]);
    expect(second.unchanged).toBe(first.memories.length);
  }, 60_000);
});

describe("replay of a session with no recorded cwd (Gemini CLI 0.61 files name none)", () => {
  it("leaves paths alone, so the extraction reads the sandbox copy and keeps the user's rule", async () => {
    const dir = tempDir("memdir-replay-gemini-");
    const src = fileURLToPath(new URL("../../fixtures/transcripts/gemini/", import.meta.url));
    const name = "session-2026-12-02T01-13-42db398d.jsonl";
    const original = readFileSync(join(src, name), "utf8");
    expect(original).toContain("Show a.txt");
    const transcript = join(dir, name);
    writeFileSync(transcript, original.replaceAll("Show a.txt", "Always use pnpm in this repo, never npm."));
    const report = await replay({ transcript, home: join(dir, "home"), env: process.env });
    expect(
      report.extractions.filter((e) => e.msg === "extraction_skipped" && e.reason === "transcript_missing"),
    ).toEqual([]);
    expect(report.memories.map((m) => JSON.stringify(m)).join("\n")).toMatch(/pnpm/);
  }, 60_000);
});
