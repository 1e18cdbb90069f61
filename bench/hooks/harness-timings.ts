/**
 * bench/hooks/harness-timings: memdir's hook cost as Claude Code itself measures it. Runs the pinned Claude Code
 * 2.1.332 headless (test/helpers/harness: scripted Anthropic server on 127.0.0.1, sandbox HOME, `--debug-file`)
 * with memdir's hooks exactly as `memdir install claude --scope project` writes them, next to a `node -e 0`
 * hook registered identically (same event, matcher, timeout, async), and reads the durations Claude logs.
 *
 * One session = run A (`claude -p`: SessionStart startup, UserPromptSubmit, Read + Edit of a file
 * (PreToolUse, PostToolUse), Bash (PostToolUse only: memdir's PreToolUse matcher is file tools), Stop,
 * SessionEnd) then run B (`--resume` with "/compact": SessionStart resume, PreCompact, the compaction
 * agent's SubagentStop, SessionStart compact, SessionEnd). Modes:
 * - paired: both hooks in every session (two groups per event; Claude starts an event's hooks together),
 *   the group order swapped every session;
 * - alternate: memdir-only and baseline-only sessions, ABBA order (no two hooks competing for the cores).
 * One uncounted warm-up session first (V8 code cache, page cache). Between sessions the bench waits until no
 * process of the sandbox is left (memdir's detached jobs), so a session does not pay for the previous one.
 *
 * Usage (via bench/hooks/harness-timings.mjs): [--sessions N] [--mode both|paired|alternate] [--write] [--keep]
 */
import { execFileSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname, join } from "node:path";
import { cliPath } from "../../test/helpers/harness/clis.js";
import { type ClaudeRun, runClaude } from "../../test/helpers/harness/run-claude.js";
import { makeSandbox } from "../../test/helpers/harness/sandbox.js";
import { startAnthropicStreamServer } from "../../test/helpers/harness/servers/anthropic-stream.js";
import { baseEnv } from "../../test/helpers/harness/spawn.js";
import { type HookRun, hookKey, pairRuns, parseHookRuns } from "./claude-debug.js";

const root = process.env.MEMDIR_ROOT ?? process.cwd();
const bin = join(root, "dist", "memdir.cjs");
const args = process.argv.slice(2);
const opt = (name: string) => (args.includes(name) ? args[args.indexOf(name) + 1] : undefined);
const sessions = Number(opt("--sessions")) || 10;
const mode = opt("--mode") ?? "both";
if (!["both", "paired", "alternate"].includes(mode))
  throw new Error(`--mode ${mode}: both, paired or alternate`);
const GOAL_MS = 30;

type Who = "memdir" | "baseline";
type Variant = "paired" | "paired-baseline-first" | Who;

const loadAtStart = loadavg();
const fmtLoad = (l: number[]) => l.map((x) => x.toFixed(2)).join(" / ");
console.log(`bench/hooks/harness-timings: load average (1/5/15 min) at start ${fmtLoad(loadAtStart)}`);

// ---- sandbox: a git project, 200 topic memories, memdir installed at project scope -------------------
const sb = makeSandbox("memdir-hook-cost-");
const claudeBin = cliPath("claude-code");
const claudeVersion = execFileSync(claudeBin, ["--version"], { encoding: "utf8" }).trim();
execFileSync("git", ["init", "-q"], { cwd: sb.project });
const ORDERS = join(sb.project, "src", "orders.ts");
const ORDERS_TEXT =
  "export const limit = 10;\n\nexport function take(orders: string[]): string[] {\n  return orders.slice(0, limit);\n}\n";
mkdirSync(dirname(ORDERS), { recursive: true });
writeFileSync(join(sb.project, "README.md"), "# shop\n\nOrders service.\n");

