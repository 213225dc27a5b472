import { and, asc, eq, inArray, isNotNull } from "drizzle-orm";
import type { BonusStatus, DepositBonus } from "#common/api/bonus";
import { PLAYER_BONUS_RESULT } from "#common/constants";
import { compareAmounts, convertAmount, fromUnits, normalizeAmount, placesOf, toUnits } from "#common/money";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { paidDepositCount } from "../payment";
import { loadPlayer } from "../player";
import { findCurrency } from "../settings";
import { freespinTerms } from "./freespins";
import { bonusesFromDefinitions, type Issue } from "./player-bonuses";
import { bonusDefinitions, bonusPackages } from "./tables";
import { bonusName, bonusTexts } from "./texts";

/**
 * Bonus definitions and the rules that read them (decision 0013): which deposit qualifies (per-currency
 * thresholds, else the base-currency one converted at today's rate), how much a match gives (percent, capped),
 * and what a fixed bonus gives in a currency.
 */

export type Definition = typeof bonusDefinitions.$inferSelect;

/** Rounds down to the currency's places: a bonus never gives a fraction of a cent more than its rule. */
async function inCurrencyPlaces(db: Db, currency: string, amount: string): Promise<string> {
  const cur = await findCurrency(db, currency);
  const places = placesOf(cur?.subunitToUnit ?? 100);
  const step = 10n ** BigInt(18 - places);
  return fromUnits(((toUnits(amount) ?? 0n) / step) * step);
}

/** An amount of the base currency in `currency` at today's rates (rates: base units one unit is worth). */
async function fromBase(db: Db, currency: string, amount: string): Promise<string | undefined> {
  const cur = await findCurrency(db, currency);
  if (!cur) return undefined;
  return convertAmount(amount, "1", normalizeAmount(String(cur.rate)) ?? "0");
}

/** A per-currency amount of a definition's list, else its base-currency amount converted; undefined: none. */
async function amountIn(
  db: Db,
  items: { currency: string; amount: string }[],
  base: string | null,
  currency: string,
): Promise<string | undefined> {
  const listed = items.find((i) => i.currency === currency);
  if (listed) return normalizeAmount(listed.amount);
  if (base === null) return undefined;
  return fromBase(db, currency, normalizeAmount(base)!);
}

/** Whether a deposit of `amount` in `currency` meets the trigger conditions. */
export async function qualifies(db: Db, d: Definition, currency: string, amount: string): Promise<boolean> {
  const t = d.triggerConditions;
  const listed = t.invoiceAmountItems.find((i) => i.currency === currency);
  if (listed) return compareAmounts(amount, listed.amountFrom) >= 0;
  if (t.baseCurrencyInvoiceAmountFrom === null) return false;
  const least = await fromBase(db, currency, t.baseCurrencyInvoiceAmountFrom);
  return least !== undefined && compareAmounts(amount, least) >= 0;
}

/** The bonus a qualifying deposit gets: `matchPercent` of it, at most the cap in its currency. */
export async function depositReward(db: Db, d: Definition, currency: string, amount: string) {
  if (!(await qualifies(db, d, currency, amount))) return undefined;
  const match = fromUnits(((toUnits(amount) ?? 0n) * BigInt(d.matchPercent)) / 100n);
  const cap = await amountIn(db, d.maxAmountItems, d.baseCurrencyMaxAmount, currency);
  const capped = cap !== undefined && compareAmounts(match, cap) > 0 ? cap : match;
  const reward = await inCurrencyPlaces(db, currency, capped);
  return compareAmounts(reward, "0") > 0 ? reward : undefined;
}

/** What a fixed bonus (a code's) gives in `currency`, or undefined when it gives nothing there. */
export async function fixedReward(db: Db, d: Definition, currency: string) {
  const amount = await amountIn(db, d.maxAmountItems, d.baseCurrencyMaxAmount, currency);
  if (amount === undefined) return undefined;
  const reward = await inCurrencyPlaces(db, currency, amount);
  return compareAmounts(reward, "0") > 0 ? reward : undefined;
}

/** The player bonus a definition issues, less who, where and how much. */
export async function issueFrom(
  db: Db,
  d: Definition,
  currency: string,
): Promise<Omit<Issue, "playerId" | "accountId" | "amount" | "sourceRef" | "kind">> {
  const maxBet = await amountIn(db, d.maxBetItems, null, currency);
  return {
    currency,
    definitionId: d.id,
    // The player's bonus keeps its name with the figures of the day it was issued (decision 0026).
    name: await bonusName(db, d, currency),
    packageId: d.packageId,
    wageringMultiplier: normalizeAmount(d.wageringMultiplier)!,
    contribution: d.contribution,
    maxBetAmount: maxBet ?? null,
    maxConversionMultiplier:
      d.maxConversionMultiplier === null ? null : normalizeAmount(d.maxConversionMultiplier)!,
    activationDays: d.activationDays,
    wageringDays: d.wageringDays,
  };
}

