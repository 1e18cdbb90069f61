/**
 * The cue lexicon shared by the rules (English + Korean). Precision first: a rule fires only on a
 * trigger, and these cues decide whether the guidance is standing (worth a memory) or a one-off
 * task instruction (never a memory). Source of the taxonomy: Claude Code 2.1.x auto-memory prompt
 * ("what NOT to save": ephemeral task state), reference/claude-mem.md #1709 (noise).
 */

/** True when the text contains Hangul syllables. */
export function isKorean(s: string): boolean {
  return /[\uac00-\ud7a3]/.test(s);
}

/** Lowercased text with typographic apostrophes made ASCII and emphasis markers removed. */
export function norm(s: string): string {
  return s
    .replace(/[’‘]/g, "'")
    .replace(/\*\*|__/g, "")
    .toLowerCase();
}

/** Markers of short-lived, one-off instructions ("don't run the tests yet"). */
const SHORT_LIVED_EN =
  /\b(for now|yet|this time|right now|just now|at the moment|for the moment|temporarily|this once|in this case|for a (?:bit|while|sec|second|minute)|for this (?:one|task|pr|commit|change|file|session|run|branch|ticket|issue|step|test))\b|\bnever ?mind\b/;
const SHORT_LIVED_KO = /(지금은|지금 당장|일단|이번에는|이번엔|이번만|아직|당분간|잠깐|잠시)/;
/** Day words: short-lived for guidance, but fine (and anchored to a date) in project memories. */
const DAY_WORDS = /\b(today|tonight|tomorrow|this morning|this afternoon)\b|(오늘|내일)/;

/** Hedges: a guess is not guidance. */
const HEDGE_EN =
  /\b(maybe|perhaps|probably|might|may be|possibly|i guess|i think|not sure|if you want|if needed)\b/;
/** "혹시 … 발견하면" ("in case you find …") is a condition, not a hedge. */
const HEDGE_KO = /(아마|혹시(?![^,.?？]*[^\s,.]면(?:\s|$))|글쎄)/;

