/** The file-name base of a new topic file, shared by the store's upsert and the dream's new topics. */
import { safeSlug } from "../privacy/index.js";

/** A name derived from a description is cut at a word to at most this many characters. */
const NAME_FROM_DESCRIPTION_MAX = 48;

/**
 * The file-name base (no `.md`) of a new topic: its `name` as a slug, else `<type>-<description>` as a
 * slug cut at a word to at most NAME_FROM_DESCRIPTION_MAX characters. Never the bare type
 * (`<type>-memory` instead) and never `memory` (`memory-topic`: it would be MEMORY.md on a
 * case-insensitive file system). The caller adds `-2`, `-3`… when the name is taken.
 */
export function topicNameBase(type: string, name: string | undefined, description: string): string {
  let base = name ? safeSlug(name) : "";
  if (base === "") {
    base = safeSlug(`${type}-${description}`, 200);
    if (base.length > NAME_FROM_DESCRIPTION_MAX) {
      const cut = base.slice(0, NAME_FROM_DESCRIPTION_MAX + 1);
      base = cut.slice(0, Math.max(cut.lastIndexOf("-"), type.length + 2)).replace(/-+$/, "");
    }
  }
  if (base === "" || base === type) base = `${type}-memory`;
  return base === "memory" ? "memory-topic" : base;
}
