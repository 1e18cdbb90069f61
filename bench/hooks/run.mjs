// bench/hooks: median wall time of `memdir hook <event>` as a ratio of `node -e 0`, measured in the
// same run, interleaved, both without NODE_EXTRA_CA_CERTS (see ../shared/reference/anchor-measurements.md).
// SessionStart runs against a memory dir with 200 topic files. Usage: node bench/hooks/run.mjs [--runs N] [--write]
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..", "..");
const bin = join(root, "dist", "memdir.cjs");
const args = process.argv.slice(2);
const runs = Number(args[args.indexOf("--runs") + 1]) || 40;

const home = mkdtempSync(join(tmpdir(), "memdir-bench-"));
const project = join(home, "project");
mkdirSync(project, { recursive: true });
const memoryDir = join(home, "memory");
mkdirSync(memoryDir, { recursive: true });
const index = ["# Memory Index", ""];
const types = ["user", "feedback", "project", "reference"];
for (let i = 0; i < 200; i++) {
  const name = `topic-${String(i).padStart(3, "0")}`;
  const type = types[i % 4];
  writeFileSync(
    join(memoryDir, `${name}.md`),
    `---\nname: ${name}\ndescription: Synthetic memory number ${i} about subsystem ${i % 17}\ntype: ${type}\n---\nRule ${i}: keep module ${i % 17} small.\n**Why:** measured.\n**How to apply:** always.\n`,
  );
  index.push(`- [Topic ${i}](${name}.md) — synthetic memory ${i} about subsystem ${i % 17}`);
}
writeFileSync(join(memoryDir, "MEMORY.md"), `${index.join("\n")}\n`);

const env = {
  ...process.env,
  HOME: home,
  MEMDIR_HOME: join(home, ".memdir"),
  CLAUDE_CONFIG_DIR: join(home, ".claude"),
  MEMDIR_MEMORY_DIR: memoryDir,
};
delete env.NODE_EXTRA_CA_CERTS;
delete env.MEMDIR_JOB;
const base = { session_id: "bench-session-0001", transcript_path: join(home, "t.jsonl"), cwd: project };
const inputs = {
  PostToolUse: {
    ...base,
    hook_event_name: "PostToolUse",
    tool_name: "Bash",
    tool_input: { command: "npm test" },
    tool_response: { stdout: "42 passing", stderr: "", interrupted: false },
    tool_use_id: "toolu_1",
  },
  UserPromptSubmit: { ...base, hook_event_name: "UserPromptSubmit", prompt: "add rate limiting to /orders" },
  // File recall: a Read of a file no memory mentions (the common case: index opened, nothing injected).
  PreToolUse: {
    ...base,
    hook_event_name: "PreToolUse",
    tool_name: "Read",
    tool_input: { file_path: join(project, "src", "orders.ts") },
  },
  SessionStart: { ...base, hook_event_name: "SessionStart", source: "startup" },
  // Turn end: the extraction spawn is switched off (MEMDIR_NO_JOBS=1, so detached jobs do not load the
  // machine during the runs); what remains is the turn state, the tool-log fold and the dream gate
  // (one stat, then the throttled session scan over 20 end records).
  Stop: { ...base, hook_event_name: "Stop" },
};
const sessionsDir = join(project, ".memdir", "sessions");
mkdirSync(sessionsDir, { recursive: true });
for (let i = 0; i < 20; i++) {
  const stats = {
    readCount: 5,
    searchCount: 2,
    bashCount: 3,
    editFileCount: 1,
    linesAdded: 10,
    linesRemoved: 2,
    otherToolCount: 0,
  };
  writeFileSync(
    join(sessionsDir, `s${i}.json`),
    JSON.stringify({ session_id: `s${i}`, ended_at: new Date().toISOString(), toolStats: stats }),
  );
}
const envFor = (event) => (event === "Stop" ? { ...env, MEMDIR_NO_JOBS: "1" } : env);

