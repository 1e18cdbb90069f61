import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  DEFAULT_CONFIG,
  loadUserConfig,
  loadUserConfigSync,
  type UserConfig,
  userConfigPath,
} from "../../src/config/index.js";
import { isMemdirError, type MemdirError } from "../../src/core/errors.js";
import { tempDir } from "../helpers/tmp.js";

function home(config?: string): string {
  const h = join(tempDir(), ".memdir");
  mkdirSync(h);
  if (config !== undefined) writeFileSync(join(h, "config.json"), config);
  return h;
}

async function errorOf(p: Promise<unknown> | (() => unknown)): Promise<MemdirError> {
  try {
    if (typeof p === "function") p();
    else await p;
  } catch (e) {
    return e as MemdirError;
  }
  throw new Error("did not throw");
}

const LLM_DEFAULTS: UserConfig["llm"] = {
  provider: "offline",
  model: "",
  timeoutMs: 120_000,
  maxOutputTokensPerCall: 4_096,
  maxInputTokensPerCall: 24_000,
  maxTokensPerDay: 300_000,
};
const DEFAULTS: UserConfig = {
  extraction: { everyNTurns: 1 },
  harnessLoadsMemoryMd: "auto",
  sessionStartBudgetChars: 9000,
  llm: LLM_DEFAULTS,
  sessionMemory: { enabled: true },
  autoDream: true,
  kairos: false,
  dream: { minHours: 24, minSessions: 5 },
  agentMemory: { defaultScopes: ["local"], budgetChars: 4000 },
};

