/**
 * Whether Claude Code itself loads the project MEMORY.md into its context (Claude Code 2.1.x): when its
 * auto memory is on for the session (memory-switch.ts) and memdir's memory dir is the one it reads.
 */
import type { HarnessMemorySettings } from "../contract.js";

export function loadsMemoryIndex(o: { harnessMemoryDir: boolean; memory: HarnessMemorySettings }): boolean {
  return o.harnessMemoryDir && !o.memory.directory().harnessMayDiffer && o.memory.enabled().on;
}
