/**
 * Reference rules: pointers to external systems ("tracked in Linear project X", "the Grafana
 * dashboard is at <url>", "#deploys on Slack", "the runbook is at …", "docs live in Notion").
 * Claude Code 2.1.x: `reference` = "pointers to external systems: Linear project, Grafana board,
 * Slack channel". A URL in a task request ("fetch https://…", "look at …/issues/3") is not one.
 */
import { applyClause, memoryName, oneLine, splitReason } from "./compose.js";
import { capitalize, generalCue, isKorean, norm, objection, stripFiller, tidy } from "./cues.js";
import type { RuleOutcome, Sentence } from "./types.js";

const SYSTEMS: [RegExp, string][] = [
  [/\bgrafana\b|그라파나/, "Grafana"],
  [/\bdatadog\b|데이터독/, "Datadog"],
  [/\bkibana\b|키바나/, "Kibana"],
  [/\bsentry\b|센트리/, "Sentry"],
  [/\bnew ?relic\b/, "New Relic"],
  [/\bhoneycomb\b/, "Honeycomb"],
  [/\bpagerduty\b/, "PagerDuty"],
  [/\bopsgenie\b/, "Opsgenie"],
  [/\blinear\b|리니어/, "Linear"],
  [/\bjira\b|지라/, "Jira"],
  [/\bgithub (?:issues|projects?|discussions|wiki)\b/, "GitHub"],
  [/\bgitlab (?:issues|boards?|wiki)\b/, "GitLab"],
  [/\bnotion\b|노션/, "Notion"],
  [/\bconfluence\b|컨플루언스/, "Confluence"],
  [/\bslack\b|슬랙/, "Slack"],
  [/\bdiscord\b/, "Discord"],
  [/\b(?:ms |microsoft )?teams channel\b/, "Teams"],
  [/\bgoogle (?:docs?|drive|sheets?)\b/, "Google Docs"],
  [/\bfigma\b|피그마/, "Figma"],
  [/\bmetabase\b/, "Metabase"],
  [/\blooker\b/, "Looker"],
  [/\bprometheus\b/, "Prometheus"],
  [/\bstatuspage\b/, "Statuspage"],
  [/\bsplunk\b/, "Splunk"],
  [/\bcloudwatch\b/, "CloudWatch"],
  [/\bjaeger\b/, "Jaeger"],
  [/\bbuildkite\b/, "Buildkite"],
  [/\btrello\b/, "Trello"],
  [/\basana\b/, "Asana"],
  [/\bposthog\b/, "PostHog"],
  [/\bamplitude\b/, "Amplitude"],
  [/\bmixpanel\b/, "Mixpanel"],
  [/\blaunchdarkly\b/, "LaunchDarkly"],
  [/\bbackstage\b/, "Backstage"],
];

