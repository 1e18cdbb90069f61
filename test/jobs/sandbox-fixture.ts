/** Shared fixture of the sandbox tests: a memory dir with traps around it, and a tree hash. */
import { createHash } from "node:crypto";
import {
  lstatSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  readlinkSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import type { AgentTool, MemorySandbox, ToolOutcome } from "../../src/jobs/sandbox/index.js";
import { tempDir } from "../helpers/tmp.js";

/** Secrets are assembled at run time so no literal token sits in the repository. */
export const TOKEN = ["ghp", "_", "wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx"].join("");

export const topic = (name: string, description: string, type: string, body: string) =>
  `---\nname: ${name}\ndescription: ${description}\ntype: ${type}\n---\n${body}\n`;

export const TESTING = topic(
  "testing-no-db-mocks",
  "Integration tests must hit a real database",
  "feedback",
  "Integration tests must hit a real database.\n**Why:** a mocked migration passed while prod broke.",
);
export const OUTSIDE_TEXT = topic("outside", "OUTSIDE-SECRET-CONTENT", "project", "never reachable");

/**
 * `<parent>/memory` (testing.md, MEMORY.md, hidden lock files, team/shared.md, link.md → outside,
 * linkdir → outside/, inner-link.md → testing.md), `<parent>/user-memory` (role.md),
 * `<parent>/outside` (secret.md) and `<parent>/x.md`.
 */
export function world() {
  const parent = tempDir("memdir-sandbox-");
  const memory = join(parent, "memory");
  const user = join(parent, "user-memory");
  const outside = join(parent, "outside");
  for (const d of [memory, user, outside, join(memory, "team")]) mkdirSync(d, { recursive: true });
  writeFileSync(join(outside, "secret.md"), OUTSIDE_TEXT);
  writeFileSync(join(parent, "x.md"), OUTSIDE_TEXT);
  writeFileSync(join(memory, "testing.md"), TESTING);
  writeFileSync(
    join(memory, "MEMORY.md"),
    "# Memory Index\n- [testing-no-db-mocks](testing.md) — Integration tests\n",
  );
  writeFileSync(join(memory, ".consolidate-lock"), "123");
  writeFileSync(join(memory, ".hidden.md"), TESTING);
  writeFileSync(join(memory, "team", "shared.md"), topic("shared", "team rule", "project", "team body"));
  symlinkSync(join(outside, "secret.md"), join(memory, "link.md"));
  symlinkSync(outside, join(memory, "linkdir"));
  symlinkSync(join(memory, "testing.md"), join(memory, "inner-link.md"));
  writeFileSync(
    join(user, "role.md"),
    topic("role", "Senior Go developer, new to React", "user", "Explain frontend in backend terms."),
  );
  return { parent, memory, user, outside };
}

/** rel path → `dir` | `link:<target>` | `file:<sha256>`, walking without following links. */
export function treeHash(dir: string, prefix = ""): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of readdirSync(dir).sort()) {
    const p = join(dir, name);
    const rel = prefix + name;
    const st = lstatSync(p);
    if (st.isSymbolicLink()) out[rel] = `link:${readlinkSync(p)}`;
    else if (st.isDirectory()) {
      out[rel] = "dir";
      Object.assign(out, treeHash(p, `${rel}/`));
    } else out[rel] = `file:${createHash("sha256").update(readFileSync(p)).digest("hex")}`;
  }
  return out;
}

/** Every file's text under `dir` (links not followed), joined. */
export function allText(dir: string): string {
  let s = "";
  for (const name of readdirSync(dir)) {
    const p = join(dir, name);
    const st = lstatSync(p);
    if (st.isDirectory()) s += allText(p);
    else if (st.isFile()) s += `${readFileSync(p, "utf8")}\n`;
  }
  return s;
}

/** The tools of `sb` by name, with `run` awaited. */
export function toolsOf(
  sb: MemorySandbox,
): Record<string, (input: Record<string, unknown>) => Promise<ToolOutcome>> {
  const out: Record<string, (input: Record<string, unknown>) => Promise<ToolOutcome>> = {};
  for (const t of sb.tools as AgentTool[]) out[t.name] = async (input) => await t.run(input);
  return out;
}
