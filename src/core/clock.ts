/** A source of time. Only `app/` uses the system clock; tests inject a fixed one. */
export interface Clock {
  /** Current time in milliseconds since the epoch. */
  now(): number;
}

export const systemClock: Clock = { now: () => Date.now() };

/** A clock fixed at `ms` that tests can move with `set` / `advance` (milliseconds). */
export function fixedClock(ms: number): Clock & { set(ms: number): void; advance(ms: number): void } {
  let t = ms;
  return {
    now: () => t,
    set: (v) => {
      t = v;
    },
    advance: (d) => {
      t += d;
    },
  };
}

/** ISO 8601 UTC string of a millisecond timestamp. */
export function isoUtc(ms: number): string {
  return new Date(ms).toISOString();
}
