/**
 * The reliability harness (quick mode in `npm test`; `npm run test:reliability` runs the full mode
 * and writes its figures for bench/RESULTS.md). Every part runs the real bin as the user's harness
 * would: kills during dreams and extractions, the hook fault matrix, concurrent writers.
 */
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runLiveWriterStress } from "../helpers/live-writer-stress.js";
import { startAnthropicServer } from "../helpers/scripted-llm/index.js";
import { runSecretChannels } from "../helpers/secret-corpus/channels.js";
import {
  ALL_LOOKALIKES,
  ALL_POSITIVES,
  SECRET_KINDS,
  scanTextForSecrets,
  scanTreeForSecrets,
} from "../helpers/secret-corpus/index.js";
import { tempDir } from "../helpers/tmp.js";
import { concurrentWrites } from "./concurrent-writes.js";
import { hookFaultMatrix, QUIET_NODE_MS, scaledBound } from "./hook-faults.js";
import { killTrials, tornFiles } from "./kill-trials.js";
import { MODE, pick, report } from "./mode.js";
import { runNode } from "./sandbox.js";

const LONG = MODE === "full" ? 3 * 3600_000 : 600_000;

describe(`reliability (${MODE})`, () => {
  it("the torn-file check finds a half-written topic file", () => {
    const dir = tempDir();
    writeFileSync(join(dir, "ok.md"), "---\nname: ok\ndescription: fine\ntype: user\n---\nFine.\n");
    writeFileSync(join(dir, "half.md"), "---\nname: half\ndescription: cut");
    writeFileSync(join(dir, "empty.md"), "");
    expect(tornFiles(dir).sort()).toEqual(["empty.md", "half.md"]);
  });

  it("the hook bound grows with the load node -e 0 shows, never below the bound; a hung run is killed", async () => {
    expect(scaledBound(5_000, [QUIET_NODE_MS / 2, QUIET_NODE_MS])).toEqual({ bound: 5_000, scale: 1 });
    expect(scaledBound(5_000, [4 * QUIET_NODE_MS, 4 * QUIET_NODE_MS, 100 * QUIET_NODE_MS]).bound).toBe(
      20_000,
    );
    const hung = await runNode(["-e", "setInterval(() => {}, 1000)"], "", process.env, tempDir(), 1_000);
    expect(hung).toMatchObject({ timedOut: true, signal: "SIGKILL" });
  });

  it(
    "kill -9 during dreams and extractions: no torn file, no stuck lock, nothing lost, undo byte for byte",
    async () => {
      const f = await killTrials(pick(30, 300), pick(20, 200));
      report("kill-9", { ...f, failures: f.failures.slice(0, 20) });
      expect(f.failures).toEqual([]);
      expect(f.trials).toBe(pick(50, 500));
      expect(f.killed).toBeGreaterThan(f.trials / 3);
    },
    LONG,
  );

  it(
    "hook fault matrix: every event × every fault exits 0 with valid stdout within the bound",
    async () => {
      const f = await hookFaultMatrix(pick(1, 3), 5_000);
      report("hook-faults", { ...f, failures: f.failures.slice(0, 20) });
      expect(f.failures).toEqual([]);
      expect(f.runs).toBeGreaterThan(200);
    },
    LONG,
  );

  it(
    "concurrent writers: every note and page kept exactly once",
    async () => {
      const f = await concurrentWrites(8, pick(12, 50));
      report("concurrent-writes", { ...f, failures: f.failures.slice(0, 20) });
      expect(f.failures).toEqual([]);
      expect(f.notesKept).toBe(8 * pick(12, 50));
    },
    LONG,
  );

  // npm test runs the same channels in test/privacy/channels.test.ts; the full mode reports figures.
  it.runIf(MODE === "full")(
    "the secret corpus through every channel: nothing leaked, look-alikes intact",
    async () => {
      const server = await startAnthropicServer();
      try {
        const { home, outputs } = await runSecretChannels(tempDir("memdir-rel-secrets-"), server);
        const leaked = [
          ...scanTreeForSecrets(home, SECRET_KINDS),
          ...server.requests.flatMap((r, i) =>
            scanTextForSecrets(`request ${i}`, JSON.stringify(r.body), SECRET_KINDS),
          ),
          ...outputs.flatMap((o, i) => scanTextForSecrets(`output ${i}`, o, SECRET_KINDS)),
        ];
        report("secrets", {
          kinds: SECRET_KINDS.length,
          positives: ALL_POSITIVES.length,
          lookalikes: ALL_LOOKALIKES.length,
          requests: server.requests.length,
          leaked: leaked.length,
        });
        expect(leaked.map((h) => `${h.where}: ${h.kind} (${h.form})`)).toEqual([]);
      } finally {
        await server.close();
      }
    },
    LONG,
  );

  // npm test runs 20 dreams in test/app/dream-live-writer.test.ts; the full mode runs more and reports.
  it.runIf(MODE === "full")(
    "a live writer during 100 dreams over 200 topic files: no appended line lost",
    async () => {
      const r = await runLiveWriterStress({ dreams: 100, topics: 200, intervalMs: 15 });
      report("live-writer", {
        dreams: r.dreams,
        appended: r.appended,
        lost: r.lost.length,
        actions: r.actions,
      });
      expect(r.lost).toEqual([]);
    },
    LONG,
  );
});
