/**
 * Extraction with a model, end to end (issue 4 point 3): the extraction job in-process with a real
 * provider (the official SDK) talking to a scripted server on 127.0.0.1 that speaks the provider's wire
 * protocol, the real sandbox, the real store, the real ledger. Only the model is scripted.
 */
import { createHash } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join, relative } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { buildStatus } from "../../../src/app/commands/status.js";
import { projectContext } from "../../../src/app/context.js";
import { runHook } from "../../../src/app/hooks/run.js";
import { readRecentEvents } from "../../../src/app/inject/health.js";
import { buildSessionContext } from "../../../src/app/inject/session-context.js";
import { runExtractionJob } from "../../../src/app/jobs/extract.js";
import type { Runtime } from "../../../src/app/runtime.js";
import { estimateTokens } from "../../../src/core/tokens.js";
import { readCursor } from "../../../src/sessions/index.js";
import { readChangeSet } from "../../../src/store/index.js";
import {
  type Conversation,
  type GoldMemory,
  loadQualitySet,
  writeConversationTranscript,
} from "../../helpers/conversation.js";
import { TEST_API_KEY } from "../../helpers/scripted-llm/harness.js";
import {
  type ScriptedReply,
  type ScriptedServer,
  startAnthropicServer,
  startOpenAIServer,
} from "../../helpers/scripted-llm/index.js";
import { TRANSCRIPTS_DIR, tempDir } from "../../helpers/tmp.js";

const servers: ScriptedServer[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()!.close();
});

async function setup(o: { protocol?: "anthropic" | "openai"; llm?: Record<string, unknown> } = {}) {
  const home = tempDir("memdir-model-");
  const project = join(home, "project");
  const memParent = join(home, "mem-parent");
  const memoryDir = join(memParent, "memory");
  const memdirHome = join(home, ".memdir");
  mkdirSync(project, { recursive: true });
  mkdirSync(memoryDir, { recursive: true });
  mkdirSync(memdirHome, { recursive: true });
  const server = o.protocol === "openai" ? await startOpenAIServer() : await startAnthropicServer();
  servers.push(server);
  const provider = o.protocol === "openai" ? "openai-compatible" : "anthropic";
  writeFileSync(
    join(memdirHome, "config.json"),
    // Session memory would add its own model call once a conversation passes 10k tokens: off here.
    JSON.stringify({
      llm: { provider, baseUrl: server.url, model: "scripted-1", ...o.llm },
      sessionMemory: { enabled: false },
    }),
  );
  let now = Date.parse("2026-01-12T12:00:00Z");
  const rt: Runtime = {
    env: {
      HOME: home,
      MEMDIR_HOME: memdirHome,
      CLAUDE_CONFIG_DIR: join(home, ".claude"),
      MEMDIR_MEMORY_DIR: memoryDir,
      ANTHROPIC_API_KEY: TEST_API_KEY,
      OPENAI_API_KEY: TEST_API_KEY,
    },
    cwd: project,
    now: () => now,
    pid: 4242,
    ownerPid: process.pid,
    isAlive: () => true,
    spawnJob: async () => {},
  };
  const userMemoryDir = join(memdirHome, "user-memory");
  const transcripts = join(home, "transcripts");
  mkdirSync(transcripts);
  return {
    home,
    rt,
    server,
    memoryDir,
    memParent,
    userMemoryDir,
    memdirHome,
    transcript: (conv: Conversation) => writeConversationTranscript(transcripts, conv),
    extract: (t: { path: string; sessionId: string }) =>
      runExtractionJob(rt, { kind: "extract", cwd: project, sessionId: t.sessionId, transcriptPath: t.path }),
    events: () => readRecentEvents(join(memdirHome, "logs", "events.jsonl"), 1 << 22),
    advance: (ms: number) => {
      now += ms;
    },
    bodies: () => server.requests.map((r) => JSON.stringify(r.body)),
  };
}

const topicText = (g: GoldMemory) =>
  `---\nname: ${g.name}\ndescription: ${JSON.stringify(g.description)}\ntype: ${g.type}\n---\n${g.body}\n`;
