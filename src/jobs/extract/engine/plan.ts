/**
 * `planExtraction`: the pure offline engine. Privacy first: every text is scrubbed (`<private>`
 * stripped, secrets redacted) before any rule sees it (DESIGN.md §4 "Extraction job").
 */
import { isoUtc } from "../../../core/clock.js";
import { scrub } from "../../../privacy/index.js";
import type { ConversationMessage } from "../../../transcripts/types.js";
import { clauseMemories } from "./clause-memories.js";
import { saidAsCorrection, settleCorrections } from "./corrections.js";
import {
  appendToRule,
  detailInto,
  isAlternative,
  namesAlternative,
  reasonAfterRule,
  reasonBefore,
} from "./follow-ups.js";
import { foldInto, fragmentKind, reasonInto } from "./fragments.js";
import { splitLead } from "./leads.js";
import { correctionRule } from "./rules-correction.js";
import { explicitRule } from "./rules-explicit.js";
import { factRule } from "./rules-facts.js";
import { feedbackRule } from "./rules-feedback.js";
import { findRuleList, listItemMemory } from "./rules-list.js";
import { projectRule } from "./rules-project.js";
import { referenceRule } from "./rules-reference.js";
import { userRule } from "./rules-user.js";
import { containsSecretText } from "./secrets.js";
import { cleanUserText, dedupeKey, splitSentencesDetailed } from "./sentences.js";
import type { ExtractionPlan, PlanContext, PlannedMemory, RuleOutcome, Sentence } from "./types.js";

/** Memory rules in priority order; the first that claims a sentence decides it. */
const MEMORY_RULES: ((s: Sentence) => RuleOutcome | undefined)[] = [
  explicitRule,
  userRule,
  referenceRule,
  // "we migrated from mocha to vitest" changes a choice: a correction, before a project event
  correctionRule,
  projectRule,
  (s) => feedbackRule(s),
];

/** Skip reason of a message with a sentence that contained a secret (redacted or stated in prose). */
export const CONTAINS_SECRET = "contains_secret";

/** True when any text of a planned memory still carries a secret (e.g. from a reason sentence). */
function memoryHasSecret(out: Extract<RuleOutcome, { kind: "memory" }>): boolean {
  const m = out.memory;
  return containsSecretText(`${m.name}\n${m.description}\n${m.body}`);
}

/** The outcome of the memory rules (the first that claims the sentence) and of the fact rule. */
interface Decision {
  claimed?: RuleOutcome;
  facts?: RuleOutcome;
  /** Memories from the other clauses of a sentence that became a reference pointer. */
  also?: Extract<RuleOutcome, { kind: "memory" }>[];
}

/**
 * Runs the memory rules in priority order on `s`, then the fact rule, unless the explicit rule
 * decided the sentence or it became a reference pointer.
 */
function decide(s: Sentence): Decision {
  let claimed: RuleOutcome | undefined;
  for (const rule of MEMORY_RULES) {
    claimed = rule(s);
    if (claimed) break;
  }
  const memory = claimed?.kind === "memory" ? claimed : undefined;
  const pointer = memory?.memory.type === "reference";
  const factsToo = claimed?.rule !== "explicit" && !pointer;
  if (!memory) return { claimed, facts: factsToo ? factRule(s) : undefined };
  const clauses = clauseMemories(s, memory, MEMORY_RULES);
  return { claimed: clauses.main, facts: factsToo ? factRule(s) : undefined, also: clauses.also };
}

/** True when a decision stores something (a memory or project facts). */
function yields(d: Decision): boolean {
  return d.claimed?.kind === "memory" || d.claimed?.kind === "facts" || d.facts?.kind === "facts";
}

/** How many sentences after the current one a memory took in (`absorbsFollowing`, or 1 for `absorbsNext`). */
function absorbedCount(out: Extract<RuleOutcome, { kind: "memory" }>): number {
  return out.absorbsFollowing ?? (out.absorbsNext === true ? 1 : 0);
}

/** YYYY-MM-DD of an ISO timestamp, or of `nowMs` when the timestamp is missing or invalid. */
function dateOf(timestamp: string, nowMs: number): string {
  return /^\d{4}-\d{2}-\d{2}/.test(timestamp) ? timestamp.slice(0, 10) : isoUtc(nowMs).slice(0, 10);
}

