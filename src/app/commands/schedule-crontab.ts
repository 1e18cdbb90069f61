/**
 * The pure half of `memdir schedule` (app/commands/schedule.ts): the cron line for a project and the crontab
 * edits, on latin1 strings (one character per byte, so any crontab round-trips byte for byte).
 * Minute and hour as Claude Code 2.1.100 picks them: q = random 0..359, minute q % 60, hour floor(q / 60).
 */

import { MemdirError } from "../../core/errors.js";
import { isAbsolutePath, shellQuote } from "../../core/shell.js";

/** The tag that marks our crontab lines: `# memdir-dream <project key>`. */
export const CRON_TAG = "memdir-dream";

/** Minute 0-59 and hour 0-5 from q = floor(random() × 360) (`random` returns [0, 1)). */
export function randomSchedule(random: () => number): { minute: number; hour: number } {
  const q = Math.min(359, Math.max(0, Math.floor(random() * 360)));
  return { minute: q % 60, hour: Math.floor(q / 60) };
}

export interface CronLineInput {
  minute: number;
  hour: number;
  projectRoot: string;
  key: string;
  nodePath: string;
  memdirBin: string;
  logFile: string;
  /** Variables set in front of the command (values quoted). */
  env?: Record<string, string>;
}

/**
 * The crontab line (no line break). Every path is single-quoted; `%` (cron's line-break character)
 * is written `\%`. @throws MemdirError BAD_INPUT for a relative path or one with NUL / CR / LF.
 */
export function cronLine(i: CronLineInput): string {
  for (const [what, p] of [
    ["project root", i.projectRoot],
    ["node path", i.nodePath],
    ["memdir bin", i.memdirBin],
    ["log file", i.logFile],
    ...Object.entries(i.env ?? {}),
  ] as const) {
    if (!isAbsolutePath(p) || /[\0\r\n]/.test(p)) {
      throw new MemdirError("BAD_INPUT", `the ${what} cannot go into a crontab line`, {
        expected: "an absolute path without NUL or line breaks",
        received: JSON.stringify(p.slice(0, 200)),
        hint: "run memdir schedule from an installed memdir inside the project",
      });
    }
  }
  const vars = Object.entries(i.env ?? {}).map(([k, v]) => `${k}=${shellQuote(v)} `);
  const cmd = `cd ${shellQuote(i.projectRoot)} && ${vars.join("")}${shellQuote(i.nodePath)} ${shellQuote(i.memdirBin)} dream --scheduled >> ${shellQuote(i.logFile)} 2>&1`;
  return `${i.minute} ${i.hour} * * * ${cmd.replace(/%/g, "\\%")} # ${CRON_TAG} ${i.key}`;
}

const OURS = new RegExp(String.raw`\s#\s*${CRON_TAG}\s+(\S+)(\s+\+eol)?\s*$`);
/** The crontab split into lines, each with its own line break (`\n` or `\r\n`; the last may have none). */
export const segments = (text: string): string[] => text.match(/[^\n]*\n|[^\n]+$/g) ?? [];
const terminator = (seg: string): string => /\r?\n$/.exec(seg)?.[0] ?? "";

/** The marker match when `seg` is an active (not commented-out) line of ours for `key`. */
export function ours(seg: string, key: string): RegExpExecArray | undefined {
  const content = seg.slice(0, seg.length - terminator(seg).length).replace(/\r$/, "");
  if (/^\s*#/.test(content)) return undefined;
  const m = OURS.exec(content);
  return m?.[1] === key ? m : undefined;
}

/**
 * The crontab with our line for `key` added or replaced (the first one kept, duplicates dropped).
 * Strings are latin1 views of the bytes. A line already there keeps its minute and hour.
 */
export function planCrontabInstall(current: string, line: string, key: string): string {
  const segs = segments(current);
  const idx = segs.findIndex((s) => ours(s, key));
  if (idx >= 0) {
    const old = segs[idx] as string;
    const time = /^\s*(\d{1,2})\s+(\d{1,2})\s/.exec(old);
    const kept = time ? line.replace(/^\d{1,2} \d{1,2} /, `${time[1]} ${time[2]} `) : line;
    const flag = ours(old, key)?.[2] ? " +eol" : "";
    return segs.map((s, i) => (i === idx ? kept + flag + terminator(s) : ours(s, key) ? "" : s)).join("");
  }
  if (current === "") return `${line}\n`;
  const end = terminator(current);
  if (end !== "") return current + line + end;
  const eol = current.includes("\r\n") ? "\r\n" : "\n";
  return `${current}${eol}${line} +eol${eol}`;
}

/** The crontab without our lines for `key`; everything else byte for byte. */
export function planCrontabRemove(current: string, key: string): { text: string; removed: number } {
  const segs = segments(current);
  let text = "";
  let removed = 0;
  segs.forEach((s, i) => {
    const m = ours(s, key);
    if (!m) {
      text += s;
      return;
    }
    removed++;
    const eol = terminator(s);
    if (m[2] && i === segs.length - 1 && eol !== "" && text.endsWith(eol)) text = text.slice(0, -eol.length);
  });
  return { text, removed };
}
