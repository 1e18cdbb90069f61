// Types of scripts/harness-clis.mjs for the TypeScript tests.
export type HarnessCliName = "claude-code" | "codex" | "gemini";
export const HARNESS_CLIS: Record<HarnessCliName, { pkg: string; version: string; bin: string }>;
export const INSTALL_TIMEOUT_MS: number;
export function harnessCliRoot(): string;
export function harnessCliPrefix(name: HarnessCliName): string;
export function harnessCliPath(name: HarnessCliName): string | null;
export function installHarnessCli(name: HarnessCliName, log?: (line: string) => void): string;
export function installHarnessClis(log?: (line: string) => void): Record<HarnessCliName, string>;
