/**
 * Claude Code 2.1.332 transcripts with a rewound turn, shaped as the real CLI writes them (checked with
 * `claude -p … --resume <id> --resume-session-at <uuid>`, test/adapters/claude-code/branch-real-cli.test.ts):
 * queue-operation lines, the prompt, a chain of attachments, the assistant entry, a `prompt_snapshot`
 * attachment and `last-prompt` metadata; the replacing prompt's `parentUuid` is the entry it resumes at,
 * so the rewound prompt and its answer stay in the file as a dead branch.
 */
import { line } from "./synthetic.js";

export const BRANCH_SESSION = "0ed70a2b-25cd-40c1-ba4b-e34b35cb2f6e";

let t = 0;
const at = () => new Date(Date.UTC(2026, 11, 2, 14, 53, t++)).toISOString();
const base = (uuid: string, parentUuid: string | null, extra: Record<string, unknown> = {}) => ({
  parentUuid,
  isSidechain: false,
  userType: "external",
  entrypoint: "sdk-cli",
  cwd: "/home/user/project",
  sessionId: BRANCH_SESSION,
  version: "2.1.332",
  gitBranch: "HEAD",
  uuid,
  timestamp: at(),
  ...extra,
});

export const prompt = (uuid: string, parent: string | null, content: string) => [
  line({
    type: "queue-operation",
    operation: "enqueue",
    timestamp: at(),
    sessionId: BRANCH_SESSION,
    content,
  }),
  line({
    ...base(uuid, parent),
    type: "user",
    promptId: `p-${uuid}`,
    message: { role: "user", content },
    permissionMode: "bypassPermissions",
  }),
];

export const attachment = (uuid: string, parent: string, type = "date") =>
  line({ ...base(uuid, parent), type: "attachment", attachment: { type, date: "2026-12-02" } });

export const answer = (uuid: string, parent: string, messageId: string, text: string) =>
  line({
    ...base(uuid, parent),
    type: "assistant",
    message: {
      id: messageId,
      type: "message",
      role: "assistant",
      model: "claude-opus-5-5",
      content: [{ type: "text", text }],
      stop_reason: "end_turn",
      usage: {
        input_tokens: 10,
        output_tokens: 5,
        cache_read_input_tokens: 0,
        cache_creation_input_tokens: 0,
      },
    },
    requestId: `req_${messageId}`,
  });

export const toolCall = (uuid: string, parent: string, messageId: string, id: string) =>
  line({
    ...base(uuid, parent),
    type: "assistant",
    message: {
      id: messageId,
      type: "message",
      role: "assistant",
      model: "claude-opus-5-5",
      content: [{ type: "tool_use", id, name: "Bash", input: { command: "ls" } }],
      stop_reason: "tool_use",
    },
  });

export const toolResult = (uuid: string, parent: string, id: string) =>
  line({
    ...base(uuid, parent),
    type: "user",
    message: { role: "user", content: [{ type: "tool_result", tool_use_id: id, content: "ok" }] },
    toolUseResult: { stdout: "ok", stderr: "" },
    sourceToolAssistantUUID: parent,
  });

export const sidechain = (uuid: string, parent: string | null, content: string) =>
  line({
    ...base(uuid, parent, { isSidechain: true, agentId: "a1" }),
    type: "user",
    message: { role: "user", content },
  });

export const compactBoundary = (uuid: string, logicalParent: string) =>
  line({
    ...base(uuid, null),
    type: "system",
    subtype: "compact_boundary",
    content: "Conversation compacted",
    logicalParentUuid: logicalParent,
    compactMetadata: { trigger: "manual", preTokens: 1200 },
  });

export const compactSummary = (uuid: string, parent: string) =>
  line({
    ...base(uuid, parent),
    type: "user",
    isCompactSummary: true,
    isVisibleInTranscriptOnly: true,
    message: {
      role: "user",
      content:
        "This session is being continued from a previous conversation. Summary: the user set up a project.",
    },
  });

export const lastPrompt = (leaf: string, text: string) =>
  line({ type: "last-prompt", lastPrompt: text, leafUuid: leaf, sessionId: BRANCH_SESSION });

/** hello → hi; "always use yarn" → ok (a turn later rewound). */
export const YARN_TURN = [
  ...prompt("p1", null, "hello"),
  attachment("a1", "p1", "environment"),
  attachment("a2", "a1"),
  answer("r1", "a2", "msg_1", "Hi there."),
  attachment("s1", "r1", "prompt_snapshot"),
  lastPrompt("s1", "hello"),
  ...prompt("p2", "s1", "always use yarn"),
  answer("r2", "p2", "msg_2", "Noted: yarn."),
  lastPrompt("r2", "always use yarn"),
];

/** The rewind: "always use pnpm" resumed at the first answer, so p2/r2 are a dead branch. */
export const PNPM_TURN = [
  ...prompt("p3", "r1", "always use pnpm"),
  answer("r3", "p3", "msg_3", "Noted: pnpm."),
  attachment("s3", "r3", "prompt_snapshot"),
  lastPrompt("s3", "always use pnpm"),
];

/** The first prompt of the session is "always use yarn" (a root: `parentUuid` null) … */
export const FIRST_YARN = [
  ...prompt("q1", null, "always use yarn"),
  attachment("qa", "q1", "environment"),
  answer("qr", "qa", "msg_q1", "Noted: yarn."),
  attachment("qs", "qr", "prompt_snapshot"),
  lastPrompt("qs", "always use yarn"),
];

/** … rewound to before it: the replacing first prompt is a root too, the yarn turn a dead tree. */
export const FIRST_PNPM = [
  ...prompt("q2", null, "always use pnpm"),
  attachment("qb", "q2", "environment"),
  answer("qt", "qb", "msg_q2", "Noted: pnpm."),
  lastPrompt("qt", "always use pnpm"),
];
