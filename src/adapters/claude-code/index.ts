/**
 * Claude Code adapter (L2): hook stdin parsing, hook stdout building, settings.json install plans,
 * and the transcript reader. Hot-path callers (hooks) should import `./hook-input.js` and
 * `./hook-output.js` directly: they depend on core/text only.
 */
export * from "./hook-input.js";
export * from "./hook-output.js";
export * from "./install.js";
export * from "./install-apply.js";
export * from "./install-command.js";
export * from "./transcript.js";
