/**
 * The secret channel run, for the channel test and the reliability harness: the corpus through every
 * channel of the real bundled bin in a sandbox home under `root` (`<root>/home` is what memdir writes;
 * `<root>/input` holds the harness's own files: the transcript and the wiki source text). The model is
 * `server`, a scripted Anthropic server; it answers like a hostile model that echoes secrets.
 */
import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { runBinAsync } from "../bin.js";
import { type Conversation, writeConversationTranscript } from "../conversation.js";
import { TEST_API_KEY } from "../scripted-llm/harness.js";
import type { ScriptedServer } from "../scripted-llm/index.js";
import { ALL_LOOKALIKES, ALL_POSITIVES } from "./index.js";

const chunk = <T>(xs: readonly T[], n: number): T[][] =>
  Array.from({ length: Math.ceil(xs.length / n) }, (_, i) => xs.slice(i * n, i * n + n));
/** Look-alikes on one line (the notepad keeps one line per entry). */
export const ONE_LINE_LOOKALIKES = ALL_LOOKALIKES.filter((l) => !l.includes("\n"));
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
      user: `We always deploy with these settings, remember them:\n${g.map((p) => p.text).join("\n")}\n<remember>${g[0]!.text}</remember>\n<remember>${ONE_LINE_LOOKALIKES[i + groups.length] ?? ""}</remember>\n${(looks[i] ?? []).join("\n")}`,
      assistant: `Noted. ${(looks[i] ?? []).join(" ")}`,
      tools: [
        { name: "Bash", input: { command: `cat deploy-${i}.env` }, output: g.map((p) => p.text).join("\n") },
        {
          // Subagents report through Task: its output's <remember> tags go to the notepad.
          name: "Task",
          input: { description: "collect the deploy settings", prompt: "collect them" },
          output: `${g[2]?.text ?? ""}\n<remember priority>${g[1]?.text ?? ""}</remember>\n<remember>${ONE_LINE_LOOKALIKES[i] ?? ""}</remember>\n<remember>${g[3]?.text ?? ""}</remember>`,
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

/** What a run leaves: the sandbox home to scan and every command's output. */
export interface ChannelRun {
  home: string;
  outputs: string[];
}

/**
 * Drives every channel (module doc): hooks for a whole session (prompts, tool output, Task output with
 * <remember>), the extraction and session-memory jobs, wiki add, backfill, dream --force, replay, search.
 */
export async function runSecretChannels(root: string, server: ScriptedServer): Promise<ChannelRun> {
  const home = join(root, "home");
  const outputs: string[] = [];
  const bin = (args: string[], env: Record<string, string>, input = "") => runBinAsync(args, env, input);
  const input = join(root, "input");
  const project = join(home, "project");
  const memdirHome = join(home, ".memdir");
  for (const d of [input, project, memdirHome]) mkdirSync(d, { recursive: true });
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
  return { home, outputs };
}
