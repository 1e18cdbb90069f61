/**
 * The real Gemini CLI 0.61.0, headless in a sandbox HOME against the scripted Gemini server: hooks that
 * print exactly what the adapter's formatHook prints. Checks that SessionStart, BeforeAgent and AfterTool
 * context reach the model's requests (BeforeTool context does not), that every hook's stdin parses to its
 * neutral event, and that the session file the run wrote reads back (prompt without the injected context,
 * the read_file call with its result, the cwd from the project's `.project_root`).
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { geminiAdapter } from "../../../src/adapters/gemini/adapter.js";
import { realCliSkipReason } from "../../helpers/harness/clis.js";
import { writeGeminiConfig } from "../../helpers/harness/config.js";
import { readRecords, recorder } from "../../helpers/harness/recorder.js";
import { runGemini } from "../../helpers/harness/run-gemini.js";
import { makeSandbox, type Sandbox } from "../../helpers/harness/sandbox.js";
import { bodyText, type HarnessServer } from "../../helpers/harness/servers/base.js";
import { startGeminiServer } from "../../helpers/harness/servers/gemini.js";

const skip = realCliSkipReason();
const open: { sb: Sandbox; server: HarnessServer }[] = [];
afterEach(async () => {
  for (const { sb, server } of open.splice(0)) {
    await server.close();
    sb.cleanup();
  }
});

const ctx = (event: string) => `memdir ${event} <b>recall</b> 5e1c`;

/** A hook that records its stdin (recorder.ts) and prints `<dir>/<Event>.out` verbatim. */
function hookCommand(sb: Sandbox, event: string, stdout: string): string {
  const out = join(sb.home, "bin", `${event}.out`);
  const base = recorder(join(sb.home, "bin"), join(sb.home, "records"))(event);
  writeFileSync(out, stdout);
  const printer = join(sb.home, "bin", "print.cjs");
  writeFileSync(printer, 'process.stdout.write(require("fs").readFileSync(process.argv[2], "utf8"));\n');
  return `${base} && ${process.execPath} ${printer} ${out}`;
}

describe.skipIf(skip !== null)("Gemini CLI 0.61.0 with adapter-formatted hook output", () => {
  it("SessionStart, BeforeAgent and AfterTool context reach the model; stdin parses; the session reads back", {
    timeout: 120_000,
  }, async () => {
    const sb = makeSandbox();
    writeFileSync(join(sb.project, "a.txt"), "hello from a\n");
    const server = await startGeminiServer([
      { tool: { name: "read_file", input: { file_path: "a.txt" } } },
      { text: "a.txt says hello." },
    ]);
    open.push({ sb, server });
    const events = ["SessionStart", "BeforeAgent", "BeforeTool", "AfterTool", "AfterAgent", "SessionEnd"];
    const hooks: Record<string, string[]> = {};
    for (const e of events) {
      // BeforeTool: formatHook prints nothing there; print a context anyway to see that Gemini ignores it.
      const stdout =
        e === "BeforeTool"
          ? `${JSON.stringify({ hookSpecificOutput: { hookEventName: e, additionalContext: ctx(e) } })}\n`
          : geminiAdapter.formatHook(e, { context: ctx(e) });
      hooks[e] = [hookCommand(sb, e, stdout)];
    }
    writeGeminiConfig(sb.home, hooks);
    const run = await runGemini(sb, server, "Read a.txt", { timeoutMs: 100_000 });
    expect(run.code, run.stderr).toBe(0);

    const main = server.requests.filter((r) => r.scripted).map((r) => bodyText(r.body));
    expect(main).toHaveLength(2);
    const esc = (e: string) => ctx(e).replace(/</g, "&lt;").replace(/>/g, "&gt;"); // Gemini escapes < and >
    expect(main[0]).toContain(`<hook_context>${esc("SessionStart")}</hook_context>`);
    expect(main[0]).toContain(`<hook_context>${esc("BeforeAgent")}</hook_context>`);
    expect(main[1]).toContain(`<hook_context>${esc("AfterTool")}</hook_context>`);
    expect(main.join("\n")).not.toContain("BeforeTool");

    const records = readRecords(join(sb.home, "records"));
    const fired = records.map((r) => r.event);
    for (const e of ["SessionStart", "BeforeAgent", "BeforeTool", "AfterTool", "AfterAgent"])
      expect(fired).toContain(e);
    for (const r of records) {
      const p = geminiAdapter.parseHook(r.event, JSON.stringify(r.stdin));
      expect(p.ok, p.ok ? "" : p.reason).toBe(true);
      if (!p.ok) continue;
      if (p.event.type === "prompt") expect(p.event.prompt).toBe("Read a.txt");
      if (p.event.type === "toolAfter")
        expect(p.event.tool).toMatchObject({ name: "read_file", kind: "read", paths: ["a.txt"] });
      expect(geminiAdapter.projectDir(r.env)).toBe(sb.project);
    }

    const path = records.find((r) => r.event === "AfterAgent")?.stdin.transcript_path as string;
    const slice = geminiAdapter.transcripts.read(path);
    expect(slice.cwd).toBe(sb.project);
    expect(slice.messages.filter((m) => m.kind === "prompt").map((m) => m.text)).toEqual(["Read a.txt"]);
    const raw = readFileSync(path, "utf8");
    expect(raw).toContain(`<hook_context>${esc("SessionStart")}</hook_context>`); // recorded in the prompt…
    expect(raw).toContain(`<hook_context>${esc("AfterTool")}</hook_context>`); // …and in the tool result
    const calls = slice.messages.flatMap((m) => m.toolCalls);
    expect(calls[0]?.result?.text).toContain("hello from a");
    expect(calls[0]?.result?.text).not.toContain("hook_context");
    expect(calls).toMatchObject([
      { name: "read_file", kind: "read", paths: ["a.txt"], result: { isError: false } },
    ]);
    expect(slice.messages.at(-1)).toMatchObject({ kind: "assistant", text: "a.txt says hello." });
    expect(geminiAdapter.transcripts.find({}, sb.home).map((t) => t.path)).toContain(path);
  });
});
