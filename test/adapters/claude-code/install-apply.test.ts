import {
  chmodSync,
  existsSync,
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { settingsPathFor } from "../../../src/adapters/claude-code/install.js";
import { planUninstall } from "../../../src/adapters/shared/install-plan.js";
import {
  applyInstall,
  applyUninstall,
  installStatePath,
  readInstallRecord,
  readSettingsFile,
} from "../../../src/adapters/shared/settings-file.js";
import { isMemdirError } from "../../../src/core/errors.js";
import { planInstall } from "../../helpers/claude-install.js";
import { tempDir } from "../../helpers/tmp.js";

const NOW = Date.UTC(2026, 10, 29, 10, 0, 0);
const NODE = "/opt/Ünïcödé tools/node";
const BIN = "/opt/Ünïcödé tools/memdir/dist/memdir.cjs";

const USER_SETTINGS = `{
  "model": "opus",
  "hooks": {
    "PostToolUse": [
      { "matcher": "*", "hooks": [{ "type": "command", "command": "~/.claude/hooks/fmt.sh" }] }
    ]
  },
  "env": { "API_KEY": "sk-secret-value" }
}
`;

function setup(content?: string): { dir: string; path: string; statePath: string } {
  const dir = tempDir();
  const path = join(dir, ".claude", "settings.json");
  mkdirSync(join(dir, ".claude"));
  if (content !== undefined) writeFileSync(path, content);
  return { dir, path, statePath: installStatePath(join(dir, ".memdir")) };
}

function install(path: string, statePath: string, nowMs = NOW) {
  const { settings } = readSettingsFile(path);
  const plan = planInstall({
    settings,
    nodePath: NODE,
    memdirBin: BIN,
    claudeVersion: "2.1.332",
    previous: readInstallRecord(statePath, path),
  });
  return { plan, res: applyInstall(path, plan, { nowMs, statePath }) };
}

function uninstall(path: string, statePath: string) {
  const plan = planUninstall(readSettingsFile(path).settings, readInstallRecord(statePath, path));
  return { plan, res: applyUninstall(path, plan, { nowMs: NOW, statePath }) };
}

describe("applyInstall / applyUninstall on real files", () => {
  it("backs up the original, writes 2-space JSON, and uninstall restores the original object", () => {
    const { dir, path, statePath } = setup(USER_SETTINGS);
    chmodSync(path, 0o644);
    const { res } = install(path, statePath);
    expect(res.written).toBe(true);
    expect(res.backupPath).toBe(join(dir, ".claude", "settings.json.memdir-backup-2026-11-29T10-00-00.000Z"));
    expect(readFileSync(res.backupPath!, "utf8")).toBe(USER_SETTINGS);
    const text = readFileSync(path, "utf8");
    expect(text).toBe(`${JSON.stringify(JSON.parse(text), null, 2)}\n`);
    expect(statSync(path).mode & 0o777).toBe(0o644);
    expect(readInstallRecord(statePath, path)?.entries).toHaveLength(10);

    const again = install(path, statePath, NOW + 1000);
    expect(again.res).toEqual({ written: false });
    expect(readFileSync(path, "utf8")).toBe(text);

    const un = uninstall(path, statePath);
    expect(un.res.written).toBe(true);
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual(JSON.parse(USER_SETTINGS));
    expect(readInstallRecord(statePath, path)).toBeUndefined();
  });

  it("creates a missing settings.json without a backup; uninstall removes the file it created; uninstall of a missing file writes nothing", () => {
    const { dir, path, statePath } = setup();
    const un = uninstall(path, statePath);
    expect(un.res.written).toBe(false);
    expect(existsSync(path)).toBe(false);
    const { res } = install(path, statePath);
    expect(res).toEqual({ written: true });
    expect(readdirSync(join(dir, ".claude"))).toEqual(["settings.json"]);
    expect(uninstall(path, statePath).res).toEqual({ written: true, restored: true });
    expect(existsSync(path)).toBe(false);
  });

  it("uninstall gives back the exact bytes from before the first install, spacing included", () => {
    const original = `{\n    "theme":   "dark",\n\n    "model": "opus"\n}\n`;
    const { path, statePath } = setup(original);
    install(path, statePath);
    install(path, statePath, NOW + 5);
    expect(uninstall(path, statePath).res).toEqual({ written: true, restored: true });
    expect(readFileSync(path, "utf8")).toBe(original);
  });

  it("a settings file changed after install loses only memdir's entries", () => {
    const { path, statePath } = setup(`{ "theme": "dark" }`);
    install(path, statePath);
    const edited = JSON.parse(readFileSync(path, "utf8"));
    edited.model = "opus";
    writeFileSync(path, JSON.stringify(edited));
    const un = uninstall(path, statePath);
    expect(un.res.restored).toBeUndefined();
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual({ theme: "dark", model: "opus" });
  });

  it("restores `hooks: {}` and empty event arrays through the state file", () => {
    const original = { hooks: { Stop: [] }, theme: "dark" };
    const { path, statePath } = setup(JSON.stringify(original));
    install(path, statePath);
    install(path, statePath, NOW + 5); // re-install keeps what the first one created
    uninstall(path, statePath);
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual(original);
  });

  it("tolerates a BOM and CRLF, and writes plain UTF-8", () => {
    const { path, statePath } = setup(`\uFEFF${USER_SETTINGS.replace(/\n/g, "\r\n")}`);
    install(path, statePath);
    const text = readFileSync(path, "utf8");
    expect(text.charCodeAt(0)).not.toBe(0xfeff);
    expect(text).not.toContain("\r");
  });

  it("refuses invalid JSON (comments, trailing commas) and writes nothing, without echoing the content", () => {
    for (const bad of [
      '{\n  // my settings\n  "model": "opus"\n}',
      '{"env": {"API_KEY": "sk-secret-value"},}',
      "{",
    ]) {
      const { dir, path } = setup(bad);
      let err: unknown;
      try {
        readSettingsFile(path);
      } catch (e) {
        err = e;
      }
      expect(isMemdirError(err, "BAD_JSON")).toBe(true);
      expect(String((err as Error).message)).toMatch(/invalid JSON at line \d+ column \d+/);
      expect(String((err as Error).message)).not.toContain("sk-secret");
      expect(readdirSync(join(dir, ".claude"))).toEqual(["settings.json"]);
      expect(readFileSync(path, "utf8")).toBe(bad);
    }
  });

  it("refuses to write when the file changed or broke after planning (no clobbering)", () => {
    const { dir, path, statePath } = setup(USER_SETTINGS);
    const plan = planInstall({ settings: readSettingsFile(path).settings, nodePath: NODE, memdirBin: BIN });
    const edited = USER_SETTINGS.replace('"opus"', '"sonnet"');
    writeFileSync(path, edited);
    expect(() => applyInstall(path, plan, { nowMs: NOW, statePath })).toThrow(
      /changed while memdir was planning/,
    );
    writeFileSync(path, "{ broken");
    expect(() => applyInstall(path, plan, { nowMs: NOW, statePath })).toThrow(/not valid JSON/);
    expect(readFileSync(path, "utf8")).toBe("{ broken");
    expect(readdirSync(join(dir, ".claude"))).toEqual(["settings.json"]);
    expect(existsSync(statePath)).toBe(false);
  });

  it("a dry run (plan only) touches no file", () => {
    const { dir, path } = setup(USER_SETTINGS);
    const before = readdirSync(dir, { recursive: true });
    const mtime = statSync(path).mtimeMs;
    const plan = planInstall({ settings: readSettingsFile(path).settings, nodePath: NODE, memdirBin: BIN });
    expect(plan.changed).toBe(true);
    expect(readdirSync(dir, { recursive: true })).toEqual(before);
    expect(statSync(path).mtimeMs).toBe(mtime);
    expect(readFileSync(path, "utf8")).toBe(USER_SETTINGS);
  });

  it("writes through a symlinked settings.json (dotfile managers) and keeps the link", () => {
    const { dir, path, statePath } = setup();
    const real = join(dir, "dotfiles", "claude-settings.json");
    mkdirSync(join(dir, "dotfiles"));
    writeFileSync(real, USER_SETTINGS);
    symlinkSync(real, path);
    const { res } = install(path, statePath);
    expect(lstatSync(path).isSymbolicLink()).toBe(true);
    expect(res.backupPath?.startsWith(join(dir, "dotfiles"))).toBe(true);
    expect(JSON.parse(readFileSync(real, "utf8")).hooks.Stop).toHaveLength(1);
    uninstall(path, statePath);
    expect(JSON.parse(readFileSync(real, "utf8"))).toEqual(JSON.parse(USER_SETTINGS));
  });

  it("puts backups in backupDir when given and never overwrites an earlier backup", () => {
    const { dir, path } = setup(USER_SETTINGS);
    const backupDir = join(dir, "backups");
    const p1 = planInstall({ settings: readSettingsFile(path).settings, nodePath: NODE, memdirBin: BIN });
    const r1 = applyInstall(path, p1, { nowMs: NOW, backupDir });
    const p2 = planInstall({
      settings: readSettingsFile(path).settings,
      nodePath: "/usr/bin/node",
      memdirBin: BIN,
    });
    const r2 = applyInstall(path, p2, { nowMs: NOW, backupDir });
    expect(r1.backupPath).not.toBe(r2.backupPath);
    expect(readFileSync(r1.backupPath!, "utf8")).toBe(USER_SETTINGS);
    expect(readdirSync(backupDir)).toHaveLength(2);
  });

  it("survives a corrupt install-state.json by falling back to recognising commands", () => {
    const { path, statePath } = setup(USER_SETTINGS);
    install(path, statePath);
    writeFileSync(statePath, "not json");
    expect(readInstallRecord(statePath, path)).toBeUndefined();
    uninstall(path, statePath);
    expect(JSON.parse(readFileSync(path, "utf8"))).toEqual(JSON.parse(USER_SETTINGS));
  });
});

describe("settingsPathFor", () => {
  it("maps scopes to Claude Code's settings files", () => {
    const dirs = { claudeConfigDir: "/home/u/.claude", projectRoot: "/work/p" };
    expect(settingsPathFor("user", dirs)).toBe("/home/u/.claude/settings.json");
    expect(settingsPathFor("project", dirs)).toBe("/work/p/.claude/settings.json");
    expect(settingsPathFor("local", dirs)).toBe("/work/p/.claude/settings.local.json");
    expect(() => settingsPathFor("project", { claudeConfigDir: "/c" })).toThrow(/needs a project directory/);
  });
});
