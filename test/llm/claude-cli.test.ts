/**
 * The claude-cli provider against a real stand-in `claude` process (test/helpers/scripted-llm/
 * fake-claude.ts): what it is started with, where, with which environment; that it leaves no
 * transcript in ~/.claude/projects; the text tool protocol; failures, timeouts and kills.
 */
import { spawnSync } from "node:child_process";
import { existsSync, readdirSync, realpathSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import {
  classifyCliFailure,
  createProvider,
  KILL_GRACE_MS,
  parseCliReply,
} from "../../src/llm/providers/index.js";
import type { LlmError, LlmRequest } from "../../src/llm/types.js";
import { type FakeClaude, installFakeClaude } from "../helpers/scripted-llm/index.js";
import { tempDir } from "../helpers/tmp.js";

const TOOLS = [
  {
    name: "read_topic",
    description: "Read one memory topic",
    inputSchema: { type: "object", properties: { name: { type: "string" } } },
  },
];
const ask = (text: string, extra: Partial<LlmRequest> = {}): LlmRequest => ({
  system: "You extract memories.",
  messages: [{ role: "user", content: [{ type: "text", text }] }],
  tools: [],
  maxOutputTokens: 321,
  ...extra,
});

function setup(envExtra: Record<string, string> = {}) {
  const home = tempDir("memdir-home-");
  const fake: FakeClaude = installFakeClaude(tempDir("memdir-fake-"));
  const env = fake.env({ PATH: process.env.PATH, HOME: home, ...envExtra });
  const provider = (timeoutMs = 10_000) =>
    createProvider({ provider: "claude-cli", model: "haiku", env, timeoutMs });
  return { home, fake, env, provider };
}

function filesUnder(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name));
}

