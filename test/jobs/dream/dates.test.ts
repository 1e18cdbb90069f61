/**
 * absolutizeDates (issue 5 point 3): English through chrono-node, Korean through custom chrono
 * parsers, against several reference times (Sunday, month and year ends, a leap day) and zones;
 * false positives chrono would over-match; protected text; idempotence (a property over random text).
 */
import fc from "fast-check";
import { afterEach, describe, expect, it } from "vitest";
import { isMemdirError } from "../../../src/core/errors.js";
import { absolutizeDates } from "../../../src/jobs/dream/dates/index.js";

const SUN = Date.parse("2026-11-29T10:00:00Z"); // Sunday; this week = Mon 2026-11-23
const at = (text: string, ref = SUN, timeZone?: string) =>
  absolutizeDates(text, ref, timeZone === undefined ? {} : { timeZone }).text;

describe("English", () => {
  it.each([
    ["We shipped it yesterday.", "We shipped it on 2026-11-28."],
    ["Yesterday we shipped.", "On 2026-11-28 we shipped."],
    ["Yesterday, the build broke.", "On 2026-11-28, the build broke."],
    ["Yesterday was busy.", "2026-11-28 was busy."],
    ["The deadline is tomorrow.", "The deadline is 2026-11-30."],
    ["Fixed today", "Fixed on 2026-11-29"],
    ["as of today", "as of 2026-11-29"],
    ["yesterday's run failed", "2026-11-28's run failed"],
    ["the day before yesterday it worked", "on 2026-11-27 it worked"],
    ["We ship the day after tomorrow", "We ship on 2026-12-01"],
    ["Let's do it next Friday", "Let's do it on 2026-12-04"],
    ["They deployed last Monday", "They deployed on 2026-11-23"],
    ["this past Friday", "2026-11-27"],
    ["We found it 2 days ago", "We found it on 2026-11-27"],
    ["twelve days ago", "2026-11-17"],
    ["5 days from now", "2026-12-04"],
    ["We broke prod last week", "We broke prod in the week of 2026-11-16"],
    ["Last week we broke prod", "In the week of 2026-11-16 we broke prod"],
    ["since last week", "since the week of 2026-11-16"],
    ["later this week", "later in the week of 2026-11-23"],
    ["until next week", "until the week of 2026-11-30"],
    ["a week ago", "the week of 2026-11-16"],
    ["It moved 2 weeks ago", "It moved in the week of 2026-11-09"],
    ["The bill came last month", "The bill came in 2026-10"],
    ["3 months ago", "2026-08"],
    ["3 months from now", "2027-02"],
    ["earlier this year", "earlier in 2026"],
    ["We adopted it last year.", "We adopted it in 2025."],
    ["two years ago", "2024"],
    ["Nov 12 last year", "Nov 12 2025"],
    ["- yesterday", "- 2026-11-28"],
    ["## Yesterday", "## 2026-11-28"],
    ["It broke yesterday at 3pm", "It broke on 2026-11-28 at 3pm"],
  ])("%s → %s", (input, expected) => {
    expect(at(input)).toBe(expected);
  });

  it("reports each change with its offset in the input", () => {
    const text = "Broke yesterday; fixed it today. `yesterday` stays.";
    const r = absolutizeDates(text, SUN);
    expect(r.changes).toEqual([
      { from: "yesterday", to: "on 2026-11-28", index: 6 },
      { from: "today", to: "on 2026-11-29", index: 26 },
    ]);
    for (const c of r.changes) expect(text.slice(c.index, c.index + c.from.length)).toBe(c.from);
  });
});

describe("Korean", () => {
  it.each([
    ["어제 배포했다", "2026-11-28 배포했다"],
    ["어제는 비가 왔다", "2026-11-28에는 비가 왔다"],
    ["오늘 고쳤다", "2026-11-29 고쳤다"],
    ["그저께 봤다", "2026-11-27 봤다"],
    ["그제 봤다", "2026-11-27 봤다"],
    ["내일 출시", "2026-11-30 출시"],
    ["모레까지", "2026-12-01까지"],
    ["지난주에 회의", "2026-11-16 주간에 회의"],
    ["지난 주에 회의", "2026-11-16 주간에 회의"],
    ["이번 주 안에", "2026-11-23 주간 안에"],
    ["다음 주부터", "2026-11-30 주간부터"],
    ["다음 주 금요일에 출시", "2026-12-04에 출시"],
    ["지난주 월요일", "2026-11-16"],
    ["이번 주 일요일", "2026-11-29"],
    ["지난달에 바꿨다", "2026-10에 바꿨다"],
    ["이번 달", "2026-11"],
    ["다음 달", "2026-12"],
    ["작년에 도입", "2025년에 도입"],
    ["올해가 마지막", "2026년이 마지막"],
    ["내년", "2027년"],
    ["재작년", "2024년"],
    ["3일 전에 고쳤다", "2026-11-26에 고쳤다"],
    ["우리는 3일 후에 본다", "우리는 2026-12-02에 본다"],
    ["2주 전", "2026-11-09 주간"],
    ["2주 후에 다시", "2026-12-07 주간에 다시"],
    ["3개월 전", "2026-08"],
    ["하루 전", "2026-11-28"],
    ["일주일 전에", "2026-11-16 주간에"],
    ["한 달 전", "2026-10"],
    ["10년 전", "2016년"],
  ])("%s → %s", (input, expected) => {
    expect(at(input)).toBe(expected);
  });
});

