/** `<remember>` tag attributes: priority spellings, false values, unknown attributes (never dropped). */
import { describe, expect, it } from "vitest";
import { parseRememberTags } from "../../src/notepad/index.js";

const priority = (text: string) => ({ working: [], priority: [text] });
const working = (text: string) => ({ working: [text], priority: [] });

describe("parseRememberTags attributes", () => {
  it.each([
    "<remember priority>x</remember>",
    '<remember priority="true">x</remember>',
    "<remember priority='1'>x</remember>",
    "<remember priority=yes>x</remember>",
    "<remember priority=on>x</remember>",
    '<remember priority="">x</remember>',
    '<REMEMBER PRIORITY="TRUE">x</REMEMBER>',
    '<remember  Priority = " True "  >x</remember>',
    '<remember\n\tpriority="yes"\n>x</remember>',
    '<remember source="tool" priority="true">x</remember>',
    '<remember priority="true" source="tool">x</remember>',
  ])("%j is a priority note", (tag) => {
    expect(parseRememberTags(tag)).toEqual(priority("x"));
  });

  it.each([
    '<remember priority="false">x</remember>',
    "<remember priority='0'>x</remember>",
    "<remember priority=no>x</remember>",
    "<remember PRIORITY=OFF>x</remember>",
    '<remember priority="later">x</remember>',
    '<remember kind="fact">x</remember>',
    "<remember important>x</remember>",
    '<remember data-priority="true">x</remember>',
    "<remember priority-level=high>x</remember>",
    "<remember >x</remember>",
  ])("%j is a normal Working Memory note", (tag) => {
    expect(parseRememberTags(tag)).toEqual(working("x"));
  });

  it("an unterminated tag does not swallow the next one", () => {
    expect(parseRememberTags("<remember>oops\n<remember priority>kept</remember>")).toEqual(priority("kept"));
    expect(parseRememberTags('<remember priority="true">a</remember><remember>b</remember>')).toEqual({
      working: ["b"],
      priority: ["a"],
    });
  });

  it("still ignores look-alike tags", () => {
    for (const t of ["<remembered>x</remembered>", "<remember-me>x</remember-me>", "<remember/>"]) {
      expect(parseRememberTags(t)).toEqual({ working: [], priority: [] });
    }
  });

  it("scans many unterminated tags quickly", () => {
    const t0 = performance.now();
    expect(parseRememberTags(`${"<remember>a ".repeat(50_000)}<remember>z</remember>`)).toEqual(working("z"));
    expect(performance.now() - t0).toBeLessThan(1000);
  });

  it("scans long attribute-heavy text quickly", () => {
    const text = `${'<remember a="1" b=2 c '.repeat(20_000)}<remember priority=1>z</remember>`;
    const t0 = performance.now();
    expect(parseRememberTags(text)).toEqual(priority("z"));
    expect(performance.now() - t0).toBeLessThan(1000);
  });
});
