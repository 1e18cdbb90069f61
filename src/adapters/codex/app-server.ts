/**
 * A bounded session with `codex app-server` (Codex CLI 0.171.0): newline-delimited JSON-RPC on stdio
 * (`{id, method, params}` → `{id, result}` | `{id, error}`; no `jsonrpc` member needed), `initialize` with
 * `clientInfo` then the `initialized` notification. The server runs in its own process group (the npm
 * `codex` launcher is a Node script that spawns the native binary), killed whole (SIGKILL) when the session
 * ends or the time bound passes; the result is given once the process has exited (at most 2 s later), so
 * nothing still writes into CODEX_HOME. Notifications are ignored.
 */
import { spawn } from "node:child_process";
import type { Env } from "../contract.js";

export type AppServerFailure = { ok: false; reason: "missing" | "timeout" | "failed"; message: string };

export interface AppServer {
  call(method: string, params: unknown): Promise<unknown>;
  /** `codexHome` from the `initialize` result. */
  codexHome: string | undefined;
}

/**
 * Runs `work` against a fresh `codexBin app-server` started with exactly `env` (give it HOME and
 * CODEX_HOME), within `timeoutMs` in all (default 20 s). A missing binary gives `reason: "missing"`, a
 * JSON-RPC error or an early exit `failed`, the bound `timeout`.
 */
export async function withAppServer<T>(
  codexBin: string,
  env: Env,
  work: (s: AppServer) => Promise<T>,
  timeoutMs = 20_000,
): Promise<{ ok: true; value: T } | AppServerFailure> {
  const cleanEnv: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined) cleanEnv[k] = v;
  return new Promise((resolve) => {
    let done = false;
    let stderr = "";
    const child = spawn(codexBin, ["app-server"], {
      env: cleanEnv,
      stdio: ["pipe", "pipe", "pipe"],
      detached: true,
    });
    let exited = false;
    child.on("close", () => {
      exited = true;
    });
    const pending = new Map<number, { res: (v: unknown) => void; rej: (e: Error) => void }>();
    const finish = (r: { ok: true; value: T } | AppServerFailure) => {
      if (done) return;
      done = true;
      clearTimeout(timer);
      for (const p of pending.values()) p.rej(new Error("app-server session ended"));
      try {
        if (child.pid !== undefined) process.kill(-child.pid, "SIGKILL");
      } catch {
        // already gone
      }
      if (exited || child.pid === undefined) return resolve(r);
      const cap = setTimeout(() => resolve(r), 2000);
      child.once("close", () => {
        clearTimeout(cap);
        resolve(r);
      });
    };
    const timer = setTimeout(
      () =>
        finish({
          ok: false,
          reason: "timeout",
          message: `codex app-server did not answer within ${timeoutMs} ms`,
        }),
      timeoutMs,
    );
    child.on("error", (e: NodeJS.ErrnoException) =>
      finish({
        ok: false,
        reason: e.code === "ENOENT" || e.code === "EACCES" ? "missing" : "failed",
        message: `could not run ${codexBin} app-server (${e.code ?? e.message})`,
      }),
    );
    child.on(
      "exit",
      (code) =>
        !done &&
        finish({
          ok: false,
          reason: "failed",
          message: `codex app-server exited (${code}): ${stderr.slice(-300).trim()}`,
        }),
    );
    child.stderr.on("data", (c: Buffer) => {
      stderr = (stderr + c.toString("utf8")).slice(-4096);
    });
    let buf = "";
    child.stdout.on("data", (c: Buffer) => {
      buf += c.toString("utf8");
      for (let i = buf.indexOf("\n"); i >= 0; i = buf.indexOf("\n")) {
        const line = buf.slice(0, i);
        buf = buf.slice(i + 1);
        let m: { id?: unknown; result?: unknown; error?: { message?: string } };
        try {
          m = JSON.parse(line);
        } catch {
          continue;
        }
        const p = typeof m.id === "number" ? pending.get(m.id) : undefined;
        if (!p) continue;
        pending.delete(m.id as number);
        if (m.error) p.rej(new Error(`codex app-server: ${m.error.message ?? "error"}`));
        else p.res(m.result);
      }
    });
    let next = 0;
    const send = (msg: object) => child.stdin.write(`${JSON.stringify(msg)}\n`);
    const call = (method: string, params: unknown) =>
      new Promise<unknown>((res, rej) => {
        const id = ++next;
        pending.set(id, { res, rej });
        send({ id, method, params });
      });
    child.stdin.on("error", () => {}); // EPIPE after an early exit: reported by "exit"
    (async () => {
      const init = (await call("initialize", { clientInfo: { name: "memdir", version: "1" } })) as {
        codexHome?: string;
      };
      send({ method: "initialized" });
      const value = await work({
        call,
        codexHome: typeof init?.codexHome === "string" ? init.codexHome : undefined,
      });
      finish({ ok: true, value });
    })().catch((e: Error) => finish({ ok: false, reason: "failed", message: e.message }));
  });
}
