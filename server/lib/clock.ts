/** Time as services see it: injected, so tests can move it. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

/** A clock a test run can move forward (TEST_CLOCK_CONTROL): periods, expiries and windows pass at once. */
export interface AdjustableClock extends Clock {
  advance(ms: number): void;
}

export function adjustableClock(): AdjustableClock {
  let offset = 0;
  return {
    now: () => new Date(Date.now() + offset),
    advance: (ms) => {
      offset += ms;
    },
  };
}