describe("reference times", () => {
  const NEW_YEAR = Date.parse("2026-01-01T03:00:00Z"); // Thursday
  it.each([
    ["yesterday", "2025-12-31"],
    ["last month", "2025-12"],
    ["next month", "2026-02"],
    ["last year", "2025"],
    ["last week", "the week of 2025-12-22"],
    ["this week", "the week of 2025-12-29"],
    ["어제", "2025-12-31"],
    ["지난달", "2025-12"],
    ["작년", "2025년"],
    ["지난주", "2025-12-22 주간"],
    ["다음 주 월요일", "2026-01-05"],
  ])("on 2026-01-01: %s → %s", (input, expected) => {
    expect(at(input, NEW_YEAR)).toBe(expected);
  });

  it("month arithmetic does not overflow at a month's end (chrono's setMonth would)", () => {
    const MAR31 = Date.parse("2026-03-31T10:00:00Z");
    expect(at("next month", MAR31)).toBe("2026-04");
    expect(at("1 month ago", MAR31)).toBe("2026-02");
    expect(at("다음 달", MAR31)).toBe("2026-04");
    expect(at("1개월 전", MAR31)).toBe("2026-02");
    const LEAP = Date.parse("2024-02-29T10:00:00Z");
    expect(at("yesterday", LEAP)).toBe("2024-02-28");
    expect(at("tomorrow", LEAP)).toBe("2024-03-01");
    expect(at("next year", LEAP)).toBe("2025");
    expect(at("내일", LEAP)).toBe("2024-03-01");
  });

  it("counts days in the given time zone", () => {
    const t = Date.parse("2026-11-29T20:00:00Z"); // Seoul: Monday 2026-11-30 05:00
    expect(at("yesterday", t)).toBe("2026-11-28");
    expect(at("yesterday", t, "Asia/Seoul")).toBe("2026-11-29");
    expect(at("어제", t, "Asia/Seoul")).toBe("2026-11-29");
    expect(at("this week", t, "Asia/Seoul")).toBe("the week of 2026-11-30");
    expect(at("이번 주", t, "Asia/Seoul")).toBe("2026-11-30 주간");
    const la = Date.parse("2026-12-01T05:00:00Z"); // Los Angeles: 2026-11-30 21:00
    expect(at("today", la, "America/Los_Angeles")).toBe("2026-11-30");
    expect(at("this month", la, "America/Los_Angeles")).toBe("2026-11");
    expect(at("this month", la)).toBe("2026-12");
  });

  describe("host time zone", () => {
    const saved = process.env.TZ;
    afterEach(() => {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    });
    it.each(["Pacific/Kiritimati", "America/Adak", "Asia/Kathmandu"])("does not matter (%s)", (tz) => {
      const expected = ["2026-11-28", "2026-10", "2026-11-16 주간", "the week of 2026-11-16"];
      process.env.TZ = tz;
      expect(["yesterday", "last month", "지난주", "last week"].map((s) => at(s))).toEqual(expected);
    });
  });

  it("rejects an unknown time zone and a non-finite reference", () => {
    expect(() => absolutizeDates("yesterday", SUN, { timeZone: "Mars/Olympus" })).toThrow(
      expect.objectContaining({ code: "BAD_INPUT" }),
    );
    try {
      absolutizeDates("yesterday", Number.NaN);
      expect.unreachable();
    } catch (e) {
      expect(isMemdirError(e, "BAD_INPUT")).toBe(true);
    }
  });
});

