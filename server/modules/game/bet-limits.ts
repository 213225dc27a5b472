/**
 * Whether a player may stake this much now. The responsible-gambling issue (bet and loss limits, self-exclusion,
 * cooling-off) and the bonus issue (a bonus's max bet) fill this port; until then nobody is limited.
 */
export type BetLimitVerdict =
  | { ok: true }
  /** A limit or an exclusion stops any bet (game.bet.restricted). */
  | { ok: false; reason: "restricted" }
  /** The bet is above the most a bonus or limit allows per bet (game.bet.max.exceed). */
  | { ok: false; reason: "max_exceeded"; maxBet: string };

export interface BetLimits {
  check(playerId: bigint, currency: string, amount: string): Promise<BetLimitVerdict>;
}

export const noBetLimits: BetLimits = { check: async () => ({ ok: true }) };
