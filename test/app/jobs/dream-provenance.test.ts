/**
 * A merge of many copies keeps the merged topic readable by every scan: its frontmatter stays within
 * the 30 lines Claude Code and memdir read (provenance lists are capped), so it stays in MEMORY.md
 * and in recall (tester finding: a 240-way merge wrote a 250-line `mergedFrom` and the only topic
 * left vanished from the index).
 */
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { projectContext } from "../../../src/app/context.js";
import { runDream } from "../../../src/app/jobs/dream.js";
import { scanTopics } from "../../../src/store/index.js";
import { appSandbox } from "../../helpers/app-sandbox.js";

describe("dream provenance", () => {
  it("40 copies of one memory fold into one topic that MEMORY.md still lists", async () => {
    const s = appSandbox("memdir-dream-prov-");
    const { memoryDir } = projectContext(s.rt, s.project).paths;
    mkdirSync(memoryDir, { recursive: true });
    const index = ["# Memory Index"];
    for (let i = 0; i < 40; i++) {
      const sources = Array.from({ length: 4 }, (_, k) => `uuid-${i}-${k}`);
      writeFileSync(
        join(memoryDir, `copy-${i}.md`),
        `---\nname: copy-${i}\ndescription: Integration tests hit a real database\ntype: feedback\nmetadata:\n  sources: [${sources.join(", ")}]\n  supersedes:\n    - text: old rule ${i}\n      until: 2026-01-0${(i % 9) + 1}\n      file: old-${i}.md\n---\nIntegration tests hit a real database, never mocks.\n`,
      );
      index.push(`- [copy-${i}](copy-${i}.md) — Integration tests hit a real database`);
    }
    writeFileSync(join(memoryDir, "MEMORY.md"), `${index.join("\n")}\n`);
    const r = await runDream(s.rt, { cwd: s.project, trigger: "manual", force: true });
    expect(r.status).toBe("done");
    const scan = scanTopics(memoryDir);
    expect(scan.errors).toEqual([]);
    expect(scan.topics).toHaveLength(1);
    const file = scan.topics[0]!.path;
    const text = readFileSync(file, "utf8");
    expect(text.split("\n").indexOf("---", 1)).toBeLessThan(30);
    expect(readFileSync(join(memoryDir, "MEMORY.md"), "utf8")).toContain(`(${file.split("/").pop()})`);
  });
});