export async function definitionById(db: Db, id: number): Promise<Definition | undefined> {
  const [row] = await db.select().from(bonusDefinitions).where(eq(bonusDefinitions.id, id));
  return row;
}

export async function definitionByIdentity(db: Db, pageIdentity: string): Promise<Definition | undefined> {
  const [row] = await db
    .select()
    .from(bonusDefinitions)
    .where(eq(bonusDefinitions.pageIdentity, pageIdentity));
  return row;
}

async function depositDefinitions(db: Db): Promise<Definition[]> {
  return db
    .select()
    .from(bonusDefinitions)
    .where(and(eq(bonusDefinitions.kind, "deposit"), eq(bonusDefinitions.isEnabled, true)))
    .orderBy(asc(bonusDefinitions.sortOrder), asc(bonusDefinitions.id));
}

/** The ISO day of the week (1 Monday … 7 Sunday) of an instant in a time zone. */
export function isoWeekday(at: Date, timeZone: string): number {
  const day = new Intl.DateTimeFormat("en-US", { weekday: "short", timeZone }).format(at);
  return ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"].indexOf(day) + 1;
}

/**
 * Whether the player may take this deposit bonus with their next deposit: a package step only with the
 * deposit of its number and only once (a step whose bonus was cancelled stays taken); any bonus only from the
 * deposit its terms start at (`fromDeposit`) and on the days of the week they name (`weekdays`, the player's
 * time zone); none to a player who declined bonuses at sign-up. The one rule the offers, the statuses and the
 * deposit's check read (issue 36: a weekend reload was offered on a Tuesday and with a first deposit).
 */
function openTo(
  d: Definition,
  state: { nextDeposit: number; taken: Set<number>; weekday: number; declined: boolean },
): boolean {
  if (state.declined) return false;
  const t = d.triggerConditions;
  if (t.fromDeposit !== undefined && state.nextDeposit < t.fromDeposit) return false;
  if (t.weekdays && t.weekdays.length > 0 && !t.weekdays.includes(state.weekday)) return false;
  if (d.packageStep === null) return true;
  return d.packageStep === state.nextDeposit && !state.taken.has(d.id);
}

async function playerState(db: Db, playerId: bigint, defs: Definition[], now: Date) {
  const player = await loadPlayer(db, playerId);
  const weekday = isoWeekday(now, player.timeZone ?? "UTC");
  const nextDeposit = (await paidDepositCount(db, playerId)) + 1;
  const mine = await bonusesFromDefinitions(
    db,
    playerId,
    defs.filter((d) => d.packageStep !== null).map((d) => d.id),
  );
  // A player who answered "I want to receive bonuses" with no at sign-up is offered none (issue 42).
  const declined = !player.receiveBonus;
  return { nextDeposit, weekday, mine, taken: new Set(mine.map((b) => b.definitionId!)), declined };
}

/** GET /api/game/bonuses: see depositBonusesQuery in common/api/bonus.ts for who sees what. */
export async function offeredDepositBonuses(
  db: Db,
  playerId: bigint | undefined,
  q: { currency?: string; amount?: string; locale?: string },
  now: Date = new Date(),
): Promise<DepositBonus[]> {
  const defs = await depositDefinitions(db);
  const packages = await db.select().from(bonusPackages);
  const state = playerId === undefined ? undefined : await playerState(db, playerId, defs, now);
  const out: DepositBonus[] = [];
  for (const d of defs) {
    if (state && !openTo(d, state)) continue;
    let reward: string | null = null;
    if (q.currency && q.amount) {
      const r = await depositReward(db, d, q.currency, normalizeAmount(q.amount) ?? "0");
      if (r === undefined) continue;
      reward = r;
    }
    const spins = await freespinTerms(db, d, q.currency ?? "USD");
    const texts = await bonusTexts(db, d, { currency: q.currency, locale: q.locale });
    out.push({
      ...toDepositBonus(d, packages, reward),
      ...texts,
      freespins: spins
        ? {
            gameId: String(spins.game.id),
            gameName: spins.game.name,
            gameSlug: spins.game.slug,
            count: spins.count,
            betValue: spins.bet,
            wageringMultiplier: normalizeAmount(d.wageringMultiplier)!,
          }
        : null,
    });
  }
  return out;
}

