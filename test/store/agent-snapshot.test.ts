import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  checkSnapshot,
  initializeFromSnapshot,
  publishSnapshot,
  readSyncedFrom,
  recordSnapshotSynced,
} from "../../src/store/index.js";
import { tempDir } from "../helpers/tmp.js";

const topic = (desc: string) => `---\nname: t\ndescription: ${desc}\ntype: project\n---\n${desc}\n`;

function dirs() {
  const root = tempDir();
  const mem = join(root, "mem");
  const snap = join(root, "snap");
  return { root, mem, snap };
}

function writeSnapshot(snap: string, updatedAt: string, files: Record<string, string>): void {
  mkdirSync(snap, { recursive: true });
  for (const [f, t] of Object.entries(files)) writeFileSync(join(snap, f), t);
  writeFileSync(join(snap, "snapshot.json"), JSON.stringify({ updatedAt }));
}

describe("agent memory snapshots", () => {
  it("none without a snapshot or with a bad snapshot.json", () => {
    const { mem, snap } = dirs();
    expect(checkSnapshot(snap, mem)).toEqual({ action: "none", reason: "no_snapshot" });
    mkdirSync(snap);
    writeFileSync(join(snap, "snapshot.json"), '{"updatedAt": "yesterday"}');
    expect(checkSnapshot(snap, mem)).toEqual({ action: "none", reason: "bad_snapshot" });
  });

  it("initialize when the memory dir has no memory: copies in, never overwrites, records the sync", () => {
    const { mem, snap } = dirs();
    writeSnapshot(snap, "2026-11-01T00:00:00.000Z", {
      "MEMORY.md": "# Memory Index\n- [t](t.md) — a\n",
      "t.md": topic("a"),
    });
    expect(checkSnapshot(snap, mem)).toEqual({ action: "initialize", updatedAt: "2026-11-01T00:00:00.000Z" });
    // An empty MEMORY.md is no memory yet.
    mkdirSync(mem);
    writeFileSync(join(mem, "MEMORY.md"), "");
    expect(checkSnapshot(snap, mem).action).toBe("initialize");
    const copied = initializeFromSnapshot(snap, mem, "2026-11-01T00:00:00.000Z");
    expect(copied).toEqual(["t.md"]); // the empty MEMORY.md was there already: kept
    expect(readFileSync(join(mem, "t.md"), "utf8")).toBe(topic("a"));
    expect(existsSync(join(mem, "snapshot.json"))).toBe(false);
    expect(readSyncedFrom(mem)).toBe("2026-11-01T00:00:00.000Z");
    expect(checkSnapshot(snap, mem)).toEqual({
      action: "none",
      updatedAt: "2026-11-01T00:00:00.000Z",
      reason: "synced",
    });
  });

  it("prompt-update when the snapshot is newer than the last sync (or none was recorded), once", () => {
    const { mem, snap } = dirs();
    mkdirSync(mem);
    writeFileSync(join(mem, "mine.md"), topic("mine"));
    writeSnapshot(snap, "2026-11-02T00:00:00.000Z", { "t.md": topic("b") });
    expect(checkSnapshot(snap, mem)).toEqual({
      action: "prompt-update",
      updatedAt: "2026-11-02T00:00:00.000Z",
    });
    recordSnapshotSynced(mem, "2026-11-01T00:00:00.000Z");
    expect(checkSnapshot(snap, mem).action).toBe("prompt-update");
    recordSnapshotSynced(mem, "2026-11-02T00:00:00.000Z");
    expect(checkSnapshot(snap, mem).action).toBe("none");
    expect(readFileSync(join(mem, "mine.md"), "utf8")).toBe(topic("mine"));
  });

  it("publish replaces the snapshot's Markdown files, writes updatedAt and marks the author synced", () => {
    const { mem, snap } = dirs();
    expect(() => publishSnapshot(mem, snap, "2026-11-03T00:00:00.000Z")).toThrow(
      /no agent memory to publish/,
    );
    mkdirSync(mem);
    writeFileSync(join(mem, "MEMORY.md"), "# Memory Index\n- [t](t.md) — a\n");
    writeFileSync(join(mem, "t.md"), topic("a"));
    writeFileSync(join(mem, ".memdir.lock.x"), "not copied");
    writeSnapshot(snap, "2026-11-01T00:00:00.000Z", { "old.md": topic("old") });
    const r = publishSnapshot(mem, snap, "2026-11-03T00:00:00.000Z");
    expect(r).toEqual({ files: ["MEMORY.md", "t.md"], removed: ["old.md"] });
    expect(JSON.parse(readFileSync(join(snap, "snapshot.json"), "utf8"))).toEqual({
      updatedAt: "2026-11-03T00:00:00.000Z",
    });
    expect(readFileSync(join(snap, "t.md"), "utf8")).toBe(topic("a"));
    expect(existsSync(join(snap, "old.md"))).toBe(false);
    expect(checkSnapshot(snap, mem).action).toBe("none");
  });
});
