/**
 * `scrubDeep`: `scrub` plus a `@secretlint/core` pass with the recommended preset (AWS, GCP, GitHub,
 * Slack, npm, OpenAI, Anthropic, private keys, database connection strings, …). secretlint is imported
 * lazily (`await import`, ~60–100 ms once) and costs ~11 ms per call (reference/dependencies.md §4.5), so
 * this is for background jobs: call it once per batch of text, never on a hook's hot path.
 */
import { marker } from "./secret-rules.js";

type Core = typeof import("@secretlint/core");
type Preset = typeof import("@secretlint/secretlint-rule-preset-recommend");

let loaded: Promise<{ core: Core; preset: Preset }> | undefined;

function load(): Promise<{ core: Core; preset: Preset }> {
  loaded ??= Promise.all([
    import("@secretlint/core"),
    import("@secretlint/secretlint-rule-preset-recommend"),
  ]).then(([core, preset]) => ({ core, preset }));
  return loaded;
}

/**
 * Redacts each range secretlint reports in `text` as `[REDACTED:<rule>]`, `<rule>` being the secretlint
 * rule id without its `@secretlint/secretlint-rule-` prefix (`github`, `database-connection-string`, …).
 * Overlapping ranges are merged. Rejects only if secretlint itself cannot be loaded.
 */
export async function redactWithSecretlint(text: string): Promise<string> {
  if (text.trim() === "") return text;
  const { core, preset } = await load();
  const result = await core.lintSource({
    source: { content: text, filePath: "memdir-text.txt", ext: ".txt", contentType: "text" },
    options: {
      noPhysicFilePath: true,
      config: {
        rules: [
          {
            id: "@secretlint/secretlint-rule-preset-recommend",
            rule: preset.creator,
            rules: [{ id: "@secretlint/secretlint-rule-aws", options: { enableIDScanRule: true } }],
          },
        ],
      },
    },
  });
  const ranges = result.messages
    .filter((m) => m.type === "message")
    .map((m) => ({
      start: m.range[0],
      end: m.range[1],
      rule: m.ruleId.replace(/^@secretlint\/secretlint-rule-/, ""),
    }))
    .filter((r) => r.end > r.start)
    .sort((a, b) => a.start - b.start || b.end - a.end);
  let out = "";
  let last = 0;
  for (const r of ranges) {
    if (r.end <= last) continue;
    const start = Math.max(r.start, last);
    out += text.slice(last, start) + marker(r.rule);
    last = r.end;
  }
  return last === 0 && out === "" ? text : out + text.slice(last);
}
