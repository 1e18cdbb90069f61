/** L3 search/analyze: the text analysis shared by indexing and querying. */
export { type AnalyzedQuery, analyze, analyzeQuery, cjkBigrams, QUERY_LIMITS } from "./analyze.js";
export { FTS_TOKENIZER, toFtsMatch } from "./fts.js";
export { stem } from "./stem.js";
export { STOPWORDS } from "./stopwords.js";
