/** `memdir team init|pull|push|status|promote`: team memory shared through git. */

import type { Command } from "commander";
import pc from "picocolors";
import { teamInit, teamPromote, teamPull, teamPush, teamStatus } from "../../app/commands/team.js";
import { projectContext, workingDir } from "../../app/context.js";
import { processRuntime } from "../../app/runtime.js";
import { MemdirError } from "../../core/errors.js";
import type { PullResult, PushResult } from "../../share/index.js";

const ctxNow = () => {
  const rt = processRuntime();
  return projectContext(rt, workingDir(rt));
};

function pullLines(p: PullResult): string[] {
  const out: string[] = [];
  if (p.failure) out.push(pc.red(`pull failed (${p.failure.kind}): ${p.failure.message}`));
  else out.push(p.updated ? "pulled teammates' changes" : "already up to date with the remote");
  for (const f of p.conflicts)
    out.push(
      pc.yellow(`conflict in ${f}: both versions kept in the file (memdir:conflict block); keep what holds`),
    );
  return out;
}

function pushLines(r: PushResult): string[] {
  const out: string[] = [];
  for (const s of [...r.commit.skipped, ...r.blocked])
    out.push(pc.yellow(`${s.event}: ${s.file}: ${s.reason}`));
  if (r.commit.deferred.length)
    out.push(pc.yellow(`${r.commit.deferred.length} file(s) wait for the next push (per-push byte cap)`));
  if (r.pull)
    out.push(...pullLines({ ...r.pull, failure: undefined }).filter((l) => !l.startsWith("already")));
  if (r.failure) out.push(pc.red(`push failed (${r.failure.kind}): ${r.failure.message}`));
  else if (r.pushed)
    out.push(`pushed${r.commit.committed.length ? ` (${r.commit.committed.length} file(s) committed)` : ""}`);
  else out.push("nothing to push");
  return out;
}

/** Sets a failed exit code when the git part failed (the command still printed what it did). */
const exitOn = (failed: boolean) => {
  if (failed) process.exitCode = 1;
};

export function registerTeam(program: Command): void {
  const team = program
    .command("team")
    .description("team memory shared through git: memory/team/ (see README)");
  team
    .command("init")
    .description(
      "set up team memory: clone a dedicated repository into memory/team/, or use a folder of this repository",
    )
    .argument("[remote]", "the team repository's URL (git clone syntax)")
    .option(
      "--in-repo <path>",
      "use this folder of the project repository as the team dir (its remote and branch)",
    )
    .option("--json", "print as JSON")
    .action(async (remote: string | undefined, o: { inRepo?: string; json?: boolean }) => {
      if (!remote === !o.inRepo)
        throw new MemdirError(
          "BAD_INPUT",
          "memdir team init needs exactly one of <remote> or --in-repo <path>",
          {
            expected:
              "memdir team init git@host:team/memory.git, or memdir team init --in-repo docs/team-memory",
            received: remote ? `${remote} and --in-repo ${o.inRepo}` : "neither",
            hint: "a dedicated repository keeps team memory out of the project's history",
          },
        );
      const r = await teamInit(ctxNow(), {
        ...(remote ? { remote } : {}),
        ...(o.inRepo ? { inRepo: o.inRepo } : {}),
      });
      console.log(o.json ? JSON.stringify(r, null, 2) : `team memory (${r.mode}) at ${r.teamDir}`);
    });
  team
    .command("pull")
    .description("fetch and merge teammates' changes (a conflict keeps both versions, marked)")
    .option("--json", "print as JSON")
    .action(async (o: { json?: boolean }) => {
      const r = await teamPull(ctxNow());
      console.log(o.json ? JSON.stringify(r, null, 2) : pullLines(r).join("\n"));
      exitOn(!!r.failure);
    });
  team
    .command("push")
    .description("commit team-dir changes through the gates (secrets, size, entry cap), pull, then push")
    .option("--json", "print as JSON")
    .action(async (o: { json?: boolean }) => {
      const r = await teamPush(ctxNow());
      console.log(o.json ? JSON.stringify(r, null, 2) : pushLines(r).join("\n"));
      exitOn(!!r.failure);
    });
  team
    .command("status")
    .description("the team dir, its remote, local changes, conflicts, suppression and the caps; no network")
    .option("--json", "print as JSON")
    .action(async (o: { json?: boolean }) => {
      const s = await teamStatus(ctxNow());
      if (o.json) return console.log(JSON.stringify(s, null, 2));
      console.log(
        [
          `team memory (${s.mode}): ${s.teamDir}`,
          `remote: ${s.remote ?? "none"}  branch: ${s.branch ?? "detached"}`,
          `entries: ${s.entries}/${s.caps.entries}  caps: ${s.caps.fileBytes} bytes per file, ${s.caps.pushBytes} bytes per push`,
          `local changes: ${s.changed.length ? s.changed.join(", ") : "none"}${s.unpushed ? "  (unpushed commits)" : ""}`,
          ...s.conflicts.map((f) => pc.yellow(`conflict kept both versions: ${f}`)),
          ...(s.suppressed
            ? [pc.yellow(`automatic push off for session ${s.suppressed.sessionId}: ${s.suppressed.reason}`)]
            : []),
        ].join("\n"),
      );
    });
  team
    .command("promote")
    .description(
      "move one personal memory into team memory and push it (never `user` memories, never secrets)",
    )
    .argument("<memory>", "the topic file's name, e.g. testing-no-db-mocks")
    .option("--no-push", "only move it; the next push sends it")
    .option("--json", "print as JSON")
    .action(async (name: string, o: { push: boolean; json?: boolean }) => {
      const r = await teamPromote(ctxNow(), name, { noPush: !o.push });
      if (o.json) return console.log(JSON.stringify(r, null, 2));
      console.log([`promoted to ${r.teamFile}`, ...(r.push ? pushLines(r.push) : [])].join("\n"));
      exitOn(!!r.push?.failure);
    });
}
