/**
 * No secret reaches a name: topic file names (store upsert, the dream's new topics, the rule engine's
 * names and planned files), wiki slugs and session ids. Both layers are checked on their own: the
 * scrub of the source text, and the slug guard that drops secret-looking segments.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { runHook } from "../../src/app/hooks/run.js";
import { slugify } from "../../src/core/text.js";
import { memoryName } from "../../src/jobs/extract/engine/name.js";
import { plannedTopicFile } from "../../src/jobs/extract/model/rule-provider.js";
import { dropSecretSegments, safeSlug, secretLikeSegment } from "../../src/privacy/index.js";
import { upsertMemory } from "../../src/store/index.js";
import { wikiSlug } from "../../src/wiki/slug.js";
import { appSandbox } from "../helpers/app-sandbox.js";
import { ALL_POSITIVES, SECRET_KINDS } from "../helpers/secret-corpus/index.js";
import { tempDir } from "../helpers/tmp.js";

/** Fragments of cores a name could hold: each core lower-cased, split where a slug splits, ≥ 8 long. */
const FRAGMENTS = SECRET_KINDS.flatMap((k) =>
  k.positives.flatMap((p) => p.cores.flatMap((c) => c.toLowerCase().split(/[^a-z0-9]+/))),
).filter((f) => f.length >= 8);

const leaked = (name: string) => FRAGMENTS.filter((f) => name.toLowerCase().includes(f));

describe("secret-looking slug segments", () => {
  it.each([
    "k8j2m9x4q7w3e6r1t5y8",
    "9fceb02d0ae598e95dc970b74767f19372d61af8",
    "zgbwyhjdkegjndtvegttszfffclohxqhgn",
    "3f786850e387",
    "qwertyuiopasdfgh",
    "188319775233",
    "rettuf8kcsu26",
  ])("%s reads as a credential", (seg) => {
    expect(secretLikeSegment(seg)).toBe(true);
  });

  it.each([
    "internationalization",
    "configuration",
    "rate",
    "20260211",
    "v2",
    "sha256",
    "9fceb02",
    "utf8mb4",
    "데이터베이스",
    "用户身份验证服务需要重新启动",
    "characteristically",
    "sha256sum",
  ])("%s is a word, a number or another script", (seg) => {
    expect(secretLikeSegment(seg)).toBe(false);
  });

  it("keeps ordinary slugs as they are", () => {
    for (const s of [
      "rate-limiter",
      "feedback-use-pnpm-not-npm",
      "用户-身份",
      "deploy-2026-02-11",
      "v2-14-0",
    ]) {
      expect(dropSecretSegments(s)).toBe(s);
    }
    expect(safeSlug("Rate Limiter")).toBe("rate-limiter");
    expect(wikiSlug("用户 身份")).toBe("用户-身份");
  });

  it("drops the long secret segments whatever the rules knew: the guard alone", () => {
    for (const p of ALL_POSITIVES) {
      const guarded = dropSecretSegments(slugify(p.text, 400));
      expect(
        leaked(guarded).filter((f) => f.length >= 20),
        `${p.kind}: ${guarded}`,
      ).toEqual([]);
    }
  });
});

describe("names built from text with a secret", () => {
  it.each(ALL_POSITIVES.map((p) => [p.kind, p.text] as const))("%s never names a file", (_kind, text) => {
    expect(leaked(safeSlug(text))).toEqual([]);
    expect(leaked(safeSlug(text, 200))).toEqual([]);
    expect(leaked(wikiSlug(text))).toEqual([]);
    expect(leaked(memoryName("reference", text))).toEqual([]);
    const planned = plannedTopicFile({ type: "project", description: text, body: "b" } as never);
    expect(leaked(planned.file)).toEqual([]);
    expect(safeSlug(text)).not.toMatch(/redacted/);
  });

  it("store upsert: no topic file is named after a secret, by name or by description", () => {
    const dir = tempDir("memdir-names-");
    let now = Date.UTC(2026, 1, 11);
    for (const p of ALL_POSITIVES) {
      upsertMemory(
        dir,
        { type: "project", name: p.text, description: `${p.kind} ${p.text}`, body: p.text },
        { nowMs: now++ },
      );
      upsertMemory(dir, { type: "reference", description: p.text, body: "how to rotate" }, { nowMs: now++ });
    }
    const files = readdirSync(dir);
    expect(files.length).toBeGreaterThan(10);
    for (const f of files) expect(leaked(f), f).toEqual([]);
  });

  it("a hook whose session id holds a secret names no file after it", async () => {
    const s = appSandbox("memdir-names-sid-");
    const gh = ALL_POSITIVES.find((p) => p.kind === "github_token")!;
    const token = gh.text.split(" ").find((w) => w.startsWith("ghp_"))!;
    const ok = "3f0c2a7e-9b1d-4c8e-a6f2-1d2e3f4a5b6c";
    for (const [sid, prompt] of [
      [`sess-${token}`, "<remember>deploys need a ticket</remember>"],
      [ok, "<remember>use pnpm</remember>"],
    ] as const) {
      const input = {
        session_id: sid,
        transcript_path: "",
        cwd: s.project,
        hook_event_name: "UserPromptSubmit",
      };
      await runHook("UserPromptSubmit", JSON.stringify({ ...input, prompt }), s.rt);
    }
    const all = (readdirSync(s.home, { recursive: true }) as string[]).join("\n");
    expect(all).toContain(ok);
    expect(leaked(all)).toEqual([]);
    const notepad = readFileSync(join(s.project, ".memdir", "notepad.md"), "utf8");
    expect(notepad).toContain("use pnpm");
    expect(notepad).not.toContain("deploys need a ticket");
  });
});
