/**
 * `memdir schedule install | remove` (issue 5 point 6): the cron line falls inside 00:00-05:59 for
 * every q, its quoting survives a real `sh`, and a fake `crontab` program on a temp PATH (a node
 * script storing the crontab in a file, with -l, -, -r and "no crontab for" exit 1) shows that
 * remove restores the crontab byte for byte (property over random crontabs), install is
 * idempotent, other projects' lines stay, and without crontab the line is printed.
 */
import { spawnSync } from "node:child_process";
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { Command } from "commander";
import fc from "fast-check";
import { describe, expect, it, vi } from "vitest";
import {
  CRON_TAG,
  cronLine,
  installSchedule,
  planCrontabInstall,
  planCrontabRemove,
  randomSchedule,
  removeSchedule,
  scheduleLine,
} from "../../../src/app/commands/schedule.js";
import { registerSchedule } from "../../../src/cli/commands/schedule.js";
import { projectKey } from "../../../src/paths/index.js";
import { appSandbox } from "../../helpers/app-sandbox.js";
import { tempDir } from "../../helpers/tmp.js";

const FAKE = `
const fs = require("fs");
const file = process.env.FAKE_CRONTAB_FILE;
fs.appendFileSync(file + ".calls", process.argv.slice(2).join(" ") + "\\n");
const none = () => { process.stderr.write("no crontab for tester\\n"); process.exit(1); };
const arg = process.argv[2];
if (arg === "-l") { if (!fs.existsSync(file)) none(); process.stdout.write(fs.readFileSync(file)); }
else if (arg === "-") {
  if (process.env.FAKE_CRONTAB_FAIL) { process.stderr.write("crontab: permission denied\\n"); process.exit(1); }
  fs.writeFileSync(file, fs.readFileSync(0));
} else if (arg === "-r") { if (!fs.existsSync(file)) none(); fs.unlinkSync(file); }
else { process.stderr.write("usage\\n"); process.exit(2); }
`;

/** A sandbox whose PATH holds only a fake `crontab`; `file` is the stored crontab (absent = none). */
function cronSandbox(extraEnv: Record<string, string> = {}) {
  const sb = appSandbox("memdir-schedule-");
  const bin = join(sb.home, "bin");
  mkdirSync(bin);
  writeFileSync(join(bin, "crontab"), `#!${process.execPath}\n${FAKE}`);
  chmodSync(join(bin, "crontab"), 0o755);
  const file = join(sb.home, "crontab.txt");
  sb.rt.env = { ...sb.rt.env, PATH: bin, FAKE_CRONTAB_FILE: file, ...extraEnv };
  const memdirBin = join(sb.home, "dist", "memdir.cjs");
  mkdirSync(join(sb.home, "dist"));
  writeFileSync(memdirBin, "");
  const opts = { memdirBin, nodePath: process.execPath, random: () => 0.5 };
  const calls = () =>
    existsSync(`${file}.calls`) ? readFileSync(`${file}.calls`, "utf8").trim().split("\n") : [];
  return { ...sb, file, opts, calls, key: projectKey(sb.project) };
}

const ourLines = (text: string, key: string) =>
  text.split(/\r?\n/).filter((l) => !l.startsWith("#") && l.includes(`# ${CRON_TAG} ${key}`));