/**
 * Plans what to remember from conversation messages (in transcript order).
 * - Only `prompt` messages are mined: the user's own text. Compaction summaries are skipped, quotes
 *   of the user included (the summarizer's copy of words already mined, or of a preference the user
 *   has since changed); `assistant` messages are ignored; sidechain (subagent) prompts are skipped:
 *   an agent wrote them, not the user.
 * - Each message is scrubbed, cleaned (code, logs, quotes, markup, slash commands, long pastes
 *   dropped), split into sentences; sentences already seen in this batch are skipped.
 * - A sentence that contains a secret (`[REDACTED:…]` from privacy, or a credential stated in
 *   prose) is never mined, nor is a memory built with it as its reason or `;` continuation: the
 *   message gets the skip reason `contains_secret` (even when other sentences yielded).
 * - A sentence that opens with a lead-in before a colon ("hold on, before you push: never
 *   force-push …") is mined without it when that yields (`leads.ts`); a follow-up fragment
 *   ("… instead", "…면 돼요") folds into the memory before it, even across one plain statement,
 *   and that statement becomes the memory's reason when it gave none and is about the same thing.
 * - Per sentence, the first memory rule that claims it decides (memory or reject); the fact rule
 *   runs too unless the explicit rule claimed the sentence or it became a reference memory. A
 *   memory that took in the `;` continuation (`absorbsNext`) or the following sentences of a
 *   self-introduction (`absorbsFollowing`) consumes them.
 * Memories with the same type and description are merged (sources unioned). Pure: no I/O, no clock.
 */