const pathOf = (g: GoldMemory) => `${g.type === "user" ? "user/" : ""}${g.name}.md`;
const DONE: ScriptedReply = {
  text: '{"status": "saved", "note": "recorded"}',
  usage: { input: 900, output: 20 },
};
const NOTHING: ScriptedReply = {
  text: '{"status": "nothing", "note": "task chatter"}',
  usage: { input: 800, output: 12 },
};

function topicFiles(dir: string): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((f) => f.endsWith(".md") && f !== "MEMORY.md")
    .sort();
}

/** path → sha256 of every file under `dir` except the subtree `skip`. */
function hashTree(dir: string, skip: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (p === skip) continue;
      if (e.isDirectory()) walk(p);
      else out[relative(dir, p)] = createHash("sha256").update(readFileSync(p)).digest("hex");
    }
  };
  walk(dir);
  return out;
}

const conv = (id: string, turns: Conversation["turns"]): Conversation => ({
  id,
  lang: "en",
  about: id,
  turns,
  gold: [],
});

describe("extraction with a scripted model", () => {
  it("over the quality set, applies exactly the gold operations (one write per gold memory, nothing else)", async () => {
    const set = loadQualitySet();
    expect(set.length).toBeGreaterThanOrEqual(30);
    for (const c of set) {
      const s = await setup();
      if (c.gold.length === 0) s.server.enqueue(NOTHING);
      else
        s.server.enqueue(
          {
            toolCalls: c.gold.map((g) => ({
              name: "memory_write",
              input: { file: pathOf(g), content: topicText(g) },
            })),
          },
          DONE,
        );
      const [r] = await s.extract(s.transcript(c));
      expect(r?.error, c.id).toBeUndefined();
      if (r?.skipped === "no_prose") {
        // Only code / JSON / tool output from the user: no model call at all, and nothing to save.
        expect(c.gold, c.id).toEqual([]);
        expect(s.server.requests, c.id).toHaveLength(0);
        continue;
      }
      expect(s.server.pending(), c.id).toBe(0);
      const want = (scope: "user" | "project") =>
        c.gold
          .filter((g) => (g.type === "user") === (scope === "user"))
          .map((g) => `${g.name}.md`)
          .sort();
      expect(topicFiles(s.memoryDir), c.id).toEqual(want("project"));
      expect(topicFiles(s.userMemoryDir), c.id).toEqual(want("user"));
      for (const g of c.gold) {
        const text = readFileSync(
          join(g.type === "user" ? s.userMemoryDir : s.memoryDir, `${g.name}.md`),
          "utf8",
        );
        expect(text, `${c.id} ${g.name}`).toContain(g.body.trim());
        expect(text).toContain(`type: ${g.type}`);
        // Provenance: the prompts the model read (so a memory of an abandoned branch can be withdrawn).
        expect(text, `${c.id} ${g.name} sources`).toMatch(/\n {2}sources:\n {4}- \S+/);
        const index = readFileSync(
          join(g.type === "user" ? s.userMemoryDir : s.memoryDir, "MEMORY.md"),
          "utf8",
        );
        expect(index, `${c.id} MEMORY.md`).toContain(`(${g.name}.md)`);
      }
      const ev = s.events().filter((e) => e.kind === "extraction");
      expect(ev.at(-1)?.engine, c.id).toBe("model");
      // The model's writes are one change set (`memdir undo`), holding exactly the gold files + indexes.
      const cs = c.gold.length ? readChangeSet(s.memoryDir, r!.changeSet!) : undefined;
      if (c.gold.length === 0) expect(r?.changeSet, c.id).toBeUndefined();
      else
        expect(
          cs!.files
            .filter((f) => f.file !== "MEMORY.md")
            .map((f) => `${f.scope}/${f.file}`)
            .sort(),
          c.id,
        ).toEqual(c.gold.map((g) => `${g.type === "user" ? "user" : "project"}/${g.name}.md`).sort());
      // The request is the one the design promises: only memory tools, the closed set of types.
      const body = s.server.requests[0]!.body as { tools: { name: string }[]; system: string };
      expect(body.tools.map((t) => t.name).sort()).toEqual([
        "memory_delete",
        "memory_edit",
        "memory_list",
        "memory_read",
        "memory_write",
      ]);
      expect(body.system).toMatch(/never save/i);
    }
  }, 120_000);

  it("no request body ever contains a planted secret or <private> text (prompt, tool output, assistant, stored memory)", async () => {
    const s = await setup();
    const secret = "ghp_Zq8f3LmN0pR7sT2vW9xY4bC6dE1gH5jK8mQ0";
    writeFileSync(
      join(s.memoryDir, "deploy-notes.md"),
      `---\nname: deploy-notes\ndescription: how we deploy\ntype: project\n---\nDeploy with token ${secret}\n`,
    );
    s.server.enqueue({ toolCalls: [{ name: "memory_read", input: { file: "deploy-notes.md" } }] }, NOTHING);
    const t = s.transcript(
      conv("en-secret-planting", [
        {
          user: `I prefer small PRs. <private>my salary is 123456</private> Also the CI token is ${secret}, keep it safe.`,
          tools: [
            {
              name: "Bash",
              input: { command: `curl -H "Authorization: token ${secret}" x` },
              output: `token=${secret}`,
            },
          ],
          assistant: `Noted. <private>salary 123456</private> I will use ${secret} only for CI.`,
        },
      ]),
    );
    await s.extract(t);
    expect(s.server.requests).toHaveLength(2);
    for (const b of s.bodies()) {
      expect(b).not.toContain(secret);
      expect(b).not.toContain("123456");
      expect(b).not.toMatch(/<private>/i);
      expect(b).not.toContain(TEST_API_KEY);
    }
    // The key travels only in a header (the SDK's choice of header), never in a body.
    const h = s.server.requests[0]!.headers;
    expect(`${h["x-api-key"]} ${h.authorization}`).toContain(TEST_API_KEY);
  });

  it("invalid output (prose, then prose again) is retried once, then the offline engine's result is applied and the failure recorded", async () => {
    const s = await setup();
    s.server.enqueue({ text: "Sure! I saved your preference." }, { text: "Done, all saved." });
    const t = s.transcript(
      conv("en-invalid", [
        {
          user: "Always use pnpm in this repo, never npm: the lockfile is pnpm-lock.yaml.",
          assistant: "OK.",
        },
      ]),
    );
    const [r] = await s.extract(t);
    expect(s.server.requests).toHaveLength(2);
    expect(s.bodies()[1]).toMatch(/not valid/i); // the one retry says what was wrong
    const failed = s.events().filter((e) => e.kind === "extraction_model_failed");
    expect(failed).toHaveLength(1);
    expect(String(failed[0]!.error)).toMatch(/invalid model output/);
    expect(
      s
        .events()
        .filter((e) => e.kind === "extraction")
        .at(-1)?.engine,
    ).toBe("offline");
    expect(r!.memories).toBeGreaterThan(0); // the offline engine caught the pnpm rule
    expect(topicFiles(s.memoryDir).join(" ")).toMatch(/pnpm/);
    expect(readCursor(join(s.home, "project", ".memdir"), t.sessionId).offset).toBe(statSync(t.path).size);
  });

  it("partial JSON in tool arguments (openai-compatible) gets an error result and a second chance", async () => {
    const s = await setup({ protocol: "openai" });
    const g: GoldMemory = {
      type: "feedback",
      name: "small-prs",
      description: "Keep pull requests small",
      body: "Keep PRs under 300 lines.\n**Why:** reviews stall on big diffs.\n**How to apply:** split work.",
      mustContain: [],
    };
    s.server.enqueue(
      {
        toolCalls: [
          { name: "memory_write", rawArguments: '{"file": "small-prs.md", "content": "---\\nname' },
        ],
      },
      { toolCalls: [{ name: "memory_write", input: { file: "small-prs.md", content: topicText(g) } }] },
      DONE,
    );
    await s.extract(
      s.transcript(
        conv("en-partial", [
          { user: "Keep PRs under 300 lines please, reviews stall on big diffs.", assistant: "Will do." },
        ]),
      ),
    );
    expect(s.server.requests).toHaveLength(3);
    expect(s.bodies()[1]).toMatch(/JSON/); // the tool error told the model what was wrong
    expect(topicFiles(s.memoryDir)).toEqual(["small-prs.md"]);
    expect(
      s
        .events()
        .filter((e) => e.kind === "extraction")
        .at(-1)?.engine,
    ).toBe("model");
  });

  it("a model that writes ../../x, an absolute path or through a symlink is refused and nothing outside the memory dir changes", async () => {
    const s = await setup();
    const outside = join(s.memParent, "outside.md");
    writeFileSync(outside, "untouched\n");
    symlinkSync(outside, join(s.memoryDir, "link.md"));
    mkdirSync(join(s.memParent, "elsewhere"));
    symlinkSync(join(s.memParent, "elsewhere"), join(s.memoryDir, "sub"));
    const t = s.transcript(
      conv("en-escape", [
        { user: "Remember that our staging database is read-only for everyone.", assistant: "OK." },
      ]),
    );
    const before = hashTree(s.home, s.memoryDir);
    const content = topicText({
      type: "project",
      name: "x",
      description: "x",
      body: "pwned",
      mustContain: [],
    });
    s.server.enqueue(
      {
        toolCalls: [
          { name: "memory_write", input: { file: "../../x.md", content } },
          { name: "memory_write", input: { file: join(s.home, "abs.md"), content } },
          { name: "memory_write", input: { file: "link.md", content } },
          { name: "memory_write", input: { file: "sub/x.md", content } },
          { name: "memory_delete", input: { file: "link.md" } },
        ],
      },
      {
        toolCalls: [
          { name: "memory_edit", input: { file: "link.md", old_string: "untouched", new_string: "pwned" } },
        ],
      },
      NOTHING,
    );
    await s.extract(t);
    const after = hashTree(s.home, s.memoryDir);
    // Only memdir's own state may change outside the memory dir (its logs, ledger, session state, index).
    const changed = Object.keys({ ...before, ...after }).filter((k) => before[k] !== after[k]);
    expect(changed.filter((k) => !k.startsWith(".memdir/") && !k.startsWith("project/.memdir/"))).toEqual([]);
    expect(readFileSync(outside, "utf8")).toBe("untouched\n");
    expect(existsSync(join(s.home, "abs.md"))).toBe(false);
    expect(existsSync(join(s.home, "x.md"))).toBe(false);
    expect(readdirSync(join(s.memParent, "elsewhere"))).toEqual([]);
    const results = (s.server.requests[1]!.body as { messages: { content: unknown }[] }).messages;
    expect(JSON.stringify(results)).toMatch(/outside|refused|not allowed|symlink/i);
  });

  it("a slice with no prose (only code, JSON, tool output) is skipped without a model call; the cursor moves", async () => {
    const s = await setup();
    const t = s.transcript(
      conv("en-noprose", [
        { user: "```ts\nconst x = 1;\n```", assistant: "Here is the fix." },
        {
          user: '{"compilerOptions": {"strict": true}}',
          assistant: "Applied.",
          tools: [{ name: "Bash", input: { command: "npm test" }, output: "ok" }],
        },
      ]),
    );
    const [r] = await s.extract(t);
    expect(r!.skipped).toBe("no_prose");
    expect(s.server.requests).toHaveLength(0);
    expect(s.events().find((e) => e.kind === "extraction_skipped")?.reason).toBe("no_prose");
    expect(readCursor(join(s.home, "project", ".memdir"), t.sessionId).offset).toBe(statSync(t.path).size);
  });
});

