/**
 * Shared world of the model-dream tests: a project memory dir with two duplicates and a stale
 * memory, a user memory dir, and a real Anthropic provider (the official SDK) talking to a scripted
 * server on 127.0.0.1. Secrets are assembled at run time (no literal token in the repository).
 */
import { createHash } from "node:crypto";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { afterEach } from "vitest";
import { type ModelDreamOptions, runModelDream } from "../../../src/jobs/dream/model/index.js";
import type { DreamMode } from "../../../src/jobs/dream/plan/types.js";
import { createProvider } from "../../../src/llm/providers/index.js";
import { TEST_API_KEY } from "../../helpers/scripted-llm/harness.js";
import { type ScriptedServer, startAnthropicServer } from "../../helpers/scripted-llm/index.js";
import { tempDir } from "../../helpers/tmp.js";

export const TOKEN = ["ghp", "_", "wWPw5k4aXcaT4fNP0UcnZwJUVFk6LO0pINUx"].join("");
export const PRIVATE = "the-staging-password-is-hunter2-PRIVATE";
export const NOW = Date.parse("2026-03-05T09:30:00Z");

export const topic = (name: string, description: string, type: string, body: string, updated: string) =>
  `---\nname: ${name}\ndescription: ${description}\ntype: ${type}\nmetadata:\n  updated: ${updated}\n---\n${body}\n`;

export const TESTING = topic(
  "testing",
  "Integration tests must hit a real database",
  "feedback",
  "Integration tests must hit a real database.\n**Why:** a mocked migration passed while prod broke.\n**How to apply:** never mock the DB in tests/integration.",
  "2026-02-01T10:00:00Z",
);
export const TESTING_DB = topic(
  "testing-db",
  "No DB mocks in integration tests",
  "feedback",
  `Do not mock the database in integration tests; use the docker compose Postgres.\n**Why:** mocks hid a broken migration.\n**How to apply:** run \`docker compose up db\` first. Token seen once: ${TOKEN}`,
  "2026-02-20T10:00:00Z",
);
export const OLD_DEPLOY = topic(
  "old-deploy",
  "Deploy freeze until next Friday",
  "project",
  "Deploy freeze until next Friday.\n**Why:** the payment migration.\n**How to apply:** no deploys before then.",
  "2026-01-05T10:00:00Z",
);
/** What the scripted model writes: testing.md with testing-db.md folded in. */
export const MERGED = topic(
  "testing",
  "Integration tests must hit a real database (docker compose Postgres)",
  "feedback",
  "Integration tests must hit a real database: the docker compose Postgres, never mocks.\n**Why:** a mocked migration passed while prod broke.\n**How to apply:** run `docker compose up db` before tests/integration.",
  "2026-02-20T10:00:00Z",
);

const servers: ScriptedServer[] = [];
afterEach(async () => {
  while (servers.length) await servers.pop()!.close();
});

/** A fresh world: memory dirs, a scripted server and a provider for it. */
export async function dreamWorld() {
  const root = tempDir("memdir-dream-model-");
  const project = join(root, "memory");
  const user = join(root, "user-memory");
  mkdirSync(join(project, "team"), { recursive: true });
  mkdirSync(user, { recursive: true });
  writeFileSync(join(project, "testing.md"), TESTING);
  writeFileSync(join(project, "testing-db.md"), TESTING_DB);
  writeFileSync(join(project, "old-deploy.md"), OLD_DEPLOY);
  writeFileSync(
    join(project, "MEMORY.md"),
    "# Memory Index\n- [testing](testing.md) — real DB\n- [testing-db](testing-db.md) — no mocks\n- [old-deploy](old-deploy.md) — freeze\n",
  );
  writeFileSync(
    join(project, "team", "shared.md"),
    topic("shared", "team rule", "project", "team", "2026-01-01"),
  );
  writeFileSync(
    join(user, "role.md"),
    topic(
      "role",
      "Senior Go developer",
      "user",
      "Explain frontend in backend terms.",
      "2026-01-02T00:00:00Z",
    ),
  );
  const server = await startAnthropicServer();
  servers.push(server);
  const provider = createProvider({
    provider: "anthropic",
    model: "m-1",
    baseUrl: server.url,
    apiKey: TEST_API_KEY,
    timeoutMs: 10_000,
  });
  const roots = { project, user };
  /** `runModelDream` over this world with the shared gathered signal at NOW; `more` overrides any option. */
  const dream = (mode: DreamMode, more: Partial<ModelDreamOptions> = {}) =>
    runModelDream({ provider, mode, roots, nowMs: NOW, gathered: GATHERED, ...more });
  return { root, roots, server, provider, dream };
}

/** relative path → sha256 of every file under `dir`. */
export function hashTree(dir: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (d: string) => {
    for (const e of readdirSync(d, { withFileTypes: true })) {
      const p = join(d, e.name);
      if (e.isDirectory()) walk(p);
      else out[relative(dir, p)] = createHash("sha256").update(readFileSync(p)).digest("hex");
    }
  };
  walk(dir);
  return out;
}

export const sha = (text: string) => createHash("sha256").update(text, "utf8").digest("hex");

/** The gathered signal, with a planted secret and `<private>` text in both the summary and a log entry. */
export const GATHERED = {
  sessions: ["sess-aaa-0001", "sess-bbb-0002", "sess-ccc-0003"],
  summaries: [
    {
      sessionId: "sess-bbb-0002",
      text: `# Task\nMoved integration tests to the compose Postgres.\nCI key: ${TOKEN}\n<private>${PRIVATE}</private>`,
    },
  ],
  logEntries: [`- 09:12 the deploy freeze ended yesterday <private>${PRIVATE}</private>`],
};
