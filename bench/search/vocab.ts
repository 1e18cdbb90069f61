/**
 * The fixed vocabulary of the synthetic corpus (bench/search): English function words (the most
 * frequent ranks), about 1,100 base words of general and software English with simple inflections
 * (about 2,900 surface forms), a little Korean, Chinese and Japanese, and the made-up words that
 * miss queries use (never written into a topic file).
 */

/** Function words, most frequent first: they take the top Zipf ranks, as in real text. */
export const FUNCTION_WORDS = (
  "the to of and a in is it that for on with as be this we are not by or from at use an should " +
  "when if do can has have was will which but all so any more only also then than into each must " +
  "before after new no our its they there one other some how what why because"
).split(" ");

const NOUNS = `
account action adapter address agent alert algorithm alias allocation amount analysis anchor api app
application approach architecture archive argument array artifact asset assignment attempt attribute
audit author backend backlog backup balance bandwidth banner base baseline batch benchmark billing
binary bit block blob board body bookmark boolean boundary branch breakpoint browser bucket budget
buffer bug build bundle button byte cache calendar call callback candidate canvas capacity card cart
catalog category certificate change channel character chart check checkout child chunk class clause
client clock cluster code collection column command comment commit company comparison compiler
component condition config configuration conflict connection console constant constraint consumer
container content context contract controller convention cookie copy core counter coverage credential
cron cursor customer cycle daemon dashboard data database dataset date deadline debug decision default
definition delay delta dependency deployment depth design detail developer device diagram dialog diff
directory disk display document domain download draft driver duration edge editor effect element email
encoding endpoint engine entity entry environment error event example exception execution export
expression extension factor failure feature feed field file filter fixture flag flow folder font form
format fragment frame framework function gateway generator grammar graph grid group guard guide handler
hash header heap helper history hook host hour icon identifier image import incident index input
insight instance integer integration interface interval inventory invoice issue item iteration job
journal key keyboard label language latency layer layout lead leak length level library license
lifecycle limit line link list listener load locale lock log logic loop machine manager manifest map
margin marker match matrix member memory menu merge message metadata method metric middleware migration
milestone minute mirror mode model module monitor month mount mutex name namespace network node note
notification number object offset operation option order origin outage output owner package page
pagination panel parameter parent parser partition password patch path pattern payload payment peer
permission phase pipeline pixel placeholder plan platform plugin pointer policy pool port position
post practice prefix preference pressure preview price priority problem process processor product
profile program progress project prompt property protocol provider proxy query queue quota range rate
ratio reader reason receipt record reducer reference region registry regression release replica
report repository request requirement resolver resource response result retry review revision role
rollback root route router row rule runtime sample sandbox scale schedule schema scope score screen
script search secret section segment selector server service session setting shard shell signal
signature size slot snapshot socket source span spec stack stage standard state statement status step
storage store stream string style subscriber subscription suffix suite summary support surface switch
symbol sync syntax system table tag target task team template tenant term test text thread threshold
ticket tier timeout timer timestamp token tool topic trace tracker transaction transform tree trigger
type unit update upload url usage user utility validation validator value variable vendor version
view volume warning webhook week widget window worker workflow workspace wrapper year zone
afternoon answer apple area article baby bag ball bank bed bird boat book bottle box boy bread bridge
brother building car cat chair chicken child city class coffee color corner country course cup dinner
doctor dog door dream dress earth egg evening eye face family farm father field film fire fish floor
flower food foot forest friend fruit game garden girl glass gold grass hair hand head heart hill holiday
home horse hospital hotel house idea island kitchen lake land letter life light lunch market meal
meeting mind minute money moon morning mother mountain mouth movie music night nose ocean office paper
park party people person picture place plant pocket road rock room school sea season shirt shoe shop
side sister sky snow son song sound space spring star station stone story street student summer sun
table teacher tea tooth town train tree trip truth uncle valley village voice wall water weather wind
winter woman word world yard
`;

const ADJECTIVES = `
able active actual additional available bad basic best better big blank broken busy careful central
cheap clean clear close cold common complete complex correct critical current custom daily dark dead
deep default dirty distinct early easy empty entire equal exact external extra fair false fast final
fine first flat free fresh full general global good great green hard heavy hidden high hot huge idle
important inner internal large last late legacy light little live local long loose low main major
manual minor missing mobile modern native nested net next normal old open optional original outer
partial past plain primary private proper public quick quiet random rare raw ready real recent red
regular remote required right rough safe same secure separate serial short silent simple single slow
small smart soft solid special stable stale static steady strict strong sudden tight tiny total true
unique unknown unused upper urgent useful valid visible warm weak whole wide wrong young
`;

