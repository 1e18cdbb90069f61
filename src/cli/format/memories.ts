/** Text for `memdir list`, `memdir show` and `memdir agent snapshot`. */
import type { SnapshotPublished } from "../../app/commands/agent.js";
import type { MemoryListResult } from "../../app/commands/memories.js";

type Color = { bold: (s: string) => string; dim: (s: string) => string };

export function locationLabel(l: { scope: string; agent?: string }): string {
  return l.agent ? `${l.agent} agent, ${l.scope} scope` : `${l.scope} memory`;
}

export function formatList(r: MemoryListResult, c: Color): string {
  const out: string[] = [];
  for (const l of r.locations) {
    out.push(c.bold(`${locationLabel(l)}: ${l.dir}`) + (l.readOnly ? ` (read-only: ${l.readOnly})` : ""));
    if (!l.exists) out.push(c.dim("  (no memory yet)"));
    else if (!l.memories.length) out.push(c.dim("  (no topic files)"));
    for (const m of l.memories)
      out.push(`  ${m.name}  ${c.dim(`[${m.type}] ${m.updated.slice(0, 10)}`)}  ${m.description}`);
    for (const e of l.errors) out.push(c.dim(`  unreadable: ${e}`));
  }
  return out.join("\n");
}

export function formatPublished(r: SnapshotPublished): string {
  return [
    `published ${r.files.length} file(s) of the ${r.agent} agent's project memory`,
    `  from ${r.from}`,
    `  to   ${r.to} (snapshot.json updatedAt ${r.updatedAt})`,
    ...(r.removed.length ? [`  removed from the snapshot: ${r.removed.join(", ")}`] : []),
    `commit ${r.to} so teammates receive it at their next ${r.agent} subagent start`,
  ].join("\n");
}
