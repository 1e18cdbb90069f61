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

let utf8: InstanceType<typeof TextDecoder> | undefined; // made on first use: creating one costs a hook about a millisecond

/**
 * False when some 4-character group of `run` starts with a character whose 6 bits begin a control byte
 * (`A` `B` `E`–`H`: 0x00–0x07, 0x10–0x1F; `C` `D` also begin tab, LF and CR) or a byte no UTF-8 text has
 * (`+`, `/`, `-`, `_`: 0xF8–0xFF): exact, and it rejects most binary and most identifiers undecoded.
 */
function groupsMayBeText(run: string): boolean {
  for (let i = 0; i < run.length; i += 4) {
    const c = run.charCodeAt(i);
    if (c === 65 || c === 66 || (c >= 69 && c <= 72) || c === 43 || c === 47 || c === 45 || c === 95)
      return false;
  }
  return true;
}

/** False when the first bytes already hold a control character (binary): most runs stop here, undecoded. */
function mayBeText(head: Uint8Array): boolean {
  for (const b of head) if ((b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) || b === 0x7f) return false;
  return true;
}

/** The text `bytes` hold, or undefined when they are not UTF-8 without control characters. */
function asText(bytes: Uint8Array): string | undefined {
  if (bytes.length < 8) return undefined;
  let text: string;
  utf8 ??= new TextDecoder("utf-8", { fatal: true });
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
    if (!mayBeText(Buffer.from(hex.slice(0, 16), "hex"))) return match;
    const decoded = asText(Buffer.from(hex, "hex"));
    return decoded !== undefined && holdsSecret(decoded, depth, inner) ? marker("hex_secret") : match;
  });
}

interface Run {
  start: number;
  end: number;
}

/** True when the last line of `run` can be followed by another line of one block: ≥ 40, a multiple of 4, no padding. */
function wrappedLine(text: string, run: Run): boolean {
  let start = run.start;
  for (let i = run.end - 1; i > run.start; i--) {
    if (text[i] === "\n" || (text[i] === "n" && text[i - 1] === "\\")) {
      start = i + 1;
      break;
    }
  }
  const len = run.end - start;
  return len >= 40 && len % 4 === 0 && text[run.end - 1] !== "=";
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
    if (
      prev !== undefined &&
      run.end - prev.start <= MAX_BLOCK &&
      WRAP_GAP.test(text.slice(prev.end, run.start)) &&
      wrappedLine(text, prev)
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
    const raw = text.slice(r.start, r.end);
    const joined = /[\s\\]/.test(raw) ? raw.replace(/\\r?\\n|\s+/g, "") : raw;
    if (!groupsMayBeText(joined)) continue;
    const run = joined.replace(/-/g, "+").replace(/_/g, "/");
    if (!mayBeText(Buffer.from(run.slice(0, 16), "base64"))) continue;
    const decoded = asText(Buffer.from(run, "base64"));
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
