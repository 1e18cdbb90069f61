import { describe, expect, it } from "vitest";
import { privateSpans, redactEchoes, stripPrivate } from "../../src/privacy/index.js";

describe("stripPrivate", () => {
  it.each([
    ["inline block", "foo <private>x</private> bar", "foo bar"],
    ["any case", "a <PRIVATE>x</Private> b", "a b"],
    ["attributes", 'a <private reason="client data">x</private> b', "a b"],
    ["self-closing tag", "x <private/> y", "x y"],
    ["nested blocks count depth", "a <private>b <private>c</private> d</private> e", "a e"],
    ["unterminated removes to the end", "keep this <private>never closed\nmore", "keep this"],
    ["unterminated nested", "k <private>a <private>b</private> still private", "k"],
    // a closing tag with no opening one: the block began in an earlier message, so what precedes it is private
    ["stray closing tag", "my address is 9 Birch Lane</private> ok", "ok"],
    ["stray closing tag after a block", "a <private>x</private> b </private> c", "c"],
    ["block at the start", "<private>x</private>  hello", "hello"],
    ["block at the end keeps no trailing space", "hello <private>x</private>", "hello"],
    ["multi-line block", "keep\n<private>\nsecret\n</private>\nnext", "keep\nnext"],
    [
      "paragraphs keep one blank line",
      "para one\n\n<private>\nx\n</private>\n\n\npara two",
      "para one\n\npara two",
    ],
    ["indentation after a block", "list:\n<private>x</private>\n  - item", "list:\n  - item"],
    ["two adjacent blocks", "a <private>1</private> <private>2</private> b", "a b"],
    ["leading whitespace of the text is kept", "  a <private>x</private> b", "  a b"],
  ])("%s", (_name, input, expected) => {
    expect(stripPrivate(input)).toBe(expected);
  });

  it("leaves look-alike tags alone", () => {
    const text = "<privateer>ok</privateer> <privacy> <Private_data>";
    expect(stripPrivate(text)).toBe(text);
  });

  it("returns the same string when there is no tag", () => {
    const text = "nothing to see, not even private stuff";
    expect(stripPrivate(text)).toBe(text);
  });

  it("does not let removal assemble a new tag", () => {
    const out = stripPrivate("<pri<private>x</private>vate>secret");
    expect(out).not.toContain("secret");
    expect(out.toLowerCase()).not.toMatch(/<\/?private/);
  });

  it("gives up on adversarial tag assembly by dropping the rest", () => {
    const k = 20;
    const text = `${"<pri".repeat(k)}<private></private>${"vate>".repeat(k)}tail secret`;
    const out = stripPrivate(text);
    expect(out).not.toContain("secret");
    expect(out.toLowerCase()).not.toMatch(/<\/?\s*private[\s/>]/);
    expect(stripPrivate(out)).toBe(out);
  });
});

describe("privateSpans / redactEchoes (private text echoed elsewhere)", () => {
  it("collects blocks, unterminated tails and text before a stray closing tag", () => {
    expect(privateSpans("a <private>one</private> b <PRIVATE x=1>two")).toEqual(["one", "two"]);
    expect(privateSpans("9 Birch Lane</private> ok")).toEqual(["9 Birch Lane"]);
    expect(privateSpans("no tags here")).toEqual([]);
  });

  it("redacts whole spans, clauses and digit tokens, not short common words", () => {
    const spans = ["my home address is 9 Birch Lane, employee ID EMP-554433"];
    expect(redactEchoes("Noted: EMP-554433 lives at 9 Birch Lane.", spans)).toBe(
      "Noted: [private] lives at [private].",
    );
    expect(redactEchoes("the employee list is fine", ["id 7"])).toBe("the employee list is fine");
    // a name echoed alone; a capitalised word that opens the span is not a name
    expect(
      redactEchoes("I noted Bluebird is the codename. This works.", ["This is internal codename Bluebird"]),
    ).toBe("I noted [private] is the codename. This works.");
    expect(redactEchoes("unchanged", [])).toBe("unchanged");
  });
});
