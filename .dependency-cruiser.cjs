/**
 * Layer rules of DESIGN.md §5, enforced by `npm run lint`.
 * L0 core -> L1 config/paths/privacy/harness -> L2 store/notepad/project/sessions/transcripts/wiki/adapters
 * -> L3 search/llm -> L4 jobs/share -> L5 app -> L6 surfaces (hooks/mcp/cli/web). Imports flow downward only.
 */
const L = {
  L0: "^src/core/",
  L1: "^src/(config|paths|privacy|harness)/",
  L2: "^src/(store|notepad|project|sessions|transcripts|wiki|adapters)/",
  L3: "^src/(search|llm)/",
  L4: "^src/(jobs|share)/",
  L5: "^src/app/",
  L6: "^src/(hooks|mcp|cli|web)/",
};
const up = (from, ...to) => ({
  name: `no-upward-from-${from.replace(/\W/g, "")}`,
  severity: "error",
  comment: "DESIGN.md §5: imports flow downward only",
  from: { path: from },
  to: { path: to.join("|") },
});
module.exports = {
  forbidden: [
    up(L.L0, L.L1, L.L2, L.L3, L.L4, L.L5, L.L6),
    up(L.L1, L.L2, L.L3, L.L4, L.L5, L.L6),
    up(L.L2, L.L3, L.L4, L.L5, L.L6),
    up(L.L3, L.L4, L.L5, L.L6),
    up(L.L4, L.L5, L.L6),
    up(L.L5, L.L6),
    {
      name: "l1-siblings-independent",
      severity: "error",
      comment: "config, paths and privacy are independent L1 modules except paths may read config",
      from: { path: "^src/(privacy)/" },
      to: { path: "^src/(config|paths)/" },
    },
    {
      name: "harness-vocabulary-independent",
      severity: "error",
      comment: "harness/ (neutral events, tool kinds, names) imports nothing of memdir but core/",
      from: { path: "^src/harness/" },
      to: { path: "^src/(?!core/|harness/)" },
    },
    {
      name: "harness-knowledge-stays-in-its-adapter",
      severity: "error",
      comment:
        "only src/adapters/<harness>/ knows a harness; everything else reaches it through adapters/registry.ts and adapters/contract.ts",
      from: { path: "^src/(?!adapters/)" },
      to: { path: "^src/adapters/(?!registry\\.ts$|contract\\.ts$)" },
    },
    {
      name: "adapters-never-import-each-other",
      severity: "error",
      comment: "an adapter uses its own folder and adapters/shared/ (the settings hooks tree, hook commands)",
      from: { path: "^src/adapters/([^/]+)/" },
      to: { path: "^src/adapters/[^/]+/", pathNot: ["^src/adapters/$1/", "^src/adapters/shared/"] },
    },
    {
      name: "app-rooms-flow-downward",
      severity: "error",
      comment:
        "app/ rooms: commands -> hooks -> jobs -> inject -> model -> the files at the app/ root; a room never imports one above it",
      from: { path: "^src/app/(hooks|jobs|inject|model)/" },
      to: { path: "^src/app/commands/" },
    },
    {
      name: "app-jobs-never-import-hooks",
      severity: "error",
      from: { path: "^src/app/(jobs|inject|model)/" },
      to: { path: "^src/app/hooks/" },
    },
    {
      name: "app-inject-never-imports-jobs",
      severity: "error",
      from: { path: "^src/app/(inject|model)/" },
      to: { path: "^src/app/jobs/" },
    },
    {
      name: "app-model-imports-only-the-root",
      severity: "error",
      from: { path: "^src/app/model/" },
      to: { path: "^src/app/(hooks|jobs|inject|commands)/" },
    },
    {
      name: "app-root-imports-no-room",
      severity: "error",
      comment:
        "the files at the app/ root are shared by every room and import none of them, except the job request and its limits (runtime.ts spawns jobs)",
      from: { path: "^src/app/[^/]+\\.ts$" },
      to: {
        path: "^src/app/(hooks|jobs|inject|commands|model)/",
        pathNot: "^src/app/jobs/(request|limits)\\.ts$",
      },
    },
    {
      name: "store-never-imports-search",
      severity: "error",
      from: { path: "^src/store/" },
      to: { path: "^src/search/" },
    },
    {
      name: "llm-knows-nothing-of-memory",
      severity: "error",
      comment: "DESIGN.md §5: llm/ imports L0 only; tools are injected",
      from: { path: "^src/llm/" },
      to: { path: "^src/(?!core/|llm/)" },
    },
    {
      name: "surfaces-never-import-each-other",
      severity: "error",
      from: { path: "^src/(hooks|mcp|cli|web)/" },
      to: { path: "^src/(hooks|mcp|cli|web)/", pathNot: "^src/$1/" },
    },
    {
      name: "l2-siblings",
      severity: "error",
      comment:
        "DESIGN.md §5: among L2 modules only notepad/project/wiki may use store; adapters may use transcripts",
      from: { path: "^src/(store|notepad|project|sessions|transcripts|wiki)/" },
      to: {
        path: "^src/(store|notepad|project|sessions|transcripts|wiki|adapters)/",
        pathNot: ["^src/$1/", "^src/store/"],
      },
    },
    {
      name: "l2-sessions-transcripts-never-use-store",
      severity: "error",
      from: { path: "^src/(sessions|transcripts)/" },
      to: { path: "^src/store/" },
    },
    {
      name: "adapters-use-transcripts-only",
      severity: "error",
      from: { path: "^src/adapters/" },
      to: { path: "^src/(store|notepad|project|sessions|wiki)/" },
    },
    {
      name: "no-circular",
      severity: "error",
      from: {},
      to: { circular: true },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    enhancedResolveOptions: { extensions: [".ts", ".js"] },
  },
};
