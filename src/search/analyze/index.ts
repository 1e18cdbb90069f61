/** L3 search/analyze: the text analysis shared by indexing and querying (issue 3, point 2). */
export { type AnalyzedQuery, analyze, analyzeQuery, cjkBigrams, QUERY_LIMITS } from "./analyze.js";
export { FTS_TOKENIZER, toFtsMatch } from "./fts.js";
export { stem } from "./stem.js";
export { STOPWORDS } from "./stopwords.js";
