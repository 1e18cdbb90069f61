/**
 * Session memory (seed 000 §24.3): the file format, the budgets, the offline engine over the three long
 * real transcripts, and privacy (a planted secret and `<private>` text never reach the file).
 */
import { appendFileSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { toolUse } from "../../src/adapters/claude-code/tools.js";
import { readClaudeTranscript } from "../../src/adapters/claude-code/transcript.js";
import { estimateTokens } from "../../src/core/tokens.js";
import {
  buildOfflineSections,
  COMPRESSION_ORDER,
  emptySections,
  fitSections,
  parseSummary,
  readSummaryFile,
  runSummaryUpdate,
  SECTION_MAX_TOKENS,
  SECTION_NAMES,
  type SectionName,
  serializeSummary,
  summaryForPrompt,
  TOTAL_MAX_TOKENS,
} from "../../src/jobs/summarize/index.js";
import { scrub } from "../../src/privacy/index.js";
import { docsForFile } from "../../src/search/sync/parse.js";
import type { ConversationMessage } from "../../src/transcripts/types.js";
import { TRANSCRIPTS_DIR, tempDir } from "../helpers/tmp.js";

const LONG = [
  "258c7280-ae70-4798-800f-63464d01a85d",
  "4d5611e5-241a-462a-8d15-5122611a9569",
  "ae4a77f8-aedd-4bc1-888f-c94edc91af04",
];

/** Section bodies of a file, split on the ten headings (independent of parseSummary). */
function sectionsOf(text: string): { names: string[]; bodies: Map<string, string> } {
  const body = text.replace(/^---\n[\s\S]*?\n---\n/, "");
  const names: string[] = [];
  const bodies = new Map<string, string>();
  let cur = "";
  for (const line of body.split("\n")) {
    const h = /^# (.+)$/.exec(line);
    if (h && (SECTION_NAMES as readonly string[]).includes(h[1]!)) {
      cur = h[1]!;
      names.push(cur);
      bodies.set(cur, "");
    } else if (cur) bodies.set(cur, `${bodies.get(cur)}${line}\n`);
  }
  return { names, bodies };
}

describe("the summary file", () => {
  it("round-trips, keeps the ten sections in order and is indexed by search as a session summary", () => {
    const sections = emptySections();
    sections["Session Title"] = "Fix the flaky login test";
    sections.Worklog = '- 2026-02-01 10:00 asked: "fix it"\n# not a heading';
    const meta = {
      sessionId: "s-1",
      updated: "2026-02-01T10:05:00.000Z",
      engine: "offline",
      contextTokens: 12_345,
      toolCalls: 7,
      updates: 2,
      transcriptOffset: 999,
    };
    const text = serializeSummary({ meta, sections });
    expect(sectionsOf(text).names).toEqual([...SECTION_NAMES]);
    const back = parseSummary(text);
    expect(back.meta).toEqual(meta);
    expect(back.sections).toEqual(sections);

    const dir = tempDir();
    const path = join(dir, "s-1.md");
    writeFileSync(path, text);
    const st = statSync(path);
    const [doc] = docsForFile(
      { path, source: "sessions", scope: "project", project: dir, size: st.size, mtimeMs: st.mtimeMs },
      text,
    );
    expect(doc!.type).toBe("summary");
    expect(doc!.name).toBe("Fix the flaky login test");
    expect(doc!.group).toBe("s-1");
    expect(doc!.updatedMs).toBe(Date.parse(meta.updated));
    expect(doc!.body).toContain("fix it");
  });
});

describe("budgets", () => {
  it("caps every section at 2,000 tokens and the whole at 12,000, compressing the least important first", () => {
    const big = (tag: string, n: number) =>
      Array.from({ length: n }, (_, i) => `- ${tag} line ${i} ${"word ".repeat(20)}`).join("\n");
    const sections = emptySections();
    for (const n of SECTION_NAMES) sections[n] = big(n, 120);
    sections["Session Title"] = "A title";
    const fitted = fitSections(sections);
    for (const n of SECTION_NAMES)
      expect(estimateTokens(fitted[n]), n).toBeLessThanOrEqual(SECTION_MAX_TOKENS);
    const total = SECTION_NAMES.reduce((s, n) => s + estimateTokens(fitted[n]), 0);
    expect(total).toBeLessThanOrEqual(TOTAL_MAX_TOKENS);
    // The worklog (compressed first) keeps its NEWEST lines; the current state (compressed late) its first.
    expect(fitted.Worklog).toContain("Worklog line 119 ");
    expect(fitted.Worklog).not.toContain("Worklog line 0 ");
    expect(fitted.Worklog).toMatch(/older entries dropped/);
    expect(fitted["Current State"]).toContain("Current State line 0 ");
    const size = (n: SectionName) => estimateTokens(fitted[n]);
    expect(size("Worklog")).toBeLessThan(size("Current State"));
    expect(COMPRESSION_ORDER.indexOf("Worklog")).toBeLessThan(COMPRESSION_ORDER.indexOf("Current State"));
  });

  it("leaves a summary that fits untouched", () => {
    const s = emptySections();
    s["Current State"] = "- working on it";
    expect(fitSections(s)).toEqual(s);
  });
});

describe("the offline engine over the long real transcripts", () => {
  for (const id of LONG) {
    it(`summarizes ${id.slice(0, 8)} within the budgets`, () => {
      const dir = tempDir();
      const transcript = join(TRANSCRIPTS_DIR, `${id}.jsonl`);
      const path = join(dir, `${id}.md`);
      const r = runSummaryUpdate({
        sessionId: id,
        transcriptPath: transcript,
        read: readClaudeTranscript,
        summaryPath: path,
        reason: "precompact",
        nowMs: Date.UTC(2026, 1, 13),
      });
      expect(r.status).toBe("updated");
      const text = readFileSync(path, "utf8");
      const { names, bodies } = sectionsOf(text);
      expect(names).toEqual([...SECTION_NAMES]);
      for (const [n, b] of bodies) expect(estimateTokens(b), n).toBeLessThanOrEqual(SECTION_MAX_TOKENS);
      expect(estimateTokens(text)).toBeLessThanOrEqual(TOTAL_MAX_TOKENS);

      // Independent facts from the raw JSONL: a file the session edited, a command it ran, the first prompt.
      const raw = readFileSync(transcript, "utf8")
        .split("\n")
        .filter(Boolean)
        .map((l) => JSON.parse(l));
      const uses = raw
        .filter((o) => o.type === "assistant")
        .flatMap((o) => (Array.isArray(o.message?.content) ? o.message.content : []))
        .filter((b: { type?: string }) => b.type === "tool_use");
      const edited = uses.find((b: { name: string }) => b.name === "Edit")?.input.file_path as string;
      const cwd = raw.find((o) => typeof o.cwd === "string")?.cwd as string;
      expect(bodies.get("Files and Functions")).toContain(edited.replace(`${cwd}/`, ""));
      const bash = uses.filter((b: { name: string }) => b.name === "Bash").length;
      expect(bodies.get("Workflow")).toContain(`Bash ${bash}`);
      const first = raw.find((o) => o.type === "user" && typeof o.message?.content === "string" && !o.isMeta);
      const fl = (first.message.content as string).split("\n")[0]!.trim();
      expect(bodies.get("Session Title")!.trim()).toBe(fl.length <= 100 ? fl : `${fl.slice(0, 99)}…`);
      // The worklog has one line per real prompt and one per compaction.
      const compactions = raw.filter((o) => o.isCompactSummary === true).length;
      expect((bodies.get("Worklog")!.match(/ context compacted /g) ?? []).length).toBe(compactions);
      expect(bodies.get("Task specification")).toContain("request as summarized at the compaction");

      const s = readSummaryFile(path)!;
      expect(s.meta.sessionId).toBe(id);
      expect(s.meta.updates).toBe(1);
      expect(s.meta.transcriptOffset).toBe(statSync(transcript).size);
      const injected = summaryForPrompt(s, 3_000);
      expect(injected.length).toBeLessThanOrEqual(3_000);
      expect(injected.startsWith("# Session Title\n")).toBe(true);
      expect(injected).toContain("# Current State");
    });
  }
});

/** One synthetic Claude Code transcript line (reference/claude-code.md §3.4 shapes). */
let n = 0;
function line(o: Record<string, unknown>): string {
  n++;
  return `${JSON.stringify({ parentUuid: null, isSidechain: false, sessionId: "priv", cwd: "/home/dev/app", uuid: `u${n}`, timestamp: `2026-03-01T10:${String(n).padStart(2, "0")}:00.000Z`, ...o })}\n`;
}
const user = (content: unknown, extra: Record<string, unknown> = {}) =>
  line({ type: "user", message: { role: "user", content }, ...extra });
const assistant = (
  id: string,
  content: unknown[],
  usage = {
    input_tokens: 900,
    cache_read_input_tokens: 20_000,
    cache_creation_input_tokens: 0,
    output_tokens: 40,
  },
) =>
  line({ type: "assistant", message: { id, role: "assistant", model: "claude-sonnet-5", content, usage } });

describe("privacy", () => {
  const SECRET = "ghp_R8x2Kq7LmN4pW9yB3cD6fG1hJ5sA0oPzT2vU";
  const PRIVATE = "my-home-address-is-42-elm-street";
  it("keeps a planted secret and <private> text out of the summary file", () => {
    expect(scrub(SECRET)).not.toContain(SECRET); // precondition: the rules know this token
    const dir = tempDir();
    const transcript = join(dir, "priv.jsonl");
    writeFileSync(
      transcript,
      user(`Deploy the app with token ${SECRET} please <private>${PRIVATE}</private> and fix the login bug`) +
        assistant("m1", [
          {
            type: "text",
            text: `I'll use ${SECRET} to deploy. The root cause is the token ${SECRET} being stale.`,
          },
        ]) +
        assistant("m2", [
          {
            type: "tool_use",
            id: "t1",
            name: "Bash",
            input: { command: `curl -H "Authorization: token ${SECRET}" https://api.github.com` },
          },
        ]) +
        user([
          {
            type: "tool_result",
            tool_use_id: "t1",
            is_error: true,
            content: `Exit code 1\nerror: bad credentials for ${SECRET}`,
          },
        ]) +
        assistant("m3", [
          {
            type: "tool_use",
            id: "t2",
            name: "Edit",
            input: {
              file_path: "/home/dev/app/src/deploy.ts",
              old_string: "a",
              new_string: `const TOKEN = "${SECRET}";`,
            },
          },
        ]) +
        user([{ type: "tool_result", tool_use_id: "t2", content: "ok" }]) +
        assistant("m4", [{ type: "text", text: `Done: committed with ${SECRET}. All tests pass.` }]) +
        user(`no, don't print ${SECRET} <private>${PRIVATE} again</private>`),
    );
    appendFileSync(transcript, assistant("m5", [{ type: "text", text: `Understood, ${SECRET} is gone.` }]));
    const path = join(dir, "priv.md");
    const r = runSummaryUpdate({
      sessionId: "priv",
      transcriptPath: transcript,
      read: readClaudeTranscript,
      summaryPath: path,
      reason: "precompact",
      nowMs: 0,
    });
    expect(r.status).toBe("updated");
    const text = readFileSync(path, "utf8");
    expect(text).not.toContain(SECRET);
    expect(text).not.toContain(SECRET.slice(0, 16));
    expect(text).not.toContain(PRIVATE);
    expect(text).not.toContain("private>");
    // The rest of the session is still summarized.
    expect(text).toContain("[REDACTED");
    expect(text).toContain("login bug");
    expect(text).toMatch(/user correction: "no, don't print/);
    expect(text).toContain("Bash");
  });
});

describe("Current State after a compaction", () => {
  let n = 0;
  const m = (kind: ConversationMessage["kind"], text: string, calls = 0): ConversationMessage => ({
    kind,
    uuid: `c${n++}`,
    timestamp: `2026-03-01T10:${String(n).padStart(2, "0")}:00.000Z`,
    text,
    toolCalls: Array.from({ length: calls }, (_, i) => ({
      ...toolUse("Bash", { command: `step ${i}` }),
      id: `t${n}-${i}`,
      result: { text: "ok", isError: false },
    })),
    isSidechain: false,
    endOffset: n,
  });
  const summary = (after: number) =>
    buildOfflineSections([
      m("prompt", "Implement the export job"),
      m("assistant", "Working on it.", 3),
      m(
        "compact_summary",
        "This session is being continued from a previous conversation.\nSummary:\n8. Current Work: fixing two Dialyzer errors in export.ex\n9. Optional Next Step: run mix dialyzer again",
      ),
      m("assistant", "Everything is clean and pushed.", after),
    ])["Current State"];

  it("repeats the compaction's next step while little happened since", () => {
    expect(summary(2)).toMatch(/next step \(compaction summary\): run mix dialyzer again/);
  });

  it("drops it once the session moved on, so a resumed agent is not sent back to done work", () => {
    const s = summary(25);
    expect(s).not.toMatch(/run mix dialyzer again/);
    expect(s).toMatch(/work continued after the last compaction \(25 tool calls since\)/);
    expect(s).toMatch(/Everything is clean and pushed/);
  });
});