describe("the cron line", () => {
  it("runs between 00:00 and 05:59 for every q = 0..359", () => {
    for (let q = 0; q < 360; q++) {
      const s = randomSchedule(() => (q + 0.5) / 360);
      expect(s).toEqual({ minute: q % 60, hour: Math.floor(q / 60) });
    }
    expect(randomSchedule(() => 0)).toEqual({ minute: 0, hour: 0 });
    expect(randomSchedule(() => 0.999_999_999)).toEqual({ minute: 59, hour: 5 });
    for (let i = 0; i < 2_000; i++) {
      const line = cronLine({
        ...randomSchedule(Math.random),
        projectRoot: "/p",
        key: "-p",
        nodePath: "/n",
        memdirBin: "/b/memdir.cjs",
        logFile: "/l",
      });
      const m = /^(\d{1,2}) (\d) \* \* \* /.exec(line);
      expect(m).not.toBeNull();
      expect(Number(m?.[1])).toBeLessThan(60);
      expect(Number(m?.[2])).toBeLessThanOrEqual(5);
    }
  });

  it("quotes paths with spaces, quotes, $ and % so that sh runs exactly the dream", () => {
    const dir = tempDir();
    const root = join(dir, 'it\'s a "proj" $HOME `x` 100%');
    mkdirSync(root);
    const binDir = join(dir, "bin dir");
    mkdirSync(binDir);
    const memdirBin = join(binDir, "memdir.cjs");
    writeFileSync(
      memdirBin,
      "console.log(JSON.stringify({ cwd: process.cwd(), args: process.argv.slice(2), home: process.env.MEMDIR_HOME }))",
    );
    const logFile = join(dir, "log's dir %d.log");
    const home = join(dir, "home with 'quote'");
    const line = cronLine({
      minute: 7,
      hour: 3,
      projectRoot: root,
      key: "k",
      nodePath: process.execPath,
      memdirBin,
      logFile,
      env: { MEMDIR_HOME: home },
    });
    expect(line.startsWith("7 3 * * * cd '")).toBe(true);
    expect(line.endsWith(` # ${CRON_TAG} k`)).toBe(true);
    expect(line).not.toMatch(/[^\\]%/); // every % escaped for cron
    // what cron hands to sh: the command field with \% turned back into %
    const command = line.replace(/^(\S+\s+){5}/, "").replace(/\\%/g, "%");
    const r = spawnSync("/bin/sh", ["-c", command], { encoding: "utf8" });
    expect(r.status, r.stderr).toBe(0);
    expect(JSON.parse(readFileSync(logFile, "utf8"))).toEqual({
      cwd: root,
      args: ["dream", "--scheduled"],
      home,
    });
  });

  it("refuses relative paths and line breaks", () => {
    const base = { minute: 0, hour: 0, key: "k", nodePath: "/n", memdirBin: "/b/memdir.cjs", logFile: "/l" };
    expect(() => cronLine({ ...base, projectRoot: "rel/dir" })).toThrow(
      expect.objectContaining({ code: "BAD_INPUT" }),
    );
    expect(() => cronLine({ ...base, projectRoot: "/a\nb" })).toThrow(
      expect.objectContaining({ code: "BAD_INPUT" }),
    );
  });
});

