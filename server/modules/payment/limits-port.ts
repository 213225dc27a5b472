/**
 * Whether a player may deposit now. The responsible-gambling limits (spec point 4: deposit limit per day, week
 * or month; self-exclusion; cooling-off) fill this port when they land; until then nobody is limited.
 */
export interface DepositLimits {
  /** True when a deposit limit (or an exclusion) stops any deposit in this currency now. */
  reached(playerId: bigint, currency: string): Promise<boolean>;
}

export const noDepositLimits: DepositLimits = { reached: async () => false };