async function failure(p: Promise<unknown>): Promise<LlmError> {
  try {
    await p;
  } catch (e) {
    return e as LlmError;
  }
  throw new Error("expected the call to fail");
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("claude-cli invocation", () => {
  it("runs claude -p with JSON output, no session persistence, no tools, no hooks, MEMDIR_JOB=1", async () => {
    const { fake, provider } = setup({ CLAUDECODE: "1", MEMDIR_STATE_DIR: "/x" });
    fake.enqueue({ result: "ok", usage: { input_tokens: 10, output_tokens: 2 } });
    const res = await provider().complete(ask("hello"));
    expect(res.content).toEqual([{ type: "text", text: "ok" }]);
    const [call] = fake.calls();
    const a = call!.argv;
    expect(a[0]).toBe("-p");
    expect(a.slice(a.indexOf("--output-format"), a.indexOf("--output-format") + 2)).toEqual([
      "--output-format",
      "json",
    ]);
    expect(a).toContain("--no-session-persistence");
    expect(a[a.indexOf("--tools") + 1]).toBe("");
    expect(a).toContain("--strict-mcp-config");
    expect(JSON.parse(a[a.indexOf("--settings") + 1]!)).toEqual({ disableAllHooks: true });
    expect(a[a.indexOf("--model") + 1]).toBe("haiku");
    expect(a[a.indexOf("--system-prompt") + 1]).toBe("You extract memories.");
    // Nothing offered natively: no tool allow-list, no MCP config.
    expect(a.filter((x) => /^--(allowedTools|allowed-tools|mcp-config)/.test(x))).toEqual([]);
    expect(call!.env.MEMDIR_JOB).toBe("1");
    expect(call!.env.MEMDIR_STATE_DIR).toBe("/x"); // the base env is passed on
    expect(call!.env.CLAUDECODE).toBeUndefined(); // claude refuses to start nested inside a session
    expect(call!.env.CLAUDE_CODE_MAX_OUTPUT_TOKENS).toBe("321");
    expect(call!.stdin).toBe("hello");
  });

  it("runs in an empty private dir outside the project, removed afterwards", async () => {
    const { fake, provider } = setup();
    fake.enqueue({ result: "ok" });
    await provider().complete(ask("hello"));
    const cwd = fake.calls()[0]!.cwd;
    const rel = relative(realpathSync(process.cwd()), cwd);
    expect(rel.startsWith("..")).toBe(true);
    expect(cwd).toMatch(/memdir-claude-/);
    expect(existsSync(cwd)).toBe(false);
  });

  it("leaves no transcript in ~/.claude/projects (the stand-in would write one without the flag)", async () => {
    const { fake, provider, env, home } = setup();
    fake.enqueue({ result: "ok" }, { result: "control" });
    await provider().complete(ask("hello"));
    expect(fake.calls()[0]!.wroteTranscript).toBe(false);
    expect(filesUnder(join(home, ".claude", "projects"))).toEqual([]);
    // Control: the same stand-in, run without --no-session-persistence, does write one.
    const r = spawnSync(fake.path, ["-p", "--output-format", "json"], { env, input: "x", encoding: "utf8" });
    expect(JSON.parse(r.stdout).result).toBe("control");
    expect(filesUnder(join(home, ".claude", "projects")).length).toBe(1);
  });
});

describe("claude-cli tool protocol", () => {
  it("describes the tools in the system prompt and parses a fenced tool_calls reply", async () => {
    const { fake, provider } = setup();
    fake.enqueue({
      result: '```json\n{"tool_calls":[{"name":"read_topic","input":{"name":"a.md"}}]}\n```',
      usage: { input_tokens: 50, output_tokens: 12 },
    });
    const res = await provider().complete(ask("read a", { tools: TOOLS }));
    const system = fake.calls()[0]!.argv.at(-1)!;
    expect(system.startsWith("You extract memories.\n\n")).toBe(true);
    expect(system).toContain("### read_topic\nRead one memory topic");
    expect(system).toContain(JSON.stringify(TOOLS[0]!.inputSchema));
    expect(system).toContain('{"tool_calls":[');
    expect(res.stopReason).toBe("tool_use");
    expect(res.content).toHaveLength(1);
    expect(res.content[0]).toMatchObject({ type: "tool_use", name: "read_topic", input: { name: "a.md" } });
    expect(res.usage).toEqual({ inputTokens: 50, outputTokens: 12 });
  });

  it("renders earlier tool calls and results into stdin", async () => {
    const { fake, provider } = setup();
    fake.enqueue({ result: "Done." });
    await provider().complete(
      ask("x", {
        tools: TOOLS,
        messages: [
          { role: "user", content: [{ type: "text", text: "read a" }] },
          {
            role: "assistant",
            content: [{ type: "tool_use", id: "t9", name: "read_topic", input: { name: "a.md" } }],
          },
          {
            role: "user",
            content: [{ type: "tool_result", toolUseId: "t9", content: "missing", isError: true }],
          },
        ],
      }),
    );
    const stdin = fake.calls()[0]!.stdin;
    expect(stdin).toContain("### User\nread a");
    expect(stdin).toContain(
      '### Assistant\n{"tool_calls":[{"id":"t9","name":"read_topic","input":{"name":"a.md"}}]}',
    );
    expect(stdin).toContain("[error result of read_topic call t9]\nmissing");
  });

  it("parses replies: bare, fenced, broken, prose, and JSON when no tools were offered", () => {
    const two = parseCliReply('{"tool_calls":[{"name":"a","input":{}},{"name":"b","input":{"x":1}}]}', true);
    expect(two.map((b) => (b.type === "tool_use" ? b.name : b.type))).toEqual(["a", "b"]);
    expect(new Set(two.map((b) => (b.type === "tool_use" ? b.id : ""))).size).toBe(2);
    const broken = parseCliReply('{"tool_calls":[{"name":"read_topic","input":{"name":"a', true);
    expect(broken).toHaveLength(1);
    expect(broken[0]).toMatchObject({ type: "tool_use", name: "read_topic", input: {} });
    expect(broken[0]?.type === "tool_use" && broken[0].inputError).toMatch(/does not parse/);
    const badInput = parseCliReply('{"tool_calls":[{"name":"a","input":"nope"}]}', true);
    expect(badInput[0]?.type === "tool_use" && badInput[0].inputError).toMatch(
      /not valid JSON|not a JSON object/,
    );
    expect(parseCliReply("I would call a tool here.", true)).toEqual([
      { type: "text", text: "I would call a tool here." },
    ]);
    const json = '{"tool_calls":[{"name":"a","input":{}}]}';
    expect(parseCliReply(json, false)).toEqual([{ type: "text", text: json }]);
    // Claude often says a sentence first: the calls after it are still calls.
    for (const reply of [
      `I will save the preference now.\n\n\`\`\`json\n${json}\n\`\`\``,
      `Saving it.\n${json}`,
    ]) {
      const calls = parseCliReply(reply, true);
      expect(
        calls.map((b) => (b.type === "tool_use" ? b.name : b.type)),
        reply,
      ).toEqual(["a"]);
    }
  });
});

describe("claude-cli failures", () => {
  it("says claude was not found and how to set llm.claudePath (ENOENT)", async () => {
    const dir = tempDir();
    const viaPath = createProvider({
      provider: "claude-cli",
      model: "m",
      env: { PATH: dir, HOME: dir },
      timeoutMs: 5000,
    });
    const e1 = await failure(viaPath.complete(ask("x")));
    expect(e1.kind).toBe("bad_request");
    expect(e1.message).toMatch(/not found on PATH.*llm\.claudePath/);
    const viaConfig = createProvider({
      provider: "claude-cli",
      model: "m",
      claudePath: join(dir, "no-such-claude"),
      env: { PATH: process.env.PATH },
      timeoutMs: 5000,
    });
    expect((await failure(viaConfig.complete(ask("x")))).kind).toBe("bad_request");
  });

  it("maps a non-zero exit by its text and keeps the exit code", async () => {
    const { fake, provider } = setup();
    fake.enqueue(
      { stdout: "", stderr: "Invalid API key · Please run /login\n", exitCode: 1 },
      { isError: true, result: "Claude AI usage limit reached|1700000000" },
      { stdout: "", stderr: "segfault\n", exitCode: 139 },
    );
    const auth = await failure(provider().complete(ask("x")));
    expect([auth.kind, auth.status]).toEqual(["auth", 1]);
    expect((await failure(provider().complete(ask("x")))).kind).toBe("quota");
    const other = await failure(provider().complete(ask("x")));
    expect([other.kind, other.status]).toEqual(["bad_response", 139]);
    expect(fake.calls()).toHaveLength(3);
  });

  it("kills the child on timeout, escalating to SIGKILL when SIGTERM is ignored", async () => {
    const { fake, provider } = setup();
    fake.enqueue(
      { result: "late", delayMs: 20_000 },
      { result: "late", delayMs: 20_000, ignoreSigterm: true },
    );
    const e = await failure(provider(300).complete(ask("x")));
    expect(e.kind).toBe("timeout");
    expect(alive(fake.calls()[0]!.pid)).toBe(false);
    const t0 = performance.now();
    const e2 = await failure(provider(300).complete(ask("x")));
    expect(e2.kind).toBe("timeout");
    expect(performance.now() - t0).toBeGreaterThanOrEqual(KILL_GRACE_MS);
    expect(alive(fake.calls()[1]!.pid)).toBe(false);
  });
});

describe("classifyCliFailure", () => {
  it.each([
    ['API Error: 429 {"type":"error","error":{"type":"rate_limit_error","message":"x"}}', "rate_limit"],
    ["Rate limit reached for requests", "rate_limit"],
    [
      'API Error: 529 {"type":"error","error":{"type":"overloaded_error","message":"Overloaded"}}',
      "overloaded",
    ],
    [
      'API Error: 400 {"type":"error","error":{"type":"invalid_request_error","message":"Your credit balance is too low"}}',
      "quota",
    ],
    ["Credit balance is too low", "quota"],
    ["Claude AI usage limit reached|1700000000", "quota"],
    ["You've hit your limit · resets 3pm", "quota"],
    ["Invalid API key · Please run /login", "auth"],
    ["API Error: 401 authentication_error", "auth"],
    ["API Error: 400 model not found", "bad_request"],
    ["Repeated 529 Overloaded errors", "overloaded"],
    ["something else", "bad_response"],
  ])("%s → %s", (text, kind) => {
    expect(classifyCliFailure(text)).toBe(kind);
  });
});
