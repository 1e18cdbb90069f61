/**
 * The secret corpus through every channel, end to end through the real bundled bin in a sandbox home:
 * prompts (UserPromptSubmit), tool output (PostToolUse `tool_response`), `<remember>` tags in both, the
 * extraction and session-memory jobs with a model (a scripted Anthropic server that records every
 * request body and answers like a hostile model, echoing secrets into a topic file name and its text),
 * `memdir replay`, `memdir wiki add`, `memdir backfill`, `memdir dream --force`. Then every file memdir
 * wrote (SQLite files and their -wal/-shm, logs, change sets with their base64 before-bytes) and every
 * request body is scanned: no positive's core in any form, and every look-alike intact where it went.
 */
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BIN } from "../helpers/bin.js";
import { type Conversation, writeConversationTranscript } from "../helpers/conversation.js";
import { TEST_API_KEY } from "../helpers/scripted-llm/harness.js";
import { type ScriptedServer, startAnthropicServer } from "../helpers/scripted-llm/index.js";
import {
  ALL_LOOKALIKES,
  ALL_POSITIVES,
  type ScanHit,
  SECRET_KINDS,
  scanTextForSecrets,
  scanTreeForSecrets,
} from "../helpers/secret-corpus/index.js";

/** Runs the bin without blocking the event loop (the scripted server lives in this process). */
function bin(
  args: string[],
  env: Record<string, string>,
  input = "",
): Promise<{ code: number | null; out: string }> {
  const base: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) {
    if (v !== undefined && !k.startsWith("MEMDIR_") && !k.startsWith("CLAUDE") && !k.endsWith("_API_KEY"))
      base[k] = v;
  }
  return new Promise((resolve, reject) => {
    const p = spawn(process.execPath, [BIN, ...args], { env: { ...base, ...env }, stdio: "pipe" });
    let out = "";
    p.stdout.on("data", (d) => (out += d));
    p.stderr.on("data", (d) => (out += d));
    p.on("error", reject);
    p.on("close", (code) => resolve({ code, out }));
    p.stdin.end(input);
  });
}

const chunk = <T>(xs: readonly T[], n: number): T[][] =>
  Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));
const oneLine = ALL_LOOKALIKES.filter((l) => !l.includes("\n"));
const hf = ALL_POSITIVES.find((p) => p.kind === "huggingface_token")!.text.split(" ")[2]!;
const pypi = ALL_POSITIVES.find((p) => p.kind === "pypi_token")!.text.split(" ")[5]!;

/** A session whose prompts and tool outputs carry every positive and look-alike, with <remember> tags. */
function conversation(): Conversation {
  const groups = chunk(ALL_POSITIVES, 18);
  const looks = chunk(ALL_LOOKALIKES, Math.ceil(ALL_LOOKALIKES.length / groups.length));
  return {
    id: "secrets-channels",
    lang: "en",
    about: "secret corpus",
    gold: [],
    turns: groups.map((g, i) => ({
      user: `We always deploy with these settings, remember them:\n${g.map((p) => p.text).join("\n")}\n<remember>${g[0]!.text}</remember>\n<remember>${oneLine[i + groups.length] ?? ""}</remember>\n${(looks[i] ?? []).join("\n")}`,
      assistant: `Noted. ${(looks[i] ?? []).join(" ")}`,
      tools: [
        { name: "Bash", input: { command: `cat deploy-${i}.env` }, output: g.map((p) => p.text).join("\n") },
        {
          // Subagents report through Task: its output's <remember> tags go to the notepad.
          name: "Task",
          input: { description: "collect the deploy settings", prompt: "collect them" },
          output: `${g[2]?.text ?? ""}\n<remember priority>${g[1]?.text ?? ""}</remember>\n<remember>${oneLine[i] ?? ""}</remember>\n<remember>${g[3]?.text ?? ""}</remember>`,
        },
      ],
    })),
  };
}

/** A hostile model: writes a topic named after a token, its text full of secrets. */
function hostileTopic(): { file: string; content: string } {
  const body = ALL_POSITIVES.slice(0, 30)
    .map((p) => p.text)
    .join("\n");
  return {
    file: `reference-${hf}.md`,
    content: `---\nname: reference-${hf}\ndescription: "uses ${pypi} to publish"\ntype: reference\n---\n${body}\n`,
  };
}

let root: string;
let home: string;
let server: ScriptedServer;
const outputs: string[] = [];