describe("install and remove with a crontab program", () => {
  it("no crontab → one line → removed with crontab -r (back to no crontab)", () => {
    const sb = cronSandbox();
    const r = installSchedule(sb.rt, sb.opts);
    expect(r.action).toBe("installed");
    const text = readFileSync(sb.file, "utf8");
    expect(text).toBe(`${r.line}\n`);
    expect(r.line).toMatch(/^0 3 \* \* \* cd '/); // random 0.5 → q = 180
    expect(r.line).toContain(`'${sb.project}'`);
    expect(r.line).toContain(`MEMDIR_HOME='${sb.rt.env.MEMDIR_HOME}'`);
    expect(r.line).toContain(
      `dream --scheduled >> '${join(sb.rt.env.MEMDIR_HOME as string, "logs", "dream-cron.log")}' 2>&1`,
    );
    expect(removeSchedule(sb.rt, sb.opts).action).toBe("removed");
    expect(existsSync(sb.file)).toBe(false);
    expect(sb.calls()).toEqual(["-l", "-", "-l", "-r"]);
    expect(removeSchedule(sb.rt, sb.opts).action).toBe("absent");
  });

  it("is idempotent; a re-install keeps the time; other projects and commented lines stay", () => {
    const sb = cronSandbox();
    const other = `15 4 * * * cd '/elsewhere' && '/n' '/b/memdir.cjs' dream --scheduled >> '/l' 2>&1 # ${CRON_TAG} -elsewhere\n`;
    const commented = `# 1 1 * * * old # ${CRON_TAG} ${sb.key}\n`;
    const original = `MAILTO=me\n${other}${commented}`;
    writeFileSync(sb.file, original);
    const first = installSchedule(sb.rt, { ...sb.opts, random: () => 0 });
    expect(first.action).toBe("installed");
    const after = readFileSync(sb.file, "utf8");
    expect(after).toBe(`${original}${first.line}\n`);
    expect(installSchedule(sb.rt, { ...sb.opts, random: () => 0.9 }).action).toBe("unchanged");
    expect(readFileSync(sb.file, "utf8")).toBe(after);
    const moved = installSchedule(sb.rt, { ...sb.opts, nodePath: "/opt/node/bin/node", random: () => 0.9 });
    expect(moved.action).toBe("updated");
    expect(moved.line.startsWith("0 0 * * * ")).toBe(true);
    expect(moved.line).toContain("'/opt/node/bin/node'");
    expect(ourLines(readFileSync(sb.file, "utf8"), sb.key)).toEqual([moved.line]);
    expect(removeSchedule(sb.rt, sb.opts).action).toBe("removed");
    expect(readFileSync(sb.file, "utf8")).toBe(original);
  });

  it("remove restores any crontab byte for byte (property: comments, blanks, CRLF, no final newline, non-UTF-8)", () => {
    const sb = cronSandbox();
    const pieces = fc.constantFrom(
      "# m h dom mon dow command",
      "",
      "   ",
      "SHELL=/bin/bash",
      "*/5 * * * * /usr/bin/backup --quiet",
      "@reboot echo hi # trailing comment",
      `30 2 * * * cd '/x' && node memdir.cjs dream --scheduled # ${CRON_TAG} -other-project`,
      `# 5 5 * * * disabled # ${CRON_TAG} ${sb.key}`,
      "0 0 * * * printf '%s' done",
      "\t# indented comment",
      "caf\u00e9 \u00ff\u00fe raw bytes",
    );
    fc.assert(
      fc.property(
        fc.array(pieces, { maxLength: 8 }),
        fc.constantFrom("\n", "\r\n"),
        fc.boolean(),
        (lines, eol, finalEol) => {
          const text = lines.join(eol) + (finalEol && lines.length > 0 ? eol : "");
          const bytes = Buffer.from(text, "latin1");
          if (bytes.length === 0) writeFileSync(sb.file, "");
          else writeFileSync(sb.file, bytes);
          const r = installSchedule(sb.rt, sb.opts);
          expect(r.action).toBe("installed");
          expect(ourLines(readFileSync(sb.file, "latin1"), sb.key)).toHaveLength(1);
          expect(removeSchedule(sb.rt, sb.opts).action).toBe("removed");
          const back = existsSync(sb.file) ? readFileSync(sb.file) : Buffer.alloc(0);
          expect(back.equals(bytes)).toBe(true);
        },
      ),
      { numRuns: 25 },
    );
  });

  it("the pure plans round-trip too (many more cases, no processes)", () => {
    const key = "-home-me-proj";
    const line = `1 2 * * * cmd # ${CRON_TAG} ${key}`;
    fc.assert(
      fc.property(fc.string({ unit: "binary-ascii", maxLength: 200 }), (raw) => {
        const text = raw.replace(new RegExp(CRON_TAG, "g"), "x");
        const installed = planCrontabInstall(text, line, key);
        expect(ourLines(installed, key)).toHaveLength(1);
        expect(planCrontabInstall(installed, line, key)).toBe(installed);
        expect(planCrontabRemove(installed, key)).toEqual({ text, removed: 1 });
      }),
      { numRuns: 3_000 },
    );
  });
});

describe("without a usable crontab", () => {
  it("no crontab program: prints the line and how to add it, never throws", () => {
    const sb = cronSandbox();
    sb.rt.env.PATH = join(sb.home, "empty");
    const r = installSchedule(sb.rt, sb.opts);
    expect(r.action).toBe("manual");
    expect(r.message).toContain("no crontab program on PATH");
    expect(r.message).toContain("crontab -e");
    expect(r.message.endsWith(r.line)).toBe(true);
    expect(r.line).toMatch(new RegExp(`^0 3 \\* \\* \\* .* # ${CRON_TAG} ${sb.key}$`));
    const rm = removeSchedule(sb.rt, sb.opts);
    expect(rm.action).toBe("manual");
    expect(rm.message).toContain(`# ${CRON_TAG} ${sb.key}`);
  });

  it("a crontab that fails to write: prints the line, leaves the crontab as it was", () => {
    const sb = cronSandbox({ FAKE_CRONTAB_FAIL: "1" });
    writeFileSync(sb.file, "MAILTO=me\n");
    const r = installSchedule(sb.rt, sb.opts);
    expect(r.action).toBe("manual");
    expect(r.message).toContain("permission denied");
    expect(readFileSync(sb.file, "utf8")).toBe("MAILTO=me\n");
  });
});

describe("CLI", () => {
  it("schedule install --print prints only the line", async () => {
    const sb = cronSandbox();
    const saved = { cwd: process.cwd(), env: { ...process.env } };
    const out: string[] = [];
    const spy = vi.spyOn(console, "log").mockImplementation((s: unknown) => void out.push(String(s)));
    try {
      process.chdir(sb.project);
      for (const k of ["MEMDIR_HOME", "CLAUDE_CONFIG_DIR", "HOME", "PATH"] as const)
        process.env[k] = sb.rt.env[k];
      delete process.env.CLAUDE_PROJECT_DIR;
      const program = new Command("memdir").exitOverride();
      registerSchedule(program);
      await program.parseAsync(["schedule", "install", "--print"], { from: "user" });
    } finally {
      spy.mockRestore();
      process.chdir(saved.cwd);
      process.env = saved.env;
    }
    expect(out).toHaveLength(1);
    expect(out[0]).toMatch(
      new RegExp(
        `^\\d{1,2} [0-5] \\* \\* \\* cd '.*' && .* dream --scheduled >> '.*' 2>&1 # ${CRON_TAG} ${sb.key}$`,
      ),
    );
    expect(existsSync(sb.file)).toBe(false);
    expect(scheduleLine(sb.rt, sb.opts).key).toBe(sb.key);
  });
});