describe("left alone", () => {
  it.each([
    // chrono over-matches
    "May I help?",
    "you may want to restart",
    "March forward",
    "We march on",
    "the second item",
    "wait a second",
    "I sat down",
    "the sun is hot",
    "I will wed",
    "version 1.2.3",
    "release 2.10.3 is out",
    "10/12",
    "We met Monday",
    "see you on Friday",
    // absolute dates and times of day
    "on 2026-11-28",
    "Nov 12",
    "at 3pm",
    "at 10",
    // durations and vague words
    "for 2 days",
    "done in 3 weeks",
    "in 5 minutes",
    "an hour ago",
    "recently",
    "soon",
    "a few days ago",
    "the other day",
    "the last week was rough",
    "over the last year",
    "every next Friday",
    "2주 동안 작업",
    "3일간 테스트",
    "최근",
    "요즘",
    // Korean words inside other words, and counts from another event
    "오늘날",
    "어제오늘",
    "내일모레",
    "그제서야 알았다",
    "엊그제",
    "이번 주말",
    "다음 주제",
    "이번 주문",
    "출시 3일 전에 점검",
    "회의 다음 주",
    "3일 전후로",
    "지난달력",
    // identifiers, paths, tags
    "yesterday_count",
    "last-week.md",
    "today.md",
    "logs/yesterday/x",
    "#today",
    "$yesterday",
    "'yesterday'",
    // protected text
    "run `git log --since=yesterday`",
    "``a ` yesterday ` b``",
    "```\nyesterday\n```",
    "~~~md\n어제\n~~~",
    "https://example.com/yesterday?since=last-week",
    "www.example.com/today",
    "[docs](https://x.dev/today) and <https://x.dev/yesterday>",
    "mail yesterday@example.com",
    "<!-- yesterday -->",
  ])("%j", (input) => {
    const r = absolutizeDates(input, SUN);
    expect(r.text).toBe(input);
    expect(r.changes).toEqual([]);
  });

  it("rewrites around protected text and keeps CRLF", () => {
    const text = "```sh\n# yesterday\n```\r\nWe shipped `x` yesterday.\r\nSee https://a.b/today, today.\r\n";
    expect(at(text)).toBe(
      "```sh\n# yesterday\n```\r\nWe shipped `x` on 2026-11-28.\r\nSee https://a.b/today, 2026-11-29.\r\n",
    );
  });

  it("an unclosed fence protects the rest; an unmatched backtick does not", () => {
    expect(at("ok yesterday\n```\ntoday")).toBe("ok on 2026-11-28\n```\ntoday");
    expect(at("a ` b yesterday")).toBe("a ` b on 2026-11-28");
  });
});

describe("idempotence", () => {
  const PIECES = [
    "yesterday",
    "Yesterday",
    "today",
    "tomorrow",
    "last week",
    "next week",
    "this month",
    "last year",
    "3 days ago",
    "2 weeks ago",
    "next Friday",
    "the day after tomorrow",
    "어제",
    "어제는",
    "지난주",
    "다음 주 금요일",
    "지난달",
    "올해가",
    "3일 전에",
    "2주 후",
    "we shipped",
    "it",
    "since",
    "is",
    "the",
    "on",
    "`code`",
    "https://x.y/today",
    "2026-11-28",
    "may",
    "march",
    ".",
    ",",
    "\n",
    "\n```\n",
    "- ",
    "배포했다",
    "출시",
    "다음",
    "주",
    "전",
    "후",
    "3일",
    "는",
    "last",
    "week",
    "ago",
    "Friday",
    "was",
    "a@b.co",
    "[t](u)",
  ];
  it("a second pass changes nothing; changes describe the rewrite exactly", () => {
    fc.assert(
      fc.property(
        fc.array(fc.constantFrom(...PIECES), { maxLength: 14 }),
        fc.constantFrom(" ", ""),
        fc.integer({ min: Date.parse("2020-01-01"), max: Date.parse("2030-12-31") }),
        fc.constantFrom("UTC", "Asia/Seoul", "America/New_York"),
        (pieces, sep, ref, timeZone) => {
          const text = pieces.join(sep);
          const once = absolutizeDates(text, ref, { timeZone });
          const twice = absolutizeDates(once.text, ref, { timeZone });
          expect(twice.changes).toEqual([]);
          expect(twice.text).toBe(once.text);
          let rebuilt = "";
          let last = 0;
          for (const c of once.changes) {
            expect(text.slice(c.index, c.index + c.from.length)).toBe(c.from);
            rebuilt += text.slice(last, c.index) + c.to;
            last = c.index + c.from.length;
          }
          expect(rebuilt + text.slice(last)).toBe(once.text);
        },
      ),
      { numRuns: 500 },
    );
  });
});

it("a large file stays fast (linear in the text)", () => {
  const para =
    "We shipped it yesterday and fixed `x` today; 지난주에 배포했고 3일 전에 고쳤다. May I? version 1.2.3\n";
  const text = para.repeat(2_000); // ~180 KB
  const t0 = performance.now();
  const r = absolutizeDates(text, SUN);
  expect(performance.now() - t0).toBeLessThan(5_000);
  expect(r.changes).toHaveLength(8_000);
  expect(r.text.split("\n")[0]).toBe(
    "We shipped it on 2026-11-28 and fixed `x` on 2026-11-29; 2026-11-16 주간에 배포했고 2026-11-26에 고쳤다. May I? version 1.2.3",
  );
});