// Claude Code and memdir share the memory dir through the user settings' autoMemoryDirectory.
const memoryDir = join(sb.home, "memory");
mkdirSync(memoryDir, { recursive: true });
const index = ["# Memory Index", ""];
const types = ["user", "feedback", "project", "reference"];
for (let i = 0; i < 200; i++) {
  const name = `topic-${String(i).padStart(3, "0")}`;
  // One memory names the file the session reads, so PreToolUse's file recall has something to inject.
  const body =
    i === 0 ? "src/orders.ts caps a page at `limit`; keep it under 50." : `keep module ${i % 17} small.`;
  writeFileSync(
    join(memoryDir, `${name}.md`),
    `---\nname: ${name}\ndescription: Synthetic memory number ${i} about subsystem ${i % 17}\ntype: ${types[i % 4]}\n---\nRule ${i}: ${body}\n**Why:** measured.\n**How to apply:** always.\n`,
  );
  index.push(`- [Topic ${i}](${name}.md) — synthetic memory ${i} about subsystem ${i % 17}`);
}
writeFileSync(join(memoryDir, "MEMORY.md"), `${index.join("\n")}\n`);
mkdirSync(join(sb.home, ".claude"), { recursive: true });
writeFileSync(
  join(sb.home, ".claude", "settings.json"),
  `${JSON.stringify({ autoMemoryDirectory: "~/memory" }, null, 2)}\n`,
);

// The environment of Claude and so of every hook: built from scratch (no NODE_EXTRA_CA_CERTS, no MEMDIR_*).
const installEnv = {
  ...baseEnv(sb.home),
  PATH: `${dirname(claudeBin)}:${process.env.PATH ?? "/usr/bin:/bin"}`,
};
const installOut = execFileSync(process.execPath, [bin, "install", "claude", "--scope", "project"], {
  cwd: sb.project,
  env: installEnv,
  encoding: "utf8",
});
// With the CLI on PATH, install detects 2.1.332 and registers the hooks that need no output as async.
if (!installOut.includes("run async"))
  throw new Error(`memdir install registered no async hook:\n${installOut}`);
console.log(installOut.split("\n").slice(0, 2).join("\n"));
const settingsFile = join(sb.project, ".claude", "settings.json");
type Group = {
  matcher?: string;
  hooks: { type: string; command: string; timeout?: number; async?: boolean }[];
};
const installed = JSON.parse(readFileSync(settingsFile, "utf8")) as { hooks: Record<string, Group[]> };
const memdirGroups = installed.hooks;
const anyCommand = Object.values(memdirGroups)[0]![0]!.hooks[0]!.command;
// The same node binary, quoted the same way: `'/usr/bin/node' -e 0`.
const nodePart = /^('[^']*'|\S+) /.exec(anyCommand)![1]!;
const BASELINE = `${nodePart} -e 0`;
const asyncEvents = new Set(
  Object.entries(memdirGroups)
    .filter(([, gs]) => gs.some((g) => g.hooks.some((h) => h.async)))
    .map(([e]) => e),
);
const baselineGroups = Object.fromEntries(
  Object.entries(memdirGroups).map(([e, gs]) => [
    e,
    gs.map((g) => ({ ...g, hooks: g.hooks.map((h) => ({ ...h, command: BASELINE })) })),
  ]),
);
function writeSettings(v: Variant): void {
  const hooks: Record<string, Group[]> = {};
  for (const e of Object.keys(memdirGroups)) {
    const m = memdirGroups[e]!;
    const b = baselineGroups[e]!;
    hooks[e] = v === "memdir" ? m : v === "baseline" ? b : v === "paired" ? [...m, ...b] : [...b, ...m];
  }
  writeFileSync(settingsFile, `${JSON.stringify({ hooks }, null, 2)}\n`);
}

// ---- one session ------------------------------------------------------------------------------------
const server = await startAnthropicStreamServer();
const PROMPT = "Raise the orders page limit in subsystem 7 to 20 and check the working tree";

/** Pids of live processes whose environment has this sandbox's HOME (Claude's leftovers, memdir's jobs). */
function sandboxPids(): number[] {
  const needle = `HOME=${sb.home}\0`;
  const out: number[] = [];
  for (const d of readdirSync("/proc")) {
    if (!/^\d+$/.test(d) || Number(d) === process.pid) continue;
    try {
      const env = readFileSync(`/proc/${d}/environ`, "latin1");
      if (env.startsWith(needle) || env.includes(`\0${needle}`)) out.push(Number(d));
    } catch {
      // gone, or not ours to read
    }
  }
  return out;
}
async function settle(): Promise<number> {
  const t0 = Date.now();
  while (sandboxPids().length > 0 && Date.now() - t0 < 60_000) await new Promise((r) => setTimeout(r, 100));
  return Date.now() - t0;
}

