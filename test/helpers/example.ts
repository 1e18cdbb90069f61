/** The bundled example session (`examples/sessions/`), shared by the quick-start, extraction, history and KAIROS tests. */
import { join } from "node:path";

/** Absolute path of the example Claude Code transcript. */
export const EXAMPLE_SESSION = join(
  import.meta.dirname,
  "..",
  "..",
  "examples",
  "sessions",
  "preferences-and-dashboard.jsonl",
);
/** Its session id. */
export const EXAMPLE_SESSION_ID = "8c1f4b2e-6a3d-4f0e-9b7c-2d5e1a9f3c64";
