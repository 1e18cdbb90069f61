/**
 * The secret corpus through every channel, end to end through the real bundled bin in a sandbox home:
 * prompts (UserPromptSubmit), tool output (PostToolUse `tool_response`), `<remember>` tags in both, the
 * extraction and session-memory jobs with a model (a scripted Anthropic server that records every
 * request body and answers like a hostile model, echoing secrets into a topic file name and its text),
 * `memdir replay`, `memdir wiki add`, `memdir backfill`, `memdir dream --force`. Then every file memdir
 * wrote (SQLite files and their -wal/-shm, logs, change sets with their base64 before-bytes) and every
 * request body is scanned: no positive's core in any form, and every look-alike intact where it went.
 * The run itself is test/helpers/secret-corpus/channels.ts `runSecretChannels` (the reliability harness
 * reuses it with `scanTreeForSecrets`).
 */
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type ScriptedServer, startAnthropicServer } from "../helpers/scripted-llm/index.js";
import { ONE_LINE_LOOKALIKES, runSecretChannels } from "../helpers/secret-corpus/channels.js";
import {
  ALL_LOOKALIKES,
  type ScanHit,
  SECRET_KINDS,
  scanTextForSecrets,
  scanTreeForSecrets,
} from "../helpers/secret-corpus/index.js";

let root: string;
let home: string;
let server: ScriptedServer;
let outputs: string[] = [];

beforeAll(async () => {
  // Not tempDir: that one is removed after each test, and every test here reads the same run.
  root = mkdtempSync(join(tmpdir(), "memdir-channels-"));
  server = await startAnthropicServer();
  ({ home, outputs } = await runSecretChannels(root, server));
}, 180_000);

afterAll(async () => {
  await server?.close();
  if (process.env.MEMDIR_KEEP_CHANNELS)
    writeFileSync(join(root, "requests.json"), JSON.stringify(server.requests));
  if (!process.env.MEMDIR_KEEP_CHANNELS) rmSync(root, { recursive: true, force: true, maxRetries: 10 });
});

const describeHits = (hits: ScanHit[]) =>
  hits.slice(0, 20).map((h) => `${h.where}: ${h.kind} ${h.core.slice(0, 6)}… (${h.form})`);

describe("the secret corpus through every channel", () => {
  it("drove every channel (the model was called, files and the index were written)", () => {
    const files = (readdirSync(home, { recursive: true }) as string[]).map(String);
    expect(server.requests.length).toBeGreaterThanOrEqual(2);
    for (const want of ["notepad.md", "search.db", "events.jsonl", "memdir.log", "MEMORY.md"]) {
      expect(
        files.some((f) => f.endsWith(want)),
        want,
      ).toBe(true);
    }
    expect(files.some((f) => f.includes("summaries/"))).toBe(true);
    expect(files.some((f) => f.includes("/wiki/") && f.endsWith(".md"))).toBe(true);
    expect(files.some((f) => f.includes(".history/"))).toBe(true);
    // The hostile model's topic was stored, under a name without its token.
    expect(files.some((f) => /memory\/reference-[^/]*\.md$/.test(f))).toBe(true);
    expect(files.some((f) => f.startsWith("replay/"))).toBe(true);
  });

  it("no file memdir wrote holds a positive, in any form", () => {
    expect(describeHits(scanTreeForSecrets(home, SECRET_KINDS))).toEqual([]);
  });

  it("no model request body and no command output holds a positive", () => {
    const hits = [
      ...server.requests.flatMap((r, i) =>
        scanTextForSecrets(`request ${i}`, JSON.stringify(r.body), SECRET_KINDS),
      ),
      ...outputs.flatMap((o, i) => scanTextForSecrets(`output ${i}`, o, SECRET_KINDS)),
    ];
    expect(describeHits(hits)).toEqual([]);
  });

  it("no file name carries a secret", () => {
    const names = (readdirSync(home, { recursive: true }) as string[]).join("\n");
    expect(describeHits(scanTextForSecrets("names", names, SECRET_KINDS))).toEqual([]);
  });

  it("every look-alike is intact where it was sent", () => {
    const wikiDir = join(home, "project", ".memdir", "wiki");
    const pages = readdirSync(wikiDir)
      .filter((f) => f !== "index.md" && f !== "log.md")
      .map((f) => readFileSync(join(wikiDir, f), "utf8"))
      .join("\n");
    for (const l of ALL_LOOKALIKES) expect(pages, l).toContain(l);
    const notepad = readFileSync(join(home, "project", ".memdir", "notepad.md"), "utf8");
    const remembered = ONE_LINE_LOOKALIKES.slice(0, 12);
    for (const l of remembered) expect(notepad, l).toContain(l);
    const first = JSON.stringify(server.requests[0]?.body ?? {});
    for (const l of ONE_LINE_LOOKALIKES) expect(first, l).toContain(JSON.stringify(l).slice(1, -1));
  });
});
