/**
 * KAIROS mode end to end in-process (seed 000 §24.1, §24.6; issue 5 point 6): with `kairos: true`
 * the extraction job appends to today's daily log instead of writing topic files (one change set);
 * the scheduled dream distills the log into topic files (user memories into the user memory dir),
 * remembers how far it got, never distills the same entries twice, and `memdir undo` reverts it.
 */
import { copyFileSync, existsSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runUndo } from "../../../src/app/commands/history.js";
import { projectContext } from "../../../src/app/context.js";
import { runDream } from "../../../src/app/jobs/dream.js";
import { runExtractionJob } from "../../../src/app/jobs/extract.js";
import { systemTimeZone } from "../../../src/app/runtime.js";
import {
  appendDailyLog,
  listDailyLogs,
  listTopicFiles,
  readChangeSet,
  readDailyLogEntries,
} from "../../../src/store/index.js";
import { appSandbox } from "../../helpers/app-sandbox.js";
import { EXAMPLE_SESSION as EXAMPLE, EXAMPLE_SESSION_ID as SESSION } from "../../helpers/example.js";

const T0 = Date.parse("2026-02-11T20:00:00Z");
const HOUR = 3_600_000;

function setup() {
  const s = appSandbox("memdir-kairos-", { kairos: true, sessionMemory: { enabled: false } }, T0);
  const ctx = projectContext(s.rt, s.project);
  const transcript = join(s.home, "session.jsonl");
  copyFileSync(EXAMPLE, transcript);
  return { ...s, ctx, transcript };
}

