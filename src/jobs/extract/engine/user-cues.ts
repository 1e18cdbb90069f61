/** English words of the user rules: role nouns and amounts of experience. */

/** Role nouns ("engineer", "dev", "sre", …), an alternation for a RegExp. */
export const ROLE =
  "engineer|developer|dev|programmer|coder|scientist|designer|manager|pm|student|researcher|architect|analyst|sre|admin|administrator|lead|founder|co-founder|cto|ceo|consultant|contractor|freelancer|maintainer|beginner|newbie|novice|intern|hobbyist|professor|teacher|writer|specialist|expert|veteran|dba|tester";
/** An amount of time ("about 10 years", "a couple of months", "a decade"), an alternation for a RegExp. */
export const COUNT =
  "(?:(?:about|almost|over|nearly|around|roughly|like|more than|well over|close to|the (?:last|past))\\s+)?(?:\\d+\\+?|a few|a couple of|many|several|two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|fifteen|twenty)\\s+(?:years?|months?)|a decade|(?:over|almost|more than) a decade";
