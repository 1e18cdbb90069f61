/**
 * The engine's input handling: privacy before rules, what counts as the user's prose (code, quotes,
 * logs, markup dropped), compaction summaries, sidechains, assistant text, deduplication.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { cleanUserText, planExtraction, splitSentences } from "../../../src/jobs/extract/index.js";
import type { ConversationMessage } from "../../../src/transcripts/types.js";
import { TRANSCRIPTS_DIR } from "../../helpers/tmp.js";

const NOW = Date.UTC(2026, 2, 2, 10, 0, 0);
const ctx = { sessionId: "s-1", nowMs: NOW };

function msg(text: string, over: Partial<ConversationMessage> = {}): ConversationMessage {
  return {
    kind: "prompt",
    uuid: "u-1",
    timestamp: "2026-03-02T10:00:00.000Z",
    text,
    toolCalls: [],
    isSidechain: false,
    endOffset: 0,
    ...over,
  };
}

describe("privacy comes first", () => {
  it("never sees text inside <private>, in any case and unterminated", () => {
    const plan = planExtraction(
      [
        msg("I'm a backend engineer <private>and my home address is 42 Linden Road</private>, mostly Go"),
        msg("<PRIVATE>always use npm, never pnpm</PRIVATE> ok", { uuid: "u-2" }),
        msg("fine. <private>never deploy on Fridays because I am away", { uuid: "u-3" }),
      ],
      ctx,
    );
    expect(plan.memories.map((m) => m.description)).toEqual(["User is a backend engineer, mostly Go"]);
    expect(JSON.stringify(plan)).not.toMatch(/Linden|npm|Fridays/);
  });

  it("never builds a memory from a sentence that contained a secret (skip reason contains_secret)", () => {
    const key = "AKIAQX4GZ7LMB2RT5WNE";
    const plan = planExtraction(
      [msg(`never paste real keys like ${key} into tests, because CI logs are public`)],
      ctx,
    );
    expect(plan.memories).toEqual([]);
    expect(plan.projectFacts).toEqual([]);
    expect(plan.skipped).toEqual([{ uuid: "u-1", reason: "contains_secret" }]);
    expect(JSON.stringify(plan)).not.toMatch(/AKIA|REDACTED/);
  });

  it("skips passwords stated in prose, whether privacy redacted them or not", () => {
    const plan = planExtraction(
      [
        msg("remember that the db password is hunter2-Sup3rS3cret!", { uuid: "p-1" }),
        msg("the staging password is hunter2-Sup3rS3cret!", { uuid: "p-2" }),
        // what privacy's prose rule makes of it
        msg("remember that the prod password is [REDACTED:password]", { uuid: "p-3" }),
        msg("we use Postgres at postgres://admin:s3cr3t-Pass@db.internal:5432/shop", { uuid: "p-4" }),
      ],
      ctx,
    );
    expect(plan.memories).toEqual([]);
    expect(plan.projectFacts).toEqual([]);
    expect(plan.skipped).toEqual(
      ["p-1", "p-2", "p-3", "p-4"].map((uuid) => ({ uuid, reason: "contains_secret" })),
    );
    expect(JSON.stringify(plan)).not.toMatch(/hunter2|s3cr3t|REDACTED/);
  });

  it("skips a memory whose reason or continuation sentence held a secret, keeps clean sentences", () => {
    const plan = planExtraction(
      [
        msg(
          "never log request bodies. Because the token ghp_abcdefghijklmnopqrstuvwxyz0123456789 leaked once",
          {
            uuid: "p-1",
          },
        ),
        msg("I hate long stack traces; always redact sk-ant-abcdefghijklmnopqrstuvwxyz123 like keys", {
          uuid: "p-2",
        }),
        msg("always use pnpm. The api key is sk-ant-abcdefghijklmnopqrstuvwxyz123", { uuid: "p-3" }),
      ],
      ctx,
    );
    expect(plan.memories.map((m) => [m.description, m.sources])).toEqual([["Always use pnpm", ["p-3"]]]);
    expect(plan.skipped).toEqual(["p-1", "p-2", "p-3"].map((uuid) => ({ uuid, reason: "contains_secret" })));
    expect(JSON.stringify(plan)).not.toMatch(/ghp_|sk-ant|REDACTED/);
  });

  it("skips credentials privacy did not redact: any value after password/login/token/비번, command-line flags", () => {
    const texts = [
      "remember that the wifi password is correcthorsebattery",
      "always connect with: docker login -u ci -p DockerAlwaysPw_5521 registry",
      "the staging login is admin/admin",
      "always seed the db with --password=letmein",
      "와이파이 비번은 abcd1234야, 기억해",
      // a reason clause after `;` that states a credential sinks the rule it explains
      "never log request bodies; they contain the login: ops/Winter2026",
    ];
    const plan = planExtraction(
      texts.map((t, i) => msg(t, { uuid: `p-${i}` })),
      ctx,
    );
    expect(plan.memories).toEqual([]);
    expect(plan.projectFacts).toEqual([]);
    expect(plan.skipped).toEqual(texts.map((_, i) => ({ uuid: `p-${i}`, reason: "contains_secret" })));
    expect(JSON.stringify(plan)).not.toMatch(
      /correcthorse|DockerAlways|admin\/admin|letmein|abcd1234|Winter2026/,
    );
  });

  it("keeps sentences that only say where a credential lives or that it expired", () => {
    const plan = planExtraction(
      [
        msg("remember that the API key is stored in 1Password", { uuid: "p-1" }),
        msg("the Jira login is at https://jira.example.com/login", { uuid: "p-2" }),
        msg("always run docker run -p 8080:80 for local dev", { uuid: "p-3" }),
      ],
      ctx,
    );
    expect(plan.skipped.filter((x) => x.reason === "contains_secret")).toEqual([]);
    expect(plan.memories.map((m) => m.type)).toEqual(["project", "reference", "feedback"]);
  });
});

describe("what counts as the user's prose", () => {
  it("drops fenced code, quoted text, stack traces and log lines", () => {
    const text = [
      "here is the failure:",
      "```",
      "always use npm install --force",
      "```",
      "> never run migrations by hand",
      "    at Object.<anonymous> (/home/dev/shop-api/src/db.ts:12:7)",
      "npm ERR! always use the legacy peer deps",
      "2026-03-02 10:00:01 [warn] never retry the webhook",
      "can you fix it",
    ].join("\n");
    const cleaned = cleanUserText(text);
    expect(cleaned.prose).toBe("here is the failure:\ncan you fix it");
    expect(planExtraction([msg(text)], ctx).memories).toEqual([]);
  });

  it("drops slash commands, harness markers, markdown documents and long pastes whole", () => {
    expect(cleanUserText("/review always use pnpm").drop).toBe("slash command");
    expect(
      cleanUserText("<command-name>/compact</command-name><command-args>always use pnpm</command-args>").drop,
    ).toBe("slash command");
    expect(cleanUserText("[Request interrupted by user]").drop).toBe("harness marker");
    expect(cleanUserText("# Guide\nalways use pnpm\n## Rules\nnever use npm").drop).toMatch(/document/);
    expect(cleanUserText(`always use pnpm. ${"x ".repeat(5000)}`).drop).toBe("long paste");
    expect(cleanUserText("<system-reminder>never use npm</system-reminder>").drop).toMatch(/no prose/);
  });

  it("splits sentences at terminators and semicolons but not inside URLs, file names or abbreviations", () => {
    expect(
      splitSentences(
        "use pnpm, e.g. pnpm add. see https://x.example.com/a.b for more; I'm a dev! ok?\n- second line",
      ),
    ).toEqual([
      "use pnpm, e.g. pnpm add.",
      "see https://x.example.com/a.b for more",
      "I'm a dev!",
      "ok?",
      "second line",
    ]);
  });
});

describe("a `;` continuation", () => {
  it("joins the instruction after `;` to a preference or correction, and does not mine it again", () => {
    const plan = planExtraction([msg("I hate when you write long summaries; keep it to 3 bullets")], ctx);
    expect(plan.memories.map((m) => m.description)).toEqual([
      "I hate when you write long summaries; keep it to 3 bullets",
    ]);
    expect(plan.skipped).toEqual([]);
    expect(
      planExtraction(
        [msg("no, don't mock the database; use the docker compose db instead")],
        ctx,
      ).memories.map((m) => m.description),
    ).toEqual(["Don't mock the database; use the docker compose db instead"]);
  });

  it("joins a standing continuation to a plain imperative, but not a one-off task", () => {
    const d = (text: string) => planExtraction([msg(text)], ctx).memories.map((m) => m.description);
    expect(d("always use pnpm; never use npm")).toEqual(["Always use pnpm; never use npm"]);
    expect(d("always use pnpm; run the tests")).toEqual(["Always use pnpm"]);
    expect(d("always use pnpm; run the tests for now")).toEqual(["Always use pnpm"]);
  });
});

describe("how a memory reads", () => {
  it("restates the user in the third person or cuts the clause it cannot restate", () => {
    const d = (text: string) => planExtraction([msg(text)], ctx).memories.map((m) => m.description);
    expect(d("I am a data scientist and I mostly write Python.")).toEqual([
      "User is a data scientist and mostly writes Python",
    ]);
    expect(d("I'm new to React and my team uses Vue")).toEqual([
      "User is new to React and their team uses Vue",
    ]);
    expect(d("I'm a backend engineer, so explain the frontend bits")).toEqual(["User is a backend engineer"]);
  });

  it("takes the reason from '<statement> so <instruction>' after an explicit cue", () => {
    const [m] = planExtraction(
      [msg("remember that I'm colorblind so don't rely on red/green in charts")],
      ctx,
    ).memories;
    expect(m?.body).toBe(
      [
        "Don't rely on red/green in charts.",
        "**Why:** User is colorblind.",
        "**How to apply:** Whenever this preference is relevant.",
      ].join("\n"),
    );
  });

  it("keeps the instruction after a leading correction cue", () => {
    const plan = planExtraction([msg("no, not like that — always run make fmt before committing")], ctx);
    expect(plan.memories.map((m) => [m.type, m.rule, m.description])).toEqual([
      ["feedback", "feedback-correction", "Always run make fmt before committing"],
    ]);
  });

  it("makes a named tracker with a URL a reference, not a project fact", () => {
    const plan = planExtraction(
      [msg("we use Jira for tickets: https://acme.atlassian.net/jira/software/projects/PAY")],
      ctx,
    );
    expect(plan.projectFacts).toEqual([]);
    expect(plan.memories.map((m) => [m.type, m.name])).toEqual([["reference", "reference-jira-tickets"]]);
  });
});

describe("messages the engine must not mine", () => {
  it("skips sidechain prompts (written by an agent) and ignores assistant text", () => {
    const plan = planExtraction(
      [
        msg("always use pnpm, never npm", { isSidechain: true }),
        msg("I'll always use pnpm from now on; remember that the freeze is on March 14", {
          kind: "assistant",
          uuid: "a-1",
        }),
      ],
      ctx,
    );
    expect(plan.memories).toEqual([]);
    expect(plan.skipped).toEqual([{ uuid: "u-1", reason: "sidechain: written by an agent, not the user" }]);
  });
});

describe("compaction summaries", () => {
  const summary = [
    "This session is being continued from a previous conversation that ran out of context.",
    "1. Primary Request and Intent:",
    '   The user said "never use npm" earlier but the summary paraphrases it as a task.',
    "4. Errors and fixes:",
    '   - User feedback: "don\'t mock the database in integration tests, because mocks hid a failing migration"',
    "6. All user messages:",
    '   - "Implement spotter-gqc"',
    '   - "always use pnpm, never npm" (after npm failed)',
    '   - "check again"',
    "7. Pending Tasks:",
    '   - "always deploy on Fridays" is a quote outside the user sections',
  ].join("\n");

  it("never takes a summary's quotes of the user as the user speaking again", () => {
    const quoted = [
      "This session is being continued from a previous conversation that ran out of context.",
      "1. Primary Request and Intent:",
      '   The user said: "I prefer tabs over spaces" and asked to reformat src/.',
    ].join("\n");
    const plan = planExtraction(
      [
        msg("I prefer spaces over tabs now", { uuid: "p-1" }),
        msg(quoted, { kind: "compact_summary", uuid: "c-1" }),
        msg(summary, { kind: "compact_summary", uuid: "c-2" }),
      ],
      ctx,
    );
    expect(plan.memories.map((m) => m.sources)).toEqual([["p-1"]]);
    expect(plan.memories[0]!.description).toMatch(/spaces over tabs/i);
    expect(plan.skipped.filter((s) => s.uuid.startsWith("c-")).map((s) => s.reason)).toEqual([
      "compaction summary: the summarizer's words, not the user's",
      "compaction summary: the summarizer's words, not the user's",
    ]);
  });

  it("keeps nothing from real Claude Code summaries", () => {
    for (const file of [
      "258c7280-ae70-4798-800f-63464d01a85d.jsonl",
      "4d5611e5-241a-462a-8d15-5122611a9569.jsonl",
    ]) {
      for (const line of readFileSync(join(TRANSCRIPTS_DIR, file), "utf8").split("\n")) {
        if (!line.includes('"isCompactSummary":true')) continue;
        const content = JSON.parse(line).message.content;
        const text =
          typeof content === "string"
            ? content
            : content.map((b: { text?: string }) => b.text ?? "").join("\n");
        const plan = planExtraction([msg(text, { kind: "compact_summary" })], ctx);
        expect(plan.memories).toEqual([]);
        expect(plan.projectFacts).toEqual([]);
      }
    }
  });
});

describe("deduplication", () => {
  it("skips a sentence already seen and merges the same memory from two prompts", () => {
    const plan = planExtraction(
      [
        msg("never force-push to main", { uuid: "p-1" }),
        msg("Never force-push to main!", { uuid: "p-2" }),
        msg("ok, never force-push to main", { uuid: "p-3" }),
      ],
      ctx,
    );
    expect(plan.memories).toHaveLength(1);
    expect(plan.memories[0]!.sources).toEqual(["p-1", "p-3"]);
    expect(plan.skipped).toEqual([{ uuid: "p-2", reason: "already seen in this batch" }]);
  });
});
