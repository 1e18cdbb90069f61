/**
 * Input checking for the sandbox tools: the subset of JSON Schema the tools use (an object of
 * string / integer / boolean properties, `required`, `minLength`, `minimum`, no other keys), and
 * the conversion of errors into tool results. Every result text is scrubbed (privacy `scrub`): no
 * secret or `<private>` text reaches a model.
 */
import { describeError, isMemdirError } from "../../core/errors.js";
import { truncateCodePoints } from "../../core/text.js";
import { scrub } from "../../privacy/index.js";
import type { AgentTool, ToolOutcome } from "./types.js";

interface PropSchema {
  type: "string" | "integer" | "boolean";
  description: string;
  minLength?: number;
  minimum?: number;
}

export interface ObjectSchema {
  type: "object";
  properties: Record<string, PropSchema>;
  required: string[];
  additionalProperties: false;
}

/** An object schema; `required` lists the keys that must be present. */
export function objectSchema(properties: Record<string, PropSchema>, required: string[]): ObjectSchema {
  return { type: "object", properties, required, additionalProperties: false };
}

/** The first way `input` breaks `schema`, or undefined when it conforms. */
export function schemaError(schema: ObjectSchema, input: unknown): string | undefined {
  if (typeof input !== "object" || input === null || Array.isArray(input))
    return "the input is not an object";
  const obj = input as Record<string, unknown>;
  for (const k of schema.required) if (obj[k] === undefined) return `\`${k}\` is required`;
  for (const [k, v] of Object.entries(obj)) {
    const p = schema.properties[k];
    if (!p) return `unknown key \`${k}\` (allowed: ${Object.keys(schema.properties).join(", ") || "none"})`;
    if (v === undefined) continue;
    if (p.type === "string") {
      if (typeof v !== "string") return `\`${k}\` must be a string`;
      if (p.minLength !== undefined && v.length < p.minLength) return `\`${k}\` must not be empty`;
    } else if (p.type === "integer") {
      if (typeof v !== "number" || !Number.isInteger(v)) return `\`${k}\` must be an integer`;
      if (p.minimum !== undefined && v < p.minimum) return `\`${k}\` must be at least ${p.minimum}`;
    } else if (typeof v !== "boolean") return `\`${k}\` must be true or false`;
  }
  return undefined;
}

/** An error result (scrubbed). */
export const failure = (text: string): ToolOutcome => ({ content: scrub(text), isError: true });

/**
 * A tool whose `run` checks the input against `schema` first (`invalidInput` result when it does not
 * conform), then runs `fn`; a thrown MemdirError becomes an error result carrying its message
 * (summary, expected, received, what to do), any other error a one-line error result. Every
 * content is scrubbed.
 */
export function defineTool(
  name: string,
  description: string,
  schema: ObjectSchema,
  fn: (input: Record<string, unknown>) => string,
): AgentTool {
  return {
    name,
    description,
    inputSchema: schema as unknown as Record<string, unknown>,
    run(input) {
      const bad = schemaError(schema, input);
      if (bad !== undefined) {
        const shape = Object.entries(schema.properties)
          .map(([k, p]) => `${k}${schema.required.includes(k) ? "" : "?"}: ${p.type}`)
          .join(", ");
        return {
          content: scrub(`Invalid input for ${name}: ${bad}. Expected {${shape}}.`),
          isError: true,
          invalidInput: true,
        };
      }
      try {
        return { content: scrub(fn(input)) };
      } catch (e) {
        if (isMemdirError(e)) return failure(e.message);
        return failure(`${name} failed: ${truncateCodePoints(describeError(e), 300)}`);
      }
    },
  };
}