const URL = /\bhttps?:\/\/[^\s<>()"'`]*[^\s<>()"'`.,;:!?]/;
const CHANNEL = /(?:^|\s)(#[a-z0-9][\w-]{1,60})\b/;
/** "in #db-requests", "ask on #platform-oncall": a hyphenated #name after a preposition is a channel. */
const CHANNEL_BY_FORM = /\b(?:in|on|to|via|into)\s+#[a-z][a-z0-9]*-[\w-]+/;
/**
 * A standing pointer to a channel: a situation, then where to go ("when a preview deploy fails, post
 * in #platform-oncall", "if you need a schema change, it goes through the DBAs in #db-requests").
 */
const CHANNEL_POINTER = /^(?:when|whenever|if|any|all|for)\b.*\b(?:in|on|to|via|into|through)\s+#[a-z]/;
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

/**
 * Korean pointer: "버그는 Jira PAY 보드에서 관리해요", "대시보드는 Grafana에 있어요". A request
 * ("…에서 확인해줘", "…에 올려줘") is not one.
 */
const POINTER_KO =
  /(?:에서|에|로|으로)\s*(?:관리|추적|트래킹|기록|정리|공유)(?:해요|합니다|해|한다|돼요|됩니다|된다|하고 있어요|하고 있습니다|하고 있어|하고 있다|중이에요|중입니다)?(?=$|[\s:：,.]|\s*https?:)|(?:에|에서)\s*(?:있어요|있습니다|있어|있다|있음|올라가요|올라갑니다|올라와요)(?=$|[\s:：,.])/;
const REQUEST_KO = /(?:줘|줘요|주세요|해줄래|할래|하자|해라|봐|봐요|보세요)(?:\s*[:：]\s*\S+)?\s*$/;
/**
 * Where things are posted or looked up, stated as the team's habit ("…프로젝트에 올려요", "…에서 보면
 * 돼요", "…채널에 물어보면 인프라팀이 봐줘요"): a pointer whatever the sentence ends with, since the
 * request-like ending belongs to someone else ("인프라팀이 봐줘요").
 */
const HABIT_KO =
  /(?:에|에서|로|으로)\s*(?:올려요|올립니다|올려야 해요|등록해요|등록합니다|남겨요|남깁니다|보면 돼요|보면 됩니다|볼 수 있어요|볼 수 있습니다|확인하면 돼요|확인할 수 있어요)(?=$|[\s:：,.])|(?:에|에서|에게)\s*(?:물어보면|문의하면|올리면|요청하면|말하면)\s/;
/** "버그는 …": the topic of a Korean sentence, the subject of the pointer. */
const TOPIC_KO = /^([\p{L}\p{N} ]{1,20}?)(?:은|는)\s/u;

/** A URL to one issue / PR / commit is task context, not a standing pointer. */
const SINGLE_ITEM = /\/(?:issues|pull|pulls|merge_requests|commit|commits)\/\d+|\/browse\/[A-Z][A-Z0-9]*-\d+/;
const TASK_VERB =
  /\b(?:fix|implement|look into|investigate|debug|take a look|handle|resolve|address|work on|can you|could you)\b/;
const POINTER =
  /\b(?:is|are|lives?|sits?|can be found|is kept|are kept|is documented|are documented|is hosted|goes|go|get posted|are posted|is posted)\s+(?:on|at|in|under|to)\b|\b(?:board|dashboard|page|runbook|wiki|docs|channel)\s*(?:at|:)\s/;
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
  const url = URL.exec(text)?.[0];
  const channel = CHANNEL.exec(t)?.[1];
  const isChannel =
    channel !== undefined && (/\b(?:slack|channel|discord)\b|슬랙|채널/.test(t) || CHANNEL_BY_FORM.test(t));
  if (!system && !url && !isChannel) return undefined;
  const useFor = usedFor(t);
  if (useFor) return useForMemory(s, text, useFor, url);
  if (isKorean(text)) return koreanPointer(s, text, system, url, isChannel ? channel : undefined);
  const tracked = TRACKED.exec(text.replace(/\*\*|__/g, ""));
  const pointer = tracked !== null || POINTER.test(t) || (isChannel && CHANNEL_POINTER.test(t));
  if (!pointer) return undefined;
  if ((TASK_START.test(t) || TASK_VERB.test(t)) && generalCue(t) === undefined) {
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
  const pointerText = isChannel ? channel : url;
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
      body: `${capitalize(tidy(pointerText && !parts.rule.includes(pointerText) ? text : parts.rule))}.\n**How to apply:** ${how}`,
    },
  };
}

function koreanPointer(
  s: Sentence,
  text: string,
  system: string | undefined,
  url: string | undefined,
  channel: string | undefined,
): RuleOutcome | undefined {
  const plain = text.replace(/\bhttps?:\/\/\S+/g, " ").trim();
  const habit = HABIT_KO.test(plain);
  if (!habit && !POINTER_KO.test(plain)) return undefined;
  if (!habit && REQUEST_KO.test(plain)) {
    return { kind: "reject", rule: "reference-pointer", reason: "a URL or system in a task request" };
  }
  if (url && SINGLE_ITEM.test(url)) {
    return { kind: "reject", rule: "reference-pointer", reason: "a link to a single issue, PR or commit" };
  }
  const why = objection(s.text);
  if (why) return { kind: "reject", rule: "reference-pointer", reason: why };
  const name = system ?? (channel ? "Slack" : hostOf(url));
  const subject = TOPIC_KO.exec(plain)?.[1]?.trim() ?? "";
  const pointer = channel ?? url;
  const description = oneLine(`${name}${subject ? ` for ${subject}` : ""}${pointer ? `: ${pointer}` : ""}`);
  return {
    kind: "memory",
    rule: "reference-pointer",
    memory: {
      type: "reference",
      name: memoryName("reference", `${name} ${subject}`),
      description,
      body: `${tidy(text)}.\n**How to apply:** Consult ${name}${subject ? ` for ${subject}` : " when it is relevant"}.`,
    },
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

function hostOf(url: string | undefined): string {
  if (!url) return "External";
  try {
    return new globalThis.URL(url).hostname.replace(/^www\./, "");
  } catch {
    return "External";
  }
}

/** The words before the pointer verb ("latency is on …" → "latency"), without articles. */
function subjectOf(rule: string): string {
  const m = /^(.*?)\s+(?:is|are|lives?|sits?|can be|get|gets|goes|go)\b/i.exec(rule);
  if (!m) return "";
  const subj = tidy(m[1]!.replace(/^(?:the|our|all|all the|any)\s+/i, ""));
  if (!subj || /^(?:it|this|that|everything|they|which)$/i.test(subj) || subj.split(" ").length > 5)
    return "";
  if (URL.test(subj)) return "";
  return subj
    .replace(
      /\b(?:grafana|datadog|kibana|sentry|dashboards?|boards?|runbooks?|docs|documentation|channel|page|wiki)\b/gi,
      "",
    )
    .replace(/\s+/g, " ")
    .trim();
}
