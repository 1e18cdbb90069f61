/**
 * absolutizeDates (issue 5 point 3): English through chrono-node, Korean through custom chrono
 * parsers, against several reference times (Sunday, month and year ends, a leap day) and zones;
 * false positives chrono would over-match; protected text; a tester's report (command lines, Title
 * Case names, possessives, parts of a day, quarters, "in N days"); idempotence (a property over random
 * text).
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
    ["yesterday's run failed", "the 2026-11-28 run failed"],
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
    [
      "we moved to Kubernetes; last week we moved to Nomad",
      "we moved to Kubernetes; in the week of 2026-11-16 we moved to Nomad",
    ],
    ["다음 달 유통기한", "2026-12 유통기한"],
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
    ["어제 배포했다", "2026-11-28에 배포했다"],
    ["어제는 비가 왔다", "2026-11-28에는 비가 왔다"],
    ["오늘 고쳤다", "2026-11-29에 고쳤다"],
    ["그저께 봤다", "2026-11-27에 봤다"],
    ["그제 봤다", "2026-11-27에 봤다"],
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

describe("a tester's report (reference Wednesday 2025-03-12)", () => {
  const WED = Date.parse("2025-03-12T10:00:00Z");
  it.each([
    ["git log --since=yesterday", "git log --since=yesterday"],
    ["Today I Learned channel", "Today I Learned channel"],
    [`"yesterday's"`, `"yesterday's"`],
    ["Last week's outage", "The outage in the week of 2025-03-03"],
    ["yesterday's deploy broke", "the 2025-03-11 deploy broke"],
    ["We fixed it this morning", "We fixed it on 2025-03-12"],
    ["It broke this afternoon.", "It broke on 2025-03-12."],
    ["We deploy tonight", "We deploy on 2025-03-12"],
    ["It broke last night", "It broke on 2025-03-11"],
    ["Revenue fell last quarter.", "Revenue fell in 2024-Q4."],
    ["We hire next quarter", "We hire in 2025-Q2"],
    ["The cert expires in 2 days", "The cert expires on 2025-03-14"],
    ["오늘 아침에 고쳤다", "2025-03-12 아침에 고쳤다"],
    ["어젯밤에 장애", "2025-03-11 밤에 장애"],
    ["지난 분기 매출", "2024년 4분기 매출"],
    ["다음 분기에 출시", "2025년 2분기에 출시"],
    ["이틀 뒤에 출시", "2025-03-14에 출시"],
    ["사흘 뒤", "2025-03-15"],
  ])("%s → %s", (input, expected) => {
    expect(at(input, WED)).toBe(expected);
  });
});

describe("command-line text outside backticks", () => {
  it.each([
    "git log --since=yesterday",
    "Run git log --since yesterday to check.",
    'git log --since="2 weeks ago" --until=today',
    "journalctl --since '2 days ago'",
    "date -d tomorrow",
    "touch -d 'next friday' stamp",
    "export SINCE=yesterday",
    'since = "last week"',
    "git show main@{yesterday}",
    "git reflog main@{2 weeks ago}",
    "$ git log --after yesterday",
    "- $ ls today",
    "npm run build && deploy tomorrow",
    "gh run list | grep today",
    "git log --since=어제",
    "since=어제",
  ])("%j is left alone", (input) => {
    const r = absolutizeDates(input, SUN);
    expect(r.text).toBe(input);
    expect(r.changes).toEqual([]);
  });

  it.each([
    ["We ran git bisect yesterday", "We ran git bisect on 2026-11-28"],
    ["Run git log -p. Yesterday we fixed it", "Run git log -p. On 2026-11-28 we fixed it"],
    ["The re-run happened yesterday", "The re-run happened on 2026-11-28"],
    ["yesterday - not today", "2026-11-28 - not 2026-11-29"],
    ["`--since=yesterday` worked yesterday", "`--since=yesterday` worked on 2026-11-28"],
  ])("prose around it still changes: %s", (input, expected) => {
    expect(at(input)).toBe(expected);
  });
});

describe("names and mentions", () => {
  it.each([
    "Today I Learned channel",
    "Posted it to Today I Learned",
    "the Today show",
    "Tomorrow Never Dies",
    "Last Week Tonight",
    "We watched Last Week Tonight",
    "Our Yesterday Report",
    "TODAY",
    "the TODAY constant",
    'the word "yesterday"',
    "“tomorrow”",
    "‘today’",
    "## Plans For Next Week",
    'He said "we ship tomorrow"',
  ])("%j is left alone", (input) => {
    expect(at(input)).toBe(input);
  });

  it.each([
    ["Today I learned that x", "On 2026-11-29 I learned that x"],
    ["Yesterday Alice fixed it", "On 2026-11-28 Alice fixed it"],
    ["**Yesterday**: fixed", "**2026-11-28**: fixed"],
    ["| Yesterday | fixed |", "| 2026-11-28 | fixed |"],
    ["Posted in #til (Today I Learned) yesterday", "Posted in #til (Today I Learned) on 2026-11-28"],
    ["Last Friday we shipped", "On 2026-11-27 we shipped"],
  ])("%s → %s", (input, expected) => {
    expect(at(input)).toBe(expected);
  });
});

describe("possessives", () => {
  it.each([
    ["Yesterday's deploy failed", "The 2026-11-28 deploy failed"],
    ["after last month's bill", "after the 2026-10 bill"],
    ["last year's budget", "the 2025 budget"],
    ["last quarter's revenue", "the 2026-Q3 revenue"],
    ["Last week's outage", "The outage in the week of 2026-11-16"],
    ["during last week's outage, we lost logs", "during the outage in the week of 2026-11-16, we lost logs"],
    ["this week's goals are set", "the goals in the week of 2026-11-23 are set"],
    ["last week's deploy failed", "the deploy in the week of 2026-11-16 failed"],
    ["last night's deploy", "the 2026-11-28 deploy"],
    ["tomorrow’s standup", "the 2026-11-30 standup"],
    ["Last Friday's incident", "The 2026-11-27 incident"],
    ["today's `deploy` run", "the 2026-11-29 `deploy` run"],
  ])("%s → %s", (input, expected) => {
    expect(at(input)).toBe(expected);
  });

  it.each([
    `"yesterday's"`,
    "Last week's outage report is out",
    "Today's the deadline",
    "Today's been busy",
    "It was yesterday's.",
    "that was last week's",
  ])('%j is left alone (no noun, an \'s that is "is", a noun phrase that goes on)', (input) => {
    expect(at(input)).toBe(input);
  });
});

describe("parts of a day, quarters, in N days", () => {
  it.each([
    ["This afternoon we met", "On 2026-11-29 we met"],
    ["this evening", "2026-11-29"],
    ["Last night the job died", "On 2026-11-28 the job died"],
    ["yesterday afternoon", "2026-11-28"],
    ["tomorrow morning", "2026-11-30"],
    ["since yesterday evening", "since 2026-11-28"],
    ["next quarter", "2027-Q1"],
    ["this quarter", "2026-Q4"],
    ["two quarters ago", "2026-Q2"],
    ["a quarter from now", "2027-Q1"],
    ["We will revisit in 2 quarters", "We will revisit in 2027-Q2"],
    ["We will ship in 3 weeks", "We will ship in the week of 2026-12-14"],
    ["It's due in 2 days", "It's due on 2026-12-01"],
    ["The release is in 2 weeks", "The release is in the week of 2026-12-07"],
    ["In 2 weeks we'll migrate", "In the week of 2026-12-07 we'll migrate"],
    ["We'll revisit in a month", "We'll revisit in 2026-12"],
    ["Let's check back in 5 days", "Let's check back on 2026-12-04"],
    ["It will be finished in 2 days", "It will be finished on 2026-12-01"],
    ["The trial ends in one year", "The trial ends in 2027"],
    ["오늘아침 회의", "2026-11-29 아침 회의"],
    ["오늘밤에 배포", "2026-11-29 밤에 배포"],
    ["내일 오후", "2026-11-30 오후"],
    ["오늘오후는 쉰다", "2026-11-29 오후는 쉰다"],
    ["어젯저녁", "2026-11-28 저녁"],
    ["지난밤 배포가 실패했다", "2026-11-28 밤 배포가 실패했다"],
    ["간밤에", "2026-11-28 밤에"],
    ["지난분기에", "2026년 3분기에"],
    ["다음 분기부터", "2027년 1분기부터"],
    ["이번 분기가 끝나면", "2026년 4분기가 끝나면"],
    ["매출이 지난 분기 대비 늘었다", "매출이 2026년 3분기 대비 늘었다"],
    ["나흘 전", "2026-11-25"],
    ["닷새 뒤", "2026-12-04"],
    ["열흘 후", "2026-12-09"],
    ["보름 전에", "2026-11-14에"],
  ])("%s → %s", (input, expected) => {
    expect(at(input)).toBe(expected);
  });

  it.each([
    // "in N <unit>" without a future cue may be a duration (as "done in 3 weeks")
    "in 2 days",
    "We finished it in 2 days",
    "built in 2 weeks",
    "I will note it was built in 2 days",
    "we said we'd ship in 2 days",
    "Due to the outage it was fixed in 2 days",
    "within 2 days",
    // spans and code branches
    "the last night of the conference",
    "the last quarter of the game",
    "if문의 다음 분기로 간다",
    "이번 분기에서 else로 빠진다",
    "이번 분기에서 `err`를 돌려준다",
    "조건이 거짓이면 다음 분기로",
    "회의 다음 분기",
    "다음 분기점",
    "이번 분기별 목표",
    "오늘아침밥",
    "어제밤샘",
  ])("%j is left alone", (input) => {
    expect(at(input)).toBe(input);
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
    ["last night", "2025-12-31"],
    ["last quarter", "2025-Q4"],
    ["this quarter", "2026-Q1"],
    ["a quarter ago", "2025-Q4"],
    ["지난 분기", "2025년 4분기"],
    ["어젯밤", "2025-12-31 밤"],
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
    expect(at("last night", t, "Asia/Seoul")).toBe("2026-11-29");
    expect(at("this morning", t, "Asia/Seoul")).toBe("2026-11-30");
    expect(at("this morning", t)).toBe("2026-11-29");
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

describe("tester 5c: quotations, generic possessives, grammar (reference Wednesday 2026-01-14)", () => {
  const WED = Date.parse("2026-01-14T10:00:00Z");
  it.each([
    'The user said: "do it tomorrow, not today".',
    "The user said: “do it tomorrow, not today”.",
    "그는 “내일 하자, 오늘 말고”라고 했다.",
    "그는 「내일 하자」라고 했다.",
    "『어제 일은 잊자』",
    'She wrote "we shipped it yesterday" in the log',
    'He said "we ship tomorrow" and "last week was rough"',
    "« see you tomorrow »",
    "“a quotation that goes on\nto the next line tomorrow”",
    // generic possessives: whatever day it is
    "The Today widget on the dashboard shows today's signups.",
    "The dashboard shows today's signups.",
    "The daily digest lists yesterday's errors.",
    "Every morning the bot posts today's standup notes",
    "The report covers this month's revenue.",
    "The widget displays this week's deploys",
    "대시보드에 오늘의 매출을 보여 준다.",
    "매일 오늘의 할 일을 띄운다",
    "오늘의 할 일",
    "오늘의 명언을 읽는다",
    "위젯은 어제의 가입자 수를 표시한다.",
  ])("%j is left alone", (input) => {
    const r = absolutizeDates(input, WED);
    expect(r.text).toBe(input);
    expect(r.changes).toEqual([]);
  });

  it.each([
    // outside the quotation, dates still change; an unpaired quote (an inch mark) quotes nothing
    ['He said "ship it" yesterday', 'He said "ship it" on 2026-01-13'],
    ['I said "no" and we shipped tomorrow', 'I said "no" and we shipped on 2026-01-15'],
    ['a 27" monitor arrived yesterday', 'a 27" monitor arrived on 2026-01-13'],
    ['"ok" yesterday, "fine" today', '"ok" on 2026-01-13, "fine" on 2026-01-14'],
    ["그는 “좋다”고 했고 어제 배포했다", "그는 “좋다”고 했고 2026-01-13에 배포했다"],
    ['`say "x` yesterday "y"', '`say "x` on 2026-01-13 "y"'],
    // possessives with no recurring cue still change
    ["today's deploy failed", "the 2026-01-14 deploy failed"],
    ["yesterday's outage was caused by DNS", "the 2026-01-13 outage was caused by DNS"],
    ["오늘의 배포는 실패했다", "2026-01-14의 배포는 실패했다"],
    ["어제의 장애 때문에 늦었다", "2026-01-13의 장애 때문에 늦었다"],
    // English month/quarter/year adverbs get "in" after a word holding a digit
    ["ship v3 next month", "ship v3 in 2026-02"],
    ["We ship v2 next week and v3 next month.", "We ship v2 in the week of 2026-01-19 and v3 in 2026-02."],
    ["Move to S3 next quarter", "Move to S3 in 2026-Q2"],
    ["We moved to k8s last year", "We moved to k8s in 2025"],
    ["Release 2.0 ships at 3pm tomorrow", "Release 2.0 ships at 3pm on 2026-01-15"],
    ["Nov 12 last year", "Nov 12 2025"],
    [
      "The user joined the team last year and was promoted this year.",
      "The user joined the team in 2025 and was promoted in 2026.",
    ],
    // Korean time adverbs get 에 when no particle follows and a verb or (day, week) an object does
    ["어제 마이그레이션을 했다", "2026-01-13에 마이그레이션을 했다"],
    ["어제 PR을 머지했다", "2026-01-13에 PR을 머지했다"],
    ["지난주 서버를 옮겼다", "2026-01-05 주간에 서버를 옮겼다"],
    ["작년 입사했다", "2025년에 입사했다"],
    ["다음 달 이사한다", "2026-02에 이사한다"],
    ["내일 배포하고 쉰다", "2026-01-15에 배포하고 쉰다"],
    ["3일 전 고쳤다", "2026-01-11에 고쳤다"],
    ["어젯밤 배포했다", "2026-01-13 밤에 배포했다"],
    ["어제 수정함", "2026-01-13에 수정함"],
    ["어제 배포한 코드", "2026-01-13에 배포한 코드"],
    // …and stay bare before a noun they may modify, or when a particle is there
    ["지난 분기 매출을 분석했다", "2025년 4분기 매출을 분석했다"],
    ["작년 매출을 넘었다", "2025년 매출을 넘었다"],
    ["내일 출시", "2026-01-15 출시"],
    ["어제 회의에서 정했다", "2026-01-13 회의에서 정했다"],
    ["다음 달 기한", "2026-02 기한"],
    ["어제는 쉬었다", "2026-01-13에는 쉬었다"],
    ["모레 회의가 있다. 그저께 장애가 났다.", "2026-01-16 회의가 있다. 2026-01-12 장애가 났다."],
  ])("%s → %s", (input, expected) => {
    expect(at(input, WED)).toBe(expected);
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
    "this morning",
    "tonight",
    "last night",
    "Last night",
    "last quarter",
    "next quarter",
    "in 2 days",
    "in 3 weeks",
    "will",
    "expires",
    "'s",
    "deploy",
    "outage",
    "Today",
    "I",
    "Learned",
    "Yesterday's",
    "last week's",
    "--since=",
    "--since",
    "git log",
    "$ ",
    "=",
    '"',
    "(",
    ":",
    "@{",
    "오늘밤에",
    "어젯밤",
    "지난 분기",
    "이틀 뒤",
    "오늘",
    "아침",
    "분기",
    "if",
    "“",
    "”",
    "「",
    "」",
    "v3",
    "next month",
    "shows",
    "dashboard",
    "today's",
    "signups",
    "오늘의",
    "의",
    "마이그레이션을",
    "했다",
    "배포한",
    "매일",
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
      { numRuns: 3000 },
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
