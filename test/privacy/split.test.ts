/**
 * Keys wrapped across lines or split by a string concatenation (split.ts): every provider key of the
 * secret corpus, split at every position (inside its lead too) by every separator, with and without text
 * after it, loses every 8-character run of its body; the corpus look-alikes, a whole key followed by a
 * word on the next line, and prose with line breaks come out unchanged.
 */
import { describe, expect, it } from "vitest";
import { scrub } from "../../src/privacy/index.js";
import { tokenRules } from "../../src/privacy/secret-rules.js";
import { ALL_LOOKALIKES, ALL_POSITIVES } from "../helpers/secret-corpus/index.js";
import {
  ALNUM,
  B64URL,
  HEX,
  LOWER_ALNUM,
  rand,
  reseed,
  UPPER_ALNUM,
} from "../helpers/secret-corpus/random.js";

interface Key {
  rule: string;
  key: string;
  /** Index where the body (the part after the lead) starts. */
  body: number;
}

/** The corpus positives' tokens that a rule with a lead reads whole, one per (rule, token). */
function corpusKeys(): Key[] {
  const out = new Map<string, Key>();
  for (const p of ALL_POSITIVES) {
    if (p.kind === "split_key") continue;
    for (const rule of tokenRules()) {
      if (rule.lead === undefined) continue;
      const lead = new RegExp(`^(?:${rule.lead})`);
      for (const m of p.text.matchAll(new RegExp(rule.pattern.source, rule.pattern.flags))) {
        const key = m.groups?.secret ?? m[0];
        if (!p.cores.some((c) => key.includes(c)) || out.has(key)) continue;
        out.set(key, { rule: rule.name, key, body: lead.exec(key)![0].length });
      }
    }
  }
  return [...out.values()];
}

/** Keys for the lead rules the corpus has no positive of (drawn after the corpus is built). */
function extraKeys(): Key[] {
  reseed(0x5b117);
  const keys: [string, string, string][] = [
    ["xai_key", "xai-", rand(ALNUM, 80)],
    ["perplexity_key", "pplx-", rand(ALNUM, 48)],
    ["dynatrace_token", "dt0c01.", `${rand(UPPER_ALNUM, 24)}.${rand(UPPER_ALNUM, 64)}`],
    ["rubygems_token", "rubygems_", rand(HEX, 48)],
    ["clojars_token", "CLOJARS_", rand(LOWER_ALNUM, 60)],
    ["contentful_token", "CFPAT-", rand(B64URL, 43)],
    ["prefect_key", "pnu_", rand(ALNUM, 36)],
    ["netlify_token", "nfp_", rand(ALNUM, 36)],
    ["fly_token", "fo1_", rand(B64URL, 43)],
    ["fly_token", "fm2_", rand(B64URL, 80)],
    ["flutterwave_key", "FLWSECK_TEST-", `${rand("abcdefgh0123456789", 32)}-X`],
    ["easypost_key", "EZAK", rand(ALNUM, 54)],
    ["shippo_token", "shippo_live_", rand(HEX, 40)],
  ];
  return keys.map(([rule, lead, body]) => ({ rule, key: lead + body, body: lead.length }));
}

const KEYS = [...corpusKeys(), ...extraKeys()];

/** How a split key is written: the text between the two halves, and around the whole. */
const SEPARATORS: [string, string, string, string][] = [
  ["newline", "", "\n", ""],
  ["CRLF", "", "\r\n", ""],
  ["newline + indent", "", "\n    ", ""],
  ["string continuation", '"', '"\n  "', '"'],
  ["concatenation", '"', '" + "', '"'],
  ["backslash continuation", "", "\\\n", ""],
];
const TRAILERS = ["", " keep it safe", "\nThen we deploy"];

/** The 8-character runs of `body` found in `out`. */
function survivors(out: string, body: string): string[] {
  const found: string[] = [];
  for (let i = 0; i + 8 <= body.length; i++)
    if (out.includes(body.slice(i, i + 8))) found.push(body.slice(i, i + 8));
  return found;
}

