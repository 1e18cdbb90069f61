/**
 * The recorder hook: a CommonJS script written into the sandbox, registered as a `command` hook as
 * `node <script> <outDir> <Event> [<context>]`. Each run writes `<outDir>/<ms>-<pid>-<Event>.json` =
 * `{event, cwd, env, stdin}` (stdin parsed when JSON; env = the GEMINI_*, CLAUDE_*, CODEX_* variables) and,
 * given a context, prints `{"hookSpecificOutput":{"hookEventName":<Event>,"additionalContext":<context>}}`,
 * the shape all three harnesses read on SessionStart (Claude Code 2.1.332, Codex 0.171.0, Gemini 0.61.0).
 */
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const SCRIPT = `"use strict";
const fs = require("fs");
const path = require("path");
const [outDir, event, context] = process.argv.slice(2);
const chunks = [];
process.stdin.on("data", (c) => chunks.push(c));
process.stdin.on("end", () => {
  const raw = Buffer.concat(chunks).toString("utf8");
  let stdin = raw;
  try { stdin = JSON.parse(raw); } catch {}
  const env = {};
  for (const [k, v] of Object.entries(process.env)) if (/^(GEMINI_|CLAUDE_|CODEX_)/.test(k)) env[k] = v;
  fs.mkdirSync(outDir, { recursive: true });
  const file = path.join(outDir, Date.now() + "-" + process.pid + "-" + event + ".json");
  fs.writeFileSync(file, JSON.stringify({ event, cwd: process.cwd(), env, stdin }, null, 2));
  if (context) process.stdout.write(JSON.stringify({ hookSpecificOutput: { hookEventName: event, additionalContext: context } }));
});
`;

export interface HookRecord {
  event: string;
  cwd: string;
  env: Record<string, string>;
  stdin: Record<string, unknown>;
}

/** Writes the recorder into `dir`; returns the command line for `event` (context: letters, digits, _ -). */
export function recorder(dir: string, outDir: string): (event: string, context?: string) => string {
  mkdirSync(dir, { recursive: true });
  const script = join(dir, "recorder.cjs");
  writeFileSync(script, SCRIPT);
  return (event, context) => {
    if (context !== undefined && !/^[\w-]+$/.test(context))
      throw new Error(`context must be shell-safe: ${context}`);
    return [process.execPath, script, outDir, event, ...(context ? [context] : [])].join(" ");
  };
}

/** The records in `outDir`, oldest first. */
export function readRecords(outDir: string): HookRecord[] {
  let names: string[];
  try {
    names = readdirSync(outDir).filter((n) => n.endsWith(".json"));
  } catch {
    return [];
  }
  const key = (n: string) => Number(n.split("-")[0]);
  return names
    .sort((a, b) => key(a) - key(b))
    .map((n) => JSON.parse(readFileSync(join(outDir, n), "utf8")) as HookRecord);
}
