export { POSTINGS_BUDGET, planQuery, type QueryPlan, type QueryUnit } from "./plan.js";
export { CANDIDATES, candidateRows, MAX_LIMIT, querySearchDb, rankRows } from "./query.js";
export { isRelevant, requiredMatches } from "./relevance.js";
export { makeSnippet, SNIPPET_MAX, SNIPPET_MAX_LINES } from "./snippet.js";
export type * from "./types.js";
