import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { detectProject } from "../../src/project/index.js";
import { tempDir } from "../helpers/tmp.js";

function project(files: Record<string, string>): string {
  const root = tempDir();
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(join(root, name, ".."), { recursive: true });
    writeFileSync(join(root, name), text);
  }
  return root;
}

const pkg = (scripts: Record<string, string>, extra: object = {}) =>
  JSON.stringify({ name: "x", scripts, ...extra });

describe("detectProject", () => {
  it("node: package manager from the lockfile, commands from scripts", () => {
    const scripts = {
      build: "tsc",
      test: "vitest run",
      lint: "biome check",
      format: "biome format --write",
      dev: "vite",
    };
    expect(detectProject(project({ "package.json": pkg(scripts), "pnpm-lock.yaml": "" }))).toEqual({
      stacks: ["node"],
      packageManager: "pnpm",
      commands: {
        build: "pnpm run build",
        test: "pnpm test",
        lint: "pnpm run lint",
        format: "pnpm run format",
        dev: "pnpm run dev",
      },
      markers: ["package.json", "pnpm-lock.yaml"],
    });
    const yarn = detectProject(
      project({ "package.json": pkg({ test: "jest", start: "node ." }), "yarn.lock": "" }),
    );
    expect(yarn.commands).toEqual({ test: "yarn test", dev: "yarn run start" });
    // bun's `bun test` is its own runner, not the script
    expect(
      detectProject(project({ "package.json": pkg({ test: "vitest" }), "bun.lockb": "" })).commands.test,
    ).toBe("bun run test");
    const npm = detectProject(
      project({ "package.json": pkg({ build: "tsc", test: "vitest" }), "package-lock.json": "{}" }),
    );
    expect(npm.commands).toEqual({ build: "npm run build", test: "npm test" });
  });

  it("node: packageManager field wins; npm's placeholder test script is not a test command; frameworks", () => {
    const d = detectProject(
      project({
        "package.json": pkg(
          { test: 'echo "Error: no test specified" && exit 1' },
          {
            packageManager: "yarn@4.1.0",
            dependencies: { next: "15", react: "19" },
            devDependencies: { typescript: "5" },
          },
        ),
        "package-lock.json": "{}",
      }),
    );
    expect(d.packageManager).toBe("yarn");
    expect(d.commands.test).toBeUndefined();
    expect(d.stacks).toEqual(["node", "typescript", "nextjs", "react"]);
  });

  it("elixir/phoenix (the real transcripts' project kind)", () => {
    const mix = `defmodule Spotter.MixProject do
  use Mix.Project
  defp deps do
    [{:phoenix, "~> 1.7"}, {:credo, "~> 1.7", only: [:dev, :test]}]
  end
end`;
    expect(detectProject(project({ "mix.exs": mix, "mix.lock": "%{}" }))).toEqual({
      stacks: ["elixir", "phoenix"],
      packageManager: "mix",
      commands: {
        build: "mix compile",
        test: "mix test",
        format: "mix format",
        lint: "mix credo",
        dev: "mix phx.server",
      },
      markers: ["mix.exs"],
    });
  });

  it("rust, go, python variants", () => {
    const rust = detectProject(
      project({ "Cargo.toml": "[package]\nname='x'", "src/main.rs": "fn main(){}" }),
    );
    expect(rust).toMatchObject({ stacks: ["rust"], packageManager: "cargo" });
    expect(rust.commands).toEqual({
      build: "cargo build",
      test: "cargo test",
      lint: "cargo clippy",
      format: "cargo fmt",
      dev: "cargo run",
    });
    expect(detectProject(project({ "Cargo.toml": "[lib]" })).commands.dev).toBeUndefined();
    expect(detectProject(project({ "go.mod": "module x" })).commands.test).toBe("go test ./...");

    const uv = detectProject(
      project({
        "pyproject.toml": '[project]\ndependencies=["fastapi"]\n[dependency-groups]\ndev=["pytest","ruff"]',
        "uv.lock": "",
      }),
    );
    expect(uv).toMatchObject({ stacks: ["python", "fastapi"], packageManager: "uv" });
    expect(uv.commands).toEqual({
      test: "uv run pytest",
      lint: "uv run ruff check .",
      format: "uv run ruff format .",
    });
    const poetry = detectProject(
      project({ "pyproject.toml": "[tool.poetry]\n[tool.black]", "poetry.lock": "", "conftest.py": "" }),
    );
    expect(poetry.commands).toEqual({ test: "poetry run pytest", format: "poetry run black ." });
    const pip = detectProject(project({ "requirements.txt": "django==5\n", "manage.py": "" }));
    expect(pip).toMatchObject({ stacks: ["python", "django"], packageManager: "pip" });
    expect(pip.commands).toEqual({ test: "python manage.py test", dev: "python manage.py runserver" });
  });

  it("ruby, jvm, php, dotnet (by extension), deno (jsonc), cmake", () => {
    const rails = detectProject(project({ Gemfile: "gem 'rails'\ngem \"rubocop\"", "spec/x_spec.rb": "" }));
    expect(rails).toMatchObject({ stacks: ["ruby", "rails"], packageManager: "bundler" });
    expect(rails.commands).toEqual({
      test: "bundle exec rspec",
      lint: "bundle exec rubocop",
      dev: "bin/rails server",
    });
    expect(detectProject(project({ "pom.xml": "<project/>", mvnw: "" })).commands).toEqual({
      build: "./mvnw package",
      test: "./mvnw test",
    });
    expect(detectProject(project({ "build.gradle.kts": "" }))).toMatchObject({
      stacks: ["kotlin"],
      commands: { test: "gradle test" },
    });
    expect(
      detectProject(project({ "composer.json": JSON.stringify({ scripts: { test: "phpunit" } }) })).commands
        .test,
    ).toBe("composer run test");
    expect(detectProject(project({ "Shop.Api.csproj": "<Project/>" }))).toMatchObject({
      stacks: ["csharp"],
      commands: { test: "dotnet test" },
      markers: ["Shop.Api.csproj"],
    });
    const deno = detectProject(
      project({ "deno.jsonc": '{\n // tasks\n "tasks": { "dev": "deno run -A main.ts", }, /* x */ }' }),
    );
    expect(deno.commands).toEqual({
      dev: "deno task dev",
      test: "deno test",
      lint: "deno lint",
      format: "deno fmt",
    });
    expect(detectProject(project({ "CMakeLists.txt": "" })).stacks).toEqual(["c/c++"]);
  });

  it("Makefile targets beat conventional commands but not package scripts", () => {
    const make =
      "VERSION := 1\n.PHONY: test lint\nbuild: deps\n\tgo build\ntest:\n\tgo test ./...\nlint fmt:\n\tgolangci-lint run\n";
    expect(detectProject(project({ "go.mod": "module x", Makefile: make })).commands).toEqual({
      build: "make build",
      test: "make test",
      lint: "make lint",
      format: "make fmt",
    });
    const both = detectProject(
      project({ "package.json": pkg({ test: "vitest" }), Makefile: "test:\n\tnpm test\nbuild:\n" }),
    );
    expect(both.commands).toEqual({ test: "npm test", build: "make build" });
  });

  it("polyglot: stacks in detector order, first package manager wins; empty or missing root is empty", () => {
    const d = detectProject(project({ "package.json": pkg({}), "mix.exs": "", "tsconfig.json": "{}" }));
    expect(d.stacks).toEqual(["node", "typescript", "elixir"]);
    expect(d.packageManager).toBe("npm");
    expect(d.commands.test).toBe("mix test");
    expect(detectProject(tempDir())).toEqual({ stacks: [], commands: {}, markers: [] });
    expect(detectProject(join(tempDir(), "missing"))).toEqual({ stacks: [], commands: {}, markers: [] });
    // invalid package.json still says node
    expect(detectProject(project({ "package.json": "{ nope" })).stacks).toEqual(["node"]);
  });
});
