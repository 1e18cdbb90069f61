/**
 * Korean reference rules: "버그는 Jira PAY 보드에서 관리해요", "대시보드는 Grafana에 있어요",
 * "배포 상태는 Argo CD에서 봐요", "장애는 슬랙 #incident 채널에 먼저 올리는 게 우리 규칙이에요".
 * A request ("…에서 확인해줘", "…에 올려줘") is not a pointer.
 */
import { oneLine } from "./compose.js";
import { objection, tidy } from "./cues.js";
import { memoryName } from "./name.js";
import { hostOf, linkOnly, SINGLE_ITEM } from "./reference-systems.js";
import type { RuleOutcome, Sentence } from "./types.js";

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
  /(?:에|에서|로|으로)\s*(?:(?:먼저|바로|꼭|항상|보통|주로)\s+)?(?:올려요|올립니다|올려야 해요|등록해요|등록합니다|남겨요|남깁니다|보면 돼요|보면 됩니다|볼 수 있어요|볼 수 있습니다|확인하면 돼요|확인할 수 있어요)(?=$|[\s:：,.])|(?:에|에서|에게)\s*(?:물어보면|문의하면|올리면|요청하면|말하면)\s/;
/**
 * Where the team looks something up, with a topic ("배포 상태는 Argo CD에서 봐요", "에러는 센트리에서
 * 확인해요"): "…에서 봐요" alone is also a suggestion ("그라파나에서 봐요" = let's look), so only
 * with a topic (TOPIC_KO).
 */
const LOOKUP_KO =
  /(?:에서|에)\s*(?:(?:주로|보통|다|전부)\s+)?(?:봐요|봅니다|확인해요|확인합니다|보고 있어요|확인하고 있어요|체크해요|모니터링해요|모니터링합니다)(?=$|[\s:：,.])/;
/** The team's rule of where to post ("…채널에 먼저 올리는 게 우리 규칙이에요"). */
const RULE_KO =
  /(?:에|에서|로|으로)\s*(?:(?:먼저|바로|꼭|항상|보통)\s+)?(?:올리|남기|공유하|보고하|알리|물어보|문의하)(?:는 게|는 것이|는 거|기로)\s*(?:(?:우리|저희|팀)\s*(?:의\s*)?)?(?:규칙|원칙|룰|관례|약속|프로세스)/;
/**
 * Where something is, said casually ("여기 있어요 <url>", "노션에 정리돼 있어요", "여기서 봐 <url>",
 * "알람 울리면 여기부터 확인하면 됨"): a pointer when the sentence holds the link or the system.
 */
const HERE_KO =
  /(?:여기|이쪽|아래|요기)\s*(?:에\s*)?(?:있어요|있습니다|있어|있음|예요|이에요|요)(?=$|[\s:：,.])|(?:돼|되어|되어져)\s*있(?:어요|습니다|어|음)(?=$|[\s:：,.])|(?:여기|이쪽|요기|여기서|여기에서|이거|이걸|이것)(?:부터|서|에서)?\s*(?:봐|봐요|보면 돼요|보면 됨|보면 됩니다|확인해요|확인하면 돼요|확인하면 됨|확인하면 됩니다|확인하세요|보세요)(?=$|[\s:：,.])/;
/** "에러 모니터링은 센트리 쓰고 있어요", "스프린트 보드는 지라 WEB 프로젝트야": a topic, the system, and a use verb or copula. */
const TOPIC_SYSTEM_KO =
  /(?:써요|씁니다|쓰고 있어요|쓰고 있습니다|써|사용해요|사용합니다|사용하고 있어요|이에요|예요|이야|야|입니다|임)$/;
/** A leading condition ("… 발견하면", "배포가 실패하면"): when the pointer applies. */
const CONDITION_KO = /^(?:혹시\s+)?(.{2,60}?[^\s,.]면),?\s/;
/** "버그는 …": the topic of a Korean sentence, the subject of the pointer. */
const TOPIC_KO = /^([\p{L}\p{N} ]{1,20}?)(?:은|는)\s/u;

export function koreanPointer(
  s: Sentence,
  text: string,
  system: string | undefined,
  url: string | undefined,
  channel: string | undefined,
): RuleOutcome | undefined {
  const plain = text.replace(/\bhttps?:\/\/\S+/g, " ").trim();
  const end = tidy(plain);
  const habit =
    HABIT_KO.test(plain) ||
    RULE_KO.test(plain) ||
    (LOOKUP_KO.test(plain) && TOPIC_KO.test(plain)) ||
    ((url !== undefined || system !== undefined) && HERE_KO.test(plain)) ||
    (system !== undefined && TOPIC_KO.test(plain) && TOPIC_SYSTEM_KO.test(end)) ||
    // "장애 나면 슬랙 #incident 채널에 먼저 알려주세요": a condition makes the request standing
    ((channel !== undefined || url !== undefined) && CONDITION_KO.test(plain) && !/[?？]/.test(plain));
  if (!habit && !POINTER_KO.test(plain)) return undefined;
  if (!habit && REQUEST_KO.test(plain)) {
    return { kind: "reject", rule: "reference-pointer", reason: "a URL or system in a task request" };
  }
  if (url && SINGLE_ITEM.test(url)) {
    return { kind: "reject", rule: "reference-pointer", reason: "a link to a single issue, PR or commit" };
  }
  const why = objection(s.text);
  if (why) return { kind: "reject", rule: "reference-pointer", reason: why };
  // "배포 상태는 Argo CD에서 봐요. <url> 여기요.": the link in the next sentence belongs to the pointer
  const link = url ? undefined : linkOnly(s.next);
  url ??= link;
  const name = system ?? (channel ? "Slack" : hostOf(url));
  const subject = TOPIC_KO.exec(plain)?.[1]?.trim() ?? "";
  const pointer = channel ?? url;
  // "혹시 … 장애 같아 보이는 거 발견하면 …에 올려요": the condition is when it applies
  const cond = CONDITION_KO.exec(plain)?.[1];
  const description = oneLine(`${name}${subject ? ` for ${subject}` : ""}${pointer ? `: ${pointer}` : ""}`);
  return {
    kind: "memory",
    rule: "reference-pointer",
    memory: {
      type: "reference",
      name: memoryName("reference", `${name} ${subject}`),
      description,
      body: `${tidy(text)}${link ? ` ${link}` : ""}.\n**How to apply:** ${cond ? `${cond}.` : `Consult ${name}${subject ? ` for ${subject}` : " when it is relevant"}.`}`,
    },
    ...(link ? { absorbsNext: true } : {}),
  };
}
