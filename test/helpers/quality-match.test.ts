import { describe, expect, it } from "vitest";
import type { GoldMemory } from "./conversation.js";
import { match, type ProducedMemory, satisfies, whySection } from "./quality-match.js";

const gold = (over: Partial<GoldMemory> = {}): GoldMemory => ({
  type: "feedback",
  name: "no-request-body-logs",
  description: "never log request bodies",
  body: "Never log request bodies.",
  mustContain: ["request bod"],
  ...over,
});

const produced = (body: string, over: Partial<ProducedMemory> = {}): ProducedMemory => ({
  type: "feedback",
  name: "never-log-request-bodies",
  description: "Never log request bodies in src/server.js",
  body,
  ...over,
});

const RULE_WITH_REASON =
  "Never log request bodies in src/server.js.\n**Why:** They contain customer PII.\n**How to apply:** Log ids only.";

describe("satisfies", () => {
  it("needs the gold type and every mustContain keyword, ignoring case", () => {
    expect(satisfies(produced(RULE_WITH_REASON), gold())).toBe(true);
    expect(satisfies(produced(RULE_WITH_REASON, { type: "project" }), gold())).toBe(false);
    expect(satisfies(produced(RULE_WITH_REASON), gold({ mustContain: ["request bod", "Kafka"] }))).toBe(
      false,
    );
    expect(satisfies(produced(RULE_WITH_REASON), gold({ mustContain: ["kafka|SRC/SERVER.JS"] }))).toBe(true);
  });

  it("finds whyContains keywords only between **Why:** and **How to apply:**", () => {
    expect(satisfies(produced(RULE_WITH_REASON), gold({ whyContains: ["pii"] }))).toBe(true);
    expect(satisfies(produced(RULE_WITH_REASON), gold({ whyContains: ["secrets|customer"] }))).toBe(true);
    expect(satisfies(produced(RULE_WITH_REASON), gold({ whyContains: ["log ids"] }))).toBe(false);
  });

  it("rejects a memory whose reason sits in the wrong field", () => {
    const reasonInRule = produced(
      "Never log request bodies: they contain customer PII.\n**Why:** (no reason given)\n**How to apply:** Log ids only.",
    );
    expect(satisfies(reasonInRule, gold())).toBe(true);
    expect(satisfies(reasonInRule, gold({ whyContains: ["PII"] }))).toBe(false);
    const reasonAfterHow = produced(
      "Never log request bodies.\n**Why:** Policy.\n**How to apply:** PII is at stake.",
    );
    expect(satisfies(reasonAfterHow, gold({ whyContains: ["PII"] }))).toBe(false);
    const noWhy = produced("Never log request bodies; they contain PII.");
    expect(satisfies(noWhy, gold({ whyContains: ["PII"] }))).toBe(false);
  });

  it("reads a Why section that runs to the end of the body", () => {
    expect(whySection("Rule.\n**Why:** Because PII.")).toBe(" because pii.");
    expect(
      satisfies(produced("Rule about request bodies.\n**Why:** PII."), gold({ whyContains: ["pii"] })),
    ).toBe(true);
  });

  it("rejects a memory holding a mustNotContain keyword in any field", () => {
    const g = gold({ mustContain: ["spaces"], mustNotContain: ["tabs"] });
    expect(satisfies(produced("Indent with spaces.", { description: "indent with spaces" }), g)).toBe(true);
    expect(satisfies(produced("Indent with spaces, not TABS."), g)).toBe(false);
    expect(satisfies(produced("Indent with spaces.", { description: "prefers tabs" }), g)).toBe(false);
    expect(satisfies(produced("Indent with spaces.", { name: "tabs-or-spaces" }), g)).toBe(false);
  });
});

describe("match", () => {
  it("pairs each produced memory with at most one gold memory and finds the maximum pairing", () => {
    const golds = [
      gold({ mustContain: ["request bod"] }),
      gold({ mustContain: ["request bod", "server.js"] }),
    ];
    // The first produced memory fits both golds, the second only the first: the maximum pairing uses both.
    const both = produced(RULE_WITH_REASON);
    const onlyFirst = produced("Never log request bodies.", { description: "no body logs", name: "no-logs" });
    const m = match([both, onlyFirst], golds);
    expect(m.size).toBe(2);
    expect(m.get(0)).toBe(1);
    expect(m.get(1)).toBe(0);
  });

  it("counts duplicates of one memory once", () => {
    const m = match([produced(RULE_WITH_REASON), produced(RULE_WITH_REASON)], [gold()]);
    expect(m.size).toBe(1);
  });
});
