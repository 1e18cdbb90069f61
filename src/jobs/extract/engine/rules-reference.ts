/**
 * Reference rules: pointers to external systems ("tracked in Linear project X", "the Grafana
 * dashboard is at <url>", "#deploys on Slack", "the runbook is at …", "docs live in Notion").
 * Claude Code 2.1.x: `reference` = "pointers to external systems: Linear project, Grafana board,
 * Slack channel". A URL in a task request ("fetch https://…", "look at …/issues/3") is not one.
 */
import { applyClause, oneLine, splitReason } from "./compose.js";
import { capitalize, generalCue, isKorean, norm, objection, stripFiller, tidy } from "./cues.js";
import { memoryName } from "./name.js";
import { hostOf, linkOnly, SINGLE_ITEM, SYSTEMS, URL } from "./reference-systems.js";
import { koreanPointer } from "./rules-reference-ko.js";
import type { RuleOutcome, Sentence } from "./types.js";

const CHANNEL = /(?:^|\s)(#[a-z0-9][\w-]{1,60})\b/;
/** "in #db-requests", "ask on #platform-oncall": a hyphenated #name after a preposition is a channel. */
const CHANNEL_BY_FORM =
  /\b(?:in|on|to|via|into|ping|pinging|ask|message|dm)\s+(?:the\s+)?#[a-z][a-z0-9]*-[\w-]+|\b(?:posted|post|posts|announced?|shared|asked?|questions?|goes|go|lands?)\s+(?:it\s+)?(?:in|on|to|into)\s+(?:the\s+)?#[a-z][\w-]+/;
/** "#qa-help 에 물어보면 돼요", "#deploys로 올려요": a #name with a Korean locative particle is a channel. */
const CHANNEL_BY_FORM_KO = /#[a-z][\w-]*\s*(?:에서|에|으로|로)(?=\s|$)/;
/**
 * A standing pointer to a channel: a situation, then where to go ("when a preview deploy fails, post
 * in #platform-oncall", "if you need a schema change, it goes through the DBAs in #db-requests").
 */
const CHANNEL_POINTER =
  /^(?:when|whenever|if|any|all|for)\b.*\b(?:(?:in|on|to|via|into|through)\s+(?:the\s+)?|ping\s+|ask\s+|message\s+)#[a-z]/;
const KINDS: [RegExp, string][] = [
  [/\b(?:dashboard|board|graphs?|panel)\b/, "dashboard"],
  [/\brunbooks?\b/, "runbook"],
  [/\b(?:docs|documentation|spec|specs|design docs?|wiki|handbook)\b/, "docs"],
  [/\bchannel\b/, "channel"],
  [/\b(?:project|tracker|backlog)\b/, "project"],
];
const TRACKED =
  /\b(?:tracked|tracking|filed|logged|managed|planned)\s+(?:in|on|via|through|using)\s+(?:the\s+)?(?:[\w-]+\s+)??(?:linear|jira|github|gitlab|asana|trello|notion)\b(?:\s+issues)?(?:\s+(project|board|team|space)\s+["']?([\w.#/-]+(?: [A-Z0-9][\w.#/-]*){0,3})["']?)?|\bwe track\b/i;
/**
 * "we use Jira for tickets(: <url>)": a named external system and what it is for. The system must
 * be the whole tool name ("we use linear interpolation for …" is not Linear).
 */
const USE_FOR =
  /^(?:we|our team|the team|the company)\s+(?:use|uses|are using|track (?:\w+ )?(?:in|with)|manage (?:\w+ )?(?:in|with))\s+(?:the\s+)?([\w.-]+(?: [\w.-]+)?)\s+for\s+(?:our\s+|the\s+|all\s+)?([\w -]{2,40}?)\s*(?:(?::|-|—|at|is at|here)\s*(https?:\/\/\S+))?$/;

/** An internal short link ("go/runbooks/db-failover"): a pointer like a URL. */
const GO_LINK = /(?:^|\s)(go\/[\w][\w/.-]*[\w/])/;
/** "… before touching replicas", "… whenever a deploy fails": the instruction holds for a kind of situation. */
const STANDING_SITUATION =
  /\b(?:before|when|whenever|every time|each time)\s+(?:you\s+)?\w+ing\b|\bwhenever\b|\bif (?:it|that|this) (?:ever )?happens\b/;
const TASK_VERB =
  /\b(?:fix|implement|look into|investigate|debug|take a look|handle|resolve|address|work on|can you|could you)\b/;
/** Forms of a pointer sentence (lowercased text): where something lives, is posted or is looked up. */
const POINTER_FORMS: RegExp[] = [
  /\b(?:we|the team|they)\s+(?:keep|store|put|document|host|collect|post)\s+(?:[\w.'-]+\s+){1,5}?(?:in|on|at|under|to|into)\s+(?:the\s+)?(?:[\w.-]+\s+)?(?:grafana|datadog|kibana|sentry|notion|confluence|jira|linear|slack|figma|wiki|google docs?|drive|#[a-z])/,
  /\b(?:is|are)\s+(?:all|always|usually|mostly|kept|now)\s+(?:on|at|in|under)\b/,
  /\b(?:is|are|lives?|sits?|can be found|is kept|are kept|is documented|are documented|is hosted|goes|go|get posted|are posted|is posted|lands?|shows? up|ends? up|flows?|(?:get|gets|are|is) (?:reported|logged|sent|collected|tracked|captured))\s+(?:on|at|in|under|to|into)\b/,
  /\b(?:is|are)\s+(?:described|explained|documented|written up|listed|summari[sz]ed)\s+(?:on|at|in|under)\b/,
  /\b(?:hangs? out|chats?|discuss(?:es)?|talks?|coordinates?)\s+(?:on|in)\s+(?:the\s+)?#[a-z]/,
  /\b(?:it|they|that)(?:'s|'re)\s+(?:on|at|in|under)\b/,
  /\b(?:board|dashboard|page|runbook|wiki|docs|channel)\s*(?:at|:)\s/,
  /\b(?:board|dashboard|page|runbook|wiki|docs?|tracker|document|spec|source of truth|schedule|calendar|playbook|guide|handbook|postmortems?|readme|sheet|spreadsheet|rota|rotation)\s*(?:(?:is|are)\s+(?:at\s+|in\s+|here:?\s+)?|:\s*)(?:the\s+)?(?:[\w-]+\s+){0,4}?(?:https?:\/\/|go\/)/,
  /\b(?:is|are|lives?)\s+here\b[^:]{0,40}:\s*https?:\/\//,
  /\b(?:pages|alerts|notifies|routes to|escalates to)\s+(?:the\s+)?(?:[\w-]+\s+)?(?:service|channel|rotation|schedule|on-?call)\b/,
];
const TASK_START =
  /^(?:fetch|look|read|open|check|tell|show|summarize|summarise|explain|go|visit|download|find|get|review|scrape|browse|compare|clone|curl|see|use|analy[sz]e|investigate|fix|debug|can|could|would|please|pull|grab|load|search|websearch|create|add|implement|update)\b/;

/**
 * The reference rule. Returns a `reference` memory, a reject (a URL in a task request, a
 * question), or `undefined` when the sentence names no external system, URL or channel.
 */
export function referenceRule(s: Sentence): RuleOutcome | undefined {
  const text = stripFiller(s.text);
  const t = norm(text);
  const system = SYSTEMS.find(([r]) => r.test(t))?.[1];
  const url = URL.exec(text)?.[0] ?? GO_LINK.exec(text)?.[1];
  const channel = CHANNEL.exec(t)?.[1];
  const isChannel =
    channel !== undefined &&
    (/\b(?:slack|channel|discord)\b|슬랙|채널/.test(t) ||
      CHANNEL_BY_FORM.test(t) ||
      CHANNEL_BY_FORM_KO.test(t));
  if (!system && !url && !isChannel) return undefined;
  // "we use sentry for errors, the project is acme-web": the clause after the comma is a detail
  const useFor = usedFor(t) ?? usedFor(t.replace(/,.*$/, ""));
  if (useFor) return useForMemory(s, text, useFor, url);
  if (isKorean(text)) return koreanPointer(s, text, system, url, isChannel ? channel : undefined);
  const tracked = TRACKED.exec(text.replace(/\*\*|__/g, ""));
  const pointer =
    tracked !== null || POINTER_FORMS.some((r) => r.test(t)) || (isChannel && CHANNEL_POINTER.test(t));
  if (!pointer) return undefined;
  if (
    (TASK_START.test(t) || TASK_VERB.test(t)) &&
    generalCue(t) === undefined &&
    !STANDING_SITUATION.test(t)
  ) {
    return { kind: "reject", rule: "reference-pointer", reason: "a URL or system in a task request" };
  }
  if (url && SINGLE_ITEM.test(url)) {
    return { kind: "reject", rule: "reference-pointer", reason: "a link to a single issue, PR or commit" };
  }
  const why = objection(s.text);
  if (why) return { kind: "reject", rule: "reference-pointer", reason: why };
  const parts = splitReason(text, s.next);
  const kind = isChannel ? "channel" : tracked ? "project" : (KINDS.find(([r]) => r.test(t))?.[1] ?? "page");
  // a #channel named only by its form ("in #db-requests") may be Slack, Discord or Teams: say "Chat"
  const name = system ?? (isChannel ? (/\bslack\b/.test(t) ? "Slack" : "Chat") : hostOf(url));
  const situation = /^((?:when|whenever|if)\b[^,]{2,80}),/i.exec(parts.rule)?.[1];
  const subject = subjectOf(parts.rule) || (situation ? tidy(situation) : "");
  // "the board is in Grafana. here: <url>": the link in the next sentence belongs to the pointer
  const link = isChannel || url ? undefined : linkOnly(s.next);
  const pointerText = isChannel ? channel : (url ?? link);
  const head = tracked
    ? `${capitalize(subject || "work")} tracked in ${name}${tracked[2] ? ` ${tracked[1]!.toLowerCase()} ${tracked[2]}` : ""}`
    : `${name} ${kind}${subject ? ` for ${subject}` : ""}${pointerText ? `: ${pointerText}` : ""}`;
  const description = oneLine(head);
  const how = parts.tail
    ? `${capitalize(tidy(parts.tail))}.`
    : situation
      ? `${capitalize(tidy(situation))}.`
      : howFor(parts.rule, subject, kind);
  return {
    kind: "memory",
    rule: "reference-pointer",
    memory: {
      type: "reference",
      name: memoryName("reference", `${name} ${subject}`),
      description,
      // the pointer itself must stay in the body, even when splitReason took it for the reason
      body: `${capitalize(tidy(pointerText && !parts.rule.includes(pointerText) && !link ? text : parts.rule))}${link ? ` ${link}` : ""}.\n**How to apply:** ${how}`,
    },
    ...(link ? { absorbsNext: true } : {}),
  };
}

function howFor(rule: string, subject: string, kind: string): string {
  const h = applyClause(rule);
  if (h && /^(?:When|Whenever|Every|Each|Before|After|While|During)\b/.test(h)) return h;
  return subject ? `Consult it when working on ${subject}.` : `Consult the ${kind} when it is relevant.`;
}

/** The system and subject of a "we use <system> for <subject>" sentence, if it names a known system. */
function usedFor(t: string): { system: string; subject: string } | undefined {
  const m = USE_FOR.exec(tidy(t));
  if (!m) return undefined;
  const tool = m[1]!;
  const system = SYSTEMS.find(([r]) => r.test(tool) && tool.replace(r, "").trim() === "")?.[1];
  return system ? { system, subject: tidy(m[2]!) } : undefined;
}

function useForMemory(
  s: Sentence,
  text: string,
  use: { system: string; subject: string },
  url: string | undefined,
): RuleOutcome {
  const why = objection(s.text);
  if (why) return { kind: "reject", rule: "reference-pointer", reason: why };
  const description = oneLine(`${use.system} for ${use.subject}${url ? `: ${url}` : ""}`);
  return {
    kind: "memory",
    rule: "reference-pointer",
    memory: {
      type: "reference",
      name: memoryName("reference", `${use.system} ${use.subject}`),
      description,
      body: `${capitalize(tidy(text))}.\n**How to apply:** Consult ${use.system}${url ? " (link above)" : ""} for ${use.subject}.`,
    },
  };
}

/** The words before the pointer verb ("latency is on …" → "latency"), without articles. */
function subjectOf(rule: string): string {
  const m = /^(.*?)\s+(?:is|are|lives?|sits?|can be|get|gets|goes|go|lands?|shows?|ends?|flows?)\b/i.exec(
    rule,
  );
  if (!m) return "";
  const subj = tidy(m[1]!.replace(/^(?:the|our|all|all the|any)\s+/i, ""));
  if (!subj || /^(?:it|this|that|everything|they|which)$/i.test(subj) || subj.split(" ").length > 5)
    return "";
  if (URL.test(subj) || TASK_START.test(norm(subj))) return "";
  return subj
    .replace(
      /\b(?:grafana|datadog|kibana|sentry|dashboards?|boards?|runbooks?|docs|documentation|channel|page|wiki)\b/gi,
      "",
    )
    .replace(/\s+/g, " ")
    .trim();
}