interface RunResult {
  runs: HookRun[];
  wallMs: number;
  /** From the SessionEnd line in the debug file to the CLI's exit. */
  exitLagMs: number | null;
  toolErrors: number;
}
function runResult(r: ClaudeRun, label: string): RunResult {
  if (r.code !== 0 || r.timedOut)
    throw new Error(`${label}: claude exited ${r.code} (timedOut ${r.timedOut}): ${r.stderr}`);
  const runs = parseHookRuns(readFileSync(r.debugFile, "utf8"));
  const end = runs.filter((x) => x.event === "SessionEnd").map((x) => x.ts);
  const closedAt = (r as ClaudeRun & { closedAt: number }).closedAt;
  let toolErrors = 0;
  for (const e of r.events) {
    const content = (e.message as { content?: unknown } | undefined)?.content;
    if (Array.isArray(content))
      for (const c of content) if ((c as { type?: string; is_error?: boolean }).is_error) toolErrors++;
  }
  return { runs, wallMs: r.ms, exitLagMs: end.length ? closedAt - Math.max(...end) : null, toolErrors };
}
async function timedRun(prompt: string, o: Parameters<typeof runClaude>[3]): Promise<ClaudeRun> {
  const r = await runClaude(sb, server, prompt, { timeoutMs: 120_000, ...o });
  return Object.assign(r, { closedAt: Date.now() });
}

interface Session {
  mode: "paired" | "alternate" | "warmup";
  variant: Variant;
  a: RunResult;
  b: RunResult;
  settleMs: number;
  load1: number;
}
async function session(m: Session["mode"], variant: Variant): Promise<Session> {
  writeSettings(variant);
  writeFileSync(ORDERS, ORDERS_TEXT);
  server.script(
    { tool: { name: "Read", input: { file_path: ORDERS } } },
    {
      tool: {
        name: "Edit",
        input: { file_path: ORDERS, old_string: "limit = 10", new_string: "limit = 20" },
      },
    },
    { tool: { name: "Bash", input: { command: "git status --short", description: "Show changed files" } } },
    { text: "Raised the limit to 20." },
  );
  const ra = await timedRun(PROMPT, {});
  const a = runResult(ra, `${m} ${variant} run A`);
  if (server.pending() !== 0) throw new Error(`${m} ${variant}: ${server.pending()} scripted turns left`);
  if (!ra.sessionId) throw new Error(`${m} ${variant}: run A reported no session id`);
  const b = runResult(await timedRun("", { resume: ra.sessionId, compact: true }), `${m} ${variant} run B`);
  const settleMs = await settle();
  return { mode: m, variant, a, b, settleMs, load1: loadavg()[0]! };
}

// ---- the runs -----------------------------------------------------------------------------------------
const all: Session[] = [];
const t0 = Date.now();
await session("warmup", "paired");
for (let i = 0; i < sessions; i++) {
  if (mode !== "alternate") all.push(await session("paired", i % 2 ? "paired-baseline-first" : "paired"));
  if (mode !== "paired") {
    const order: Who[] = i % 2 ? ["baseline", "memdir"] : ["memdir", "baseline"]; // ABBA
    for (const w of order) all.push(await session("alternate", w));
  }
  process.stdout.write(`  round ${i + 1}/${sessions} done (load ${loadavg()[0]!.toFixed(2)})\n`);
}
const totalS = (Date.now() - t0) / 1000;
await server.close();
const loadAtEnd = loadavg();
if (!args.includes("--keep")) sb.cleanup();
else console.log(`sandbox kept: ${sb.home}`);

// ---- statistics ---------------------------------------------------------------------------------------
const whoOf = (r: HookRun): Who | "other" =>
  r.command === BASELINE ? "baseline" : r.command.includes("memdir.cjs") ? "memdir" : "other";
const sorted = (a: number[]) => [...a].sort((x, y) => x - y);
function median(a: number[]): number {
  const s = sorted(a);
  if (!s.length) return Number.NaN;
  return s.length % 2 ? s[(s.length - 1) / 2]! : (s[s.length / 2 - 1]! + s[s.length / 2]!) / 2;
}
const p90 = (a: number[]) => {
  const s = sorted(a);
  return s.length ? s[Math.ceil(0.9 * s.length) - 1]! : Number.NaN;
};
const fmt = (x: number) => (Number.isNaN(x) ? "—" : Number.isInteger(x) ? String(x) : x.toFixed(1));
const signed = (x: number) => (Number.isNaN(x) ? "—" : `${x > 0 ? "+" : ""}${fmt(x)}`);