describe("budgets and the circuit breaker through the extraction job", () => {
  it("day budget reached: no request is sent, the reason is recorded, extraction runs offline", async () => {
    const s = await setup({ llm: { maxTokensPerDay: 500 } });
    const [r] = await s.extract(
      s.transcript(conv("en-budget", [{ user: "Always use pnpm here, never npm.", assistant: "OK." }])),
    );
    expect(s.server.requests).toHaveLength(0);
    const ev = s.events();
    expect(ev.find((e) => e.kind === "llm_budget_reached")).toMatchObject({ scope: "day", cap: 500 });
    expect(String(ev.find((e) => e.kind === "extraction_model_failed")?.kind)).toBe(
      "extraction_model_failed",
    );
    expect(r!.memories).toBeGreaterThan(0);
  });

  it("a 429 trips the breaker: no request until the back-off ends, a health flag at SessionStart, then one probe", async () => {
    const s = await setup();
    s.server.enqueue({
      error: { status: 429, message: "Number of request tokens has exceeded your per-minute rate limit" },
      headers: { "retry-after": "120" },
    });
    const turn = (id: string, user: string) => s.transcript(conv(id, [{ user, assistant: "OK." }]));
    await s.extract(turn("en-429-a", "I'm a data engineer, mostly Python and Airflow."));
    expect(s.server.requests).toHaveLength(1);
    expect(s.events().find((e) => e.kind === "llm_breaker_tripped")).toBeTruthy();

    s.advance(60_000);
    await s.extract(turn("en-429-b", "We freeze merges every Thursday for the release branch cut."));
    expect(s.server.requests).toHaveLength(1); // still open: nothing sent
    expect(s.events().some((e) => e.kind === "llm_breaker_open")).toBe(true);
    const ctx = projectContext(s.rt, s.rt.cwd);
    const context = buildSessionContext(ctx, {
      source: "startup",
      sessionId: "next",
      harnessLoadsMemoryMd: false,
    });
    expect(context).toMatch(/model calls are paused until .*rate_limit/);

    s.advance(61_000);
    s.server.enqueue(NOTHING);
    await s.extract(
      turn("en-429-c", "The billing dashboard lives at grafana.example.com/d/billing for errors."),
    );
    expect(s.server.requests).toHaveLength(2); // exactly one probe
    for (const b of s.bodies().slice(1)) expect(b).not.toMatch(/rate limit/i); // never fed back
    const ctx2 = projectContext(s.rt, s.rt.cwd);
    expect(
      buildSessionContext(ctx2, { source: "startup", sessionId: "next", harnessLoadsMemoryMd: false }),
    ).not.toMatch(/paused/);
  });
});

