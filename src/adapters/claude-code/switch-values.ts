/** How Claude Code 2.1.332 reads an on/off environment variable (trimmed, case-insensitive). */

/** `1`, `true`, `yes`, `on`. */
export function isOn(v: string | undefined): boolean {
  return v !== undefined && ["1", "true", "yes", "on"].includes(v.trim().toLowerCase());
}

/** `0`, `false`, `no`, `off` (an explicit "off", as opposed to unset). */
export function isOff(v: string | undefined): boolean {
  return v !== undefined && ["0", "false", "no", "off"].includes(v.trim().toLowerCase());
}
