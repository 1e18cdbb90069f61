/** Stopwords and light English stemming shared by the store's similarity and rule keys. */
export const STOPWORDS = new Set(
  (
    "a an the and or but if then else of to in on at by for with without from into onto about as is are was were be " +
    "been being am it its it's this that these those there here we you i he she they them their our your my me us " +
    "do does did done should must always can could would will shall may might so such than too very just also not " +
    "no never don't doesn't dont doesnt instead rather only all any each every some same other use used using uses " +
    "why how apply applies when what which who whom where while because via per vs etc e g ie eg please make sure " +
    "prefer prefers preferred want wants like"
  ).split(" "),
);

/** Light English stemming so `tests`/`test`, `mocking`/`mock` meet. */
export function stem(w: string): string {
  if (w.length > 4 && w.endsWith("ies")) return `${w.slice(0, -3)}y`;
  if (w.length > 5 && w.endsWith("ing")) return w.slice(0, -3);
  if (w.length > 4 && w.endsWith("ed") && !w.endsWith("eed")) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith("es") && /(ss|sh|ch|x|z)es$/.test(w)) return w.slice(0, -2);
  if (w.length > 3 && w.endsWith("s") && !/(ss|us|is)$/.test(w)) return w.slice(0, -1);
  return w;
}
