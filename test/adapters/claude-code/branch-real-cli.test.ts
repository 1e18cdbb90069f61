/**
 * A branch written by the real Claude Code 2.1.332 (scripted model server): "hello", then "always use
 * yarn", then `--resume <id> --resume-session-at <uuid of the first answer>` with "always use pnpm", which
 * appends the pnpm prompt with `parentUuid` = that answer, leaving the yarn turn a dead branch in the same
 * file. The reader returns only the live branch, in one read and when the yarn turn was read first.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readClaudeTranscript } from "../../../src/adapters/claude-code/transcript.js";
import { realCliSkipReason } from "../../helpers/harness/clis.js";
import { writeClaudeConfig } from "../../helpers/harness/config.js";
import { runClaude } from "../../helpers/harness/run-claude.js";
import { makeSandbox, type Sandbox } from "../../helpers/harness/sandbox.js";
import { startAnthropicStreamServer } from "../../helpers/harness/servers/anthropic-stream.js";
import type { HarnessServer } from "../../helpers/harness/servers/base.js";

const skip = realCliSkipReason();
if (skip) console.warn(skip);
const open: { sb: Sandbox; server: HarnessServer }[] = [];
afterEach(async () => {
  for (const { sb, server } of open.splice(0)) {
    await server.close();
    sb.cleanup();
  }
});

describe.skipIf(skip !== null)("Claude Code 2.1.332 --resume-session-at writes a branch", () => {
  it("only the live branch is read", { timeout: 150_000 }, async () => {
    const sb = makeSandbox();
    const server = await startAnthropicStreamServer([
      { text: "Hi there." },
      { text: "Noted: yarn." },
      { text: "Noted: pnpm." },
    ]);
    open.push({ sb, server });
    writeClaudeConfig(sb.home, {});
    const r1 = await runClaude(sb, server, "hello", { timeoutMs: 45_000 });
    expect(r1.code, r1.stderr).toBe(0);
    const sid = r1.sessionId!;
    const r2 = await runClaude(sb, server, "always use yarn", { resume: sid, timeoutMs: 45_000 });
    expect(r2.code, r2.stderr).toBe(0);
    const projects = join(sb.home, ".claude", "projects");
    const file = join(projects, readdirSync(projects)[0]!, `${sid}.jsonl`);
    const yarnRead = readClaudeTranscript(file);
    expect(yarnRead.messages.map((m) => m.text)).toEqual([
      "hello",
      "Hi there.",
      "always use yarn",
      "Noted: yarn.",
    ]);
    const firstAnswer = yarnRead.messages[1]!.uuid;

    const r3 = await runClaude(sb, server, "always use pnpm", {
      resume: sid,
      extraArgs: ["--resume-session-at", firstAnswer],
      timeoutMs: 45_000,
    });
    expect(r3.code, r3.stderr).toBe(0);
    expect(statSync(file).size).toBeGreaterThan(yarnRead.endOffset);

    const whole = readClaudeTranscript(file);
    expect(whole.messages.map((m) => m.text)).toEqual([
      "hello",
      "Hi there.",
      "always use pnpm",
      "Noted: pnpm.",
    ]);
    expect(whole.skipped.abandoned_branch).toBe(2);

    const later = readClaudeTranscript(file, yarnRead.endOffset);
    expect(later.messages.map((m) => m.text)).toEqual(["always use pnpm", "Noted: pnpm."]);
    const yarnUuids = yarnRead.messages.slice(2).map((m) => m.uuid);
    expect(later.abandoned).toEqual(yarnUuids);
    expect(readFileSync(file, "utf8")).toContain("always use yarn"); // the dead branch stays in the file
  });
});
