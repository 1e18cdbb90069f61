/** Topic file names for planned memories, from their descriptions. */
import { sha256 } from "../../../core/ids.js";
import { slugify } from "../../../core/text.js";
import { dropSecretSegments, nameSource } from "../../../privacy/index.js";
import type { MemoryType } from "../../../store/types.js";
import { isKorean, norm } from "./cues.js";

const NAME_STOP = new Set(
  "the a an to of in on at for and or with is are be it this that you your we our i me my".split(" "),
);

/**
 * A kebab name `<type>-<words>` from the description: at most 6 ASCII content words, `don't` →
 * `no`. Text without ASCII words (Korean) gets `<type>-<first ASCII words or "ko">-<8 hex of its
 * SHA-256>`: file names stay ASCII whatever the normalization of the file system. Secrets and
 * secret-looking words never reach the name (privacy `nameSource`, `dropSecretSegments`).
 */
export function memoryName(type: MemoryType, description: string): string {
  const words = norm(nameSource(description))
    .replace(/\b(?:don't|dont|do not|doesn't)\b/g, "no")
    .replace(/n't\b/g, "nt")
    .replace(/'(?:d|s|re|ve|ll|m)\b/g, "")
    .split(/[^a-z0-9]+/)
    .filter((w) => w && !NAME_STOP.has(w));
  const slug = dropSecretSegments(slugify(words.slice(0, 6).join(" "), 60));
  if (isKorean(description)) return `${type}-${slug ? `${slug}-` : "ko-"}${sha256(description, 8)}`;
  return `${type}-${slug || sha256(description, 8)}`;
}