describe("mutual exclusion with the main agent", () => {
  it("in a batch of turns (everyNTurns 3) only the turn in which the agent wrote memory is skipped", async () => {
    const s = await setup();
    s.server.enqueue(NOTHING);
    const write = {
      name: "Write",
      input: { file_path: join(s.memoryDir, "pnpm.md"), content: "x" },
      output: "File created successfully",
    };
    await s.extract(
      s.transcript(
        conv("en-batch", [
          { user: "Our release train leaves every second Tuesday, plan around it.", assistant: "Noted." },
          { user: "Remember: always pnpm, never npm.", tools: [write], assistant: "Saved to memory." },
          { user: "The design docs live in Notion under Platform.", assistant: "OK." },
        ]),
      ),
    );
    expect(s.server.requests).toHaveLength(1);
    const sent = s.bodies()[0]!;
    expect(sent).toContain("release train");
    expect(sent).toContain("design docs live in Notion");
    expect(sent).not.toContain("always pnpm");
    expect(s.events().find((e) => e.kind === "extraction")?.agent_turn_messages_skipped).toBeGreaterThan(0);
  });

  it("a turn in which the agent wrote MEMORY.md itself causes no extraction for that turn and no duplicate afterwards", async () => {
    const s = await setup();
    const write = {
      name: "Write",
      input: {
        file_path: join(s.memoryDir, "MEMORY.md"),
        content: "- [Uses pnpm](pnpm.md) — always pnpm, never npm\n",
      },
      output: "File created successfully",
    };
    writeFileSync(join(s.memoryDir, "MEMORY.md"), write.input.content);
    const c = conv("en-mutual", [
      { user: "Remember: always use pnpm here, never npm.", tools: [write], assistant: "Saved to memory." },
    ]);
    const t = s.transcript(c);
    const [first] = await s.extract(t);
    expect(first!.skipped).toBe("agent_wrote_memory");
    expect(s.server.requests).toHaveLength(0);
    expect(topicFiles(s.memoryDir)).toEqual([]);

    // The next turn is ordinary work: the earlier turn is not read again, so nothing duplicates.
    const full = writeConversationTranscript(join(s.home, "transcripts"), {
      ...c,
      turns: [...c.turns, { user: "now run the tests please", assistant: "All green." }],
    });
    s.server.enqueue(NOTHING);
    await s.extract(full);
    expect(s.server.requests).toHaveLength(1);
    const sent = s.bodies()[0]!;
    expect(sent).toContain("now run the tests");
    expect(sent).not.toContain("always use pnpm here");
    expect(topicFiles(s.memoryDir)).toEqual([]);
  });
});

