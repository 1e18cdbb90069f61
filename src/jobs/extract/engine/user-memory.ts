/** Building a `user` memory (user scope; Claude Code 2.1.x: role, goals, expertise, preferences). */
import { oneLine } from "./compose.js";
import { capitalize, tidy } from "./cues.js";
import { memoryName } from "./name.js";
import type { RuleOutcome } from "./types.js";

/**
 * A user memory. `instruction` ("keep summaries short", from "…, so keep summaries short") is what
 * the fact means for the work: it becomes the body's "How to apply" line (the description stays the fact).
 */
export function userMemory(
  fact: string,
  _date: string,
  rule: "user-statement" | "user-ko",
  instruction?: string,
): RuleOutcome {
  const description = oneLine(capitalize(tidy(fact)));
  return {
    kind: "memory",
    rule,
    memory: {
      type: "user",
      name: memoryName("user", description.replace(/^User(?:'s|:)?\s+(?:is\s+)?/i, "")),
      description,
      body: instruction
        ? `${description}.\n**How to apply:** ${capitalize(tidy(instruction))}.`
        : `${description}.`,
    },
  };
}
