/** The harness-neutral vocabulary (L1): harness names, hook events, tool kinds. No harness knowledge. */
export * from "./events.js";
export * from "./names.js";
export * from "./tool-kinds.js";
