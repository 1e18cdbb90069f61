/**
 * External systems a reference memory can point to (Claude Code 2.1.x: `reference` = "pointers to
 * external systems: Linear project, Grafana board, Slack channel"), URLs and their hosts.
 */

/** Known systems: a pattern over lowercased text (English and Korean spellings) and the display name. */
export const SYSTEMS: [RegExp, string][] = [
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
  [/\bargo ?cd\b|아르고 ?cd/, "Argo CD"],
  [/\brollbar\b/, "Rollbar"],
  [/\bbugsnag\b/, "Bugsnag"],
  [/\bairflow\b/, "Airflow"],
  [/\bbitbucket\b/, "Bitbucket"],
  [/\bmiro\b/, "Miro"],
  [/\bclickup\b/, "ClickUp"],
  [/\byoutrack\b/, "YouTrack"],
  [/\bredash\b/, "Redash"],
  [/\btableau\b/, "Tableau"],
  [/\bzendesk\b/, "Zendesk"],
];

/** A URL in user prose (trailing punctuation excluded). */
export const URL = /\bhttps?:\/\/[^\s<>()"'`]*[^\s<>()"'`.,;:!?]/;

/** A URL to one issue / PR / commit is task context, not a standing pointer. */
export const SINGLE_ITEM =
  /\/(?:issues|pull|pulls|merge_requests|commit|commits)\/\d+|\/browse\/[A-Z][A-Z0-9]*-\d+/;

/** The host of `url` without `www.`, or "External". */
export function hostOf(url: string | undefined): string {
  if (!url) return "External";
  try {
    return new globalThis.URL(url).hostname.replace(/^www\./, "");
  } catch {
    return "External";
  }
}

/** A sentence that only gives the link of the pointer before it ("<url> 여기요", "here: <url>"). */
const LINK_ONLY =
  /^(?:(?:here|link|여기|링크)(?:\s*(?:it is|is|요))?\s*[:：]?\s*)?(https?:\/\/[^\s<>()"'`]*[^\s<>()"'`.,;:!?])[.,]?\s*(?:(?:여기요|여기예요|여기입니다|여기|입니다|이에요|예요|here)[.!]?)?$/i;

/** The URL of `next` when that sentence is only a link for the pointer before it, else undefined. */
export function linkOnly(next: string): string | undefined {
  return LINK_ONLY.exec(next.trim())?.[1];
}