interface Row {
  label: string;
  event: string;
  match: (r: HookRun) => boolean;
}
const key = (k: string) => (r: HookRun) => hookKey(r) === k;
const ROWS: Row[] = [
  { label: "SessionStart (startup)", event: "SessionStart", match: key("SessionStart:startup") },
  { label: "UserPromptSubmit", event: "UserPromptSubmit", match: key("UserPromptSubmit") },
  { label: "PreToolUse (Read)", event: "PreToolUse", match: key("PreToolUse:Read") },
  { label: "PreToolUse (Edit)", event: "PreToolUse", match: key("PreToolUse:Edit") },
  { label: "Stop", event: "Stop", match: key("Stop") },
  { label: "SessionStart (resume)", event: "SessionStart", match: key("SessionStart:resume") },
  { label: "PreCompact (manual)", event: "PreCompact", match: (r) => r.event === "PreCompact" },
  { label: "SessionStart (compact)", event: "SessionStart", match: key("SessionStart:compact") },
  { label: "PostToolUse (Read, Edit, Bash)", event: "PostToolUse", match: (r) => r.event === "PostToolUse" },
  {
    label: "SubagentStop (compaction agent)",
    event: "SubagentStop",
    match: (r) => r.event === "SubagentStop",
  },
  { label: "SessionEnd", event: "SessionEnd", match: (r) => r.event === "SessionEnd" },
];
const isAsync = (row: Row) => asyncEvents.has(row.event);
const runsOf = (s: Session) => [s.a.runs, s.b.runs];

/** Per row: values of memdir's and the baseline's hooks, and the per-firing differences (paired only). */
function collect(row: Row, pick: (r: HookRun) => number | undefined, ss: Session[]) {
  const out = { memdir: [] as number[], baseline: [] as number[], diff: [] as number[] };
  for (const s of ss)
    for (const runs of runsOf(s)) {
      const mine = runs.filter((r) => row.match(r) && whoOf(r) === "memdir");
      const base = runs.filter((r) => row.match(r) && whoOf(r) === "baseline");
      for (const r of mine) if (pick(r) !== undefined) out.memdir.push(pick(r)!);
      for (const r of base) if (pick(r) !== undefined) out.baseline.push(pick(r)!);
      if (s.mode === "paired")
        for (const [m, b] of pairRuns(mine, base)) {
          // Both hooks of an event start together, so the gap between their end lines is memdir's extra time.
          const d =
            m.ms !== undefined && b.ms !== undefined && m.kind === "finished" ? m.ms - b.ms : m.ts - b.ts;
          out.diff.push(d);
        }
    }
  return out;
}
const duration = (r: HookRun) => (r.kind === "completed" ? undefined : r.ms);
const background = (r: HookRun) =>
  r.kind === "background" && r.bgEndTs !== undefined && r.ms !== undefined
    ? r.bgEndTs - (r.ts - r.ms)
    : undefined;

const paired = all.filter((s) => s.mode === "paired");
const alone = {
  memdir: all.filter((s) => s.variant === "memdir"),
  baseline: all.filter((s) => s.variant === "baseline"),
};
const lines: string[] = [];
const out = (l = "") => lines.push(l);

const date = new Date().toISOString().slice(0, 10);
out(
  `Measured ${date}, ${claudeVersion}, Node ${process.version}, 2 cores; ${sessions} sessions per mode (+1 warm-up), mode ${mode}, ${totalS.toFixed(0)} s.`,
);
out(
  `Load average (1/5/15 min): ${fmtLoad(loadAtStart)} at start, ${fmtLoad(loadAtEnd)} at end; 1-min load after each session ${fmt(Math.min(...all.map((s) => s.load1)))}–${fmt(Math.max(...all.map((s) => s.load1)))}.`,
);
out(
  `Baseline hook: \`${BASELINE}\`; memdir's: \`${anyCommand.replace(/ hook \w+$/, " hook <Event>")}\`. Claude and its hooks run without NODE_EXTRA_CA_CERTS (the env is built from scratch).`,
);
out();

