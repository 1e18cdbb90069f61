/**
 * The secret corpus: 40+ kinds of secrets, each with realistic synthetic positives and same-shaped
 * harmless look-alikes, plus look-alikes shared by all (hashes, ids, encoded binary, CJK text). Every
 * random part comes from a seeded generator, so the corpus is the same on every run and no literal
 * credential sits in the repository.
 */
import { genericKinds } from "./generic.js";
import { sharedLookalikes } from "./lookalikes.js";
import { aiDevKinds } from "./providers-ai-dev.js";
import { cloudCommsKinds } from "./providers-cloud-comms.js";
import { reseed } from "./random.js";
import type { SecretKind } from "./types.js";

export { type ScanHit, scanTextForSecrets, scanTreeForSecrets } from "./scan.js";
export type { SecretKind, SecretSample } from "./types.js";

function build(): { kinds: SecretKind[]; shared: string[] } {
  reseed(0x5eed1e55);
  const kinds = [...aiDevKinds(), ...cloudCommsKinds(), ...genericKinds()];
  return { kinds, shared: sharedLookalikes() };
}

const built = build();

/** Every kind of secret in the corpus. */
export const SECRET_KINDS: readonly SecretKind[] = built.kinds;
/** Look-alikes shared by all kinds. */
export const SHARED_LOOKALIKES: readonly string[] = built.shared;
/** Every look-alike: each kind's and the shared ones. */
export const ALL_LOOKALIKES: readonly string[] = [
  ...built.kinds.flatMap((k) => k.lookalikes),
  ...built.shared,
];
/** Every positive, labelled with its kind. */
export const ALL_POSITIVES = built.kinds.flatMap((k) => k.positives.map((p) => ({ kind: k.kind, ...p })));
