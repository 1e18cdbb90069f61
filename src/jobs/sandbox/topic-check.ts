/**
 * What a model may write as a topic file (DESIGN.md §3.1): frontmatter with name, description and a
 * type in the closed set, then the body. The error shows the expected shape.
 */
import { isMemdirError, MemdirError } from "../../core/errors.js";
import { parseFrontmatter } from "../../core/frontmatter.js";
import { byteLength, truncateCodePoints } from "../../core/text.js";
import { MEMORY_TYPES, parseTopic } from "../../store/index.js";

/** Largest topic file a model may write, in UTF-8 bytes. */
export const MAX_WRITE_BYTES = 64 * 1024;
/** The shape a written topic file must have (DESIGN.md §3.1), shown in every validation error. */
export const TOPIC_SHAPE = [
  "---",
  "name: testing-no-db-mocks",
  "description: One line saying what this memory is and when it matters",
  `type: feedback        # one of ${MEMORY_TYPES.join(" | ")}`,
  "---",
  "The rule or fact.",
  "**Why:** the reason given.",
  "**How to apply:** when it matters.",
].join("\n");

/**
 * Checks that `content` is a valid topic file: frontmatter with a non-empty `name` and
 * `description` and a `type` (top-level or `metadata.type`) in the closed set; at most
 * MAX_WRITE_BYTES. @throws MemdirError BAD_INPUT whose `expected` is TOPIC_SHAPE.
 */
export function checkTopicText(content: string, display: string): void {
  const bad = (problem: string): never => {
    throw new MemdirError(
      "BAD_INPUT",
      `Refused: the content for ${display} is not a valid topic file: ${problem}`,
      {
        expected: `a topic file like\n${TOPIC_SHAPE}`,
        received: truncateCodePoints(JSON.stringify(content), 160),
        hint: "send the whole file: the frontmatter block with name, description and type, then the body",
      },
    );
  };
  if (byteLength(content) > MAX_WRITE_BYTES) bad(`it is larger than ${MAX_WRITE_BYTES} bytes`);
  let data: Record<string, unknown>;
  try {
    const fm = parseFrontmatter(content, display);
    if (!fm.hasFrontmatter) bad("it does not start with a `---` frontmatter block");
    data = fm.data;
    const md = data.metadata;
    const type =
      data.type ?? (typeof md === "object" && md !== null ? (md as { type?: unknown }).type : undefined);
    for (const k of ["name", "description"]) {
      if (typeof data[k] !== "string" || (data[k] as string).trim() === "")
        bad(`\`${k}\` is missing or empty`);
    }
    if (type === undefined) bad("`type` is missing");
    parseTopic(content, display, 0);
  } catch (e) {
    if (isMemdirError(e) && e.code !== "BAD_INPUT") bad(e.message.split("\n")[0] ?? e.code);
    throw e;
  }
}