describe("keys split across lines or by a concatenation", () => {
  it("there is a key for every lead rule but Terraform's (its lead starts with a class)", () => {
    expect(new Set(KEYS.map((k) => k.rule)).size).toBeGreaterThanOrEqual(58);
  });

  it.each(SEPARATORS)("no 8-character run of any key body survives a split by %s", (_n, open, sep, close) => {
    const leaks: string[] = [];
    for (const { rule, key, body } of KEYS) {
      const secret = key.slice(body);
      for (let at = 1; at < key.length; at++) {
        for (const trailer of TRAILERS) {
          const text = `deploy key is ${open}${key.slice(0, at)}${sep}${key.slice(at)}${close}${trailer}`;
          const out = scrub(text);
          const s = survivors(out, secret);
          if (s.length > 0)
            leaks.push(`${rule} split at ${at}${JSON.stringify(trailer)}: ${JSON.stringify(out)}`);
        }
      }
    }
    expect(leaks.slice(0, 20), `${leaks.length} leaks`).toEqual([]);
  });

  it("a whole key followed by words on the next line keeps the words", () => {
    for (const { key } of KEYS) {
      for (const next of ["Then we deploy", "then we deploy", "Deployment is done", "README first", "ok"]) {
        for (const brk of ["\n", "\r\n", "\n  "]) {
          const out = scrub(`token ${key}${brk}${next}`);
          expect(out, key).toMatch(/^token \[REDACTED:[a-z0-9_]+\]/);
          expect(out.endsWith(`${brk}${next}`), `${key}: ${JSON.stringify(out)}`).toBe(true);
        }
      }
    }
  });

  it("keeps every look-alike of the corpus, alone and wrapped", () => {
    expect(ALL_LOOKALIKES.length).toBeGreaterThanOrEqual(84);
    for (const l of ALL_LOOKALIKES) {
      expect(scrub(l)).toBe(l);
      // Wrapped at each space in turn, as a terminal or an editor would break the line.
      for (const sep of ["\n", "\r\n", "\n  ", "\\\n"]) {
        for (let i = l.indexOf(" "); i >= 0; i = l.indexOf(" ", i + 1)) {
          const wrapped = l.slice(0, i) + sep + l.slice(i + 1);
          expect(scrub(wrapped), JSON.stringify(wrapped)).toBe(wrapped);
        }
      }
    }
    const all = ALL_LOOKALIKES.join("\n");
    expect(scrub(all)).toBe(all);
  });

  it("leaves prose and code with line breaks and concatenations unchanged", () => {
    const texts = [
      "We should do\nthe deploy tomorrow, then ask\nSam to review the gh\npages branch.",
      "Run npm\ntest and then sk\nip the flaky one.\r\nAlso a\nnote for S\nKyle and A\nIza.",
      'const msg = "Hello, " + "world";\nconst path = "src/" + "privacy/" + "split.ts";',
      "const s = 'sk' + 'ip';\nconst t = \"gl\" + \"obal\";\nlet x = 'do' + 'cs';",
      "line one \\\n  line two \\\n  line three",
      "hf\n_hub_download is a function; pypi-\npublish is an action; xoxb-\nexample",
      "the key looks like sk-ant-\napi03-… and github tokens look like ghp_\n… in the docs",
    ];
    for (const t of texts) expect(scrub(t), JSON.stringify(t)).toBe(t);
  });

  it("the reported reproductions", () => {
    const anthropic = KEYS.find((k) => k.rule === "anthropic_key")!.key;
    const out = scrub(`deploy key is ${anthropic.slice(0, 60)}\n${anthropic.slice(60)} keep it safe`);
    expect(out).toBe("deploy key is [REDACTED:anthropic_key] keep it safe");
    const gh = KEYS.find((k) => k.key.startsWith("ghp_"))!.key;
    expect(scrub(`token gh\n${gh.slice(2)}`)).toBe("token [REDACTED:github_token]");
    const pypi = KEYS.find((k) => k.rule === "pypi_token")!.key;
    expect(scrub(`-p pypi-\n${pypi.slice(5)} dist/*`)).toBe("-p [REDACTED:pypi_token] dist/*");
  });
});
