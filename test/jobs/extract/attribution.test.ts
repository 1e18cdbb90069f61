/** Each part of a user's message lands in the right field: the reason in Why, a pointer in its own memory. */
import { describe, expect, it } from "vitest";
import { planPrompt } from "../../helpers/plan-prompt.js";

const why = (body: string) => (/\*\*Why:\*\* (.*)/.exec(body)?.[1] ?? "").toLowerCase();

describe("the reason is the clause that gives a reason", () => {
  it.each([
    ["Never log request bodies in src/server.js: they contain customer PII.", "customer PII"],
    ["Never commit .env files: it leaks the staging keys to everyone with repo access", "staging keys"],
    [
      "Never mock the database in integration tests: last quarter the mocked tests passed and the prod migration failed.",
      "prod migration failed",
    ],
  ])("%j", (text, reason) => {
    const [m, ...rest] = planPrompt(text);
    expect(rest).toEqual([]);
    expect(m?.type).toBe("feedback");
    expect(why(m!.body)).toContain(reason.toLowerCase());
    expect(m!.description).not.toContain(reason);
  });

  it("keeps an instruction after a colon as the rule, not a reason", () => {
    expect(
      planPrompt("use the shared logger: it redacts tokens").every((m) => !why(m.body).includes("logger")),
    ).toBe(true);
  });
});

describe("a pointer in a message that states a rule", () => {
  it("becomes its own reference memory, and never the rule's reason", () => {
    const got = planPrompt(
      "Never mock the database in integration tests: last quarter the mocked tests passed and the prod migration failed. " +
        "The latency dashboard is https://grafana.example.com/d/latency",
    );
    expect(got.map((m) => m.type)).toEqual(["feedback", "reference"]);
    expect(why(got[0]!.body)).toContain("last quarter");
    expect(got[0]!.body).not.toContain("https://");
    expect(got[1]!.description).toContain("https://grafana.example.com/d/latency");
  });

  it("is not a pointer when the URL sits in a request", () => {
    expect(planPrompt("can you check why the dashboard is https://grafana.example.com/d/1 empty")).toEqual(
      [],
    );
  });
});

describe("reasons and alternatives inside one sentence (new-user findings)", () => {
  it.each([
    [
      "Never run migrations by hand since ArgoCD runs them on sync",
      "Never run migrations by hand",
      "argocd runs them",
    ],
    [
      "Don't squash-merge into main because last month a squash merge broke git bisect on the release branch.",
      "Don't squash-merge into main",
      "broke git bisect",
    ],
    [
      "we moved CI from Jenkins to GitHub Actions, so don't touch the Jenkinsfile",
      "Don't touch the Jenkinsfile",
      "github actions",
    ],
  ])("%j", (text, description, reason) => {
    const [m, ...rest] = planPrompt(text);
    expect(rest).toEqual([]);
    expect(m?.type).toBe("feedback");
    expect(m!.description).toBe(description);
    expect(why(m!.body)).toContain(reason);
  });

  it("keeps a new choice after a comma in the rule, never as its reason", () => {
    const [m] = planPrompt("We don't use npm anymore, it's all pnpm");
    expect(m!.description).toContain("pnpm");
    expect(why(m!.body)).not.toContain("pnpm");
  });
});

describe("a correction, then its reason, then the instruction", () => {
  it("is one memory: the rule with its alternative, the incident as the Why", () => {
    const got = planPrompt(
      "No, don't mock the database here. We got burned last quarter when mocked tests passed and the prod migration failed. Use the docker-compose Postgres instead.",
    );
    expect(got).toHaveLength(1);
    const [m] = got;
    expect(m!.description).toBe("Don't mock the database here");
    expect(m!.body.split("\n")[0]).toContain("Use the docker-compose Postgres instead");
    expect(why(m!.body)).toContain("prod migration failed");
    expect(why(m!.body)).not.toContain("docker-compose");
  });

  it("leaves a one-off prohibition whose next sentence is no incident alone", () => {
    expect(planPrompt("Don't merge yet. We're waiting for QA.")).toEqual([]);
  });
});
