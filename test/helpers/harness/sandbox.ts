/**
 * A sandbox for one real-CLI run: a fresh HOME (mktemp) with the project at `<home>/project`, so the
 * fixture placeholders are `/home/user` and `/home/user/project`. Never the real ~/.claude, ~/.codex,
 * ~/.gemini. `cleanup` removes it (retrying: hooks moved to the background may still be writing).
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

export interface Sandbox {
  home: string;
  project: string;
  cleanup(): void;
}

export function makeSandbox(prefix = "memdir-harness-"): Sandbox {
  const home = realpathSync(mkdtempSync(join(tmpdir(), prefix)));
  const project = join(home, "project");
  mkdirSync(project, { recursive: true });
  return {
    home,
    project,
    cleanup: () => rmSync(home, { recursive: true, force: true, maxRetries: 10, retryDelay: 50 }),
  };
}
