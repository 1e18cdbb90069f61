/**
 * The offline engine on short labeled utterances, one by one (English + Korean): positives of every
 * rule and hard negatives (one-off instructions, questions, task requests with URLs, hedges).
 */
import { describe, expect, it } from "vitest";
import { planExtraction } from "../../../src/jobs/extract/index.js";
import type { ConversationMessage } from "../../../src/transcripts/types.js";

type Expect =
  | null
  | { type: "user" | "feedback" | "project" | "reference"; desc: string; body?: string[] }
  | { fact: string[] };

const NOW = Date.UTC(2026, 2, 2, 10, 0, 0);
/** Rows that state a credential: their skip reason must be `contains_secret`. */
const SECRET = /password is|AKIA|login -u|login is|--password|token for|비번은/;

function prompt(text: string, uuid = "u-1"): ConversationMessage {
  return {
    kind: "prompt",
    uuid,
    timestamp: "2026-03-02T10:00:00.000Z",
    text,
    toolCalls: [],
    isSidechain: false,
    endOffset: 0,
  };
}

const TABLE: [string, Expect][] = [
  // explicit requests
  [
    "remember that the release freeze starts on March 14",
    { type: "project", desc: "release freeze starts on March 14" },
  ],
  ["remember: I prefer tabs over spaces", { type: "feedback", desc: "I prefer tabs over spaces" }],
  [
    "please remember that our staging db is staging-db.internal",
    { fact: ["staging db is staging-db.internal"] },
  ],
  [
    "note that the payments API is owned by the platform team for the future",
    { type: "project", desc: "payments API is owned by the platform team" },
  ],
  ["from now on, answer in English", { type: "feedback", desc: "Answer in English" }],
  [
    "ok now always show me the plan before you edit files",
    { type: "feedback", desc: "Always show me the plan" },
  ],
  [
    "going forward, reply with a summary table at the end",
    { type: "feedback", desc: "Reply with a summary table" },
  ],
  ["I'm a data scientist, remember that", { type: "user", desc: "User is a data scientist" }],
  ["remember that the fix was to bump the timeout in src/http.ts", null],
  ["in the future we might add caching", null],
  ["remember to push when you're done", null],
  ["do you remember what we changed yesterday?", null],
  ["앞으로는 커밋 메시지를 영어로 써줘", { type: "feedback", desc: "커밋 메시지를 영어로 써줘" }],
  ["기억해줘: 배포는 매주 목요일이야", { type: "project", desc: "배포는 매주 목요일이야" }],
  ["앞으로 가", null],
  // corrections and standing preferences
  [
    "always use pnpm, never npm, because the lockfile is pnpm-lock.yaml",
    {
      type: "feedback",
      desc: "Always use pnpm, never npm",
      body: ["**Why:** The lockfile is pnpm-lock.yaml."],
    },
  ],
  [
    "no, don't mock the database in integration tests — we got burned when the prod migration failed",
    {
      type: "feedback",
      desc: "Don't mock the database in integration tests",
      body: [
        "**Why:** We got burned when the prod migration failed.",
        "**How to apply:** In integration tests.",
      ],
    },
  ],
  ["use vitest instead of jest", { type: "feedback", desc: "Use vitest instead of jest" }],
  [
    "prefer named exports over default exports",
    { type: "feedback", desc: "Prefer named exports over default exports" },
  ],
  ["stop adding comments to every line", { type: "feedback", desc: "Stop adding comments to every line" }],
  ["I prefer small, focused commits", { type: "feedback", desc: "I prefer small, focused commits" }],
  ["I'd rather you didn't touch the migrations", { type: "feedback", desc: "didn't touch the migrations" }],
  [
    "I hate it when you add emojis to commit messages",
    { type: "feedback", desc: "add emojis to commit messages" },
  ],
  ["don't mock the database in integration tests", { type: "feedback", desc: "Don't mock the database" }],
  ["don't change anything in the tests", null],
  ["no, use the existing logger instead", { type: "feedback", desc: "Use the existing logger instead" }],
  [
    "that's wrong, the tests should hit a real database",
    { type: "feedback", desc: "tests should hit a real database" },
  ],
  [
    "When writing tests, always use the real database",
    {
      type: "feedback",
      desc: "Always use the real database",
      body: ["**How to apply:** When writing tests."],
    },
  ],
  [
    "never force-push to main",
    {
      type: "feedback",
      desc: "Never force-push to main",
      body: ["**Why:** Stated by the user on 2026-03-02"],
    },
  ],
  [
    "always run the linter before committing. Because CI rejects lint errors.",
    {
      type: "feedback",
      desc: "Always run the linter before committing",
      body: ["**Why:** CI rejects lint errors."],
    },
  ],
  ["절대 main 브랜치에 직접 푸시하지 마", { type: "feedback", desc: "main 브랜치에 직접 푸시하지 마" }],
  ["npm 말고 pnpm 써", { type: "feedback", desc: "npm 말고 pnpm 써" }],
  ["항상 테스트를 먼저 실행해 주세요", { type: "feedback", desc: "테스트를 먼저 실행해 주세요" }],
  // one-off instructions, questions and noise: never a memory
  ["don't run the tests yet", null],
  ["always the same error", null],
  ["never seen that before", null],
  ["you always forget the semicolons", null],
  ["please remember the API key is sk_live_51Nx7Qm2eZvKYlo2C8fTn4Rb0", null],
  ["don't run the full suite yet, just the orders tests", null],
  ["never mind", null],
  ["can you always show the diff?", null],
  ["always on the left? ok", null],
  ["don't do that", null],
  ["no, run it again", null],
  ["for now, don't touch the config", null],
  ["maybe always use a transaction here", null],
  ["아직 테스트 돌리지 마", null],
  ["지금은 커밋하지 마세요", null],
  ["이 버그 고쳐줘", null],
  // about the user
  ["I'm a backend engineer, mostly Go", { type: "user", desc: "User is a backend engineer, mostly Go" }],
  [
    "I'm new to this React frontend, so explain the frontend bits",
    { type: "user", desc: "User is new to this React frontend" },
  ],
  ["I'm primarily a Python developer", { type: "user", desc: "User is primarily a Python developer" }],
  ["I've been writing Go for 10 years", { type: "user", desc: "User has been writing Go for 10 years" }],
  ["I work on the payments team", { type: "user", desc: "User works on the payments team" }],
  ["my role is tech lead for checkout", { type: "user", desc: "User's role is tech lead for checkout" }],
  ["저는 데이터 과학자입니다", { type: "user", desc: "데이터 과학자" }],
  ["I'm working on the login page", null],
  ["I'm not sure this works", null],
  ["I'm a bit confused", null],
  ["제가 할게요", null],
  // references
  [
    "latency is on the Grafana board at https://grafana.example.com/d/api-latency — check it after perf changes",
    {
      type: "reference",
      desc: "Grafana dashboard for latency: https://grafana.example.com/d/api-latency",
      body: ["**How to apply:** Check it after perf changes."],
    },
  ],
  [
    "bugs are tracked in Linear project SHOP",
    { type: "reference", desc: "Bugs tracked in Linear project SHOP" },
  ],
  [
    "deploy announcements go to #deploys on Slack",
    { type: "reference", desc: "Slack channel for deploy announcements" },
  ],
  ["the runbook is at https://wiki.example.com/runbooks/payments", { type: "reference", desc: "runbook" }],
  ["our API docs live in Notion", { type: "reference", desc: "Notion docs" }],
  ["fetch https://example.com/docs and summarize them", null],
  ["look at https://github.com/acme/shop/issues/3", null],
  ["the bug is at https://github.com/acme/shop/issues/3, fix it", null],
  // project facts
  ["we use pnpm workspaces", { fact: ["We use pnpm workspaces"] }],
  ["the app is deployed to Fly.io", { fact: ["The app is deployed to Fly.io"] }],
  [
    "CI runs on GitHub Actions and we target Node 20, so keep the health check dependency-free",
    { fact: ["CI runs on GitHub Actions", "We target Node 20"] },
  ],
  ["we use the wrong color in the header", null],
  // ordinary task requests from real sessions
  ["fix the bug in checkout", null],
  ["continue", null],
  ["did you push?", null],
  ["run the tests", null],
  ["Implement spotter-gqc", null],
  [
    "Work on bead spotter-dov. Run bd show spotter-dov to see the issue details and bd ready to find available subtasks. Start with the first ready task.",
    null,
  ],
  ["mix phx.server doesnt seem to start", null],
  ["start phoenix in background", null],
  ["create the beads", null],
  ["/handgemacht:create-beads websearch how to always set up credo", null],
  // tester's report: explicit requests that were missed
  [
    "remember that I'm colorblind so don't rely on red/green in charts",
    {
      type: "feedback",
      desc: "Don't rely on red/green in charts",
      body: ["**Why:** User is colorblind."],
    },
  ],
  ["Remember: I'm on macOS, not Linux.", { type: "user", desc: "User is on macOS, not Linux" }],
  ["remember that I use vim keybindings", { type: "user", desc: "User uses vim keybindings" }],
  ["remember that I'm working on the login page", null],
  ["remember that I'm tired", null],
  // statements about the user that were missed
  [
    "I'm the tech lead for the payments team.",
    { type: "user", desc: "User is the tech lead for the payments team" },
  ],
  ["나는 백엔드 개발자야", { type: "user", desc: "백엔드 개발자" }],
  ["저는 프론트엔드 개발자예요", { type: "user", desc: "프론트엔드 개발자" }],
  ["나는 오늘 바빠", null],
  // corrections that were missed
  [
    "테스트 코드에서 목 쓰지 마",
    { type: "feedback", desc: "테스트 코드에서 목 쓰지 마", body: ["**How to apply:** 테스트 코드에서."] },
  ],
  ["please don't use var, use const", { type: "feedback", desc: "Don't use var, use const" }],
  ["use tabs, not spaces", { type: "feedback", desc: "Use tabs, not spaces" }],
  [
    "no, not like that — always run make fmt before committing",
    {
      type: "feedback",
      desc: "Always run make fmt before committing",
      body: ["**How to apply:** Before committing."],
    },
  ],
  ["이 테스트 코드에서 목 쓰지 마", null],
  ["don't use that, use this", null],
  ["nope, not like that. use a map", null],
  // one-off choices and task focus that were saved by mistake
  ["I prefer option B, go ahead", null],
  ["I prefer the second approach", null],
  ["I prefer the first one", null],
  ["I like your second suggestion, do it", null],
  ["I'd go with option 2", null],
  ["let's go with A", null],
  ["let's go with the simpler approach", null],
  ["always? no, just this once", null],
  ["from now on let's focus on the checkout flow", null],
  ["let's focus on the checkout flow", null],
  ["going forward, let's work on the API", null],
  [
    "I prefer a functional approach over classes",
    { type: "feedback", desc: "I prefer a functional approach over classes" },
  ],
  ["let's always run the tests first", { type: "feedback", desc: "Let's always run the tests first" }],
  // mangled memories
  [
    "I am a data scientist and I mostly write Python.",
    { type: "user", desc: "User is a data scientist and mostly writes Python" },
  ],
  [
    "I'm a Go developer but I'm new to React",
    { type: "user", desc: "User is a Go developer but is new to React" },
  ],
  [
    "I hate when you write long summaries; keep it to 3 bullets",
    {
      type: "feedback",
      desc: "I hate when you write long summaries; keep it to 3 bullets",
      body: ["**How to apply:** Whenever this preference is relevant."],
    },
  ],
  [
    "stop adding comments to every line",
    {
      type: "feedback",
      desc: "Stop adding",
      body: ["**How to apply:** Whenever this preference is relevant."],
    },
  ],
  [
    "we use Jira for tickets: https://acme.atlassian.net/jira/software/projects/PAY",
    {
      type: "reference",
      desc: "Jira for tickets: https://acme.atlassian.net/jira/software/projects/PAY",
      body: ["**How to apply:** Consult Jira (link above) for tickets."],
    },
  ],
  ["we use Sentry for error tracking", { type: "reference", desc: "Sentry for error tracking" }],
  ["we use linear interpolation for the animation", null],
  // secrets: never a memory, not even a redacted one
  ["the db password is hunter2-Sup3rS3cret!", null],
  ["remember that the db password is hunter2-Sup3rS3cret!", null],
  ["never paste keys like AKIAQX4GZ7LMB2RT5WNE into tests", null],
  // second tester: standing prohibitions that were missed
  [
    "Quit wrapping every function in try/catch; let errors propagate",
    { type: "feedback", desc: "Quit wrapping every function in try/catch; let errors propagate" },
  ],
  [
    "Don't wrap every function in try/catch.",
    { type: "feedback", desc: "Don't wrap every function in try/catch" },
  ],
  [
    "please don't add comments to obvious code",
    { type: "feedback", desc: "Don't add comments to obvious code" },
  ],
  [
    "No more default exports please; named exports only",
    { type: "feedback", desc: "No more default exports; named exports only" },
  ],
  [
    "You keep forgetting: tests go next to the source file, not in a separate test/ dir.",
    {
      type: "feedback",
      desc: "Tests go next to the source file, not in a separate test/ dir",
      body: ["**How to apply:** Whenever this preference is relevant."],
    },
  ],
  ["Quit adding console.log everywhere", { type: "feedback", desc: "Quit adding console.log everywhere" }],
  [
    "never wrap every call in a try block",
    { type: "feedback", desc: "Never wrap every call in a try block" },
  ],
  ["avoid console.log in library code", { type: "feedback", desc: "Avoid console.log in library code" }],
  ["No more magic numbers please", { type: "feedback", desc: "No more magic numbers" }],
  [
    "You keep forgetting: migrations go in db/migrations, not in src.",
    { type: "feedback", desc: "Migrations go in db/migrations, not in src" },
  ],
  ["don't add comments", { type: "feedback", desc: "Don't add comments" }],
  ["don't add a comment there", null],
  ["don't use the old client", null],
  ["don't add logging to that", null],
  ["don't touch the test that always fails", null],
  ["you keep forgetting the semicolons", null],
  // second tester: statements about the user that were missed
  [
    "Keep in mind that I do data science day to day",
    { type: "user", desc: "User does data science day to day" },
  ],
  [
    "I work mostly in Rust and I'm new to Node",
    { type: "user", desc: "User works mostly in Rust and is new to Node" },
  ],
  ["My role: SRE on the platform team", { type: "user", desc: "User's role is SRE on the platform team" }],
  ["Keep in mind that I'm colorblind", { type: "user", desc: "User is colorblind" }],
  ["I mostly work in Python", { type: "user", desc: "User works mostly in Python" }],
  ["My job: data engineer at Acme", { type: "user", desc: "User's job is data engineer at Acme" }],
  ["I write mostly TypeScript", { type: "user", desc: "User writes mostly TypeScript" }],
  ["keep in mind that the tests are slow", null],
  ["keep in mind that the API returns 404 for missing users", null],
  ["I do data science", null],
  ["이거 기억해: 나는 프론트엔드 개발자야", { type: "user", desc: "User is 프론트엔드 개발자" }],
  ["나는 프론트엔드 개발자라는 걸 기억해", { type: "user", desc: "User is 프론트엔드 개발자" }],
  ["이거 기억해 줘: 저는 백엔드 개발자예요", { type: "user", desc: "User is 백엔드 개발자" }],
  ["저는 데이터 엔지니어라는 걸 기억해 줘", { type: "user", desc: "User is 데이터 엔지니어" }],
  ["배포는 매주 목요일이라고 기억해", { type: "project", desc: "배포는 매주 목요일이다" }],
  // second tester: reasons that were lost
  [
    "console.log 대신 logger를 써줘, 로그 수집 때문에",
    { type: "feedback", desc: "console.log 대신 logger를 써줘", body: ["**Why:** 로그 수집 때문에."] },
  ],
  [
    "테스트에서 sleep 쓰지 마, 느려지니까",
    { type: "feedback", desc: "테스트에서 sleep 쓰지 마", body: ["**Why:** 느려지니까."] },
  ],
  [
    "Stop adding emoji to log messages; they break our Splunk parser",
    {
      type: "feedback",
      desc: "Stop adding emoji to log messages",
      body: ["**Why:** They break our Splunk parser."],
    },
  ],
  [
    "Stop adding emoji to log messages, they break tree shaking",
    {
      type: "feedback",
      desc: "Stop adding emoji to log messages",
      body: ["**Why:** They break tree shaking."],
    },
  ],
  [
    "Don't use default exports; they break tree shaking",
    { type: "feedback", desc: "Don't use default exports", body: ["**Why:** They break tree shaking."] },
  ],
  [
    "never commit directly to main, it breaks the deploy",
    { type: "feedback", desc: "Never commit directly to main", body: ["**Why:** It breaks the deploy."] },
  ],
  [
    "Always use pnpm; it's faster",
    { type: "feedback", desc: "Always use pnpm", body: ["**Why:** It's faster."] },
  ],
  [
    "I'm a product manager, so keep summaries short",
    {
      type: "user",
      desc: "User is a product manager",
      body: ["**How to apply:** Keep summaries short."],
    },
  ],
  [
    "I'm a backend engineer; mostly Swift",
    { type: "user", desc: "User is a backend engineer, mostly Swift" },
  ],
  ["I'm an iOS developer. Mostly Swift.", { type: "user", desc: "User is an iOS developer, mostly Swift" }],
  // second tester: Korean pointers
  [
    "버그는 Jira PAY 보드에서 관리해요: https://jira.example.com/jira/software/projects/PAY",
    { type: "reference", desc: "Jira for 버그: https://jira.example.com/jira/software/projects/PAY" },
  ],
  [
    "디자인은 Figma에 있어요: https://figma.com/file/abc",
    { type: "reference", desc: "Figma for 디자인: https://figma.com/file/abc" },
  ],
  [
    "장애 알림은 Slack #alerts 채널에서 공유해요",
    { type: "reference", desc: "Slack for 장애 알림: #alerts" },
  ],
  ["이 링크 https://example.com 에서 확인해줘", null],
  ["그 이슈는 Jira에서 관리해줘", null],
  // second tester: scoped or immediate requests are task state
  ["I prefer the left layout for this page, thanks", null],
  ["use the v2 client instead of the v1 client in checkout.ts", null],
  ["항상 실패하는 테스트 좀 고쳐줘", null],
  ["이 파일에서 var 말고 let 써줘", null],
  ["I like the blue header on this page", null],
  ["always use let instead of var in utils.ts", null],
  ["항상 깨지는 빌드 좀 고쳐줘", null],
  ["이 컴포넌트에서는 항상 any 말고 unknown 써줘", null],
  ["never use var in this file", null],
  [
    "always use let instead of var in this codebase",
    { type: "feedback", desc: "Always use let instead of var" },
  ],
  // second tester: credentials stated in prose or on a command line
  ["remember that the wifi password is correcthorsebattery", null],
  ["always connect with: docker login -u ci -p DockerAlwaysPw_5521 registry", null],
  ["the staging login is admin/admin", null],
  ["always seed the db with --password=letmein", null],
  ["remember that the API token for staging is stagingtoken", null],
  ["와이파이 비번은 abcd1234야", null],
  [
    "remember that the API key is stored in 1Password",
    { type: "project", desc: "The API key is stored in 1Password" },
  ],
  [
    "always run docker run -p 8080:80 for local dev",
    { type: "feedback", desc: "Always run docker run -p 8080:80 for local dev" },
  ], // third tester: project decisions and dated milestones without "remember that"
  [
    "Heads up: code freeze starts Thursday 2026-11-19, after that only hotfixes go into main.",
    {
      type: "project",
      desc: "Code freeze starts Thursday 2026-11-19, after that only hotfixes go into main",
    },
  ],
  [
    "we're freezing merges on Friday 2026-12-04 for the release",
    { type: "project", desc: "freezing merges on Friday 2026-12-04 for the release" },
  ],
  [
    "FYI the public release is on 2026-05-20",
    { type: "project", desc: "The public release is on 2026-05-20" },
  ],
  ["Our beta launch is due April 30", { type: "project", desc: "Our beta launch is due April 30" }],
  [
    "We decided to drop support for Python 3.8 in the next major release.",
    { type: "project", desc: "We decided to drop support for Python 3.8 in the next major release" },
  ],
  [
    "We chose SQLite over Postgres for the edge nodes because they have no network during sync.",
    {
      type: "project",
      desc: "We chose SQLite over Postgres for the edge nodes",
      body: ["**Why:** They have no network during sync."],
    },
  ],
  [
    "we agreed to keep the public API stable until v3 ships",
    { type: "project", desc: "We agreed to keep the public API stable until v3 ships" },
  ],
  [
    "The team settled on Tailwind for styling because designers already use it",
    {
      type: "project",
      desc: "The team settled on Tailwind for styling",
      body: ["**Why:** Designers already use it."],
    },
  ],
  [
    "we're migrating to Kafka from RabbitMQ over the next quarter",
    { type: "project", desc: "migrating to Kafka from RabbitMQ over the next quarter" },
  ],
  [
    "The v2 launch deadline is March 15, 2027; legal sign-off is required before then.",
    {
      type: "project",
      desc: "The v2 launch deadline is March 15, 2027; legal sign-off is required before then",
    },
  ],
  [
    "The legacy billing module is being rewritten by another team, so avoid touching anything under billing/legacy.",
    {
      type: "project",
      desc: "The legacy billing module is being rewritten by another team",
      body: ["**How to apply:** Avoid touching anything under billing/legacy."],
    },
  ],
  [
    "The payments service is owned by the platform team, so don't change its schema without asking them",
    {
      type: "project",
      desc: "The payments service is owned by the platform team",
      body: ["**How to apply:** Don't change its schema without asking them."],
    },
  ],
  [
    "다음 달 10일(2026-12-10)까지 결제 기능을 출시해야 해요.",
    { type: "project", desc: "다음 달 10일(2026-12-10)까지 결제 기능을 출시해야 해요" },
  ],
  [
    "우리 팀은 상태 관리를 Redux에서 Zustand로 옮기기로 결정했어요.",
    { type: "project", desc: "우리 팀은 상태 관리를 Redux에서 Zustand로 옮기기로 결정했어요" },
  ],
  [
    "저희는 3월 말까지 모바일 앱을 배포해야 합니다",
    { type: "project", desc: "저희는 3월 말까지 모바일 앱을 배포해야 합니다" },
  ],
  [
    "우리 팀은 GraphQL 대신 REST를 쓰기로 했어요",
    { type: "project", desc: "우리 팀은 GraphQL 대신 REST를 쓰기로 했어요" },
  ],
  // hard negatives: questions, task requests, one-off decisions, task-scoped deadlines
  ["did we decide to drop 3.8?", null],
  ["let's decide later", null],
  ["decide which one to use", null],
  ["I decided to rename this variable", null],
  ["the deadline for this PR is today?", null],
  ["we decided on this one", null],
  ["we decided to go with that", null],
  ["maybe we decided to drop 3.8 in the next release", null],
  ["ship it by Friday", null],
  ["can we release on March 3?", null],
  ["the release notes mention Friday's outage", null],
  ["우리 팀이 Zustand로 옮기기로 결정했나요?", null],
  ["we decided to use the approach you suggested", null],
  ["We agreed to fix the flaky test first", null],
  ["the release is on Friday, can you prep the changelog", null],
  ["이 PR은 금요일까지 배포해줘", null],
  ["The billing module is being rewritten by another team", null],
  // third tester: statements about the user without "remember that"
  [
    "I've been writing Rust for about six years but I'm pretty new to Kubernetes.",
    {
      type: "user",
      desc: "User has been writing Rust for about six years but is pretty new to Kubernetes",
    },
  ],
  [
    "FYI I'm on Windows 11 with WSL2, so paths in scripts need to work there.",
    {
      type: "user",
      desc: "User is on Windows 11 with WSL2",
      body: ["**How to apply:** Paths in scripts need to work there."],
    },
  ],
  [
    "I'm based in Berlin, so my timezone is CET. Keep that in mind when you mention times.",
    {
      type: "user",
      desc: "User is based in Berlin, so their timezone is CET",
      body: ["**How to apply:** Keep that in mind when you mention times."],
    },
  ],
  ["I'm located in Toronto", { type: "user", desc: "User is located in Toronto" }],
  [
    "I'm colorblind (deuteranopia), so please don't rely on red vs green alone in charts or terminal output.",
    {
      type: "user",
      desc: "User is colorblind (deuteranopia)",
      body: ["**How to apply:** Don't rely on red vs green alone in charts or terminal output."],
    },
  ],
  [
    "I'm dyslexic, so keep explanations short and use bullet lists",
    {
      type: "user",
      desc: "User is dyslexic",
      body: ["**How to apply:** Keep explanations short and use bullet lists."],
    },
  ],
  [
    "My native language is Portuguese; English is fine but keep sentences simple.",
    {
      type: "user",
      desc: "User's native language is Portuguese",
      body: ["**How to apply:** English is fine but keep sentences simple."],
    },
  ],
  ["my timezone is PST", { type: "user", desc: "User's timezone is PST" }],
  [
    "I use a screen reader, so avoid ASCII-art diagrams in explanations.",
    {
      type: "user",
      desc: "User uses a screen reader",
      body: ["**How to apply:** Avoid ASCII-art diagrams in explanations."],
    },
  ],
  ["I use a Dvorak layout", { type: "user", desc: "User uses a Dvorak layout" }],
  ["저는 한국 시간(KST) 기준으로 일해요.", { type: "user", desc: "User: 한국 시간(KST) 기준으로 일해요" }],
  ["저는 부산에 살아요", { type: "user", desc: "User: 부산에 살아요" }],
  // hard negatives: task state, questions, someone else
  ["I'm based in the wrong branch, sorry", null],
  ["am I colorblind to this bug?", null],
  ["I use a screen reader? no idea", null],
  ["I've been writing this function for hours", null],
  ["저는 한국 시간 기준으로 일하나요?", null],
  // third tester: a second sentence that leans on the first is folded, never its own memory
  [
    "Always put refactors and behavior changes in separate PRs. Keep those in separate PRs, reviewers hate mixing them.",
    {
      type: "feedback",
      desc: "Always put refactors and behavior changes in separate PRs",
      body: ["Keep those in separate PRs, reviewers hate mixing them."],
    },
  ],
  [
    "Stop using `any` in TypeScript code. I'd rather have `unknown` plus a type guard.",
    {
      type: "feedback",
      desc: "Stop using `any` in TypeScript code",
      body: ["I'd rather have `unknown` plus a type guard."],
    },
  ],
  ["Keep those in separate PRs.", null],
];

