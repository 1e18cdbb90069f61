/** L3 search/rank: pure re-ranking of FTS5 candidates. */
export { explain, phraseText } from "./explain.js";
export { FIELD_WEIGHTS, recencyFactor, SCOPE_FACTORS, scopeFactor } from "./factors.js";
export { GROUP_TOP, GROUP_WEIGHT, NEIGHBOUR_WEIGHT, rank } from "./rank.js";
export type { Candidate, RankedHit, RankOptions } from "./types.js";
