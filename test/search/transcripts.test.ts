/**
 * search/transcripts: past Claude Code transcripts -> one search document per user turn, by byte
 * offset (issue 3 points 1, 5, 6). Runs over every real transcript of ../shared/data (read-only;
 * copies go to temp dirs only).
 */
import {
  appendFileSync,
  closeSync,
  copyFileSync,
  mkdirSync,
  openSync,
  readFileSync,
  writeFileSync,
  writeSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { readClaudeTranscript } from "../../src/adapters/claude-code/transcript.js";
import { type Db, openSearchDb } from "../../src/search/db/db.js";
import { querySearchDb } from "../../src/search/query/index.js";
import {
  DESCRIPTION_MAX,
  findTranscripts,
  ingestTranscript,
  sessionIdFromPath,
  turnTitle,
} from "../../src/search/transcripts/index.js";
import { TRANSCRIPTS_DIR, tempDir } from "../helpers/tmp.js";

const NOW = Date.parse("2026-11-29T12:00:00Z");
const ALL = findTranscripts(TRANSCRIPTS_DIR).files;

interface DocRow {
  id: number;
  file: string;
  key: string;
  source: string;
  scope: string;
  project: string;
  type: string;
  name: string;
  description: string;
  body: string;
  grp: string | null;
  updated_ms: number;
  meta: string;
}

function docs(db: Db): Omit<DocRow, "id">[] {
  const rows = db.prepare("SELECT * FROM docs ORDER BY key").all() as DocRow[];
  return rows.map(({ id: _id, ...r }) => r);
}

/** FTS rowids and doc ids must match one to one (a replaced turn leaves no stale FTS row). */
function expectFtsInSync(db: Db): void {
  const ids = db.prepare("SELECT id FROM docs ORDER BY id").pluck().all();
  const fts = db.prepare("SELECT rowid FROM fts ORDER BY rowid").pluck().all();
  expect(fts).toEqual(ids);
}

function freshDb(): Db {
  return openSearchDb(join(tempDir("memdir-tx-"), "index", "search.db"));
}

/** Session ids counted independently of the code under test: every line's `sessionId`. */
function sessionIdsInFiles(files: string[]): Set<string> {
  const ids = new Set<string>();
  for (const f of files) {
    for (const line of readFileSync(f, "utf8").split("\n")) {
      if (!line.trim()) continue;
      try {
        const o = JSON.parse(line) as { sessionId?: unknown };
        if (typeof o.sessionId === "string") ids.add(o.sessionId);
      } catch {
        // not JSON
      }
    }
  }
  return ids;
}

function promptCount(file: string): number {
  return readClaudeTranscript(file, 0).messages.filter((m) => m.kind === "prompt").length;
}

function indexAll(db: Db, files: string[], batchTurns?: number) {
  return files.map((f) => ingestTranscript(db, f, { nowMs: NOW, batchTurns, read: readClaudeTranscript }));
}

describe("ingestTranscript over every shared transcript", () => {
  it("indexes every session and every turn; a second run does no work", () => {
    expect(ALL.length).toBeGreaterThanOrEqual(9); // 12 files, less the 3 compaction agents (not user turns)
    expect(ALL.some((f) => /agent-acompact/.test(f))).toBe(false);
    const db = freshDb();
    const first = indexAll(db, ALL);
    const expectedTurns = ALL.reduce((n, f) => n + promptCount(f), 0);
    expect(first.reduce((n, r) => n + r.turnsAdded, 0)).toBe(expectedTurns);
    expect(first.every((r) => r.bytesRead === readFileSync(r.path).length)).toBe(true);

    const groups = db.prepare("SELECT DISTINCT grp FROM docs").pluck().all() as string[];
    const sessions = sessionIdsInFiles(ALL);
    expect(sessions.size).toBeGreaterThanOrEqual(6);
    expect(new Set(groups)).toEqual(sessions);
    const rows = docs(db);
    expect(rows).toHaveLength(expectedTurns);
    expect(rows.every((r) => r.source === "sessions" && r.scope === "project" && r.type === "turn")).toBe(
      true,
    );
    expectFtsInSync(db);

    // Turn numbers run 1..n per file; subagent transcripts sit under their parent session.
    for (const f of ALL) {
      const turns = rows
        .filter((r) => r.file === f)
        .map((r) => JSON.parse(r.meta).turn as number)
        .sort((a, b) => a - b);
      expect(turns).toEqual(Array.from({ length: promptCount(f) }, (_, i) => i + 1));
      if (f.includes("/subagents/")) {
        expect(rows.filter((r) => r.file === f).every((r) => r.grp === sessionIdFromPath(f))).toBe(true);
      }
    }

    const second = indexAll(db, ALL);
    expect(second.map((r) => [r.turnsAdded, r.turnsUpdated, r.bytesRead, r.skipped])).toEqual(
      ALL.map(() => [0, 0, 0, "unchanged"]),
    );
    expect(docs(db)).toEqual(rows);
  });

  it("one turn per transaction gives exactly the documents of the default batch size", () => {
    const a = freshDb();
    const b = freshDb();
    indexAll(a, ALL);
    indexAll(b, ALL, 1);
    expect(docs(b)).toEqual(docs(a));
  });

  it("a turn document holds the prompt, the answer, tool names and file paths, and is found by search", () => {
    const db = freshDb();
    const file = join(TRANSCRIPTS_DIR, "tool_heavy.jsonl");
    ingestTranscript(db, file, { nowMs: NOW, read: readClaudeTranscript });
    const slice = readClaudeTranscript(file, 0);
    const prompt = slice.messages.find((m) => m.kind === "prompt")!;
    const answer = slice.messages.find((m) => m.kind === "assistant" && m.text.trim())!;
    const tool = slice.messages.flatMap((m) => m.toolCalls)[0]!;

    const hits = querySearchDb(db, "phoenix background", { nowMs: NOW, limit: 5 });
    const hit = hits[0]!;
    expect(hit.key).toBe(`${file}#${prompt.uuid}`);
    expect(hit.source).toBe("sessions");
    expect(hit.group).toBe(slice.sessionId);
    expect(hit.updatedMs).toBe(Date.parse(prompt.timestamp));
    expect(hit.meta).toMatchObject({
      sessionId: slice.sessionId,
      turn: 1,
      timestamp: prompt.timestamp,
      cwd: slice.cwd,
    });
    expect(hit.name).toBe(turnTitle(prompt.text));
    expect(hit.description).toBe(prompt.text.trim());
    const row = docs(db).find((r) => r.key === hit.key)!;
    expect(row.body).toContain(answer.text.trim().split("\n")[0]);
    expect(row.body).toMatch(new RegExp(`^Tools: .*\\b${tool.name}\\b`, "m"));
    expect(row.project).toBe(slice.cwd); // the recorded cwd does not exist on this machine
    // Search over the whole corpus finds a subagent turn by a word of its prompt.
    indexAll(db, ALL);
    const sub = querySearchDb(db, "hex.pm latest versions Elixir packages", { nowMs: NOW, limit: 3 })[0]!;
    expect(sub.path).toContain("/subagents/");
    expect(sub.meta.turn).toBe(1);
    expect(sub.group).toBe(sessionIdFromPath(sub.path));
  });

  it("a long prompt keeps its head in the description and the rest in the body", () => {
    const dir = tempDir();
    const file = join(dir, "long.jsonl");
    const src = readFileSync(join(TRANSCRIPTS_DIR, "short.jsonl"), "utf8").split("\n");
    const long = `${"alpha ".repeat(400)}zulu-tail-marker`;
    const out = src.map((l) => {
      if (!l.includes('"content":"mix phx.server doesnt seem to start"')) return l;
      return l.replace("mix phx.server doesnt seem to start", long);
    });
    writeFileSync(file, out.join("\n"));
    const db = freshDb();
    ingestTranscript(db, file, { nowMs: NOW, read: readClaudeTranscript });
    const row = docs(db)[0]!;
    expect([...row.description].length).toBe(DESCRIPTION_MAX);
    expect(row.body).toContain("zulu-tail-marker");
  });
});

/** Seeded chunk sizes so a failure reproduces. */
function chunks(total: number, avg: number, seed: number): number[] {
  const out: number[] = [];
  let s = seed;
  let at = 0;
  while (at < total) {
    s = (s * 1103515245 + 12345) % 2147483648;
    const n = Math.min(total - at, 1 + Math.floor((s / 2147483648) * avg * 2));
    out.push(n);
    at += n;
  }
  return out;
}

describe("appends", () => {
  for (const [name, avg] of [
    ["tool_heavy.jsonl", 700],
    ["subagent.jsonl", 6_000],
    ["258c7280-ae70-4798-800f-63464d01a85d.jsonl", 150_000],
  ] as const) {
    it(`${name} written in random byte chunks (lines cut anywhere) ends with the documents of one clean run`, () => {
      const data = readFileSync(join(TRANSCRIPTS_DIR, name));
      const file = join(tempDir(), name);
      writeFileSync(file, "");
      const grown = freshDb();
      let at = 0;
      let added = 0;
      for (const n of chunks(data.length, avg, data.length)) {
        appendFileSync(file, data.subarray(at, at + n));
        at += n;
        const r = ingestTranscript(grown, file, { nowMs: NOW, read: readClaudeTranscript });
        expect(r.reset).toBeUndefined();
        added += r.turnsAdded;
      }
      const clean = freshDb();
      const once = ingestTranscript(clean, file, { nowMs: NOW, read: readClaudeTranscript });
      expect(added).toBe(once.turnsAdded);
      expect(docs(grown)).toEqual(docs(clean));
      expectFtsInSync(grown);
    });
  }

  it("a prompt recorded twice (same uuid) becomes two turns with distinct keys, the same when grown", () => {
    const lines = readFileSync(join(TRANSCRIPTS_DIR, "tool_heavy.jsonl"), "utf8").split("\n").filter(Boolean);
    const first = lines.find((l) => l.includes('"content":"start phoenix in background"'))!;
    const asst = JSON.parse(lines.find((l) => l.includes('"type":"assistant"'))!) as {
      message: Record<string, unknown>;
    } & Record<string, unknown>;
    const answer = JSON.stringify({
      ...asst,
      uuid: "dup-answer-1",
      message: { ...asst.message, id: "msg_dup_answer", content: [{ type: "text", text: "second answer" }] },
    });
    // Recorded again at the end of the chain (its parent the last entry), the answer after it.
    const lastUuid = lines.map((l) => JSON.parse(l) as { uuid?: string }).findLast((o) => o.uuid)?.uuid;
    const again = JSON.stringify({ ...(JSON.parse(first) as Record<string, unknown>), parentUuid: lastUuid });
    const chained = JSON.stringify({
      ...(JSON.parse(answer) as Record<string, unknown>),
      parentUuid: JSON.parse(first).uuid,
    });
    const data = Buffer.from(`${[...lines, again, chained].join("\n")}\n`);
    const file = join(tempDir(), "dup.jsonl");
    writeFileSync(file, "");
    const grown = freshDb();
    let at = 0;
    for (const n of chunks(data.length, 400, 7)) {
      appendFileSync(file, data.subarray(at, at + n));
      at += n;
      ingestTranscript(grown, file, { nowMs: NOW, read: readClaudeTranscript });
    }
    const clean = freshDb();
    const r = ingestTranscript(clean, file, { nowMs: NOW, read: readClaudeTranscript });
    expect(r.turnsAdded).toBe(promptCount(file));
    const uuid = (JSON.parse(first) as { uuid: string }).uuid;
    const turns = docs(clean).map((d) => [d.key.slice(file.length), JSON.parse(d.meta).turn]);
    expect(turns).toContainEqual([`#${uuid}`, 1]);
    expect(turns).toContainEqual([`#${uuid}~${promptCount(file)}`, promptCount(file)]);
    expect(docs(grown)).toEqual(docs(clean));
    expectFtsInSync(grown);
  });

  it("appending the rest of a session indexes only its new turns and completes the open one", () => {
    const src = join(TRANSCRIPTS_DIR, "subagent.jsonl");
    const lines = readFileSync(src, "utf8").split("\n");
    const secondPrompt = lines.findIndex((l) => l.includes('"content":"create the beads"'));
    expect(secondPrompt).toBeGreaterThan(0);
    const file = join(tempDir(), "s.jsonl");
    // Everything up to the second prompt plus a few lines of its answer.
    const cut = secondPrompt + 3;
    writeFileSync(file, `${lines.slice(0, cut).join("\n")}\n`);
    const db = freshDb();
    const a = ingestTranscript(db, file, { nowMs: NOW, read: readClaudeTranscript });
    expect([a.turnsAdded, a.turnsUpdated]).toEqual([2, 0]);
    const before = docs(db);
    appendFileSync(file, lines.slice(cut).join("\n"));
    const b = ingestTranscript(db, file, { nowMs: NOW, read: readClaudeTranscript });
    // Turn 2 was open: it is replaced in place, turn 1 is not touched, nothing is duplicated.
    expect([b.turnsAdded, b.turnsUpdated]).toEqual([0, 1]);
    expect(b.bytesRead).toBeLessThan(readFileSync(file).length - before.length);
    const after = docs(db);
    expect(after).toHaveLength(2);
    expect(after.find((r) => JSON.parse(r.meta).turn === 1)).toEqual(
      before.find((r) => JSON.parse(r.meta).turn === 1),
    );
    const t2 = (rows: typeof after) => rows.find((r) => JSON.parse(r.meta).turn === 2)!;
    expect(t2(after).body.length).toBeGreaterThan(t2(before).body.length);
    // A new prompt appended later is turn 3.
    const promptLine = JSON.parse(lines[secondPrompt]!) as Record<string, unknown>;
    const lastUuid = lines
      .flatMap((l) => (l.trim() ? [JSON.parse(l) as { uuid?: string }] : []))
      .findLast((o) => o.uuid)?.uuid;
    const next = {
      ...promptLine,
      parentUuid: lastUuid, // the next prompt continues the chain (a copied parent would make it an edited prompt)
      uuid: "00000000-0000-4000-8000-00000000abcd",
      timestamp: "2026-02-11T09:00:00.000Z",
      message: { role: "user", content: "quasar nebula follow-up question" },
    };
    appendFileSync(file, `${JSON.stringify(next)}\n`);
    const c = ingestTranscript(db, file, { nowMs: NOW, read: readClaudeTranscript });
    expect([c.turnsAdded, c.turnsUpdated]).toEqual([1, 1]);
    const hit = querySearchDb(db, "quasar nebula", { nowMs: NOW, limit: 1 })[0]!;
    expect(hit.meta).toMatchObject({ turn: 3, timestamp: "2026-02-11T09:00:00.000Z" });
    expectFtsInSync(db);
  });
});

describe("replaced files", () => {
  it("a file whose head changed, or that shrank, is re-indexed from byte 0", () => {
    const dir = tempDir();
    const file = join(dir, "x.jsonl");
    copyFileSync(join(TRANSCRIPTS_DIR, "subagent.jsonl"), file);
    const db = freshDb();
    ingestTranscript(db, file, { nowMs: NOW, read: readClaudeTranscript });
    // Same size or larger, different head: another session's transcript under the same path.
    const other = readFileSync(join(TRANSCRIPTS_DIR, "tool_heavy.jsonl"));
    const big = Buffer.concat([other, readFileSync(join(TRANSCRIPTS_DIR, "subagent.jsonl"))]);
    writeFileSync(file, big);
    const r = ingestTranscript(db, file, { nowMs: NOW, read: readClaudeTranscript });
    expect(r.reset).toBe("head-changed");
    const clean = freshDb();
    ingestTranscript(clean, file, { nowMs: NOW, read: readClaudeTranscript });
    expect(docs(db)).toEqual(docs(clean));

    writeFileSync(file, other);
    const s = ingestTranscript(db, file, { nowMs: NOW, read: readClaudeTranscript });
    expect(s.reset).toBe("shrank");
    const clean2 = freshDb();
    ingestTranscript(clean2, file, { nowMs: NOW, read: readClaudeTranscript });
    expect(docs(db)).toEqual(docs(clean2));
    expectFtsInSync(db);
  });

  it("a change inside the first 4 KB with the same size is detected", () => {
    const file = join(tempDir(), "y.jsonl");
    const data = readFileSync(join(TRANSCRIPTS_DIR, "tool_heavy.jsonl"));
    writeFileSync(file, data);
    const db = freshDb();
    ingestTranscript(db, file, { nowMs: NOW, read: readClaudeTranscript });
    const fd = openSync(file, "r+");
    writeSync(fd, Buffer.from("X"), 0, 1, 100); // same size, new mtime
    closeSync(fd);
    expect(ingestTranscript(db, file, { nowMs: NOW, read: readClaudeTranscript }).reset).toBe("head-changed");
  });

  it("errors: a missing file is NOT_FOUND, a directory is BAD_INPUT", () => {
    const dir = tempDir();
    const db = freshDb();
    expect(() =>
      ingestTranscript(db, join(dir, "none.jsonl"), { nowMs: NOW, read: readClaudeTranscript }),
    ).toThrow(expect.objectContaining({ code: "NOT_FOUND" }));
    mkdirSync(join(dir, "d.jsonl"));
    expect(() =>
      ingestTranscript(db, join(dir, "d.jsonl"), { nowMs: NOW, read: readClaudeTranscript }),
    ).toThrow(expect.objectContaining({ code: "BAD_INPUT" }));
  });
});

describe("privacy", () => {
  it("a planted secret or <private> block never reaches the database file", () => {
    const GH = "ghp_Zq8wXv3LmN5pR7tY2uK9sD4fG6hJ1aB0cE3x";
    const AWS = "AKIAQX4GZ7LMB2RT5WNE";
    const PRIV = "PRIVATE-ZEBRA-4471";
    const dir = tempDir();
    const file = join(dir, "secret.jsonl");
    const lines = readFileSync(join(TRANSCRIPTS_DIR, "short.jsonl"), "utf8").split("\n");
    const planted = lines.map((l) => {
      if (!l.trim()) return l;
      const o = JSON.parse(l) as { type?: string; message?: { content?: unknown } };
      if (o.type === "user" && typeof o.message?.content === "string") {
        o.message.content = `${o.message.content} use token ${GH} <private>${PRIV}</private> please`;
      }
      if (o.type === "assistant" && Array.isArray(o.message?.content)) {
        for (const b of o.message.content as Record<string, unknown>[]) {
          if (b.type === "text") b.text = `${b.text} aws_access_key_id=${AWS}`;
          if (b.type === "tool_use") (b.input as Record<string, unknown>).file_path = `/tmp/${GH}/notes.txt`;
        }
      }
      return JSON.stringify(o);
    });
    writeFileSync(file, planted.join("\n"));
    expect(readFileSync(file, "utf8")).toContain(GH);
    const dbFile = join(tempDir(), "index", "search.db");
    const db = openSearchDb(dbFile);
    const r = ingestTranscript(db, file, { nowMs: NOW, read: readClaudeTranscript });
    expect(r.turnsAdded).toBe(1);
    const row = docs(db)[0]!;
    expect(row.description).toContain("[REDACTED:");
    expect(row.body).toMatch(/^Files: \/tmp\/\[REDACTED:[a-z_]+\]\/notes\.txt$/m);
    const raw = () =>
      ["", "-wal"]
        .map((ext) => {
          try {
            return readFileSync(dbFile + ext).toString("latin1");
          } catch {
            return "";
          }
        })
        .join("");
    for (const secret of [GH, AWS, PRIV, GH.slice(4, 24), AWS.slice(4)]) expect(raw()).not.toContain(secret);
    db.close();
    for (const secret of [GH, AWS, PRIV]) expect(raw()).not.toContain(secret);
  });
});

describe("a rewound turn leaves the index", () => {
  it("the yarn turn indexed before the rewind is removed when the rewind is read", async () => {
    const { YARN_TURN, PNPM_TURN } = await import("../adapters/claude-code/branch-fixture.js");
    const db = freshDb();
    const file = join(tempDir("memdir-tx-branch-"), "0ed70a2b-25cd-40c1-ba4b-e34b35cb2f6e.jsonl");
    writeFileSync(file, YARN_TURN.join(""));
    ingestTranscript(db, file, { nowMs: NOW, read: readClaudeTranscript });
    expect(JSON.stringify(docs(db))).toContain("always use yarn");
    appendFileSync(file, PNPM_TURN.join(""));
    const r = ingestTranscript(db, file, { nowMs: NOW, read: readClaudeTranscript });
    expect(r.turnsRemoved).toBe(1);
    const bodies = JSON.stringify(docs(db));
    expect(bodies).toContain("always use pnpm");
    expect(bodies).not.toContain("always use yarn");
    expectFtsInSync(db);
  });
});
