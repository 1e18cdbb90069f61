/**
 * Alternatives: words that name one choice among interchangeable ones (a package manager, a test
 * runner, an indentation style). A correction that names only its new choice ("we switched to
 * pnpm") replaces the stored choice of the same class ("use yarn"), never a word of another class
 * ("kafka for events" replaces no package manager). Subject qualifiers (staging / prod, Go / Python,
 * unit / integration) pick WHICH thing a rule is about: a correction never swaps one for another
 * unless it names the old one. Closed lists by class, as written (callers key the words their own way).
 */
import { QUALIFIER_CLASSES } from "./qualifier-words.js";

/** Qualifier classes that pick the subject of a rule, not its choice. */
const SUBJECT_CLASSES = new Set(["environment", "platform", "language", "tests", "visibility", "role"]);

/** Classes of interchangeable choices: the qualifier classes that are choices, plus tools. */
export const CHOICE_CLASSES: Readonly<Record<string, string>> = {
  ...Object.fromEntries(Object.entries(QUALIFIER_CLASSES).filter(([c]) => !SUBJECT_CLASSES.has(c))),
  packages: "npm yarn pnpm bun pip pipenv poetry uv conda cargo gradle maven",
  testRunner: "jest vitest mocha jasmine ava karma tap pytest unittest nose",
  e2e: "playwright cypress puppeteer selenium webdriverio",
  bundler: "webpack vite rollup esbuild parcel turbopack rspack tsup",
  formatter: "prettier biome dprint black ruff yapf autopep8 gofmt rustfmt",
  linter: "eslint tslint oxlint pylint flake8 golangci",
  runtime: "node nodejs deno",
  broker: "kafka rabbitmq nats sqs pubsub kinesis activemq",
  database: "postgres postgresql mysql mariadb sqlite mongodb mongo dynamodb cassandra cockroachdb",
  orm: "prisma drizzle typeorm sequelize knex sqlalchemy",
  ci: "jenkins circleci travis buildkite",
  vcsFlow: "merge rebase squash",
  modules: "esm commonjs cjs",
  editor: "vim neovim emacs vscode",
};

/** Qualifier classes that pick the subject (see the file comment), as written. */
export const SUBJECT_QUALIFIERS: Readonly<Record<string, string>> = Object.fromEntries(
  Object.entries(QUALIFIER_CLASSES).filter(([c]) => SUBJECT_CLASSES.has(c)),
);

/** A class lookup keyed by `key(word)`, built on first use. */
export function classLookup(
  classes: Readonly<Record<string, string>>,
  key: (w: string) => string,
): (term: string) => string | undefined {
  let map: Map<string, string> | undefined;
  return (term) => {
    if (!map) {
      map = new Map();
      for (const [cls, words] of Object.entries(classes))
        for (const w of words.split(" ")) map.set(key(w), cls);
    }
    return map.get(term);
  };
}
