/** Validation and privacy scrubbing of `addPage` input (DESIGN.md §6 "bad input gets a clear error"). */
import { MemdirError } from "../core/errors.js";
import {
  codePointLength,
  normalizeNewlines,
  squashWhitespace,
  toWellFormed,
  truncateCodePoints,
} from "../core/text.js";
import { scrub } from "../privacy/index.js";
import { normalizeTag } from "./page.js";
import { normalizeRequestedSlug } from "./slug.js";
import { CONFIDENCES, type Confidence, type PageInput } from "./types.js";

/** A title longer than this many code points is refused. */
export const TITLE_MAX = 200;

/** `PageInput` after validation, scrubbing and normalization. */
export interface CleanPageInput {
  title: string;
  body: string;
  tags: string[];
  category?: string;
  confidence?: Confidence;
  sources: string[];
  slug?: string;
  mode: "replace" | "append";
}

function badInput(field: string, expected: string, value: unknown, hint: string): MemdirError {
  return new MemdirError("BAD_INPUT", `the wiki page's ${field} is not valid`, {
    expected,
    received: truncateCodePoints(JSON.stringify(value) ?? String(value), 80),
    hint,
  });
}

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every((s) => typeof s === "string");
const text = (s: string) => toWellFormed(normalizeNewlines(scrub(s)));
const line = (s: string) => squashWhitespace(text(s)).normalize("NFC");
const unique = (xs: string[]) => [...new Set(xs)].filter((x) => x !== "");

/**
 * Validates and scrubs (`<private>` blocks removed, secrets redacted: privacy/) every field.
 * @throws MemdirError BAD_INPUT naming the field: a missing or empty title (also when it was all
 *   private), a title over 200 code points, a body that is not a string, tags/sources that are not
 *   lists of strings, a category that is not a string, a confidence outside low | medium | high, an
 *   unusable slug, a mode other than replace | append.
 */
export function cleanPageInput(input: PageInput): CleanPageInput {
  if (typeof input !== "object" || input === null)
    throw badInput(
      "input",
      "{title, body, tags?, category?, confidence?, sources?, slug?, mode?}",
      input,
      "pass an object",
    );
  const title = typeof input.title === "string" ? line(input.title) : "";
  if (title === "" || codePointLength(title) > TITLE_MAX)
    throw badInput(
      "title",
      `a non-empty string of at most ${TITLE_MAX} characters (after removing private text)`,
      input.title,
      "give the page a short title; put details in the body",
    );
  if (typeof input.body !== "string")
    throw badInput("body", "a markdown string (may be empty)", input.body, "pass the page text as `body`");
  const body = text(input.body)
    .replace(/[ \t]+$/gm, "")
    .replace(/^\n+/, "")
    .trimEnd();
  for (const key of ["tags", "sources"] as const) {
    if (input[key] !== undefined && !isStringList(input[key]))
      throw badInput(key, "a list of strings", input[key], `pass ${key} as an array of strings`);
  }
  const out: CleanPageInput = {
    title,
    body,
    tags: unique((input.tags ?? []).map((t) => normalizeTag(line(t)))),
    sources: unique((input.sources ?? []).map(line)),
    mode: input.mode ?? "append",
  };
  if (input.category !== undefined) {
    if (typeof input.category !== "string")
      throw badInput("category", "a string", input.category, "pass one category name, e.g. `architecture`");
    const c = line(input.category);
    if (c !== "") out.category = c;
  }
  if (input.confidence !== undefined) {
    if (!(CONFIDENCES as readonly unknown[]).includes(input.confidence))
      throw badInput(
        "confidence",
        `one of ${CONFIDENCES.join(" | ")}`,
        input.confidence,
        "pick low, medium or high",
      );
    out.confidence = input.confidence;
  }
  if (input.slug !== undefined) {
    if (typeof input.slug !== "string")
      throw badInput("slug", "a string", input.slug, "pass a slug such as `auth-flow`, or none");
    out.slug = normalizeRequestedSlug(line(input.slug));
  }
  if (out.mode !== "append" && out.mode !== "replace")
    throw badInput("mode", "replace | append", input.mode, "use `append` (default) or `replace`");
  return out;
}
