/**
 * Topic file names for planned memories, from their descriptions: `<type>-<content words>` in the
 * description's own script (Latin, Hangul, CJK, Cyrillic, …), so a file list says what each memory holds.
 */
import { sha256 } from "../../../core/ids.js";
import { KO_PARTICLES } from "../../../core/korean.js";
import { slugify } from "../../../core/text.js";
import { dropSecretSegments, nameSource } from "../../../privacy/index.js";
import type { MemoryType } from "../../../store/types.js";
import { norm } from "./cues.js";

/** Content words kept in a name; the slug is at most this many code points (≤ 180 bytes of UTF-8 for Hangul). */
const NAME_WORDS = 6;
const NAME_MAX = 60;

const STOP_EN = new Set(
  "the a an to of in on at for and or with is are be it this that you your we our i me my now actually anymore".split(
    " ",
  ),
);

/** Korean words that carry no subject: politeness and auxiliary verbs, demonstratives, "we", "now". */
const STOP_KO = new Set(
  "주세요 해주세요 해 주세요 해요 합니다 하세요 해야 해야죠 돼요 됩니다 있어요 있습니다 없어요 것 거 수 좀 꼭 그 이 저 우리 저희 제가 저는 나는 내가 이거 그거 여기 여기서 항상 늘 앞으로 이제부터 이제 앞으로는 다시 더".split(
    " ",
  ),
);

const HANGUL = /\p{Script=Hangul}/u;

function contentWord(word: string): string {
  if (!HANGUL.test(word)) return word;
  // only when a syllable of the word stays (`이` alone is a word, not a particle)
  const p = KO_PARTICLES.find((x) => word.endsWith(x) && word.length > x.length);
  return p ? word.slice(0, -p.length) : word;
}

/**
 * A kebab name `<type>-<words>` from the description: at most 6 content words of any script (English
 * stop words, Korean auxiliaries and the particles at the end of Hangul words dropped, `don't` → `no`), NFC, at most 60 code
 * points. Secrets and secret-looking words never reach the name (privacy `nameSource`,
 * `dropSecretSegments`). A description with no usable word gets `<type>-<8 hex of its SHA-256>`.
 */
export function memoryName(type: MemoryType, description: string): string {
  const words = norm(nameSource(description))
    .normalize("NFC")
    .replace(/\b(?:don't|dont|do not|doesn't)\b/g, "no")
    .replace(/n't\b/g, "nt")
    .replace(/'(?:d|s|re|ve|ll|m)\b/g, "")
    .split(/[^\p{L}\p{M}\p{N}]+/u)
    .map(contentWord)
    .filter((w) => w && !STOP_EN.has(w) && !STOP_KO.has(w));
  const slug = dropSecretSegments(slugify(words.slice(0, NAME_WORDS).join(" "), NAME_MAX));
  return `${type}-${slug || sha256(description, 8)}`;
}
