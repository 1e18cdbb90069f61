/**
 * Codex 0.171.0 `thread_rolled_back` (event_msg, `num_turns`): the rolled-back user turns are not part of
 * the conversation Codex rebuilds. The captured rollout, then an "always use yarn" turn, a rollback of
 * one turn and an "always use pnpm" turn (lines shaped as the rollout's own response_item / event_msg).
 */
import { appendFileSync, copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { readCodexRollout } from "../../../src/adapters/codex/transcript.js";

const MAIN =
  "test/fixtures/transcripts/codex/rollout-2026-12-02T01-08-56-01a2344c-2b4e-7b01-83e4-68441ef63686.jsonl";
const dirs: string[] = [];
afterEach(() => {
  for (const d of dirs.splice(0)) rmSync(d, { recursive: true, force: true });
});

let ordinal = 1000;
const rl = (type: string, payload: Record<string, unknown>) =>
  `${JSON.stringify({ timestamp: "2026-12-02T02:00:00.000Z", ordinal: ordinal++, type, payload })}\n`;
const turn = (id: string, prompt: string, reply: string) =>
  [
    rl("event_msg", { type: "task_started", turn_id: `turn-${id}` }),
    rl("response_item", {
      type: "message",
      id: `msg_u${id}`,
      role: "user",
      content: [{ type: "input_text", text: prompt }],
    }),
    rl("response_item", {
      type: "message",
      id: `msg_a${id}`,
      role: "assistant",
      content: [{ type: "output_text", text: reply }],
    }),
    rl("event_msg", { type: "task_complete", turn_id: `turn-${id}`, last_agent_message: reply }),
  ].join("");
const rollback = (n: number) => rl("event_msg", { type: "thread_rolled_back", num_turns: n });

function rollout(): string {
  const d = mkdtempSync(join(tmpdir(), "memdir-codex-rb-"));
  dirs.push(d);
  const p = join(d, "rollout.jsonl");
  copyFileSync(MAIN, p);
  return p;
}
const prompts = (p: string, from = 0) =>
  readCodexRollout(p, from)
    .messages.filter((m) => m.kind === "prompt")
    .map((m) => m.text);

describe("Codex thread_rolled_back", () => {
  it("one read: the rolled-back turn is not returned", () => {
    const p = rollout();
    appendFileSync(
      p,
      turn("1", "always use yarn", "Noted: yarn.") +
        rollback(1) +
        turn("2", "always use pnpm", "Noted: pnpm."),
    );
    const s = readCodexRollout(p);
    expect(prompts(p)).toEqual(["Show a.txt, then ask an agent", "Anything else?", "always use pnpm"]);
    expect(s.messages.map((m) => m.text)).not.toContain("Noted: yarn.");
    expect(s.skipped.abandoned_branch).toBe(2);
    expect(s.abandoned).toBeUndefined();
  });

  it("a later read: the turn an earlier read returned is listed in abandoned", () => {
    const p = rollout();
    appendFileSync(p, turn("1", "always use yarn", "Noted: yarn."));
    const first = readCodexRollout(p);
    expect(prompts(p)).toContain("always use yarn");
    appendFileSync(p, rollback(1) + turn("2", "always use pnpm", "Noted: pnpm."));
    const second = readCodexRollout(p, first.endOffset);
    expect(second.messages.map((m) => m.text)).toEqual(["always use pnpm", "Noted: pnpm."]);
    expect(second.abandoned).toEqual(["msg_u1", "msg_a1"]);
    expect(readCodexRollout(p, second.endOffset).abandoned).toBeUndefined();
  });

  it("a rollback of two turns spanning the cursor", () => {
    const p = rollout();
    appendFileSync(p, turn("1", "always use yarn", "Noted: yarn."));
    const first = readCodexRollout(p);
    appendFileSync(
      p,
      turn("3", "and lint with eslint", "OK.") + rollback(2) + turn("2", "always use pnpm", "Noted: pnpm."),
    );
    const second = readCodexRollout(p, first.endOffset);
    expect(second.messages.map((m) => m.text)).toEqual(["always use pnpm", "Noted: pnpm."]);
    expect(second.abandoned).toEqual(["msg_u1", "msg_a1"]);
    expect(second.skipped.abandoned_branch).toBe(2);
  });
});