/** Negated generalizers ("not always", "don't always"). */
const NEGATED_GENERAL = /\b(?:not|n't)\s+(?:always|necessarily)\b/;

/** A question: a question mark anywhere, or an interrogative opening (English). */
const QUESTION_OPENING =
  /^(?:can|could|would|will|shall|do you|does|did|is|are|was|were|have you|has|what|why|how|where|which|who|should (?:i|we))\b/;

/** A negated short-lived marker ("not just for now", "this isn't a one-off"): standing, not short-lived. */
const NOT_ONE_OFF_EN =
  /\b(?:not|n't)\s+(?:just\s+|only\s+|merely\s+)?(?:for now|this time|this once|a one-off|for this (?:one|task|pr|commit|change|file|branch|ticket))\b/g;
const NOT_ONE_OFF_KO = /(?:이번|이번에|지금|오늘)만\s*(?:이|은)?\s*아니(?:라|고|에요|야)/g;

/**
 * Why a sentence cannot carry standing guidance, or `undefined` when nothing objects.
 * Checks questions, short-lived markers, hedges and negated generalizers; day words ("today")
 * too unless `allowDays` (project memories anchor them to an absolute date instead).
 */
export function objection(sentence: string, allowDays = false): string | undefined {
  // "not just this time", "이번만이 아니라": a negated one-off marker generalizes instead
  const t = norm(sentence).trim().replace(NOT_ONE_OFF_EN, " ").replace(NOT_ONE_OFF_KO, " ");
  if (t.includes("?") || t.includes("？")) return "question";
  if (QUESTION_OPENING.test(t)) return "question";
  const sl = SHORT_LIVED_EN.exec(t) ?? SHORT_LIVED_KO.exec(t);
  if (sl) return `short-lived marker '${sl[1] ?? sl[0]}'`;
  const d = allowDays ? null : DAY_WORDS.exec(t);
  if (d) return `short-lived marker '${d[0]}'`;
  const h = HEDGE_EN.exec(t) ?? HEDGE_KO.exec(t);
  if (h) return `hedge '${h[1] ?? h[0]}'`;
  if (NEGATED_GENERAL.test(t)) return "negated generalizer";
  return undefined;
}

/** Cues that make an instruction general (standing) rather than about the current task. */
const GENERAL_EN =
  /\b(always|never|ever|from now on|going forward|moving forward|in the future|in general|generally|as a rule|by default|every time|each time|whenever|anymore|any more|no more|in this (?:project|repo|repository|codebase|team|app|company|org)|in (?:this|our) (?:code|stack)|every (?:single )?(?:function|method|class|component|line|call|module|endpoint|handler|commit|variable|import|error|exception|log|message|response|answer|reply|query|promise|statement|loop|prop|field|type)s?|instead of|rather than|prefer|preferred|i like|i love|i hate|i'd rather|i would rather|we don't use|we do not use|we never|we always|our convention|the convention|convention is|for (?:all|every|any)|(?:not|n't) (?:just |only )?(?:for now|this time|this once|a one-off|here)|(?:that|this|it) (?:goes|applies) (?:for|to) (?:everything|every|all|any)|applies everywhere|across the (?:board|codebase|repo)|(?:it's|that's|this is) how (?:we|the (?:whole )?team|our team|everyone|everybody) \w+|any (?:repo|project|codebase|service)s? (?:of ours|we own))\b/;
const GENERAL_KO =
  /(항상|절대|앞으로|매번|언제나|무조건|대신|말고|보다는|선호|늘 |(?:이번|이번에|지금)만\s*(?:이|은)?\s*아니(?:라|고)|(?:우리|저희|팀)(?: 팀)?(?:의)? (?:규칙|원칙|룰|컨벤션|관례))/;
/**
 * The whole repository or team as the topic ("이 저장소는 pnpm만 써요", "우리 팀은 …"): like "in this
 * repo", general, but only for a statement or a rule, not a request ("이 프로젝트에서 테스트 돌려줘").
 */
const REPO_SCOPE_KO =
  /(?:^|\s)((?:이|우리|저희)\s*(?:저장소|레포|리포|프로젝트|팀|회사|코드베이스)(?:는|은|에서는|에선))(?=\s)/;
const REQUEST_END_KO = /(?:줘|줘요|주세요|줄래요?|해라|하자)[\s.!]*$/;
/**
 * A category that is the topic of the sentence ("커밋 메시지는 영어로 써 주세요", "주석은 …"): the
 * rule is about every one of them. Only nouns that name a kind of output, never one artifact
 * ("테스트는 …", "코드는 …" usually mean the one at hand).
 */
const TOPIC_CATEGORY_KO =
  /(?<![\uac00-\ud7a3A-Za-z])(?<!(?:이|그|저|이번|해당) )((?:커밋 메시지|커밋|주석|문서|PR|풀 리퀘스트|테스트 코드|프로덕션 코드|운영 코드|변수명|변수 이름|함수명|로그 메시지|에러 메시지|답변|응답)(?:은|는))(?=\s)/i;
/** A whole category of work in Korean ("테스트 코드에서", "커밋 메시지에는"), not "이 테스트에서". */
const CATEGORY_KO =
  /(?<!(?:^|[^\uac00-\ud7a3])(?:이|그|저|이번|해당)(?: [\uac00-\ud7a3A-Za-z]+)? )(?<![\uac00-\ud7a3A-Za-z])((?:(?!(?:이|그|저|이번|해당|항상|절대|앞으로|매번|언제나|무조건|늘) )[\uac00-\ud7a3A-Za-z]+ )?(?:테스트 코드|테스트|프로덕션 코드|운영 코드|코드|커밋 메시지|커밋|PR|풀 리퀘스트|마이그레이션|스크립트|컴포넌트|문서|주석)(?:에서는|에서|에선|에는|에))(?=\s)/i;

/** A whole category of work ("in integration tests", "in commit messages"), not "the tests" at hand. */
const CATEGORY_EN =
  /\b((?:in|for|inside|to) (?:all |any |our )?(?!the |this |that |these |those |my |your |a |an |it |them )(?:[\w-]+ )?(?:tests|specs|migrations|commits|commit messages|prs|pull requests|code reviews|reviews|scripts|components|handlers|endpoints|production code|prod code|production|prod|code|functions|methods|classes|modules))\b/;
/** A shared environment as the target ("against staging", "on the production database"): never one task's. */
const ENVIRONMENT_EN =
  /\b((?:against|on|in|to|into) (?:the )?(?:staging|production|prod|live)(?: (?:db|database|cluster|server|env|environment|data))?)\b(?! (?:branch|build|bundle|mode|flag|config)\b)/;

/**
 * A generalizer that only describes a noun, not the instruction: "the test that always fails",
 * "항상 실패하는 테스트" (an adverb inside a relative clause). Removed before looking for cues.
 */
const RELATIVE_ADVERB_EN = /\b(?:that|which|who)\s+(?:always|never|ever|constantly)\s+\w+/g;
const RELATIVE_ADVERB_KO =
  /(?:항상|절대|매번|언제나|늘|자꾸|계속)\s+(?:[\uac00-\ud7a3A-Za-z]+\s+)?[\uac00-\ud7a3]*(?:하는|되는|있는|없는|지는|나는|뜨는|리는|하던|되던|했던|났던|던)(?=\s)/g;

/** The general cue found in `sentence`, if any. */
export function generalCue(sentence: string): string | undefined {
  const t = norm(sentence).replace(RELATIVE_ADVERB_EN, " ").replace(RELATIVE_ADVERB_KO, " ");
  const m =
    GENERAL_EN.exec(t) ??
    GENERAL_KO.exec(t) ??
    CATEGORY_EN.exec(t) ??
    ENVIRONMENT_EN.exec(t) ??
    CATEGORY_KO.exec(t) ??
    TOPIC_CATEGORY_KO.exec(t) ??
    (REQUEST_END_KO.test(t) ? null : REPO_SCOPE_KO.exec(t));
  return m ? (m[1] ?? m[0]).trim() : undefined;
}

/** The Korean category phrase of `sentence` ("테스트 코드에서"), if any: where a rule applies. */
export function categoryKo(sentence: string): string | undefined {
  return CATEGORY_KO.exec(sentence)?.[1];
}

/** Openings that mark a correction of the agent ("no, …", "that's wrong, …"). */
export const CORRECTION_OPENING_EN =
  /^(?:(?:no+|nope|nah|wrong|actually)\s*[,.:;!—–-]|(?:that's|that is) (?:wrong|not right|incorrect|not what i (?:asked|meant|want))\b|not like that\b|i told you\b|i said\b|you keep forgetting(?: (?:this|that|it))?\s*[:,;—–-]|how many times do i have to (?:say|tell you)(?: this| it)?\s*[:,;!—–-])[\s,.:;!—–-]*/;
export const CORRECTION_OPENING_KO =
  /^(?:아니요|아뇨|아니야|아니|틀렸어요|틀렸어|그게 아니라|그게 아니고)[\s,.!]*/;

/** Removes every leading correction cue ("no, not like that — …"); `corrected` when one was found. */
export function stripCorrection(s: string): { rest: string; corrected: boolean } {
  let rest = s.trim();
  let corrected = false;
  for (let i = 0; i < 4; i++) {
    const m = CORRECTION_OPENING_EN.exec(norm(rest));
    if (!m || m[0].length === 0) break;
    corrected = true;
    rest = stripFiller(rest.slice(m[0].length));
  }
  return { rest, corrected };
}

/**
 * A one-off choice among options the agent offered ("I prefer option B", "I'd go with the second
 * approach", "let's go with A"): a decision for the task at hand, never a standing preference.
 */
export const ONE_OFF_CHOICE =
  /^(?:i(?: (?:prefer|choose|pick|like|want|vote for|'ll take|'ll go with|'d go with|would go with|'d pick|'d take)|'d rather go with| would rather go with)|let's go with|go with|we'll go with|we go with)\s+(?:(?:the|your|that|this|our|my)\s+(?:[\w-]+\s+){0,2}?(?:option|approach|choice|alternative|variant|version|proposal|solution|suggestion|plan|design|one|idea)s?\b|(?:option|approach|choice|alternative|variant|version|proposal|solution|plan)\s+(?:[a-z]|\d+)\b|(?:the\s+)?(?:first|second|third|fourth|last|former|latter|other)\b|[b-d1-9]\b|a(?=\s*(?:[,.!;]|$)))/;

/**
 * Task focus ("let's focus on the checkout flow", "let's work on the API next"): what to do now,
 * not a standing rule, even after "from now on".
 */
export const TASK_FOCUS =
  /^(?:let's|let us|we'll|we will|i'll|i will|we should|we need to|i want to|i'd like to|we're going to|i'm going to)\s+(?:now\s+|next\s+|just\s+|first\s+)?(?:focus|work|concentrate|continue|move on|get back|look|tackle|finish|start|switch|turn|shift)\b/;

/** Leading filler removed before matching ("ok,", "also", "btw", "please", "anyway", "fwiw"). */
const FILLER_EN =
  /^(?:ok(?:ay)?|also|and|but|so|now|then|btw|by the way|fyi|fwiw|for what it's worth|for the record|anyway|anyhow|oh|ah|hey|great|thanks|thank you|one more thing|one last thing|one thing|please|pls|plz)\b[\s,.:;!—–-]*/;
/** Words that are filler only when punctuation follows ("hold on though, …", "right, …", "look: …"). */
const FILLER_PUNCT_EN =
  /^(?:hold on(?: though| a sec(?:ond)?)?|wait|look|listen|right|alright|all right|good|cool|nice|perfect|sure|yes|yeah|yep|though)\s*[,.:;!—–-]+\s*/;
/**
 * Korean discourse fillers ("아 ", "참고로", "그리고", "근데", "아 맞다"): only before a space or
 * punctuation, so "아니" (a correction) and "오늘" stay.
 */
const FILLER_KO =
  /^(?:아 참|아 맞다|아|어|오|음|앗|참|맞다|그리고|근데|그런데|참고로|그나저나|아무튼|암튼|그럼|그러면|자|네|넵|좋아요|좋네요|굿)(?:[\s,.!…~]+)/;

/** Removes leading filler words (English and Korean); returns the rest (original case kept). */
export function stripFiller(s: string): string {
  let out = s.trim();
  for (let i = 0; i < 6; i++) {
    const n = norm(out);
    const m = FILLER_EN.exec(n) ?? FILLER_PUNCT_EN.exec(n) ?? FILLER_KO.exec(n);
    if (!m || m[0].length === 0) break;
    out = out.slice(m[0].length).trim();
  }
  return out;
}

/**
 * An instruction scoped to one artifact ("for this page", "in checkout.ts", "이 파일에서"): task
 * state, not a standing preference ("in this repo / project" is general and does not count).
 */
const SCOPED_EN =
  /\b(?:to|in|on|for|from|into|inside)\s+(?:it|that|this|them|those|these)\s*(?=[,.;!]|$)|\b(?:in|for|on|to|inside|within|from)\s+(?:this|that|the current|the same)\s+(?:page|file|function|method|component|class|module|pr|pull request|screen|view|test|spec|endpoint|branch|commit|ticket|issue|task|section|line|form|modal|button|table|query|script|snippet|block|diff|feature|story|layout|route|handler|hook|dialog|chart|template)s?\b|\b(?:in|for|on|to|inside|within|from)\s+(?:the\s+)?[\w-]+(?:\.[\w-]+)*\.(?:ts|tsx|js|jsx|mjs|cjs|py|go|rs|rb|java|kt|swift|ex|exs|css|scss|html|vue|svelte|json|ya?ml|toml|md|sql|sh)\b/;
const SCOPED_KO =
  /(?:^|\s)(?:(?:이|그|저|이번|해당)\s+(?:[\uac00-\ud7a3A-Za-z]+\s+)?(?:파일|페이지|함수|메서드|메소드|컴포넌트|클래스|모듈|PR|테스트|화면|브랜치|커밋|이슈|티켓|부분|줄|라인|섹션|코드)|[\w-]+\.(?:ts|tsx|js|jsx|py|go|rs|rb|java|kt|swift|css|html|vue|json|ya?ml|md|sql))(?:에서는|에서|에선|에는|에|만)(?=\s|$)/i;

/** The scope phrase when `sentence` is an instruction about one file / page / function, else undefined. */
export function scopedTo(sentence: string): string | undefined {
  const t = norm(sentence);
  return (SCOPED_EN.exec(t) ?? SCOPED_KO.exec(t))?.[0].trim();
}

/** Words that carry no content (for vagueness checks and topics). */
export const STOPWORDS = new Set(
  (
    "a an the to of in on at for and or but with by from as is are be been was were it its this that these those " +
    "there here then than so do does did don't dont not no never always ever again please pls just really " +
    "you your we our i me my us they them he she his her one ones thing things stuff something anything " +
    "all any some every each also too very more most less stop avoid use using should must need make sure " +
    "like want would could can will shall let's lets okay ok yes yeah"
  ).split(" "),
);

/** Content words of `s` (letters/digits, length ≥ 2, not stopwords), lowercased. */
export function contentWords(s: string): string[] {
  const words = norm(s).match(/[\p{L}\p{N}][\p{L}\p{N}._/#+'-]*/gu) ?? [];
  return words
    .map((w) => w.replace(/[._'-]+$/, ""))
    .filter((w) => w.length >= 2 && !STOPWORDS.has(w) && !/n't$|^i'|'(?:d|s|re|ve|ll|m)$/.test(w));
}

/** Uppercases the first ASCII letter (Korean text is left as is: "pnpm 말고 …" stays lower case). */
export function capitalize(s: string): string {
  // a path or file name keeps its case ("src/server.js", "package.json")
  return isKorean(s) ? s : s.replace(/^[a-z](?![\w-]*[./]\w)/, (c) => c.toUpperCase());
}

/** Trims, squashes spaces and drops trailing punctuation. */
export function tidy(s: string): string {
  return s
    .replace(/\s+/g, " ")
    .trim()
    .replace(/^[\s,;:—–-]+/, "")
    .replace(/[\s,;:.!。—–-]+$/u, "");
}
