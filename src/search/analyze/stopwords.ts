/**
 * The fixed English stopword list of the analyzer. Both sides drop these, after
 * lowercasing and apostrophe folding (`don't` → `dont`, `it's` → `it`), before stemming. The list is
 * the classic SMART/Lucene core (articles, pronouns, auxiliaries, prepositions, conjunctions) plus
 * the apostrophe-folded contractions that are not also words (`id`, `ill`, `well`, `shell`, `wont` stay).
 */
export const STOPWORDS: ReadonlySet<string> = new Set(
  (
    "a about above after again against all am an and any are aren arent as at be because been before being " +
    "below between both but by can cannot could couldnt did didnt do does doesnt doing dont down during " +
    "each few for from further had hadnt has hasnt have havent having he hes her here hers herself " +
    "him himself his how i im ive if in into is isnt it its itself just me more most mustnt my " +
    "myself no nor not of off on once only or other ought our ours ourselves out over own same shant she " +
    "shes should shouldnt so some such than that thats the their theirs them themselves then there " +
    "theres these they theyd theyll theyre theyve this those through to too under until up very was wasnt we " +
    "were weve werent what whats when whens where wheres which while who whos whom why whys will " +
    "with would wouldnt you youd youll youre youve your yours yourself yourselves s t"
  ).split(" "),
);
