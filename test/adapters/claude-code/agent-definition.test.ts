import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  findAgentDefinition,
  parseAgentDefinition,
} from "../../../src/adapters/claude-code/agent-definition.js";
import { tempDir } from "../../helpers/tmp.js";

describe("Claude Code agent definitions", () => {
  it("reads name and memory from the frontmatter; other memory values are ignored", () => {
    expect(parseAgentDefinition("---\nname: rev\nmemory: project\n---\nbody", "f")).toEqual({
      name: "rev",
      memory: "project",
      file: "f",
    });
    expect(
      parseAgentDefinition("\uFEFF---\r\nname: 'rev'\r\nmemory: \"local\" # mine\r\n---\r\n", "f")?.memory,
    ).toBe("local");
    expect(parseAgentDefinition("---\nname: rev\nmemory: team\n---\n", "f")).toEqual({
      name: "rev",
      file: "f",
    });
    expect(parseAgentDefinition("---\ndescription: x\n---\n", "f")).toBeUndefined();
    expect(parseAgentDefinition("name: rev\nmemory: user\n", "f")).toBeUndefined();
    // A nested key is not the agent's memory setting.
    expect(parseAgentDefinition("---\nname: rev\nmeta:\n  memory: user\n---\n", "f")?.memory).toBeUndefined();
  });

  it("finds a definition by name; the project's wins over the user's", () => {
    const home = tempDir();
    const project = join(home, "p");
    const env = { HOME: home };
    mkdirSync(join(project, ".claude", "agents", "team"), { recursive: true });
    mkdirSync(join(home, ".claude", "agents"), { recursive: true });
    writeFileSync(join(home, ".claude", "agents", "rev.md"), "---\nname: rev\nmemory: user\n---\n");
    writeFileSync(join(home, ".claude", "agents", "solo.md"), "---\nname: solo\nmemory: user\n---\n");
    expect(findAgentDefinition("rev", { cwd: project, env })?.memory).toBe("user");
    writeFileSync(
      join(project, ".claude", "agents", "team", "x.md"),
      "---\nname: rev\nmemory: project\n---\n",
    );
    expect(findAgentDefinition("rev", { cwd: project, env })?.memory).toBe("project");
    expect(findAgentDefinition("solo", { cwd: project, env })?.memory).toBe("user");
    expect(findAgentDefinition("general-purpose", { cwd: project, env })).toBeUndefined();
  });
});