const syncRows = ROWS.filter((r) => !isAsync(r));
const asyncRows = ROWS.filter(isAsync);
const goal = (x: number) => (Number.isNaN(x) ? "—" : x <= GOAL_MS ? "met" : "**over**");
if (paired.length) {
  out(
    `### Synchronous hooks, paired (both hooks in each of ${paired.length} sessions; Claude waits for these)`,
  );
  out();
  out(
    "| hook | n | memdir p50 | memdir p90 | node -e 0 p50 | node -e 0 p90 | overhead (p50 − p50) | paired Δ p50 | paired Δ p90 | ≤ 30 ms |",
  );
  out("|---|---|---|---|---|---|---|---|---|---|");
  for (const row of syncRows) {
    const c = collect(row, duration, paired);
    const ov = median(c.memdir) - median(c.baseline);
    const d = median(c.diff);
    const timed = c.memdir.length > 0;
    out(
      `| ${row.label}${timed ? "" : " ¹"} | ${c.diff.length} | ${fmt(median(c.memdir))} | ${fmt(p90(c.memdir))} | ${fmt(median(c.baseline))} | ${fmt(p90(c.baseline))} | ${signed(ov)} | ${signed(d)} | ${signed(p90(c.diff))} | ${goal(timed ? ov : d)} |`,
    );
  }
  out();
}
if (alone.memdir.length) {
  out(
    `### Synchronous hooks, alternating sessions (${alone.memdir.length} memdir-only, ${alone.baseline.length} baseline-only, ABBA)`,
  );
  out();
  out(
    "| hook | n (memdir / node -e 0) | memdir p50 | memdir p90 | node -e 0 p50 | node -e 0 p90 | overhead (p50 − p50) | ≤ 30 ms |",
  );
  out("|---|---|---|---|---|---|---|---|");
  for (const row of syncRows) {
    const m = collect(row, duration, alone.memdir).memdir;
    const b = collect(row, duration, alone.baseline).baseline;
    const ov = median(m) - median(b);
    out(
      `| ${row.label}${m.length ? "" : " ¹"} | ${m.length} / ${b.length} | ${fmt(median(m))} | ${fmt(p90(m))} | ${fmt(median(b))} | ${fmt(p90(b))} | ${signed(ov)} | ${goal(ov)} |`,
    );
  }
  out();
}
out("### Async hooks (Claude does not wait for them; the goal is 0 ms added to the session)");
out();
out(
  "| hook | source | n (memdir / node -e 0) | session waited, memdir p50 / p90 | session waited, node -e 0 p50 / p90 | added (p50 − p50) | ran in the background until Claude saw it end, p50: memdir / node -e 0 |",
);
out("|---|---|---|---|---|---|---|");
const sources: [string, Session[], Session[]][] = [];
if (paired.length) sources.push(["paired", paired, paired]);
if (alone.memdir.length) sources.push(["alternating", alone.memdir, alone.baseline]);
for (const row of asyncRows)
  for (const [name, ms, bs] of sources) {
    const m = collect(row, duration, ms).memdir;
    const b = collect(row, duration, bs).baseline;
    const mb = collect(row, background, ms).memdir;
    const bb = collect(row, background, bs).baseline;
    const n = collect(row, (r) => r.ts, ms).memdir.length;
    const nb = collect(row, (r) => r.ts, bs).baseline.length;
    const waited = (a: number[]) => (a.length ? `${fmt(median(a))} / ${fmt(p90(a))}` : "not logged ²");
    out(
      `| ${row.label} | ${name} | ${n} / ${nb} | ${waited(m)} | ${waited(b)} | ${m.length ? signed(median(m) - median(b)) : "—"} | ${mb.length ? `${fmt(median(mb))} / ${fmt(median(bb))}` : "—"} |`,
    );
  }
out();

