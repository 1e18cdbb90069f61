/**
 * L4 jobs/dream/dates: relative dates → absolute ones against the memory's own timestamp
 * (relative dates become absolute). Pure; chrono-node for English, custom
 * chrono parsers for Korean.
 */
export {
  type AbsolutizeOptions,
  type AbsolutizeResult,
  absolutizeDates,
  type DateChange,
} from "./absolutize.js";
export type { CivilDate, Granularity } from "./calendar.js";
