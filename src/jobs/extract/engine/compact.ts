/**
 * Mining Claude Code compaction summaries (`isCompactSummary` messages). The summary prompt of
 * Claude Code 2.1.x asks for a section "All user messages" (and user feedback under "Errors and
 * fixes"); the user's own words appear there in quotes. Only quoted words are mined: the
 * summarizer's paraphrase ("User asked to …") is the model's text, not the user's.
 */

const SECTION_HEAD = /^\s*(?:\d+\.|#+)\s*\**\s*([^:\n*]+?)\s*\**\s*:?\s*\**\s*$/;
const USER_MESSAGES = /all user messages/i;
const USER_LINE =
  /\buser(?:'s)?\s+(?:said|says|wrote|asked|feedback|told|corrected|requested|request|message|explicitly|instruction|preference|replied|answered)/i;
const QUOTED = /"([^"\n]{2,400})"|“([^”\n]{2,400})”/g;

/**
 * The user's quoted words in a compaction summary, in order: every quote on the lines of the
 * "All user messages" section, and quotes on lines that attribute words to the user
 * ("User said: …", "User feedback: …"). Returns [] for text that is not a summary.
 */
export function summaryUserQuotes(text: string): string[] {
  const out: string[] = [];
  let inUserSection = false;
  for (const line of text.replace(/\r\n?/g, "\n").split("\n")) {
    const head = SECTION_HEAD.exec(line);
    if (head) {
      inUserSection = USER_MESSAGES.test(head[1]!);
      continue;
    }
    if (!inUserSection && !USER_LINE.test(line)) continue;
    for (const m of line.matchAll(QUOTED)) {
      const q = (m[1] ?? m[2] ?? "").trim();
      if (q) out.push(q);
    }
  }
  return out;
}