out("### Whole runs (wall clock of the `claude` process, ms, p50)");
out();
out(
  "| sessions | n | run A (prompt, 3 tools) | run B (/compact) | SessionEnd line → exit, run A | same, run B | jobs left after the session (settle) |",
);
out("|---|---|---|---|---|---|---|");
const wallRow = (label: string, ss: Session[]) => {
  if (!ss.length) return;
  const lag = (f: (s: Session) => number | null) =>
    fmt(median(ss.map(f).filter((x): x is number => x !== null)));
  out(
    `| ${label} | ${ss.length} | ${fmt(median(ss.map((s) => s.a.wallMs)))} | ${fmt(median(ss.map((s) => s.b.wallMs)))} | ${lag((s) => s.a.exitLagMs)} | ${lag((s) => s.b.exitLagMs)} | ${fmt(median(ss.map((s) => s.settleMs)))} |`,
  );
};
wallRow("paired (memdir + node -e 0)", paired);
wallRow("memdir only", alone.memdir);
wallRow("node -e 0 only", alone.baseline);
out();
out(
  "¹ Claude logs PreCompact as `completed with status 0` with no duration: the paired Δ is the gap between the two hooks' completion lines (they start together)." +
    " ² SessionEnd is logged `completed` right after it is registered as async, with no duration; its effect shows in the SessionEnd → exit column.",
);

// ---- checks: every hook fired in every counted session, no tool call failed ----------------------------
const warnings: string[] = [];
for (const s of all) {
  const errs = s.a.toolErrors + s.b.toolErrors;
  if (errs) warnings.push(`${s.mode} ${s.variant}: ${errs} tool call(s) returned an error`);
  const whos: Who[] =
    s.variant === "memdir" ? ["memdir"] : s.variant === "baseline" ? ["baseline"] : ["memdir", "baseline"];
  for (const row of ROWS)
    for (const w of whos)
      if (!runsOf(s).some((runs) => runs.some((r) => row.match(r) && whoOf(r) === w)))
        warnings.push(`${s.mode} ${s.variant}: no ${w} ${row.label} in the debug files`);
}
const table = lines.join("\n");
console.log(`\n${table}\n`);
console.log(`load average (1/5/15 min) at end ${fmtLoad(loadAtEnd)}`);
if (warnings.length) console.log(`warnings:\n  ${[...new Set(warnings)].join("\n  ")}`);

const HOW_TO_READ = `Command: \`env -u NODE_EXTRA_CA_CERTS npm run bench:hook-cost\` (options after \`--\`: \`--sessions N\`,
\`--mode both|paired|alternate\`, \`--write\`, \`--keep\`). A session is two \`claude -p\` runs of the pinned CLI against the
scripted server (test/helpers/harness) in one sandbox HOME: a git project and 200 topic memories shared through
\`autoMemoryDirectory\`. Run A: a prompt, a Read and an Edit of one file, a Bash call, the answer (SessionStart startup,
UserPromptSubmit, PreToolUse Read and Edit (memdir's matcher is file tools only, so Bash has none), PostToolUse x3,
Stop, SessionEnd). Run B: \`--resume\` with \`/compact\` (SessionStart resume, PreCompact, the compaction agent's
SubagentStop, SessionStart compact, SessionEnd). memdir's hooks are what \`memdir install claude --scope project\` writes
(run for real with the CLI on PATH, so 2.1.332 gets the async ones); the baseline is each of its groups copied with the
command \`'<node>' -e 0\` (same matcher, timeout, async). Durations are Claude's own debug lines
(\`Hooks: <Event>:<match> [<command>] finished with status 0 (N ms)\`). Paired: both groups in every session, order
swapped each session; Claude starts an event's hooks together, so the two processes share the 2 cores, and "paired Δ" is
memdir minus baseline of the same firing. Alternating: memdir-only and baseline-only sessions in ABBA order. The jobs
memdir's hooks start run for real (they overlap the rest of their own session); the bench waits until no process of
the sandbox is left before the next session. One uncounted warm-up session writes the V8 code cache. Async rows:
"session waited" is the \`moved to the background (N ms)\` Claude logs; "ran in the background" runs from that start to
the line where Claude noticed the exit (its poll adds some delay). p90 of 10 is the 9th value.`;

if (args.includes("--write")) {
  const file = join(root, "bench", "RESULTS.md");
  const text = readFileSync(file, "utf8");
  const section = `<!-- hook-cost:start -->\n## hook cost inside Claude Code (bench/hooks/harness-timings.mjs)\n\n${table}\n\n${HOW_TO_READ}\n<!-- hook-cost:end -->`;
  const re = /<!-- hook-cost:start -->[\s\S]*?<!-- hook-cost:end -->/;
  writeFileSync(file, re.test(text) ? text.replace(re, section) : `${text.trimEnd()}\n\n${section}\n`);
  console.log(`wrote ${file}`);
}
