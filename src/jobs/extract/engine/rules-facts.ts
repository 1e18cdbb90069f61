/**
 * Project-fact rules: declarative facts about the project setup ("we use pnpm", "the app is
 * deployed to Fly.io", "the staging db is …", "CI runs on GitHub Actions", "we target Node 20").
 * They go to `project-memory.json` (DESIGN.md §3.2), never to topic files: they are facts about
 * the code base, which Claude Code's "what NOT to save" keeps out of the memory dir.
 */
import { capitalize, norm, objection, tidy } from "./cues.js";
import type { RuleOutcome, Sentence } from "./types.js";

const TOOLS =
  "pnpm|npm|yarn|bun|deno|node(?:\\.js)?|vitest|jest|mocha|playwright|cypress|eslint|biome|prettier|typescript|docker|docker compose|kubernetes|k8s|helm|terraform|pulumi|postgres(?:ql)?|mysql|mariadb|sqlite|redis|mongo(?:db)?|prisma|drizzle|typeorm|sequelize|knex|kysely|express|fastify|hono|nestjs|next(?:\\.js)?|remix|react|vue|svelte|angular|tailwind|vite|webpack|esbuild|rollup|turbo(?:repo)?|nx|lerna|changesets|github actions|gitlab ci|circleci|jenkins|buildkite|fly(?:\\.io)?|vercel|netlify|heroku|render|railway|aws|gcp|azure|cloudflare|go|rust|python|poetry|uv|pip|ruff|mypy|pytest|django|flask|fastapi|rails|ruby|elixir|phoenix|java|kotlin|gradle|maven|graphql|grpc|kafka|rabbitmq|nats|sqs|s3|supabase|firebase|planetscale|neon|zod|trpc|storybook|pnpm workspaces|monorepo";
const TOOL_START = new RegExp(`^(?:the )?(?:${TOOLS})\\b`);

/** Each pattern is tried on one clause; the whole clause becomes the fact. */
const FACT_PATTERNS: RegExp[] = [
  /^we(?:'re| are)? (?:use|using|build with|are on|'re on|run on)\s+(.+)$/,
  /^(?:the |our )?(?:app|api|service|site|website|backend|frontend|server|project|worker|bot|docs)\s+(?:is|are|gets|get)\s+(?:deployed|hosted|served)\s+(?:to|on|at|in|via|from)\s+\S.*$/,
  /^we (?:deploy|host|ship)\s+(?:to|on|at|in|via)\s+\S.*$/,
  /^(?:the |our )?(?:staging|production|prod|dev|test|local|shared)\s+(?:db|database|server|env|environment|url|cluster|bucket|redis|queue)\s+(?:is|lives|runs)\b\s*(?:at|on|in)?\s*\S.*$/,
  /^(?:the |our )?ci\s+(?:runs|is|uses|lives)\s+(?:on|in|via)?\s*\S.*$/,
  /^we (?:target|support|require|are on|'re on)\s+(?:node|bun|deno|python|go|java|ruby|php|rust|\.net|typescript|es\d{4})\s*v?\d[\w.]*\+?.*$/,
  /^(?:the |our )?(?:package manager|test runner|runtime|build tool|bundler|orm|linter|formatter)\s+(?:is|we use is)\s+\S.*$/,
  /^(?:the |this )?(?:project|repo|repository|app|codebase)\s+(?:uses|is built with|is written in|targets|runs on)\s+\S.*$/,
];
/** Words after "we use" that make it an opinion or a task, not a stack fact. */
const NOT_A_TOOL = /^(?:the wrong|a lot|it|this|that|them|too|way|lots|only)\b/;
const CLAUSE_SPLIT =
  /\s*(?:,\s*(?:and|so|but)\s+|;\s*|\s+(?:and|but)\s+(?=(?:we|ci|the|our)\b)|,\s*so\b|\s+so\s+(?=keep|make|please|don't|do|use)\b)/i;

/**
 * The fact rule. Returns `facts` (one per matching clause, user's words, capitalized), a reject for
 * a question or hedge, or `undefined` when no clause states a project fact.
 */
export function factRule(s: Sentence): RuleOutcome | undefined {
  const clauses = tidy(s.text.replace(/\*\*|__/g, ""))
    .replace(/^(?:fyi|btw|also|note|ok(?:ay)?|and)\b[\s,:]*/i, "")
    .split(CLAUSE_SPLIT);
  const facts: string[] = [];
  for (const clause of clauses) {
    const c = tidy(clause);
    const n = norm(c);
    for (const p of FACT_PATTERNS) {
      const m = p.exec(n);
      if (!m) continue;
      if (p === FACT_PATTERNS[0] && (NOT_A_TOOL.test(m[1]!) || !isToolish(c, m[1]!))) continue;
      facts.push(capitalize(c));
      break;
    }
  }
  if (facts.length === 0) return undefined;
  const why = objection(s.text, true);
  if (why) return { kind: "reject", rule: "project-fact", reason: why };
  return { kind: "facts", rule: "project-fact", facts };
}

/** "we use <X>": X must look like a tool (known name, `code`, or a Capitalized name). */
function isToolish(clause: string, lowerObject: string): boolean {
  if (TOOL_START.test(lowerObject)) return true;
  const at = norm(clause).lastIndexOf(lowerObject);
  const orig = at >= 0 ? clause.slice(at) : "";
  return /^(?:the )?(?:`[^`]+`|[A-Z][\w.-]*[A-Za-z0-9])/.test(orig) && !/^(?:I|It|This|That)\b/.test(orig);
}
