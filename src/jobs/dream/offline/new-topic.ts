/**
 * The text of a topic file the dream creates (a daily-log entry distilled, the MEMORY.md overflow
 * topic). Unlike the store's `serializeTopic`, which leaves `name:` out when it equals the file
 * name, a new file always gets its `name:` line: Claude Code lists a memory by its frontmatter name
 * and description (Claude Code 2.1.x memory files).
 */
import { serializeFrontmatter } from "../../../core/frontmatter.js";
import type { TopicFile } from "../../../store/types.js";

/** `name`, `description`, `type`, `metadata` (when not empty), then the topic's other keys; body as is. */
export function serializeNewTopic(
  t: Pick<TopicFile, "name" | "description" | "type" | "metadata" | "extra" | "body">,
): string {
  const data: Record<string, unknown> = { name: t.name, description: t.description, type: t.type };
  if (Object.keys(t.metadata).length > 0) data.metadata = t.metadata;
  for (const [k, v] of Object.entries(t.extra)) if (!(k in data) && k !== "metadata") data[k] = v;
  return serializeFrontmatter(data, t.body);
}
