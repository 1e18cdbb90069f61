/** Marker detectors for convention-driven ecosystems (root level only). Each returns undefined when its markers are absent. */
import { type Finding, firstOf, type RootView } from "./markers.js";
import type { ProjectCommands } from "./types.js";

export function detectRust(v: RootView): Finding | undefined {
  if (!v.has("Cargo.toml")) return undefined;
  const defaults: ProjectCommands = {
    build: "cargo build",
    test: "cargo test",
    lint: "cargo clippy",
    format: "cargo fmt",
  };
  if (v.exists("src/main.rs") || v.read("Cargo.toml")?.includes("[[bin]]")) defaults.dev = "cargo run";
  return { stacks: ["rust"], markers: ["Cargo.toml"], packageManager: "cargo", defaults };
}

export function detectGo(v: RootView): Finding | undefined {
  if (!v.has("go.mod")) return undefined;
  return {
    stacks: ["go"],
    markers: ["go.mod"],
    packageManager: "go",
    defaults: { build: "go build ./...", test: "go test ./...", lint: "go vet ./...", format: "gofmt -w ." },
  };
}

const PY_MARKERS = [
  "pyproject.toml",
  "requirements.txt",
  "uv.lock",
  "poetry.lock",
  "Pipfile",
  "pdm.lock",
  "setup.py",
  "setup.cfg",
];

export function detectPython(v: RootView): Finding | undefined {
  const markers = PY_MARKERS.filter((m) => v.has(m));
  if (markers.length === 0) return undefined;
  const pyproject = v.read("pyproject.toml") ?? "";
  const text = `${pyproject}\n${v.read("requirements.txt") ?? ""}\n${v.read("Pipfile") ?? ""}`.toLowerCase();
  const pm = v.has("uv.lock")
    ? "uv"
    : v.has("poetry.lock") || pyproject.includes("[tool.poetry]")
      ? "poetry"
      : v.has("Pipfile")
        ? "pipenv"
        : v.has("pdm.lock")
          ? "pdm"
          : "pip";
  const run = pm === "pip" ? "" : `${pm} run `;
  const stacks = ["python"];
  for (const fw of ["django", "fastapi", "flask"]) if (new RegExp(`\\b${fw}\\b`).test(text)) stacks.push(fw);
  const defaults: ProjectCommands = {};
  if (/\bpytest\b/.test(text) || v.has("pytest.ini") || v.has("conftest.py")) defaults.test = `${run}pytest`;
  else if (v.has("manage.py")) defaults.test = `${run}python manage.py test`;
  const ruff = /\bruff\b/.test(text) || v.has("ruff.toml") || v.has(".ruff.toml");
  if (ruff) defaults.lint = `${run}ruff check .`;
  else if (/\bflake8\b/.test(text)) defaults.lint = `${run}flake8`;
  if (ruff) defaults.format = `${run}ruff format .`;
  else if (/\bblack\b/.test(text)) defaults.format = `${run}black .`;
  if (v.has("manage.py")) defaults.dev = `${run}python manage.py runserver`;
  return { stacks, markers, packageManager: pm, defaults };
}

export function detectRuby(v: RootView): Finding | undefined {
  if (!v.has("Gemfile")) return undefined;
  const gems = v.read("Gemfile") ?? "";
  const gem = (n: string) => new RegExp(`gem\\s+['"]${n}['"]`).test(gems);
  const rails = gem("rails");
  const defaults: ProjectCommands = {};
  if (v.isDir("spec") || gem("rspec") || gem("rspec-rails")) defaults.test = "bundle exec rspec";
  else if (rails) defaults.test = "bin/rails test";
  else if (v.has("Rakefile")) defaults.test = "bundle exec rake test";
  if (gem("rubocop") || gem("rubocop-rails")) defaults.lint = "bundle exec rubocop";
  if (rails) defaults.dev = "bin/rails server";
  return {
    stacks: rails ? ["ruby", "rails"] : ["ruby"],
    markers: ["Gemfile"],
    packageManager: "bundler",
    defaults,
  };
}

export function detectElixir(v: RootView): Finding | undefined {
  if (!v.has("mix.exs")) return undefined;
  const mix = v.read("mix.exs") ?? "";
  const phoenix = /\{\s*:phoenix\s*,/.test(mix);
  const defaults: ProjectCommands = { build: "mix compile", test: "mix test", format: "mix format" };
  if (/\{\s*:credo\s*,/.test(mix)) defaults.lint = "mix credo";
  if (phoenix) defaults.dev = "mix phx.server";
  return {
    stacks: phoenix ? ["elixir", "phoenix"] : ["elixir"],
    markers: ["mix.exs"],
    packageManager: "mix",
    defaults,
  };
}

export function detectJvm(v: RootView): Finding | undefined {
  if (v.has("pom.xml")) {
    const m = v.has("mvnw") ? "./mvnw" : "mvn";
    return {
      stacks: ["java"],
      markers: ["pom.xml"],
      packageManager: "maven",
      defaults: { build: `${m} package`, test: `${m} test` },
    };
  }
  const marker = firstOf(v, ["build.gradle.kts", "build.gradle", "settings.gradle.kts", "settings.gradle"]);
  if (!marker) return undefined;
  const g = v.has("gradlew") ? "./gradlew" : "gradle";
  const kotlin = marker.endsWith(".kts") || /kotlin/.test(v.read(marker) ?? "");
  return {
    stacks: kotlin ? ["kotlin"] : ["java"],
    markers: [marker],
    packageManager: "gradle",
    defaults: { build: `${g} build`, test: `${g} test` },
  };
}

export function detectDotnet(v: RootView): Finding | undefined {
  // Project files have varying names: match by extension, not by a fixed name.
  const markers = v.names.filter((n) => /\.(sln|csproj|fsproj)$/.test(n));
  if (markers.length === 0) return undefined;
  const stacks = markers.some((m) => m.endsWith(".fsproj")) ? ["fsharp"] : ["csharp"];
  return {
    stacks,
    markers,
    packageManager: "dotnet",
    defaults: { build: "dotnet build", test: "dotnet test", format: "dotnet format" },
  };
}

export function detectCmake(v: RootView): Finding | undefined {
  if (!v.has("CMakeLists.txt")) return undefined;
  return { stacks: ["c/c++"], markers: ["CMakeLists.txt"], defaults: { build: "cmake --build build" } };
}
