/** Mutual exclusion with the main agent: which tool calls write into a memory dir, and the slice split. */
import { describe, expect, it } from "vitest";
import { toolUse } from "../../../src/adapters/claude-code/tools.js";
import { splitAtMemoryWrite, writesInto } from "../../../src/jobs/extract/mutual.js";
import type { ConversationMessage } from "../../../src/transcripts/types.js";

const HOME = "/home/dev";
const MEM = "/home/dev/.claude/projects/-home-dev-app/memory";
const bash = (command: string) => writesInto(toolUse("Bash", { command }), [MEM], HOME);

describe("writesInto", () => {
  it("file tools: a path inside the memory dir, also spelled with ~ or $HOME", () => {
    expect(writesInto(toolUse("Write", { file_path: `${MEM}/MEMORY.md` }), [MEM], HOME)).toBe(true);
    expect(
      writesInto(toolUse("Edit", { file_path: "~/.claude/projects/-home-dev-app/memory/x.md" }), [MEM], HOME),
    ).toBe(true);
    expect(writesInto(toolUse("Write", { file_path: "/home/dev/app/src/memory.ts" }), [MEM], HOME)).toBe(
      false,
    );
    expect(writesInto(toolUse("Read", { file_path: `${MEM}/MEMORY.md` }), [MEM], HOME)).toBe(false);
  });

  it("shell: redirects and writing commands into the dir count, in every spelling of the home dir", () => {
    expect(bash(`printf 'x' > ${MEM}/tabs.md`)).toBe(true);
    expect(bash("printf 'x' > ~/.claude/projects/-home-dev-app/memory/tabs.md")).toBe(true);
    expect(bash('echo x >> "$HOME/.claude/projects/-home-dev-app/memory/MEMORY.md"')).toBe(true);
    // biome-ignore lint/suspicious/noTemplateCurlyInString: the shell's own ${HOME}, not a template
    expect(bash("cat note | tee ${HOME}/.claude/projects/-home-dev-app/memory/n.md")).toBe(true);
    expect(bash(`sed -i 's/a/b/' ${MEM}/MEMORY.md`)).toBe(true);
    expect(bash(`rm ${MEM}/old.md`)).toBe(true);
  });

  it("shell: reading the dir is not writing it, whatever the redirections of stderr", () => {
    expect(bash(`cat ${MEM}/MEMORY.md 2>/dev/null`)).toBe(false);
    expect(bash(`grep -ril tabs ${MEM} 2>&1 | head`)).toBe(false);
    expect(bash(`ls ${MEM} > /tmp/listing.txt`)).toBe(false);
    expect(bash("npm test > /tmp/out.txt 2>&1")).toBe(false);
  });
});

let n = 0;
const msg = (
  kind: ConversationMessage["kind"],
  text: string,
  toolCalls: ConversationMessage["toolCalls"] = [],
) =>
  ({
    kind,
    uuid: `u${n++}`,
    timestamp: "",
    text,
    toolCalls,
    isSidechain: false,
    endOffset: n,
  }) as ConversationMessage;

describe("splitAtMemoryWrite", () => {
  it("skips only the turn in which the agent wrote memory; the turns before and after are extracted", () => {
    const turn1 = [
      msg("prompt", "Never mock the database in integration tests."),
      msg("assistant", "Understood."),
    ];
    const turn2 = [
      msg("prompt", "remember that I prefer tabs"),
      msg("assistant", "Saving.", [
        {
          ...toolUse("Write", { file_path: `${MEM}/tabs.md` }),
          id: "t",
          result: { text: "ok", isError: false },
        },
      ]),
    ];
    const turn3 = [msg("prompt", "now run the tests"), msg("assistant", "Green.")];
    const r = splitAtMemoryWrite([...turn1, ...turn2, ...turn3], [MEM], HOME);
    expect(r.extract).toEqual([...turn1, ...turn3]);
    expect(r.skipped).toEqual(turn2);
  });

  it("a failed write is not a write; no write keeps everything", () => {
    const failed = [
      msg("prompt", "remember tabs"),
      msg("assistant", "", [
        {
          ...toolUse("Write", { file_path: `${MEM}/t.md` }),
          id: "t",
          result: { text: "denied", isError: true },
        },
      ]),
    ];
    expect(splitAtMemoryWrite(failed, [MEM], HOME)).toEqual({ extract: failed, skipped: [] });
  });
});