function time(cmd, argv, input, e = env) {
  const t0 = process.hrtime.bigint();
  const r = spawnSync(cmd, argv, { input, env: e, encoding: "utf8" });
  const ms = Number(process.hrtime.bigint() - t0) / 1e6;
  if (r.status !== 0) throw new Error(`${argv.join(" ")} exited ${r.status}: ${r.stderr}`);
  return ms;
}
const median = (a) => {
  const s = [...a].sort((x, y) => x - y);
  return s.length % 2 ? s[(s.length - 1) / 2] : (s[s.length / 2 - 1] + s[s.length / 2]) / 2;
};

const targets = {
  PostToolUse: 1.3,
  UserPromptSubmit: undefined,
  PreToolUse: undefined,
  SessionStart: 1.6,
  Stop: undefined,
};
const rows = [];
for (const [event, payload] of Object.entries(inputs)) {
  const json = JSON.stringify(payload);
  for (let i = 0; i < 3; i++) time(process.execPath, [bin, "hook", event], json, envFor(event)); // warm the fs cache
  const baseline = [];
  const hook = [];
  for (let i = 0; i < runs; i++) {
    baseline.push(time(process.execPath, ["-e", "0"], ""));
    hook.push(time(process.execPath, [bin, "hook", event], json, envFor(event)));
  }
  const b = median(baseline);
  const h = median(hook);
  rows.push({ event, baseline: b, hook: h, ratio: h / b, target: targets[event] });
}
rmSync(home, { recursive: true, force: true });

const lines = [
  `| event | node -e 0 (ms, median) | memdir hook (ms, median) | ratio | target |`,
  `|---|---|---|---|---|`,
  ...rows.map(
    (r) =>
      `| ${r.event} | ${r.baseline.toFixed(1)} | ${r.hook.toFixed(1)} | ${r.ratio.toFixed(2)}x | ${r.target ? `<= ${r.target}x` : "-"} |`,
  ),
];
console.log(
  `bench/hooks: ${runs} interleaved runs each, Node ${process.version}, NODE_EXTRA_CA_CERTS unset\n`,
);
console.log(lines.join("\n"));
const HOW_TO_READ = `How to read: each row is the median wall time of a whole process (spawn to exit, stdin piped in) over
interleaved runs of \`node -e 0\` and \`node dist/memdir.cjs hook <event>\`; the ratio is what a user pays per
hook compared with the cheapest possible Node hook. The machine is noisy: repeated runs of the same build
moved PostToolUse between 1.19x and 1.32x and SessionStart between 1.33x and 1.56x. For comparison on this
machine kind (\`../shared/reference/anchor-measurements.md\`): oh-my-claudecode's PostToolUse hooks 3.4x,
claude-mem 8.8x. The first run after a build compiles the hook bundle and writes a V8 code cache
(\`~/.memdir/cache/v8/\`); the measured runs use it (the warm-up runs are not counted). UserPromptSubmit now recalls memories: with 200 topic files it loads
\`dist/search.cjs\` and SQLite, checks the listing against the index (200 stats) and runs the query
(about 30 ms above Node's start; once per prompt, not per tool call). PreToolUse is a Read of a file no
memory mentions: the first Read of each file in a session opens the index, later ones only read the
advisory state. Search lives in its own bundle so the tool-call hooks never load it.`;

if (args.includes("--write")) {
  const file = join(root, "bench", "RESULTS.md");
  let text = "";
  try {
    text = readFileSync(file, "utf8");
  } catch {
    text = "# Benchmark results\n";
  }
  const section = `## hooks (bench/hooks/run.mjs)\n\nMeasured ${new Date().toISOString().slice(0, 10)}, ${runs} interleaved runs, Node ${process.version}, 2 cores, NODE_EXTRA_CA_CERTS unset; SessionStart with 200 topic files.\n\n${lines.join("\n")}\n\n${HOW_TO_READ}\n`;
  text = text.includes("## hooks (bench/hooks/run.mjs)")
    ? text.replace(/## hooks \(bench\/hooks\/run\.mjs\)[\s\S]*?(?=\n## |\n<!-- |$)/, section)
    : `${text.trimEnd()}\n\n${section}`;
  writeFileSync(file, text);
}