beforeAll(async () => {
  // Not tempDir: that one is removed after each test, and every test here reads the same run.
  root = mkdtempSync(join(tmpdir(), "memdir-channels-"));
  home = join(root, "home");
  const input = join(root, "input");
  const project = join(home, "project");
  const memdirHome = join(home, ".memdir");
  for (const d of [input, project, memdirHome]) mkdirSync(d, { recursive: true });
  server = await startAnthropicServer();
  writeFileSync(
    join(memdirHome, "config.json"),
    JSON.stringify({
      harnessLoadsMemoryMd: false,
      llm: { provider: "anthropic", baseUrl: server.url, model: "scripted-1" },
    }),
  );
  const env: Record<string, string> = {
    HOME: home,
    MEMDIR_HOME: memdirHome,
    CLAUDE_CONFIG_DIR: join(home, ".claude"),
    CLAUDE_PROJECT_DIR: project,
    ANTHROPIC_API_KEY: TEST_API_KEY,
    MEMDIR_NO_JOBS: "1",
  };
  const conv = conversation();
  const t = writeConversationTranscript(input, conv, { cwd: project });
  const hook = async (event: string, extra: Record<string, unknown>) => {
    const base = { session_id: t.sessionId, transcript_path: t.path, cwd: project, hook_event_name: event };
    const r = await bin(["hook", event], env, JSON.stringify({ ...base, ...extra }));
    outputs.push(r.out);
  };
  await hook("SessionStart", { source: "startup" });
  for (const [i, turn] of conv.turns.entries()) {
    await hook("UserPromptSubmit", { prompt: turn.user });
    for (const [j, tool] of turn.tools!.entries()) {
      const call = { tool_name: tool.name, tool_input: tool.input, tool_use_id: `toolu_${i}_${j}` };
      await hook("PreToolUse", call);
      const response =
        tool.name === "Task"
          ? { content: [{ type: "text", text: tool.output }] }
          : { stdout: tool.output, stderr: "" };
      await hook("PostToolUse", { ...call, tool_response: response });
    }
    await hook("Stop", { stop_hook_active: false, last_assistant_message: turn.assistant });
  }
  const topic = hostileTopic();
  const done = { text: '{"status": "saved", "note": "recorded"}', usage: { input: 900, output: 20 } };
  // A session this long also refreshes the session memory at the turn end: the model answers with a
  // summary that echoes secrets, both times.
  const summary = {
    text: `# Session Title\nDeploy settings\n\n# Current State\n${ALL_POSITIVES.slice(30, 60)
      .map((p) => p.text)
      .join("\n")}`,
    usage: { input: 500, output: 200 },
  };
  server.enqueue({ toolCalls: [{ name: "memory_write", input: topic }] }, done, summary);
  const job = ["job", "extract", "--session", t.sessionId, "--transcript", t.path, "--cwd", project];
  outputs.push((await bin(job, env)).out);
  server.enqueue(summary);
  outputs.push((await bin([...job, "--precompact"], env)).out);
  await hook("SessionEnd", { reason: "exit" });
  const wikiText = join(input, "wiki.md");
  writeFileSync(
    wikiText,
    `${ALL_POSITIVES.map((p) => p.text).join("\n\n")}\n\n${ALL_LOOKALIKES.join("\n\n")}\n`,
  );
  outputs.push((await bin(["wiki", "add", "--title", `Deploy keys ${hf}`, "--file", wikiText], env)).out);
  outputs.push((await bin(["backfill", "--from", input], env)).out);
  // The dream's model ends with notes that echo a secret (they reach the change set and the events).
  const notes = `merged the deploy notes; the key is ${ALL_POSITIVES[60]!.text}`;
  server.enqueue({ text: JSON.stringify({ status: "done", notes }), usage: { input: 900, output: 40 } });
  outputs.push((await bin(["dream", "--force"], env)).out);
  outputs.push(
    (await bin(["replay", t.path, "--home", join(home, "replay")], { PATH: process.env.PATH ?? "" })).out,
  );
  outputs.push((await bin(["search", "deploy"], env)).out);
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
    const remembered = oneLine.slice(0, 12);
    for (const l of remembered) expect(notepad, l).toContain(l);
    const first = JSON.stringify(server.requests[0]?.body ?? {});
    for (const l of oneLine) expect(first, l).toContain(JSON.stringify(l).slice(1, -1));
  });
});