const VERBS = `
accept access add adjust allow apply approve archive ask assert assign attach avoid backfill bind
block boot break bump call cancel capture catch change check clean clear clone close collect combine
commit compare compile complete compress compute configure confirm connect consume contain convert copy
count crash create cut debug decide decode define delete deliver deploy describe detect disable
discard dispatch display document download drop dump edit emit enable encode ensure enter escape
evaluate expand expect expire explain export extend extract fail fetch filter find finish fix flag
flush fold follow force fork format generate group guard handle hash help hide hold ignore import
improve include increase index inject insert inspect install invalidate invoke join keep kill land
launch leave limit link list listen load lock log look lose maintain make manage map mark match measure
merge migrate miss mock move name need notify open order own pack parse pass patch pause pin plan play
poll post prefer prepare print process produce profile promote protect prune publish pull push put
query queue read rebase rebuild receive record recover reduce refactor refresh register reject release
reload remember remove rename render reorder repeat replace reply report request require reset resize
resolve restart restore resume retain retry return reuse review revert rewrite rotate route run save
scan schedule scroll search seed select send serve set share ship show shrink sign skip sleep slice
sort spawn split start stash stop store stream strip submit suggest support suspend swap switch sync
tag test throttle throw toggle touch trace track transform trigger trim try tune turn undo unlock
unpack update upgrade upload validate verify wait walk want warn watch wrap write yield
`;

const words = (s: string) => s.split(/\s+/).filter(Boolean);

/** Base content words (nouns, adjectives, verbs), de-duplicated, in list order. */
export const BASE_WORDS: string[] = [...new Set([...words(NOUNS), ...words(ADJECTIVES), ...words(VERBS)])];
const VERB_SET = new Set(words(VERBS));

function plural(w: string): string {
  if (/(s|x|z|ch|sh)$/.test(w)) return `${w}es`;
  if (/[^aeiou]y$/.test(w)) return `${w.slice(0, -1)}ies`;
  return `${w}s`;
}
function past(w: string): string {
  if (w.endsWith("e")) return `${w}d`;
  if (/[^aeiou]y$/.test(w)) return `${w.slice(0, -1)}ied`;
  return `${w}ed`;
}
function gerund(w: string): string {
  if (/[^e]e$/.test(w)) return `${w.slice(0, -1)}ing`;
  return `${w}ing`;
}

/**
 * Every content surface form: base words, their `-s` forms, and `-ed` / `-ing` forms of verbs
 * (about 2,900 distinct strings; the analyzer's stemmer folds many of them back together, the
 * linear scan's plain word split does not).
 */
export const CONTENT_FORMS: string[] = (() => {
  const set = new Set<string>(BASE_WORDS);
  for (const w of BASE_WORDS) set.add(plural(w));
  for (const w of BASE_WORDS) {
    if (!VERB_SET.has(w)) continue;
    set.add(past(w));
    set.add(gerund(w));
  }
  for (const f of FUNCTION_WORDS) set.delete(f);
  return [...set];
})();

/** Korean words (spaced like Korean text). `끝말잇기` is the example. */
export const KOREAN = words(`
사용자 인증 데이터베이스 배포 설정 캐시 테스트 서버 요청 응답 오류 로그 권한 토큰 세션 마이그레이션
성능 메모리 검색 색인 파일 경로 빌드 릴리스 결제 주문 알림 스케줄 백업 복구 끝말잇기 한국어 규칙
항상 사용 금지 확인 변경 수정 추가 삭제 대시보드 환경 변수 배치 작업 큐 지연 시간 초과 재시도
`);

/** Chinese words (written without spaces). `用户身份` is the example. */
export const CHINESE = words(`
用户身份 数据库 缓存 部署 配置 测试 服务器 请求 响应 错误 日志 权限 令牌 会话 迁移 性能 内存 搜索
索引 文件 路径 构建 发布 支付 订单 通知 调度 备份 恢复 中文 规则 总是 使用 禁止 确认 修改 添加 删除
仪表盘 环境变量 批处理 队列 延迟 超时 重试 接口 前端 后端
`);

/** A few Japanese words (mixed in with the Chinese sentences). `しりとり` is the example. */
export const JAPANESE = words("しりとり 設定 ユーザー テスト 検索 キャッシュ デプロイ");

/** File extensions of generated paths, most common first. */
export const EXTENSIONS = ["ts", "py", "go", "rs", "tsx", "json", "md", "sql", "yaml", "sh"];

/** Openings of prompt-like queries (mostly stopwords, as people type them). */
export const QUERY_OPENINGS = [
  "how do we",
  "why does the",
  "what is the",
  "where is the",
  "remember the",
  "can you fix the",
  "we decided to",
  "don't",
  "the",
  "fix",
  "add",
  "update",
];