describe("user config", () => {
  it("a missing or blank file gives the defaults (fresh objects)", async () => {
    for (const h of [home(), home(""), home(" \r\n")]) {
      expect(await loadUserConfig(h)).toEqual(DEFAULTS);
      expect(loadUserConfigSync(h)).toEqual(DEFAULTS);
    }
    expect(DEFAULT_CONFIG).toEqual(DEFAULTS);
    const c = loadUserConfigSync(home());
    c.extraction.everyNTurns = 5;
    expect(loadUserConfigSync(home()).extraction.everyNTurns).toBe(1);
    expect(userConfigPath("/h/.memdir")).toBe("/h/.memdir/config.json");
  });

  it("reads every key, tolerating a BOM and CRLF; partial objects get defaults", async () => {
    const h = home(
      '\uFEFF{\r\n  "autoMemoryDirectory": "~/mem",\r\n  "extraction": { "everyNTurns": 3 },\r\n' +
        '  "harnessLoadsMemoryMd": false,\r\n  "sessionStartBudgetChars": 4000,\r\n' +
        '  "llm": { "provider": "openai-compatible", "model": "qwen3", "baseUrl": "http://127.0.0.1:11434/v1",' +
        ' "apiKeyEnv": "OLLAMA_KEY", "maxTokensPerDay": 0 },\r\n  "sessionMemory": { "enabled": false },\r\n' +
        '  "autoDream": false, "kairos": true, "timeZone": "Asia/Seoul",\r\n' +
        '  "dream": { "minHours": 0.5, "minSessions": 0 },\r\n' +
        '  "agentMemory": { "defaultScopes": ["project", "user"], "budgetChars": 2000 }\r\n}\r\n',
    );
    const want: UserConfig = {
      autoMemoryDirectory: "~/mem",
      extraction: { everyNTurns: 3 },
      harnessLoadsMemoryMd: false,
      sessionStartBudgetChars: 4000,
      llm: {
        ...LLM_DEFAULTS,
        provider: "openai-compatible",
        model: "qwen3",
        baseUrl: "http://127.0.0.1:11434/v1",
        apiKeyEnv: "OLLAMA_KEY",
        maxTokensPerDay: 0,
      },
      sessionMemory: { enabled: false },
      autoDream: false,
      kairos: true,
      timeZone: "Asia/Seoul",
      dream: { minHours: 0.5, minSessions: 0 },
      agentMemory: { defaultScopes: ["project", "user"], budgetChars: 2000 },
    };
    expect(await loadUserConfig(h)).toEqual(want);
    expect(loadUserConfigSync(h)).toEqual(want);
    const partial = home('{ "extraction": {} }');
    expect(await loadUserConfig(partial)).toEqual(DEFAULTS);
    expect(loadUserConfigSync(partial)).toEqual(DEFAULTS);
  });

  const badValues: Array<[string, string, string]> = [
    ['{"extraction":{"everyNTurns":0}}', "extraction.everyNTurns", "an integer >= 1"],
    [
      '{"agentMemory":{"defaultScopes":["team"]}}',
      "agentMemory.defaultScopes",
      "an array of distinct scopes",
    ],
    [
      '{"agentMemory":{"defaultScopes":["user","user"]}}',
      "agentMemory.defaultScopes",
      "an array of distinct scopes",
    ],
    ['{"extraction":{"everyNTurns":1.5}}', "extraction.everyNTurns", "an integer >= 1"],
    ['{"extraction":{"everyNTurns":"2"}}', "extraction.everyNTurns", "an integer >= 1"],
    ['{"extraction":5}', "extraction", "an object"],
    ['{"extraction":[]}', "extraction", "an object"],
    ['{"harnessLoadsMemoryMd":"yes"}', "harnessLoadsMemoryMd", 'true, false or "auto"'],
    ['{"sessionStartBudgetChars":-1}', "sessionStartBudgetChars", "an integer >= 0"],
    ['{"sessionStartBudgetChars":null}', "sessionStartBudgetChars", "an integer >= 0"],
    ['{"autoMemoryDirectory":""}', "autoMemoryDirectory", "absolute path"],
    ['{"autoMemoryDirectory":42}', "autoMemoryDirectory", "absolute path"],
    ['{"llm":"anthropic"}', "llm", "an object"],
    ['{"llm":{"provider":"gpt"}}', "llm.provider", '"anthropic"'],
    ['{"llm":{"baseUrl":"localhost:11434"}}', "llm.baseUrl", "http(s) URL"],
    ['{"llm":{"timeoutMs":10}}', "llm.timeoutMs", "from 1000"],
    ['{"llm":{"maxTokensPerDay":-5}}', "llm.maxTokensPerDay", ">= 0"],
    ['{"llm":{"claudePath":""}}', "llm.claudePath", "non-empty"],
    ['{"sessionMemory":{"enabled":"yes"}}', "sessionMemory.enabled", "true or false"],
    ['{"autoDream":"no"}', "autoDream", "true or false"],
    ['{"kairos":1}', "kairos", "true or false"],
    ['{"timeZone":"Mars/Olympus_Mons"}', "timeZone", "IANA time zone"],
    ['{"timeZone":""}', "timeZone", "IANA time zone"],
    ['{"timeZone":9}', "timeZone", "IANA time zone"],
    ['{"dream":{"minHours":-1}}', "dream.minHours", ">= 0 (hours)"],
    ['{"dream":{"minSessions":2.5}}', "dream.minSessions", "an integer >= 0"],
    ['{"dream":true}', "dream", "an object"],
  ];

  it("a pasted API key in llm.apiKeyEnv is refused and never echoed (both loaders)", async () => {
    const key = "sk-ant-api03-abcdefghijklmnopqrstuvwxyz0123456789";
    const h = home(JSON.stringify({ llm: { apiKeyEnv: key } }));
    for (const e of [await errorOf(loadUserConfig(h)), await errorOf(() => loadUserConfigSync(h))]) {
      expect(isMemdirError(e, "BAD_CONFIG")).toBe(true);
      expect(e.message).toContain('"llm.apiKeyEnv"');
      expect(e.message).not.toContain("abcdefghij");
      expect(e.expected).toContain("NAME of an environment variable");
    }
  });

  it.each(badValues)("%s -> BAD_CONFIG naming %s (both loaders)", async (text, key, expected) => {
    const h = home(text);
    for (const e of [await errorOf(loadUserConfig(h)), await errorOf(() => loadUserConfigSync(h))]) {
      expect(isMemdirError(e, "BAD_CONFIG")).toBe(true);
      expect(e.message.split("\n")[0]).toBe(`${join(h, "config.json")}: "${key}" has an invalid value`);
      expect(e.expected).toContain(expected);
      expect(e.message).toContain("what to do:");
      expect(e.hint).toContain(`"${key}"`);
    }
  });

  it("unknown keys are rejected by loadUserConfig with the key named and a suggestion", async () => {
    const top = await errorOf(loadUserConfig(home('{"harnesLoadsMemoryMd": false}')));
    expect(isMemdirError(top, "BAD_CONFIG")).toBe(true);
    expect(top.message).toContain('unknown key "harnesLoadsMemoryMd"');
    expect(top.hint).toContain('did you mean "harnessLoadsMemoryMd"');
    expect(top.expected).toContain(
      "autoMemoryDirectory, extraction, harnessLoadsMemoryMd, sessionStartBudgetChars",
    );
    const nested = await errorOf(loadUserConfig(home('{"extraction":{"everyNTurns":2,"model":"x"}}')));
    expect(nested.message).toContain('unknown key "extraction.model"');
    expect(nested.expected).toContain('inside "extraction": everyNTurns');
  });

  it("loadUserConfigSync (hook path) ignores unknown keys but still validates known ones", () => {
    expect(loadUserConfigSync(home('{"futureKey": 1, "extraction": {"everyNTurns": 2, "x": 1}}'))).toEqual({
      ...DEFAULTS,
      extraction: { everyNTurns: 2 },
    });
  });

  it("invalid JSON and non-object files are BAD_CONFIG naming the file", async () => {
    for (const text of ['{"extraction": {', "[1,2]", "42", "null", '"str"']) {
      const h = home(text);
      for (const e of [await errorOf(loadUserConfig(h)), await errorOf(() => loadUserConfigSync(h))]) {
        expect(isMemdirError(e, "BAD_CONFIG"), text).toBe(true);
        expect(e.message).toContain(join(h, "config.json"));
      }
    }
  });

  it("both loaders agree on any config built from known keys (property)", async () => {
    const anyValue = fc.oneof(
      fc.integer({ min: -3, max: 20000 }),
      fc.double(),
      fc.boolean(),
      fc.string(),
      fc.constant(null),
    );
    const cfg = fc.record(
      {
        autoMemoryDirectory: fc.oneof(fc.string(), anyValue),
        extraction: fc.oneof(fc.record({ everyNTurns: anyValue }, { requiredKeys: [] }), anyValue),
        harnessLoadsMemoryMd: fc.oneof(fc.boolean(), anyValue),
        sessionStartBudgetChars: fc.oneof(fc.nat(20000), anyValue),
        llm: fc.oneof(
          fc.record(
            {
              provider: fc.oneof(fc.constantFrom("offline", "anthropic", "claude-cli", "x"), anyValue),
              model: fc.oneof(fc.string(), anyValue),
              baseUrl: fc.oneof(fc.constantFrom("http://127.0.0.1:1/v1", "ftp://x"), anyValue),
              apiKeyEnv: fc.oneof(fc.constantFrom("KEY_1", "1KEY", "sk-abc"), anyValue),
              claudePath: fc.oneof(fc.string(), anyValue),
              timeoutMs: fc.oneof(fc.integer({ min: 0, max: 5000 }), anyValue),
              maxTokensPerDay: fc.oneof(fc.integer({ min: -2, max: 9 }), anyValue),
            },
            { requiredKeys: [] },
          ),
          anyValue,
        ),
        sessionMemory: fc.oneof(fc.record({ enabled: anyValue }, { requiredKeys: [] }), anyValue),
        autoDream: anyValue,
        kairos: anyValue,
        dream: fc.oneof(
          fc.record(
            {
              minHours: fc.oneof(fc.double(), anyValue),
              minSessions: fc.oneof(fc.integer({ min: -2, max: 9 }), anyValue),
            },
            { requiredKeys: [] },
          ),
          anyValue,
        ),
      },
      { requiredKeys: [] },
    );
    const dir = home();
    await fc.assert(
      fc.asyncProperty(cfg, async (c) => {
        writeFileSync(join(dir, "config.json"), JSON.stringify(c));
        const a = await loadUserConfig(dir).then(
          (v) => ({ ok: v }),
          (e: MemdirError) => ({ err: e.message.split("\n")[0] }),
        );
        let b: unknown;
        try {
          b = { ok: loadUserConfigSync(dir) };
        } catch (e) {
          b = { err: (e as MemdirError).message.split("\n")[0] };
        }
        expect(b).toEqual(a);
      }),
      { numRuns: 400 },
    );
  });
});
