import { fromUnits, MONEY_SCALE, roundAmount, toUnits } from "#common/money";

/**
 * The sportsbook's money maths (docs/sportsbook-api.md, "Settlement rules"), on exact units of 10^-18: what a
 * bet may pay, what it pays once its legs are known, and what cashing it out pays now. Floats appear only where
 * a price is derived (fair odds), and are rounded to a decimal string before they touch money. Shared: the
 * server settles and pays with it, and the built-in widgets follow a cash-out offer with the live prices.
 */

export type LegStatus = "open" | "won" | "lost" | "void" | "half_won" | "half_lost";
export type BetType = "single" | "combo" | "system";
export type SettledStatus = "won" | "lost" | "void" | "half_won" | "half_lost";

const ONE = 10n ** BigInt(MONEY_SCALE);
const HALF = ONE / 2n;

const units = (v: string) => {
  const u = toUnits(v);
  if (u === undefined) throw new Error(`not a decimal: ${v}`);
  return u;
};
const mul = (a: bigint, b: bigint) => (a * b) / ONE;

/** Payouts are rounded down to the currency's smallest unit: 8 places for crypto, 2 for the rest. */
const CRYPTO = new Set(["BTC", "ETH", "USDT", "USDC", "TON", "LTC", "TRX", "BNB", "SOL", "DOGE"]);
export const currencyPlaces = (currency: string) => (CRYPTO.has(currency) ? 8 : 2);

export function roundDown(amount: bigint, currency: string): string {
  const step = 10n ** BigInt(MONEY_SCALE - currencyPlaces(currency));
  return fromUnits((amount / step) * step);
}

/**
 * What one unit staked on a leg returns: its odds when won, nothing when lost, the unit back when void; a half
 * result is half the unit at the odds and half back ((1 + odds) / 2), or half back (0.5).
 */
export function legFactor(status: LegStatus, odds: string): bigint {
  switch (status) {
    case "won":
      return units(odds);
    case "lost":
      return 0n;
    case "void":
      return ONE;
    case "half_won":
      return (ONE + units(odds)) / 2n;
    case "half_lost":
      return HALF;
    case "open":
      throw new Error("an open leg has no outcome yet");
  }
}

/** Every k-element combination of the indices 0..n-1, in order. */
export function combinations(n: number, k: number): number[][] {
  const out: number[][] = [];
  const pick: number[] = [];
  const walk = (start: number) => {
    if (pick.length === k) {
      out.push([...pick]);
      return;
    }
    for (let i = start; i <= n - (k - pick.length); i++) {
      pick.push(i);
      walk(i + 1);
      pick.pop();
    }
  };
  walk(0);
  return out;
}

export function binomial(n: number, k: number): number {
  let r = 1;
  for (let i = 1; i <= k; i++) r = (r * (n - k + i)) / i;
  return Math.round(r);
}

export interface BetShape {
  type: BetType;
  systemSize?: number | null;
  stake: string;
  currency: string;
}

/**
 * The units of stake each line of the bet carries: a single or a combo is one line of the whole stake; a system
 * bet "k of n" is C(n, k) lines, the stake split equally between them (each line's stake is exact to 10^-18;
 * only the payout is rounded).
 */
function lines(bet: BetShape, legCount: number): { stake: bigint; legs: number[] }[] {
  const stake = units(bet.stake);
  if (bet.type !== "system") return [{ stake, legs: [...Array(legCount).keys()] }];
  const combos = combinations(legCount, bet.systemSize!);
  const each = stake / BigInt(combos.length);
  return combos.map((legs) => ({ stake: each, legs }));
}

/** The product of the legs' odds as a decimal string (single, combo); null for a system bet. */
export function totalOdds(bet: Pick<BetShape, "type">, odds: string[]): string | null {
  if (bet.type === "system") return null;
  return fromUnits(odds.reduce((p, o) => mul(p, units(o)), ONE));
}

/** What the bet pays when every leg wins, rounded down to the currency. */
export function potentialPayout(bet: BetShape, odds: string[]): string {
  let sum = 0n;
  for (const line of lines(bet, odds.length))
    sum += line.legs.reduce((p, i) => mul(p, units(odds[i]!)), line.stake);
  return roundDown(sum, bet.currency);
}