describe("KAIROS mode", () => {
  it("extraction appends to the daily log, and the scheduled dream distills it into topic files exactly once", async () => {
    const s = setup();
    const { memoryDir, userMemoryDir } = s.ctx.paths;
    const [r] = await runExtractionJob(s.rt, {
      kind: "extract",
      cwd: s.project,
      sessionId: SESSION,
      transcriptPath: s.transcript,
    });
    expect(r?.memories).toBeGreaterThan(0);
    expect(listTopicFiles(memoryDir)).toEqual([]);
    expect(listTopicFiles(userMemoryDir)).toEqual([]);
    expect(existsSync(join(memoryDir, "MEMORY.md"))).toBe(false);
    expect(listDailyLogs(memoryDir)).toEqual(["logs/2026/02/2026-02-11.md"]);
    const log = readDailyLogEntries(memoryDir, "logs/2026/02/2026-02-11.md");
    expect(log.entries).toHaveLength(r!.memories);
    expect(log.entries.every((e) => e.sessionId === SESSION)).toBe(true);
    const cs = readChangeSet(memoryDir, r!.changeSet!)!;
    expect(cs.files.map((f) => f.file)).toEqual(["logs/2026/02/2026-02-11.md"]);

    s.setClock(T0 + 6 * 3_600_000);
    const d = await runDream(s.rt, { cwd: s.project, trigger: "scheduled" });
    expect(d.status).toBe("done");
    if (d.status !== "done") return;
    expect(d.plan.mode).toBe("reflect");
    expect(d.plan.logs).toEqual([{ file: "logs/2026/02/2026-02-11.md", bytes: log.endByte }]);
    const topics = [...listTopicFiles(memoryDir), ...listTopicFiles(userMemoryDir)];
    expect(topics.length).toBeGreaterThan(0);
    expect(topics.length).toBeLessThanOrEqual(log.entries.length);
    // Every logged description made it into some topic file.
    const all = [
      ...listTopicFiles(memoryDir).map((f) => readFileSync(join(memoryDir, f), "utf8")),
      ...listTopicFiles(userMemoryDir).map((f) => readFileSync(join(userMemoryDir, f), "utf8")),
    ].join("\n");
    for (const e of log.entries) expect(all).toContain(e.description.slice(0, 30));
    if (log.entries.some((e) => e.type === "user"))
      expect(listTopicFiles(userMemoryDir).length).toBeGreaterThan(0);
    expect(JSON.parse(readFileSync(join(memoryDir, ".dream-state.json"), "utf8"))).toEqual({
      version: 2,
      logs: {
        "logs/2026/02/2026-02-11.md": { bytes: log.endByte, sha256: expect.stringMatching(/^[0-9a-f]{64}$/) },
      },
    });

    // Nothing new in the log: the next scheduled dream distills nothing.
    s.setClock(T0 + 30 * 3_600_000);
    const again = await runDream(s.rt, { cwd: s.project, trigger: "scheduled" });
    expect(again.status).toBe("done");
    if (again.status !== "done") return;
    expect(again.plan.logs).toEqual([]);
    expect(again.plan.creates).toEqual([]);

    // Undo of the first dream (the newest change set that changed anything): topics gone, cursor gone.
    const undone = runUndo(s.ctx, d.changeSetId);
    expect(undone.conflicts).toEqual([]);
    expect(listTopicFiles(memoryDir)).toEqual([]);
    expect(existsSync(join(memoryDir, ".dream-state.json"))).toBe(false);
    expect(listDailyLogs(memoryDir)).toEqual(["logs/2026/02/2026-02-11.md"]);
  });

  it("the Stop hook never dreams in KAIROS mode; `memdir dream` typed by hand still does", async () => {
    const s = setup();
    const manual = await runDream(s.rt, { cwd: s.project, trigger: "manual", force: true });
    expect(manual.status).toBe("done");
    const auto = await runDream(s.rt, { cwd: s.project, trigger: "auto" });
    expect(auto).toMatchObject({ status: "skipped", reason: "disabled", detail: { switch: "kairos" } });
  });

  it("a hand edit before the distilled point is noticed: the log is read again and a new entry is not lost", async () => {
    const s = setup();
    const { memoryDir } = s.ctx.paths;
    await runExtractionJob(s.rt, {
      kind: "extract",
      cwd: s.project,
      sessionId: SESSION,
      transcriptPath: s.transcript,
    });
    const file = "logs/2026/02/2026-02-11.md";
    const first = await runDream(s.rt, { cwd: s.project, trigger: "scheduled" });
    expect(first.status).toBe("done");
    // The user shortens an already-distilled line, then a new entry is appended.
    const path = join(memoryDir, file);
    const text = readFileSync(path, "utf8");
    const line = readDailyLogEntries(memoryDir, file).entries[0]!.description;
    writeFileSync(path, text.replace(line, line.slice(0, Math.max(8, line.length - 12))));
    appendDailyLog(
      memoryDir,
      [
        {
          atMs: T0 + HOUR,
          type: "reference",
          description: "Grafana board for the payments service is at grafana.example.com/d/payments",
          body: "Grafana board for the payments service is at grafana.example.com/d/payments.",
        },
      ],
      { nowMs: T0 + HOUR },
    );
    s.setClock(T0 + 30 * HOUR);
    const again = await runDream(s.rt, { cwd: s.project, trigger: "scheduled" });
    expect(again.status).toBe("done");
    if (again.status !== "done") return;
    expect(again.plan.notes.join("\n")).toMatch(/edited before the point already distilled/);
    const all = listTopicFiles(memoryDir)
      .map((f) => readFileSync(join(memoryDir, f), "utf8"))
      .join("\n");
    expect(all).toContain("grafana.example.com/d/payments");
  });

  it("a late extraction files the entries under the day they were said, so relative dates resolve against it", async () => {
    const late = Date.parse("2026-11-30T09:00:00Z"); // the example session ran on 2026-03-02
    const s = appSandbox("memdir-kairos-late-", { kairos: true, sessionMemory: { enabled: false } }, late);
    const transcript = join(s.home, "session.jsonl");
    copyFileSync(EXAMPLE, transcript);
    const { memoryDir } = projectContext(s.rt, s.project).paths;
    await runExtractionJob(s.rt, {
      kind: "extract",
      cwd: s.project,
      sessionId: SESSION,
      transcriptPath: transcript,
    });
    expect(listDailyLogs(memoryDir)).toEqual(["logs/2026/03/2026-03-02.md"]);
    const d = await runDream(s.rt, { cwd: s.project, trigger: "scheduled" });
    expect(d.status).toBe("done");
    const all = listTopicFiles(memoryDir)
      .map((f) => readFileSync(join(memoryDir, f), "utf8"))
      .join("\n");
    expect(all).toContain("2025-Q4"); // "last quarter" said on 2026-03-02, not 2026-11-30 (which would be 2026-Q3)
    expect(all).not.toContain("2026-Q3");
  });

  it("the system zone of a POSIX TZ is its fixed offset when whole hours, else UTC", () => {
    expect(systemTimeZone(fixedOffset(-540), undefined)).toBe("Etc/GMT-9");
    expect(systemTimeZone(fixedOffset(300), undefined)).toBe("Etc/GMT+5");
    expect(systemTimeZone(fixedOffset(-330), undefined)).toBe("UTC"); // +05:30 has no Etc zone
    expect(systemTimeZone(fixedOffset(0), undefined)).toBe("UTC");
    expect(systemTimeZone(fixedOffset(-540), "Asia/Tokyo")).toBe("Asia/Tokyo");
  });

  it("entries are filed under the local calendar day of config `timeZone`, else of the system's zone, else UTC", async () => {
    // 23:30 UTC on 2026-02-11 is 08:30 on 2026-02-12 in Seoul and 13:30 on 2026-02-11 in Honolulu.
    const at = Date.parse("2026-02-11T23:30:00Z");
    const cases: Array<[Record<string, unknown>, string | undefined, string, string]> = [
      [{ timeZone: "Asia/Seoul" }, "Pacific/Honolulu", "logs/2026/02/2026-02-12.md", "## 08:30:00+09:00 · "],
      [{}, "Asia/Seoul", "logs/2026/02/2026-02-12.md", "## 08:30:00+09:00 · "],
      [{}, "Pacific/Honolulu", "logs/2026/02/2026-02-11.md", "## 13:30:00-10:00 · "],
      [{}, undefined, "logs/2026/02/2026-02-11.md", "## 23:30:00Z · "],
      // A POSIX TZ (`JST-9`) Intl cannot name: the runtime's fixed zone of the same offset.
      [
        {},
        systemTimeZone(fixedOffset(-540), undefined),
        "logs/2026/02/2026-02-12.md",
        "## 08:30:00+09:00 · ",
      ],
    ];
    for (const [config, systemZone, file, header] of cases) {
      const s = appSandbox(
        "memdir-kairos-zone-",
        { kairos: true, sessionMemory: { enabled: false }, ...config },
        at,
      );
      if (systemZone) s.rt.timeZone = systemZone;
      const transcript = join(s.home, "session.jsonl");
      copyFileSync(EXAMPLE, transcript); // its messages are newer than `at`: the entries are stamped `at`
      const { memoryDir } = projectContext(s.rt, s.project).paths;
      await runExtractionJob(s.rt, {
        kind: "extract",
        cwd: s.project,
        sessionId: SESSION,
        transcriptPath: transcript,
      });
      expect(listDailyLogs(memoryDir), JSON.stringify(config) + systemZone).toEqual([file]);
      expect(readFileSync(join(memoryDir, file), "utf8")).toContain(header);
      expect(readDailyLogEntries(memoryDir, file).entries[0]!.atMs).toBe(at);
    }
  });
});

/** A Date whose zone offset is `minutes` (positive west of UTC, as getTimezoneOffset returns). */
function fixedOffset(minutes: number): Date {
  const d = new Date();
  d.getTimezoneOffset = () => minutes;
  return d;
}