export function planExtraction(messages: ConversationMessage[], ctx: PlanContext): ExtractionPlan {
  const memories: PlannedMemory[] = [];
  const byKey = new Map<string, PlannedMemory>();
  const projectFacts: string[] = [];
  const factKeys = new Set<string>();
  const skipped: ExtractionPlan["skipped"] = [];
  const seen = new Set<string>();
  /** Detail sentences already added to a memory (follow-ups.ts). */
  const details = new Map<PlannedMemory, number>();

  for (const msg of messages) {
    if (msg.kind === "assistant") continue;
    if (msg.isSidechain) {
      skipped.push({ uuid: msg.uuid, reason: "sidechain: written by an agent, not the user" });
      continue;
    }
    if (msg.kind !== "prompt") {
      skipped.push({ uuid: msg.uuid, reason: "compaction summary: the summarizer's words, not the user's" });
      continue;
    }
    const texts = [scrub(msg.text)];
    const date = dateOf(msg.timestamp, ctx.nowMs);
    let yielded = false;
    let secret = false;
    let reason: string | undefined;

    for (const text of texts) {
      const cleaned = cleanUserText(text);
      if (cleaned.drop !== undefined) {
        reason ??= cleaned.drop;
        continue;
      }
      // "a few rules for this repo:\n- conventional commits\n- ask before adding a dependency": one memory per item
      let prose = cleaned.prose;
      const list = findRuleList(prose);
      if (list) {
        const claimed = new Set([list.lines[0]!]);
        for (const [k, item] of list.items.entries()) {
          if (containsSecretText(item)) {
            secret = true;
            claimed.add(list.lines[k + 1]!);
            continue;
          }
          const out = listItemMemory(item, list.intro, date);
          if (out === undefined) continue;
          claimed.add(list.lines[k + 1]!);
          const key = dedupeKey(item);
          if (key === "" || seen.has(key)) continue;
          seen.add(key);
          if (out.kind === "reject") reason ??= `${out.rule}: ${out.reason}`;
          else if (out.kind === "memory")
            yielded = addMemory(out, { text: item, next: "", uuid: msg.uuid, date }) || yielded;
        }
        prose = prose
          .split("\n")
          .filter((_l, n) => !claimed.has(n))
          .join("\n");
      }
      const sentences = splitSentencesDetailed(prose);
      /** The memory the previous sentence of this text produced: a fragment after it folds into it. */
      let prev: PlannedMemory | undefined;
      /** A memory a follow-up ("… instead") may still fold into after one plain statement. */
      let carried: { memory: PlannedMemory; until: number } | undefined;
      /** The previous sentence when it yielded nothing: the cause of a "so …" / "그래서 …" rule after it. */
      let plain: string | undefined;
      for (let i = 0; i < sentences.length; i++) {
        const before = prev;
        const plainBefore = plain;
        prev = undefined;
        plain = undefined;
        const sentence = sentences[i]!.text;
        const key = dedupeKey(sentence);
        if (key === "" || seen.has(key)) {
          reason ??= "already seen in this batch";
          continue;
        }
        seen.add(key);
        if (containsSecretText(sentence)) {
          secret = true;
          continue;
        }
        // "Keep those in separate PRs…" after a rule: part of that memory, never one of its own
        // "that goes for everything you write here: <rule>" is a lead-in, not a fragment
        const frag = splitLead(sentence) === undefined ? fragmentKind(sentence) : undefined;
        const target = before ?? (frag === "follow-up" && carried?.until === i ? carried.memory : undefined);
        if (frag !== undefined && (target || frag === "anaphoric")) {
          if (target) {
            foldInto(target, sentence);
            prev = target;
          } else reason ??= "fragment: only makes sense with the sentence before it";
          continue;
        }
        const s: Sentence = {
          text: sentence,
          next: sentences[i + 1]?.text ?? "",
          nextAfterSemicolon: sentences[i]!.semicolonNext,
          rest: sentences.slice(i + 1).map((x) => x.text),
          uuid: msg.uuid,
          date,
        };
        let d = decide(s);
        // "hold on though, before you push: never force-push …": the statement after a lead-in is
        // what to mine (an explicit "remember: …" keeps its colon)
        const split = d.claimed?.rule === "explicit" ? undefined : splitLead(sentence);
        if (split) {
          const d2 = decide({ ...s, text: split.rest, lead: split.lead });
          if (yields(d2)) d = d2;
        }
        const out = d.claimed;
        // the rule of the sentence before, or of the one before its reason
        const ruleBefore = before ?? (carried?.until === i ? carried.memory : undefined);
        if (out?.kind === "reject" && before && namesAlternative(before, sentence)) {
          // "no `any` anywhere. use `unknown` and narrow it": the alternative of the rule before
          appendToRule(before, sentence);
          prev = before;
          yielded = true;
        } else if (out?.kind === "reject") reason ??= `${out.rule}: ${out.reason}`;
        else if (out?.kind === "facts") {
          if (out.facts.some(containsSecretText)) secret = true;
          else yielded = addFacts(out.facts) || yielded;
        } else if (out?.kind === "memory") {
          const absorbed = sentences.slice(i + 1, i + 1 + absorbedCount(out)).map((x) => x.text);
          if (absorbed.some(containsSecretText)) secret = true;
          else if (memoryHasSecret(out)) secret = true;
          else if (ruleBefore && isAlternative(ruleBefore, out.memory)) {
            // "never edit applied migrations. always add a new file", also after the rule's reason
            // ("… We got burned when …. Use the docker-compose Postgres instead"): one instruction, one memory
            appendToRule(ruleBefore, out.memory.body.split("\n")[0]!);
            prev = ruleBefore;
            yielded = true;
          } else {
            yielded = addMemory(out, s) || yielded;
            prev = byKey.get(`${out.memory.type}:${dedupeKey(out.memory.description)}`);
            if (prev) reasonBefore(prev, plainBefore, sentence);
            for (const a of absorbed) seen.add(dedupeKey(a));
            i += absorbed.length;
          }
        }
        for (const extra of d.also ?? []) {
          if (memoryHasSecret(extra)) secret = true;
          else yielded = addMemory(extra, s) || yielded;
        }
        const f = d.facts;
        if (f?.kind === "facts") {
          if (f.facts.some(containsSecretText)) secret = true;
          else yielded = addFacts(f.facts) || yielded;
        } else if (f?.kind === "reject") reason ??= `${f.rule}: ${f.reason}`;
        // a plain statement between a rule and its alternative ("…. Our CI fails on it. Use X instead")
        plain = out === undefined && f === undefined && !/[?？]/.test(sentence) ? sentence : undefined;
        const last = before ?? (carried?.until === i ? carried.memory : undefined);
        if (out === undefined && f === undefined && last && !/[?？]/.test(sentence)) {
          // the reason first, then details about the same thing in the user's words
          const taken = last === before && (reasonInto(last, sentence) || reasonAfterRule(last, sentence));
          if (taken || detailInto(last, sentence, details.get(last) ?? 0)) {
            if (!taken) details.set(last, (details.get(last) ?? 0) + 1);
            carried = { memory: last, until: i + 1 };
          } else if (last === before) carried = { memory: before, until: i + 1 };
        }
      }
    }
    // a sentence with a secret is never mined; say so even when other sentences yielded
    if (secret) skipped.push({ uuid: msg.uuid, reason: CONTAINS_SECRET });
    else if (!yielded)
      skipped.push({ uuid: msg.uuid, reason: reason ?? "no rule matched (ordinary request)" });
  }
  return { memories: settleCorrections(memories, ctx.nowMs), projectFacts, skipped };

  function addFacts(facts: string[]): boolean {
    for (const f of facts) {
      const k = dedupeKey(f);
      if (k === "" || factKeys.has(k)) continue;
      factKeys.add(k);
      projectFacts.push(f);
    }
    return facts.length > 0;
  }

  function addMemory(out: Extract<RuleOutcome, { kind: "memory" }>, s: Sentence): boolean {
    const key = `${out.memory.type}:${dedupeKey(out.memory.description)}`;
    const have = byKey.get(key);
    if (have) {
      if (!have.sources?.includes(s.uuid)) have.sources = [...(have.sources ?? []), s.uuid];
      return true;
    }
    const m: PlannedMemory = {
      ...out.memory,
      rule: out.rule,
      originSessionId: ctx.sessionId,
      sources: [s.uuid],
      ...(saidAsCorrection(s.text) ? { corrects: true } : {}),
    };
    byKey.set(key, m);
    memories.push(m);
    return true;
  }
}