export interface LegOutcome {
  status: LegStatus;
  odds: string;
}

/**
 * A bet's outcome once none of its legs is open. Each line pays its stake times the product of its legs'
 * factors. The bet's status: void when every leg is void; lost when it pays nothing; for a single or a combo,
 * half_lost when a leg was half lost, half_won when a leg was half won, won otherwise; a system bet that pays
 * anything is won.
 */
export function settle(bet: BetShape, legs: LegOutcome[]): { status: SettledStatus; payout: string } {
  if (legs.some((l) => l.status === "open")) throw new Error("the bet still has open legs");
  let sum = 0n;
  for (const line of lines(bet, legs.length))
    sum += line.legs.reduce((p, i) => mul(p, legFactor(legs[i]!.status, legs[i]!.odds)), line.stake);
  const payout = roundDown(sum, bet.currency);
  const status: SettledStatus = legs.every((l) => l.status === "void")
    ? "void"
    : sum === 0n
      ? "lost"
      : bet.type === "system"
        ? "won"
        : legs.some((l) => l.status === "half_lost")
          ? "half_lost"
          : legs.some((l) => l.status === "half_won")
            ? "half_won"
            : "won";
  return { status, payout };
}

/**
 * A bet's outcome as far as its legs are known: `settle`'s once no leg is open; before that, lost (paying
 * nothing) as soon as every line holds a lost leg (a single or combo with one lost leg, a system "k of n" with
 * more than n − k), since no later result can make it pay; undefined while it still could (it waits).
 */
export function outcomeSoFar(
  bet: BetShape,
  legs: LegOutcome[],
): { status: SettledStatus; payout: string } | undefined {
  if (!legs.some((l) => l.status === "open")) return settle(bet, legs);
  const lost = legs.map((l) => l.status === "lost");
  if (lines(bet, legs.length).every((line) => line.legs.some((i) => lost[i])))
    return { status: "lost", payout: roundDown(0n, bet.currency) };
  return undefined;
}

/**
 * The fair odds of a selection: its price with the market's margin taken out, i.e. 1 / its share of the
 * market's implied probabilities. A market of one selection (an outright line) keeps its price.
 */
export function fairOdds(odds: string, market: string[]): number {
  const overround = market.reduce((s, o) => s + 1 / Number(o), 0);
  const p = 1 / Number(odds) / overround;
  return 1 / p;
}

export interface CashOutLeg {
  status: LegStatus;
  /** The price the leg was placed at. */
  odds: string;
  /** For an open leg: its fair odds now; undefined when its market is not open (no offer then). */
  fairOdds?: number;
}

/**
 * What cashing out pays now: each line of the bet (a single or combo is one line of the whole stake, a system
 * bet its C(n, k) combinations) is worth its stake × its settled legs' factors × Π(placed odds / fair odds now)
 * over its open legs; the offer is the sum of the lines × (1 − margin), rounded down to the currency. A line
 * with a lost leg is worth nothing, so a combo with a lost leg has no offer while a system bet keeps the value
 * of its other combinations. Null when nothing is left of it or an open leg's market is not open.
 */
export function cashOutOffer(bet: BetShape, legs: CashOutLeg[], margin: number): string | null {
  const factors: bigint[] = [];
  for (const leg of legs) {
    if (leg.status === "open") {
      if (leg.fairOdds === undefined || !Number.isFinite(leg.fairOdds) || leg.fairOdds <= 0) return null;
      // The ratio of prices, to 9 places: exact enough for money rounded to 8.
      factors.push(units((Number(leg.odds) / leg.fairOdds).toFixed(9)));
    } else factors.push(legFactor(leg.status, leg.odds));
  }
  let value = 0n;
  for (const line of lines(bet, legs.length))
    value += line.legs.reduce((v, i) => mul(v, factors[i]!), line.stake);
  value = mul(value, units((1 - margin).toFixed(6)));
  const offer = roundDown(value, bet.currency);
  return units(offer) > 0n ? offer : null;
}

/** An amount rounded to the currency's places (half away from zero), for stakes given with too many digits. */
export const toCurrency = (amount: string, currency: string) => roundAmount(amount, currencyPlaces(currency));
