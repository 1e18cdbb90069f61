/**
 * L3 llm/ (DESIGN.md §5): model providers behind one interface, the sandboxed agent loop, and the
 * token ledger with budgets and the circuit breaker. Imports only core/: it knows nothing about
 * memory; the tools are injected by jobs/. The SDKs load lazily inside the providers.
 */
export * from "./agent/index.js";
export * from "./ledger/index.js";
export * from "./providers/index.js";
export * from "./types.js";
