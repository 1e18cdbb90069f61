/**
 * Concurrent writers: `processes` loops side by side, each sending `writes` UserPromptSubmit hooks
 * through the bin with a unique `<remember>` note (the notepad: lock, re-read, merge, rename) and a
 * `memdir wiki add` every tenth write (the wiki: its own lock and index). Every note and page must be
 * there exactly once afterwards.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sandbox } from "./sandbox.js";

export interface WriteFigures {
  processes: number;
  writes: number;
  notesKept: number;
  pagesKept: number;
  lost: number;
  duplicated: number;
  failures: string[];
}

export async function concurrentWrites(processes: number, writes: number): Promise<WriteFigures> {
  const s = sandbox("memdir-rel-writes-");
  const failures: string[] = [];
  let pages = 0;
  const loop = async (p: number) => {
    for (let i = 0; i < writes; i++) {
      const input = JSON.stringify({
        session_id: `s-${p}`,
        transcript_path: join(s.project, "t.jsonl"),
        cwd: s.project,
        hook_event_name: "UserPromptSubmit",
        prompt: `<remember>note p${p} w${i} kept</remember> continue`,
      });
      const r = await s.runAsync(["hook", "UserPromptSubmit"], input);
      if (r.status !== 0) failures.push(`hook p${p} w${i}: exit ${r.status}`);
      if (i % 10 === 0) {
        pages++;
        const w = await s.runAsync([
          "wiki",
          "add",
          "--title",
          `Page p${p} w${i}`,
          `Body of page p${p} w${i}.`,
        ]);
        if (w.status !== 0) failures.push(`wiki p${p} w${i}: ${w.stderr.slice(0, 200)}`);
      }
    }
  };
  await Promise.all(Array.from({ length: processes }, (_, p) => loop(p)));
  const notepad = readFileSync(join(s.project, ".memdir", "notepad.md"), "utf8");
  const wikiIndex = readFileSync(join(s.project, ".memdir", "wiki", "index.md"), "utf8");
  let kept = 0;
  let lost = 0;
  let duplicated = 0;
  let pagesKept = 0;
  for (let p = 0; p < processes; p++)
    for (let i = 0; i < writes; i++) {
      const n = notepad.split(`note p${p} w${i} kept`).length - 1;
      if (n === 0) lost++;
      if (n > 1) duplicated++;
      if (n >= 1) kept++;
      if (i % 10 === 0) {
        if (wikiIndex.includes(`Page p${p} w${i}`)) pagesKept++;
        else lost++;
      }
    }
  if (pagesKept !== pages) failures.push(`${pages - pagesKept} wiki pages missing from the index`);
  if (lost || duplicated) failures.push(`${lost} writes lost, ${duplicated} notes duplicated`);
  return { processes, writes, notesKept: kept, pagesKept, lost, duplicated, failures };
}
