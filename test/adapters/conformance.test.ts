/**
 * One conformance suite over every adapter: the hook stdin captured from each real CLI
 * (`test/fixtures/hooks/<harness>/<Event>[-detail].json`) and its real transcripts
 * (`test/fixtures/transcripts/<harness>/`). Each registered event parses into a narrowed neutral event
 * of that harness (camelCase, the fixture's session, a known tool kind); every formatted result is ""
 * or exactly one JSON object; an unregistered event is refused, never thrown; a transcript is
 * recognised by its own adapter only, reads into the neutral model, and replays only events the
 * adapter handles.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { allAdapters } from "../../src/adapters/registry.js";
import { TOOL_KINDS } from "../../src/harness/index.js";

const FIXTURES = join(import.meta.dirname, "..", "fixtures");
const adapters = await allAdapters();

/** Keys of the neutral event, outside the harness's own data (`tool.input`, which is passed through). */
function neutralKeys(v: unknown, at = ""): string[] {
  if (typeof v !== "object" || v === null || Array.isArray(v)) return [];
  return Object.entries(v).flatMap(([k, x]) =>
    `${at}${k}` === "tool.input" ? [k] : [k, ...neutralKeys(x, `${at}${k}.`)],
  );
}

const oneJsonObjectOrEmpty = (out: string) => {
  if (out.trim() === "") return true;
  const v = JSON.parse(out) as unknown;
  return typeof v === "object" && v !== null && !Array.isArray(v);
};

describe.each(adapters.map((a) => [a.name, a] as const))("%s adapter", (name, adapter) => {
  const hookDir = join(FIXTURES, "hooks", name);
  const fixtures = readdirSync(hookDir).filter((f) => f.endsWith(".json"));
  const registered = new Set(adapter.install.registrations(undefined).map((r) => r.event));

  it("has captured hook stdin for every event it registers", () => {
    const captured = new Set(fixtures.map((f) => f.replace(/\.json$/, "").split("-")[0]));
    for (const e of registered) expect(captured, `no fixture for ${e}`).toContain(e);
  });

  it.each(fixtures)("%s: parses narrowed and neutral, formats to one JSON object or nothing", (file) => {
    const event = file.replace(/\.json$/, "").split("-")[0] ?? "";
    const raw = readFileSync(join(hookDir, file), "utf8");
    const native = JSON.parse(raw) as { session_id?: string };
    const parsed = adapter.parseHook(event, raw);
    if (!adapter.hookEvents.includes(event)) {
      expect(parsed.ok).toBe(false);
      return;
    }
    if (!parsed.ok) throw new Error(`${file}: ${JSON.stringify(parsed)}`);
    const e = parsed.event;
    expect(e.harness).toBe(name);
    // The hook build bundles each event with the handler of this type only (scripts/build.mjs).
    expect(e.type, `${file}: hookEventTypes`).toBe(adapter.hookEventTypes[event]);
    expect(e.sessionId).toBe(native.session_id);
    for (const k of neutralKeys(e)) expect(k, `${file}: key ${k}`).toMatch(/^[a-z][a-zA-Z0-9]*$/);
    if (e.type === "toolBefore" || e.type === "toolAfter") expect(TOOL_KINDS).toContain(e.tool.kind);
    for (const result of [undefined, {}, { context: 'memdir context <x> & "quoted"' }])
      expect(
        oneJsonObjectOrEmpty(adapter.formatHook(event, result)),
        `${file} ${JSON.stringify(result)}`,
      ).toBe(true);
  });

  it("names the neutral event type of exactly the events it handles", () => {
    expect(Object.keys(adapter.hookEventTypes).sort()).toEqual([...adapter.hookEvents].sort());
  });

  it("refuses an event it does not know and garbage, without throwing", () => {
    expect(adapter.parseHook("NoSuchEvent", "{}").ok).toBe(false);
    for (const e of adapter.hookEvents) {
      expect(adapter.parseHook(e, "not json").ok).toBe(false);
      expect(adapter.parseHook(e, "[]").ok).toBe(false);
    }
  });

  const transcriptDir = join(FIXTURES, "transcripts", name);
  const transcripts = readdirSync(transcriptDir).filter((f) => f.endsWith(".jsonl"));

  it.each(transcripts)("transcript %s: recognised by this adapter only, read, replayable", (file) => {
    const path = join(transcriptDir, file);
    const head = readFileSync(path, "utf8").slice(0, 64 * 1024);
    for (const other of adapters) expect(other.transcripts.sniff(head), other.name).toBe(other.name === name);
    const slice = adapter.transcripts.read(path);
    expect(slice.messages.length).toBeGreaterThan(0);
    const hooks = adapter.transcripts.deriveHooks(path, { fallbackCwd: "/tmp" });
    for (const h of hooks) expect(adapter.hookEvents, `${file}: ${h.event}`).toContain(h.event);
  });
});