describe("session memory with a scripted model", () => {
  it("past 10k context tokens the turn end asks the model (no tools) for the changed sections and writes them", async () => {
    const s = await setup();
    writeFileSync(
      join(s.memdirHome, "config.json"),
      JSON.stringify({ llm: { provider: "anthropic", baseUrl: s.server.url, model: "scripted-1" } }),
    );
    const secret = "sk-ant-api03-PLANTEDsecret0123456789abcdefghijklmnop";
    // The rendered transcript records ~18.5k context tokens per assistant entry: past the 10k first trigger.
    const t = s.transcript(
      conv("en-session-memory", [
        {
          user: `Add retries to the payment webhook handler. <private>card 4242</private> key ${secret}`,
          tools: [
            {
              name: "Read",
              input: { file_path: "/home/dev/en-app/src/webhooks/payment.ts" },
              output: "export function handle() {}",
            },
            {
              name: "Edit",
              input: {
                file_path: "/home/dev/en-app/src/webhooks/payment.ts",
                old_string: "a",
                new_string: "b",
              },
              output: "ok",
            },
            { name: "Bash", input: { command: "npm test" }, output: "14 passed" },
          ],
          assistant: "Retries with exponential back-off are in; the 14 tests pass.",
        },
      ]),
    );
    s.server.enqueue(NOTHING, {
      text: JSON.stringify({
        "Current State": "Webhook retries done; next: load test the handler.",
        "Task specification": "Add retries to the payment webhook handler.",
      }),
    });
    await s.extract(t);
    expect(s.server.requests).toHaveLength(2);
    const summaryReq = s.server.requests[1]!.body as Record<string, unknown>;
    expect(summaryReq.tools).toBeUndefined(); // no tools offered at all
    for (const b of s.bodies()) {
      expect(b).not.toContain(secret);
      expect(b).not.toContain("card 4242");
    }
    const file = join(s.home, "project", ".memdir", "summaries", `${t.sessionId}.md`);
    const text = readFileSync(file, "utf8");
    expect(text).toMatch(/# Current State\s+Webhook retries done; next: load test the handler\./);
    expect(text).toMatch(/# Files and Functions[\s\S]*payment\.ts/); // offline sections kept where the model said nothing
    expect(s.events().find((e) => e.kind === "session_memory_updated")?.engine).toBe("anthropic:scripted-1");
  });
});

describe("request size on a long real session", () => {
  it("one extraction over a whole 2.7 MB Claude Code transcript sends a request within the per-call input cap", async () => {
    const s = await setup({ llm: { maxInputTokensPerCall: 12_000 } });
    s.server.enqueue(NOTHING);
    const path = join(TRANSCRIPTS_DIR, "258c7280-ae70-4798-800f-63464d01a85d.jsonl");
    await s.extract({ path, sessionId: "258c7280-ae70-4798-800f-63464d01a85d" });
    expect(s.server.requests).toHaveLength(1);
    const body = s.server.requests[0]!.body as { system: string; messages: unknown; tools: unknown };
    const sent = estimateTokens(
      `${body.system}${JSON.stringify(body.messages)}${JSON.stringify(body.tools)}`,
    );
    expect(sent).toBeLessThanOrEqual(12_000);
    expect(sent).toBeGreaterThan(4_000); // the budget is used, not thrown away
    expect(JSON.stringify(body.messages)).toMatch(/older messages left out/);
  });
});

describe("hardening found by a fresh tester", () => {
  it("private text opened in one prompt and closed in the next, or echoed by the assistant, never reaches the request", async () => {
    const s = await setup();
    s.server.enqueue(NOTHING);
    const t = s.transcript(
      conv("en-private-echo", [
        { user: "Ship the release notes today. <private>my home address is", assistant: "Sure." },
        {
          user: "9 Birch Lane, employee ID EMP-554433</private> ok thanks, and keep PRs small please",
          assistant: "Got it, EMP-554433 at 9 Birch Lane noted.",
        },
      ]),
    );
    await s.extract(t);
    expect(s.server.requests).toHaveLength(1);
    const body = s.bodies()[0]!;
    expect(body).not.toContain("Birch Lane");
    expect(body).not.toContain("EMP-554433");
    expect(body).toContain("keep PRs small");
  });

  it("a Chinese or Japanese prompt is prose: it is extracted, not skipped", async () => {
    const s = await setup();
    s.server.enqueue(NOTHING);
    const [r] = await s.extract(
      s.transcript(
        conv("zh-prompt", [{ user: "以后请一直用中文回答我，不要用英文。", assistant: "好的。" }]),
      ),
    );
    expect(r!.skipped).toBeUndefined();
    expect(s.server.requests).toHaveLength(1);
  });

  it("before a compaction the session summary is refreshed before the (slower) model extraction", async () => {
    const s = await setup();
    writeFileSync(
      join(s.memdirHome, "config.json"),
      JSON.stringify({ llm: { provider: "anthropic", baseUrl: s.server.url, model: "scripted-1" } }),
    );
    const t = s.transcript(
      conv("en-precompact", [{ user: "Add retries to the webhook handler please.", assistant: "Done." }]),
    );
    s.server.enqueue({ text: JSON.stringify({ "Current State": "Retries added." }) }, NOTHING);
    await runExtractionJob(s.rt, {
      kind: "extract",
      cwd: s.rt.cwd,
      sessionId: t.sessionId,
      transcriptPath: t.path,
      precompact: true,
    });
    expect(s.server.requests).toHaveLength(2);
    expect((s.server.requests[0]!.body as { tools?: unknown }).tools).toBeUndefined(); // the summary
    expect((s.server.requests[1]!.body as { tools?: unknown[] }).tools?.length).toBe(5); // the extraction
  });

  it("an auth breaker is lifted by a new key; recovered failures leave the SessionStart warnings", async () => {
    const s = await setup();
    s.server.enqueue({ error: { status: 401, message: "invalid x-api-key" } });
    const turn = (id: string) =>
      s.transcript(conv(id, [{ user: `We deploy on Fridays only, ${id}.`, assistant: "OK." }]));
    await s.extract(turn("a"));
    const started = () =>
      buildSessionContext(projectContext(s.rt, s.rt.cwd), {
        source: "startup",
        sessionId: "n",
        harnessLoadsMemoryMd: false,
      });
    expect(started()).toMatch(/paused.*auth/);
    expect(started()).toMatch(/extraction model failed/);
    await s.extract(turn("b"));
    expect(s.server.requests).toHaveLength(1); // open for 6 h: nothing sent
    s.rt.env.ANTHROPIC_API_KEY = `${TEST_API_KEY}-rotated`;
    s.server.enqueue(NOTHING);
    await s.extract(turn("c"));
    expect(s.server.requests).toHaveLength(2); // the new key is tried at once
    expect(started()).not.toMatch(/paused|extraction model failed/);
  });
});

describe("config problems are visible, never silent", () => {
  const hookRt = async () => {
    const s = await setup();
    const run = (event: string, extra: Record<string, unknown> = {}) =>
      runHook(
        event,
        JSON.stringify({ session_id: "cfg-1", cwd: s.rt.cwd, hook_event_name: event, ...extra }),
        s.rt,
      );
    return { s, run };
  };

  it("an unknown key (a typo) is ignored but shown at SessionStart and by status", async () => {
    const { s, run } = await hookRt();
    writeFileSync(join(s.memdirHome, "config.json"), JSON.stringify({ llm: { maxTokenPerDay: 5 } }));
    const out = JSON.parse(await run("SessionStart", { source: "startup" })).hookSpecificOutput
      .additionalContext;
    expect(out).toMatch(/unknown key "llm.maxTokenPerDay".*did you mean "llm.maxTokensPerDay"/s);
    expect(buildStatus(projectContext(s.rt, s.rt.cwd)).warnings.join("\n")).toMatch(/llm.maxTokenPerDay/);
  });

  it("a config that cannot be used pauses memdir and SessionStart says so, without quoting the file", async () => {
    const { s, run } = await hookRt();
    writeFileSync(
      join(s.memdirHome, "config.json"),
      '{"llm":{"apiKeyEnv":"sk-ant-api03-PASTEDabcdefghijklmnop",}}',
    );
    const out = JSON.parse(await run("SessionStart", { source: "startup" })).hookSpecificOutput
      .additionalContext;
    expect(out).toMatch(/memdir .* is paused/);
    expect(out).toMatch(/not valid JSON/);
    expect(out).toMatch(/line 1, column/);
    expect(out).not.toContain("PASTED");
    expect(await run("Stop")).toBe(""); // other hooks stay silent
  });
});
