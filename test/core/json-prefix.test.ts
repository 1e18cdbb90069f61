import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { firstJsonObject, readObjectPrefix } from "../../src/core/json-prefix.js";

describe("firstJsonObject", () => {
  it("reads one object followed by NUL bytes, garbage or a second object", () => {
    const o = { session_id: "s", prompt: 'a "}" b\\', n: [1, { x: "{" }] };
    for (const tail of ["\0\0\0", "garbage", '{"other":1}', "\n\0"]) {
      const r = firstJsonObject(JSON.stringify(o) + tail);
      expect(r?.value).toEqual(o);
      expect(r?.rest).toBe(tail.length);
    }
    expect(firstJsonObject("[1]\0")).toBeUndefined();
    expect(firstJsonObject('{"a":')).toBeUndefined();
  });
});

describe("readObjectPrefix", () => {
  it("returns the complete members and the text of the member cut off", () => {
    const full = JSON.stringify({
      session_id: "s1",
      cwd: "/p",
      prompt: `<remember>keep "this"</remember>\n${"x".repeat(100)}`,
    });
    const cut = full.slice(0, full.indexOf("xxxx") + 10);
    const r = readObjectPrefix(cut);
    expect(r?.fields).toEqual({ session_id: "s1", cwd: "/p" });
    expect(r?.cutKey).toBe("prompt");
    expect(r?.cutText).toMatch(/^<remember>keep "this"<\/remember>\nx{6}/);
  });

  it("collects the string leaves of a cut-off object value", () => {
    const full = JSON.stringify({
      tool_name: "Task",
      tool_response: {
        content: [{ type: "text", text: "done <remember>note</remember>" }, { text: "y".repeat(50) }],
      },
    });
    const r = readObjectPrefix(full.slice(0, -20));
    expect(r?.fields).toEqual({ tool_name: "Task" });
    expect(r?.cutKey).toBe("tool_response");
    expect(r?.cutText).toContain("done <remember>note</remember>");
  });

  it("any cut of any object yields a prefix of its members, never throws (property)", () => {
    fc.assert(
      fc.property(fc.dictionary(fc.string(), fc.jsonValue()), fc.nat(), (obj, n) => {
        const text = JSON.stringify(obj);
        const parsed = JSON.parse(text) as Record<string, unknown>; // -0 is written as 0
        const cut = text.slice(0, n % (text.length + 1));
        const r = readObjectPrefix(cut);
        if (!r) return;
        for (const [k, v] of Object.entries(r.fields)) expect(parsed[k]).toEqual(v);
      }),
      { numRuns: 3000 },
    );
  });

  it("a cut escape at the end is dropped, an escaped backslash kept", () => {
    for (const [tail, want] of [
      ["ab\\", "ab"],
      ["ab\\u00", "ab"],
      ["ab\\\\", "ab\\"],
      ["ab\\\\u00", "ab\\u00"],
    ] as const) {
      expect(readObjectPrefix(`{"k":"${tail}`)?.cutText).toBe(want);
    }
  });
});
