/**
 * Credentials hidden in an encoding: runs of hex (16–32,768 digits, even length, optional `0x`) and of
 * base64 (16–32,768 characters of RFC 4648 §4 or §5, with consecutive lines of a wrapped block joined)
 * are decoded once; a run is redacted whole (`[REDACTED:hex_secret]`, `[REDACTED:base64_secret]`) when its
 * bytes are UTF-8 text and that text holds a secret the other rules find (a token, a PEM block, a
 * `KEY=value` line) or is a `user:password` pair (HTTP Basic, registry `auth`). Binary (images, hashes,
 * npm integrity, SSH public keys) never decodes to text, so it stays. Work is linear: every character is
 * in at most one run, each run is decoded once, and decoded text is scanned to a depth of 2.
 */
import { marker } from "./rule-kit.js";

/** The redaction pass applied to decoded text, at `depth + 1`. */
export type InnerPass = (text: string, depth: number) => string;

export const MAX_ENCODED_DEPTH = 2;

const HEX_RUN = /(?<![0-9A-Za-z])(?:0x)?(?<hex>[0-9a-fA-F]{16,32768})(?![0-9A-Za-z])/g;
const B64_RUN = /(?<![A-Za-z0-9+/_=-])[A-Za-z0-9+/_-]{16,32768}={0,2}(?![A-Za-z0-9+/=_-])/g;
/** Between two lines of a wrapped base64 block: a newline (or an escaped `\n`) and indentation. */
const WRAP_GAP = /^(?:\r?\n|\\r?\\n)[ \t]{0,16}$/;
/** A wrapped block stops growing at this many characters (96 KiB of decoded bytes). */
const MAX_BLOCK = 131_072;
const BINARY_DATA_URI = /data:(?:image|audio|video|font)\/[A-Za-z0-9.+-]{1,40};base64,$/;

const utf8 = new TextDecoder("utf-8", { fatal: true });

/** The text `bytes` hold, or undefined when they are not UTF-8 without control characters. */
function asText(bytes: Uint8Array): string | undefined {
  if (bytes.length < 8) return undefined;
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return undefined;
  }
  return /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f\ufffd]/.test(text) ? undefined : text;
}

/** `user:password` as HTTP Basic and registry `auth` fields encode it (not `host:port`, not a URL). */
function isUserPassword(text: string): boolean {
  const m = /^(?<user>[A-Za-z0-9._@+-]{1,64}):(?<pw>[^\s]{3,128})$/.exec(text.replace(/\r?\n$/, ""));
  if (!m) return false;
  const pw = m.groups!.pw!;
  return !pw.startsWith("//") && !/^[\d:.]+$/.test(pw);
}

function holdsSecret(text: string, depth: number, inner: InnerPass): boolean {
  return isUserPassword(text) || inner(text, depth + 1) !== text;
}

function redactHex(text: string, depth: number, inner: InnerPass): string {
  return text.replace(HEX_RUN, (match: string, ...rest: unknown[]) => {
    const hex = (rest[rest.length - 1] as { hex: string }).hex;
    if (hex.length % 2 !== 0) return match;
    const decoded = asText(Buffer.from(hex, "hex"));
    return decoded !== undefined && holdsSecret(decoded, depth, inner) ? marker("hex_secret") : match;
  });
}

interface Run {
  start: number;
  end: number;
}

/**
 * Base64 runs, consecutive lines of one wrapped block merged (every line but the last ≥ 40 characters,
 * a multiple of 4, without padding; at most MAX_BLOCK characters a block).
 */
function base64Runs(text: string): Run[] {
  const runs: Run[] = [];
  B64_RUN.lastIndex = 0;
  for (let m = B64_RUN.exec(text); m !== null; m = B64_RUN.exec(text)) {
    const run = { start: m.index, end: m.index + m[0].length };
    const prev = runs[runs.length - 1];
    const prevLine = prev
      ? text
          .slice(prev.start, prev.end)
          .split(/\r?\n|\\r?\\n/)
          .pop()!
      : "";
    if (
      prev &&
      run.end - prev.start <= MAX_BLOCK &&
      prevLine.length >= 40 &&
      prevLine.length % 4 === 0 &&
      !prevLine.endsWith("=") &&
      WRAP_GAP.test(text.slice(prev.end, run.start))
    ) {
      prev.end = run.end;
    } else runs.push(run);
  }
  return runs;
}

function redactBase64(text: string, depth: number, inner: InnerPass): string {
  let out = "";
  let last = 0;
  for (const r of base64Runs(text)) {
    if (BINARY_DATA_URI.test(text.slice(Math.max(0, r.start - 60), r.start))) continue;
    const run = text.slice(r.start, r.end).replace(/\\r?\\n|\s+/g, "");
    const decoded = asText(Buffer.from(run.replace(/-/g, "+").replace(/_/g, "/"), "base64"));
    if (decoded === undefined || !holdsSecret(decoded, depth, inner)) continue;
    out += text.slice(last, r.start) + marker("base64_secret");
    last = r.end;
  }
  return last === 0 ? text : out + text.slice(last);
}

/** Redacts hex and base64 runs that decode to a secret (module doc); `inner` scans the decoded text. */
export function redactEncoded(text: string, depth: number, inner: InnerPass): string {
  if (depth >= MAX_ENCODED_DEPTH || text.length < 16) return text;
  return redactBase64(redactHex(text, depth, inner), depth, inner);
}