function toDepositBonus(
  d: Definition,
  packages: (typeof bonusPackages.$inferSelect)[],
  reward: string | null,
): DepositBonus {
  const pack = packages.find((p) => p.id === d.packageId);
  return {
    id: String(d.id),
    pageIdentity: d.pageIdentity,
    name: d.name,
    description: d.description,
    package: pack ? { id: String(pack.id), name: pack.name, step: d.packageStep ?? 0 } : null,
    triggerConditions: d.triggerConditions,
    matchPercent: d.matchPercent,
    maxAmountItems: d.maxAmountItems,
    wageringMultiplier: normalizeAmount(d.wageringMultiplier)!,
    contribution: d.contribution,
    maxBetItems: d.maxBetItems,
    maxConversionMultiplier:
      d.maxConversionMultiplier === null ? null : normalizeAmount(d.maxConversionMultiplier)!,
    activationDays: d.activationDays,
    wageringDays: d.wageringDays,
    freespins: null,
    reward,
  };
}

/** GET /api/game/bonuses/status: for each asked bonus, whether the player can still take it. */
export async function bonusStatuses(
  db: Db,
  playerId: bigint,
  ids: string[],
  now: Date = new Date(),
): Promise<BonusStatus[]> {
  const wanted = ids.map(Number);
  const defs = (await depositDefinitions(db)).filter((d) => wanted.includes(d.id));
  const state = await playerState(db, playerId, defs, now);
  const all = await bonusesFromDefinitions(
    db,
    playerId,
    defs.map((d) => d.id),
  );
  return ids.map((id) => {
    const d = defs.find((x) => x.id === Number(id));
    const had = all
      .filter((b) => b.definitionId === Number(id) && b.result !== PLAYER_BONUS_RESULT.expired)
      .sort((a, b) => (a.id < b.id ? 1 : -1))[0];
    if (!d) return { bonusId: id, status: "unavailable" as const, playerBonusId: null };
    if (d.packageStep !== null && state.taken.has(d.id))
      return { bonusId: id, status: "taken" as const, playerBonusId: had ? String(had.id) : null };
    return {
      bonusId: id,
      status: openTo(d, state) ? ("available" as const) : ("unavailable" as const),
      playerBonusId: had ? String(had.id) : null,
    };
  });
}

/**
 * The deposit bonus a player picked for a new deposit, checked before the invoice exists: it must be open to
 * them and the amount must qualify. Answers the definition.
 */
export async function checkDepositChoice(
  db: Db,
  playerId: bigint,
  bonusId: string,
  currency: string,
  amount: string,
  now: Date = new Date(),
): Promise<Definition> {
  const refuse = () =>
    new ApiError(422, "bonus_not_available", "This bonus is not available for this deposit", {
      bonusId: ["This bonus is not available for this deposit"],
    });
  const d = await definitionById(db, Number(bonusId));
  if (d?.kind !== "deposit" || !d.isEnabled) throw refuse();
  const state = await playerState(db, playerId, [d], now);
  if (!openTo(d, state)) throw refuse();
  if ((await depositReward(db, d, currency, amount)) === undefined) throw refuse();
  return d;
}

export async function definitionsByIds(db: Db, ids: number[]) {
  if (ids.length === 0) return [];
  return db.select().from(bonusDefinitions).where(inArray(bonusDefinitions.id, ids));
}

/** An amount rounded down to the currency's places, or undefined when nothing is left. */
export async function fixedRewardOrNone(db: Db, currency: string, amount: string) {
  const r = await inCurrencyPlaces(db, currency, amount);
  return compareAmounts(r, "0") > 0 ? r : undefined;
}

/**
 * The cache scope of what the site's texts quote from the definitions (the home banner's figures, content
 * module): the back office invalidates it after every change (decision 0026).
 */
export const BONUS_FIGURES_CACHE = "content-banner-facts";

/**
 * What the welcome package adds up to, for the texts that advertise it (the home banner): the most its enabled
 * steps can give in the base currency (the sum of their caps) and the free spins they bring. Undefined when no
 * step is enabled, so no text promises a package that is not there.
 */
export async function welcomePackageOffer(
  db: Db,
): Promise<{ maxAmount: string; freespins: number } | undefined> {
  const steps = await db
    .select({ cap: bonusDefinitions.baseCurrencyMaxAmount, spins: bonusDefinitions.freespinCount })
    .from(bonusDefinitions)
    .where(and(isNotNull(bonusDefinitions.packageStep), eq(bonusDefinitions.isEnabled, true)));
  if (steps.length === 0) return undefined;
  const total = steps.reduce((sum, s) => sum + (s.cap === null ? 0n : (toUnits(s.cap) ?? 0n)), 0n);
  return { maxAmount: fromUnits(total), freespins: steps.reduce((n, s) => n + (s.spins ?? 0), 0) };
}
