import { describe, expect, it } from "vitest";
import { topicNameBase } from "../../src/store/topic-name.js";

describe("topicNameBase: one naming rule for the store and the dream", () => {
  it("uses the name's slug when there is one", () => {
    expect(topicNameBase("feedback", "Use pnpm", "Always use pnpm")).toBe("use-pnpm");
  });

  it("cuts a description-derived name at a word, within 48 characters", () => {
    const base = topicNameBase(
      "project",
      undefined,
      "The payments service freezes merges every Thursday before the release train leaves",
    );
    expect(base.length).toBeLessThanOrEqual(48);
    expect(base.startsWith("project-the-payments-service")).toBe(true);
    expect(base.endsWith("-")).toBe(false);
    expect("project-the-payments-service-freezes-merges-every-thursday".startsWith(base)).toBe(true);
  });

  it("never gives the bare type, an empty name or MEMORY.md's name", () => {
    expect(topicNameBase("user", undefined, "")).toBe("user-memory");
    expect(topicNameBase("user", "user", "x")).toBe("user-memory");
    expect(topicNameBase("feedback", "Memory", "anything")).toBe("memory-topic");
    expect(topicNameBase("feedback", "???", "")).toBe("feedback-memory");
  });
});
