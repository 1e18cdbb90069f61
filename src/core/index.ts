/** L0 core: errors, atomic fs, JSON/JSONL, locks, frontmatter, text, clock, ids, log. Imports nothing in src. */
export * from "./checked-read.js";
export * from "./checked-remove.js";
export * from "./checked-update.js";
export * from "./checked-watch.js";
export * from "./checked-write.js";
export * from "./clock.js";
export * from "./errors.js";
export * from "./frontmatter.js";
export * from "./fs.js";
export * from "./ids.js";
export * from "./json.js";
export * from "./jsonl.js";
export * from "./lock.js";
export * from "./log.js";
export * from "./text.js";
export * from "./tokens.js";
export * from "./unique.js";
