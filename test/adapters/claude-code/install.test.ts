import { execFileSync } from "node:child_process";
import { mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { HOOK_EVENTS } from "../../../src/adapters/claude-code/hook-input.js";
import {
  ASYNC_MIN_VERSION,
  claudeInstall,
  DEFAULT_ASYNC_EVENTS,
  HOOK_SPECS,
} from "../../../src/adapters/claude-code/install.js";
import { hookCommand, parseHookCommand, versionAtLeast } from "../../../src/adapters/shared/hook-command.js";
import { type InstallRecord, planUninstall } from "../../../src/adapters/shared/install-plan.js";
import { shellQuote, splitCommand } from "../../../src/core/shell.js";
import { planInstall } from "../../helpers/claude-install.js";

const supportsConfigAsync = (v: string | undefined) => versionAtLeast(v, ASYNC_MIN_VERSION);

import { isMemdirError } from "../../../src/core/errors.js";
import { tempDir } from "../../helpers/tmp.js";

const NODE = "/usr/local/bin/node";
const BIN = "/usr/local/lib/node_modules/memdir/dist/memdir.cjs";

type Group = { matcher?: string; hooks: Array<Record<string, unknown>> };
/** The `hooks` key of a settings object, typed for assertions. */
const hooksOf = (settings: unknown): Record<string, Group[]> =>
  (settings as { hooks: Record<string, Group[]> }).hooks;

/** A settings.json a real user might have: other keys, user hooks, one sharing our matcher. */
function userSettings(): Record<string, unknown> {
  return {
    model: "opus",
    permissions: { allow: ["Bash(npm test)"], deny: [] },
    hooks: {
      PostToolUse: [
        { matcher: "*", hooks: [{ type: "command", command: "~/.claude/hooks/fmt.sh", timeout: 30 }] },
      ],
      SessionStart: [{ matcher: "startup", hooks: [{ type: "command", command: "bd prime" }] }],
      Notification: [{ hooks: [{ type: "command", command: "notify-send claude" }] }],
    },
    env: { FOO: "bar" },
  };
}

function deepFreeze<T>(o: T): T {
  if (typeof o === "object" && o !== null) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

function ourCommands(settings: unknown): string[] {
  const hooks =
    (settings as { hooks?: Record<string, Array<{ hooks: Array<{ command: string }> }>> }).hooks ?? {};
  return Object.values(hooks).flatMap((groups) =>
    groups.flatMap((g) => g.hooks.map((h) => h.command).filter((c) => parseHookCommand(c) !== undefined)),
  );
}

describe("planInstall", () => {
  it("registers all ten events in groups of their own, with matchers, timeouts and quoted absolute paths", () => {
    const plan = planInstall({ settings: undefined, nodePath: NODE, memdirBin: BIN });
    expect(plan.changed).toBe(true);
    const hooks = plan.settings.hooks as Record<string, unknown[]>;
    expect(Object.keys(hooks)).toEqual([...HOOK_EVENTS]);
    expect(hooks.SessionStart).toEqual([
      {
        matcher: "startup|resume|clear|compact|fork",
        hooks: [{ type: "command", command: `'${NODE}' '${BIN}' hook SessionStart`, timeout: 10 }],
      },
    ]);
    expect(hooks.Stop).toEqual([
      { hooks: [{ type: "command", command: `'${NODE}' '${BIN}' hook Stop`, timeout: 10 }] },
    ]);
    expect((hooks.SessionEnd as Array<{ hooks: Array<{ timeout: number }> }>)[0]!.hooks[0]!.timeout).toBe(2);
    expect(plan.added.map((e) => e.event)).toEqual([...HOOK_EVENTS]);
    expect(plan.record).toEqual({
      entries: plan.entries,
      createdHooksKey: true,
      createdEvents: [...HOOK_EVENTS],
    });
    expect(plan.asyncUsed).toBe(false);
  });

  it("is idempotent: planning over its own output changes nothing", () => {
    for (const settings of [undefined, userSettings()]) {
      const first = planInstall({ settings, nodePath: NODE, memdirBin: BIN, claudeVersion: "2.1.332" });
      const second = planInstall({
        settings: first.settings,
        nodePath: NODE,
        memdirBin: BIN,
        claudeVersion: "2.1.332",
      });
      expect(second.changed).toBe(false);
      expect(second.added).toEqual([]);
      expect(second.removed).toEqual([]);
      expect(JSON.stringify(second.settings)).toBe(JSON.stringify(first.settings));
    }
  });

  it("never touches user hooks, other keys or their order, and does not mutate its input (dry run)", () => {
    const original = deepFreeze(userSettings());
    const plan = planInstall({ settings: original, nodePath: NODE, memdirBin: BIN });
    expect(Object.keys(plan.settings)).toEqual(["model", "permissions", "hooks", "env"]);
    const hooks = plan.settings.hooks as Record<string, unknown[]>;
    expect(hooks.PostToolUse![0]).toEqual(hooksOf(userSettings()).PostToolUse![0]);
    expect(hooks.PostToolUse).toHaveLength(2);
    expect(hooks.Notification).toEqual(hooksOf(userSettings()).Notification);
    expect(Object.keys(hooks).slice(0, 3)).toEqual(["PostToolUse", "SessionStart", "Notification"]);
    expect(plan.record.createdHooksKey).toBe(false);
    expect(plan.record.createdEvents).not.toContain("PostToolUse");
    expect(plan.record.createdEvents).toContain("Stop");
  });

  it("replaces entries from an old bin path in place and drops duplicates", () => {
    const old = `'/home/u/.nvm/versions/node/v20.1.0/bin/node' '/home/u/.npm/_npx/abc/node_modules/memdir/dist/memdir.cjs' hook Stop`;
    const settings = {
      hooks: {
        Stop: [
          { hooks: [{ type: "command", command: "say done" }] },
          { hooks: [{ type: "command", command: old, timeout: 60 }] },
          { hooks: [{ type: "command", command: `${old} ` }] },
        ],
      },
    };
    const plan = planInstall({ settings, nodePath: NODE, memdirBin: BIN, events: ["Stop"] });
    expect(plan.settings.hooks).toEqual({
      Stop: [
        { hooks: [{ type: "command", command: "say done" }] },
        { hooks: [{ type: "command", command: `'${NODE}' '${BIN}' hook Stop`, timeout: 10 }] },
      ],
    });
    expect(plan.removed.map((r) => r.command)).toEqual([`${old} `, old]);
    expect(plan.added.map((a) => a.event)).toEqual(["Stop"]);
  });

  it("removes our entries for events no longer wanted", () => {
    const all = planInstall({ settings: userSettings(), nodePath: NODE, memdirBin: BIN });
    const fewer = planInstall({
      settings: all.settings,
      nodePath: NODE,
      memdirBin: BIN,
      events: ["SessionStart", "Stop"],
      previous: all.record,
    });
    expect(ourCommands(fewer.settings)).toHaveLength(2);
    expect(fewer.settings.hooks).toEqual({
      ...hooksOf(userSettings()),
      SessionStart: [...hooksOf(userSettings()).SessionStart!, hooksOf(all.settings).SessionStart![1]],
      Stop: hooksOf(all.settings).Stop,
    });
  });

  it("adds async only for a Claude Code that supports it, never for events whose output is used", () => {
    for (const [version, expectAsync] of [
      ["2.1.332 (Claude Code)", true],
      ["2.1.19", true],
      ["2.1.18", false],
      ["2.0.77", false],
      [undefined, false],
      ["unknown", false],
    ] as const) {
      const plan = planInstall({
        settings: undefined,
        nodePath: NODE,
        memdirBin: BIN,
        claudeVersion: version,
      });
      const asyncEvents = plan.entries.filter((e) => e.async).map((e) => e.event);
      expect(asyncEvents).toEqual(expectAsync ? [...DEFAULT_ASYNC_EVENTS] : []);
      const hooks = plan.settings.hooks as Record<string, Array<{ hooks: Array<Record<string, unknown>> }>>;
      expect(hooks.PostToolUse![0]!.hooks[0]!.async).toBe(expectAsync ? true : undefined);
      for (const ev of ["SessionStart", "UserPromptSubmit", "PostToolUseFailure", "Stop"])
        expect(hooks[ev]![0]!.hooks[0]!.async).toBeUndefined();
    }
  });

  it("refuses settings it cannot merge into without losing data", () => {
    const cases: unknown[] = [
      [],
      "x",
      null,
      { hooks: [] },
      { hooks: "x" },
      { hooks: { Stop: { command: "x" } } },
    ];
    for (const settings of cases) {
      let err: unknown;
      try {
        planInstall({ settings, nodePath: NODE, memdirBin: BIN });
      } catch (e) {
        err = e;
      }
      expect(isMemdirError(err, "BAD_CONFIG"), JSON.stringify(settings)).toBe(true);
    }
    expect(() => planInstall({ settings: undefined, nodePath: "node", memdirBin: BIN })).toThrow(
      /absolute path/,
    );
    expect(() => planInstall({ settings: undefined, nodePath: NODE, memdirBin: "/x/cli.js" })).toThrow(
      /memdir.cjs/,
    );
    expect(() => planInstall({ settings: undefined, nodePath: "/a\nb", memdirBin: BIN })).toThrow(
      /line breaks/,
    );
  });

  it("keeps a non-array value under an event memdir does not register", () => {
    const settings = { hooks: { Notification: "weird" } };
    const plan = planInstall({ settings, nodePath: NODE, memdirBin: BIN, events: ["Stop"] });
    expect((plan.settings.hooks as Record<string, unknown>).Notification).toBe("weird");
  });
});

describe("planUninstall", () => {
  const originals: Array<[string, unknown]> = [
    ["user settings", userSettings()],
    ["empty object", {}],
    ["empty hooks", { hooks: {} }],
    ["empty event array", { hooks: { Stop: [], PostToolUse: [] }, theme: "dark" }],
  ];

  it.each(originals)("with the install record, gives back the original exactly (%s)", (_name, original) => {
    const inst = planInstall({
      settings: original,
      nodePath: NODE,
      memdirBin: BIN,
      claudeVersion: "2.1.300",
    });
    const record = JSON.parse(JSON.stringify(inst.record)) as InstallRecord; // survives a JSON round trip
    const roundTrip = JSON.parse(JSON.stringify(inst.settings)) as unknown;
    const un = planUninstall(roundTrip, record);
    expect(un.settings).toEqual(original);
    expect(JSON.stringify(un.settings)).toBe(JSON.stringify(original));
    expect(un.removed).toHaveLength(HOOK_EVENTS.length);
    expect(un.changed).toBe(true);
  });

  it("without a record, still restores settings whose containers held user hooks or did not exist", () => {
    for (const original of [userSettings(), {}, { theme: "dark" }]) {
      const inst = planInstall({ settings: original, nodePath: NODE, memdirBin: BIN });
      expect(planUninstall(inst.settings).settings).toEqual(original);
    }
  });

  it("keeps user hooks added into our matcher group, and the group's matcher", () => {
    const inst = planInstall({
      settings: undefined,
      nodePath: NODE,
      memdirBin: BIN,
      events: ["PostToolUse"],
    });
    const edited = structuredClone(inst.settings);
    hooksOf(edited).PostToolUse![0]!.hooks.push({ type: "command", command: "./lint.sh" });
    const un = planUninstall(edited, inst.record);
    expect(un.settings).toEqual({
      hooks: { PostToolUse: [{ matcher: "*", hooks: [{ type: "command", command: "./lint.sh" }] }] },
    });
  });

  it("removes only memdir commands: look-alikes stay", () => {
    const lookAlikes = [
      "memdir hook Stop",
      `node ${BIN} hook Stop; rm -rf ~`,
      `'${NODE}' '/x/not-memdir.cjs' hook Stop`,
      `'${NODE}' '${BIN}' status`,
      `"$CLAUDE_PROJECT_DIR"/memdir hook Stop`,
    ];
    const settings = {
      hooks: { Stop: [{ hooks: lookAlikes.map((command) => ({ type: "command", command })) }] },
    };
    const un = planUninstall(settings);
    expect(un.changed).toBe(false);
    expect(un.settings).toEqual(settings);
  });

  it("does nothing for a missing settings file", () => {
    expect(planUninstall(undefined)).toMatchObject({ changed: false, removed: [] });
  });
});

describe("hook commands", () => {
  it("quotes spaces, quotes, $, backticks and non-ASCII so /bin/sh runs exactly our files", () => {
    const dir = join(tempDir(), "my proj", 'Ünïcödé 日本 $HOME `id` it\'s "q" \\ *');
    mkdirSync(dir, { recursive: true });
    const node = join(dir, "node");
    symlinkSync(process.execPath, node);
    const bin = join(dir, "memdir.cjs");
    writeFileSync(bin, "process.stdout.write(JSON.stringify(process.argv.slice(2)));\n");
    for (const event of HOOK_EVENTS) {
      const cmd = hookCommand(node, bin, event);
      const out = execFileSync("/bin/sh", ["-c", cmd], { env: { PATH: "/usr/bin:/bin" }, encoding: "utf8" });
      expect(JSON.parse(out)).toEqual(["hook", event]);
      expect(parseHookCommand(cmd)).toEqual({
        nodePath: node,
        memdirBin: bin,
        event,
        harness: "claude-code",
      });
    }
  });

  it("writes Windows paths with forward slashes", () => {
    const cmd = hookCommand(
      "C:\\Program Files\\nodejs\\node.exe",
      "C:\\Users\\Jöhn Dœ (x86)\\memdir\\memdir.cjs",
      "Stop",
    );
    expect(cmd).toBe(
      "'C:/Program Files/nodejs/node.exe' 'C:/Users/Jöhn Dœ (x86)/memdir/memdir.cjs' hook Stop",
    );
    expect(parseHookCommand(cmd)?.event).toBe("Stop");
  });

  it("splitCommand follows sh word rules and refuses anything beyond plain words", () => {
    expect(splitCommand(`a 'b c' "d \\"e\\" \\\\" f\\ g 'it'\\''s'`)).toEqual([
      "a",
      "b c",
      'd "e" \\',
      "f g",
      "it's",
    ]);
    expect(splitCommand(shellQuote("x'y'z"))).toEqual(["x'y'z"]);
    for (const bad of [
      "a; b",
      "a && b",
      "a | b",
      "a > f",
      "$(id)",
      "`id`",
      '"$HOME"',
      "'open",
      '"open',
      "a #c",
      "x\\",
    ]) {
      expect(splitCommand(bad), bad).toBeUndefined();
    }
    expect(splitCommand("a#b")).toEqual(["a#b"]);
  });

  it("HOOK_SPECS times out in seconds, inside Claude Code's budgets", () => {
    for (const ev of HOOK_EVENTS) expect(HOOK_SPECS[ev].timeout).toBeLessThanOrEqual(10);
    expect(HOOK_SPECS.SessionEnd.timeout).toBeLessThanOrEqual(2);
  });
});

describe("Claude Code version", () => {
  it("detects the version through the injected runner and never throws", () => {
    expect(claudeInstall.parseVersion!("2.1.332 (Claude Code)\n")).toBe("2.1.332");
    expect(claudeInstall.parseVersion!("1.0.128")).toBe("1.0.128");
    expect(claudeInstall.parseVersion!("command not found")).toBeUndefined();
  });

  it("compares versions numerically", () => {
    expect(supportsConfigAsync("2.1.100")).toBe(true);
    expect(supportsConfigAsync("2.2.0")).toBe(true);
    expect(supportsConfigAsync("10.0.0")).toBe(true);
    expect(supportsConfigAsync("2.0.99")).toBe(false);
    expect(supportsConfigAsync("1.99.99")).toBe(false);
  });
});