describe("planExtraction on labeled utterances", () => {
  it("has at least 40 rows", () => {
    expect(TABLE.length).toBeGreaterThanOrEqual(40);
  });

  it.each(TABLE)("%s", (text, want) => {
    const plan = planExtraction([prompt(text)], { sessionId: "s-1", nowMs: NOW });
    if (want === null) {
      expect(plan.memories).toEqual([]);
      expect(plan.projectFacts).toEqual([]);
      expect(plan.skipped).toHaveLength(1);
      if (SECRET.test(text)) expect(plan.skipped[0]!.reason).toBe("contains_secret");
      return;
    }
    if ("fact" in want) {
      expect(plan.memories).toEqual([]);
      expect(plan.projectFacts).toHaveLength(want.fact.length);
      for (const [i, f] of want.fact.entries()) expect(plan.projectFacts[i]).toContain(f);
      return;
    }
    expect(plan.projectFacts).toEqual([]);
    expect(plan.memories).toHaveLength(1);
    const m = plan.memories[0]!;
    expect(m.type).toBe(want.type);
    expect(m.description).toContain(want.desc);
    expect(m.description.length).toBeLessThanOrEqual(150);
    expect(m.description).not.toContain("\n");
    expect(m.name).toMatch(new RegExp(`^${want.type}-[a-z0-9\\p{Script=Hangul}-]+$`, "u"));
    if (/\p{Script=Hangul}/u.test(want.desc)) expect(m.name).toMatch(/\p{Script=Hangul}/u);
    expect(m.originSessionId).toBe("s-1");
    expect(m.sources).toEqual(["u-1"]);
    for (const b of want.body ?? []) expect(m.body).toContain(b);
    if (m.type === "feedback" || m.type === "project") {
      expect(m.body).toMatch(/\n\*\*Why:\*\* \S/);
      expect(m.body).toMatch(/\n\*\*How to apply:\*\* \S/);
    }
    // "How to apply" is a readable line, never a keyword list ("Whenever the work involves a, b, c.")
    const how = /\*\*How to apply:\*\* (.*)$/m.exec(m.body)?.[1] ?? "";
    expect(how).not.toMatch(/involves|^[\p{L}\p{N}-]+(?:, [\p{L}\p{N}-]+)+\.$/u);
    // third person for the user, never "I"
    if (m.type === "user") expect(m.description).not.toMatch(/\bI\b|\bI'/);
  });
});
