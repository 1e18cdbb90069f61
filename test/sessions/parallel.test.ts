import { spawn } from "node:child_process";
import { join } from "node:path";
import { buildSync } from "esbuild";
import { describe, expect, it } from "vitest";
import { readLastToolError, readSubagentTracking, readToolStats } from "../../src/sessions/index.js";
import { tempDir } from "../helpers/tmp.js";

const ROOT = join(import.meta.dirname, "..", "..");

/** Runs `code` in a real child process with the bundle path in BUNDLE; resolves with its exit code. */
function child(code: string, env: Record<string, string>): Promise<{ code: number | null; stderr: string }> {
  return new Promise((resolve) => {
    const p = spawn(process.execPath, ["-e", code], {
      env: { ...process.env, ...env },
      stdio: ["ignore", "ignore", "pipe"],
    });
    let stderr = "";
    p.stderr.on("data", (d) => {
      stderr += d;
    });
    p.on("close", (c) => resolve({ code: c, stderr }));
  });
}

const WORKER = `
const m = require(process.env.BUNDLE);
const root = process.env.STATE_ROOT, id = Number(process.env.WORKER), n = Number(process.env.N);
const now = Number(process.env.NOW);
while (Date.now() < Number(process.env.GO)) {} // start together
for (let i = 0; i < n; i++) {
  m.recordToolUse(root, "s", { kind: "read", toolName: "Read", toolInput: { file_path: "/f" + i }, success: true }, now);
  m.recordToolUse(root, "s", { kind: "edit", toolName: "Edit", toolInput: {}, linesChanged: { added: 2, removed: 1 }, success: true }, now);
  m.recordToolUse(root, "s", { kind: "shell", toolName: "Bash", toolInput: { command: "x" }, success: false, error: "e" }, now);
  m.recordSubagent(root, "s", { kind: "start", agentId: "w" + id + "-" + i }, now);
}
`;

describe("parallel hooks (real child processes)", () => {
  it("lose no count under contention", async () => {
    const dir = tempDir();
    const bundle = join(dir, "sessions.cjs");
    buildSync({
      entryPoints: [join(ROOT, "src", "sessions", "index.ts")],
      bundle: true,
      platform: "node",
      format: "cjs",
      target: "node20",
      outfile: bundle,
      logLevel: "silent",
    });
    const root = join(dir, "state-root");
    const workers = 6;
    const n = 15;
    const go = String(Date.now() + 1500);
    const results = await Promise.all(
      Array.from({ length: workers }, (_, w) =>
        child(WORKER, {
          BUNDLE: bundle,
          STATE_ROOT: root,
          WORKER: String(w),
          N: String(n),
          GO: go,
          NOW: "1800000000000",
        }),
      ),
    );
    for (const r of results) expect(r).toEqual({ code: 0, stderr: "" });
    const total = workers * n;
    expect(readToolStats(root, "s")).toEqual({
      readCount: total,
      searchCount: 0,
      bashCount: total,
      editFileCount: total,
      linesAdded: 2 * total,
      linesRemoved: total,
      otherToolCount: 0,
    });
    // every failure of the same tool within 60 s is one more retry: none lost
    expect(readLastToolError(root, "s")?.retry_count).toBe(total);
    const t = readSubagentTracking(root, "s");
    expect(t.total_spawned).toBe(total);
    expect(new Set(t.agents.map((a) => a.agent_id)).size).toBe(total);
  });
});
