/**
 * Past Claude Code transcripts -> the search database: one document per user
 * turn (source `sessions`, type `turn`, group = session id), indexed incrementally by byte offset.
 */

export { findTranscripts } from "./discover.js";
export {
  BODY_MAX,
  DESCRIPTION_MAX,
  FILES_MAX,
  TITLE_MAX,
  TURN_TYPE,
  type TurnSource,
  turnDoc,
  turnKey,
  turnTitle,
} from "./doc.js";
export { HEAD_BYTES, headFingerprint, headMatches } from "./head.js";
export {
  DEFAULT_BATCH_TURNS,
  type IngestTranscriptOptions,
  type IngestTranscriptResult,
  ingestTranscript,
  projectOfCwd,
  sessionIdFromPath,
} from "./ingest.js";
export { splitTurns, type Turn } from "./turns.js";
