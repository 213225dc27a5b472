import { asc, eq, sql } from "drizzle-orm";
import {
  LOYALTY_POINTS_PER_UNIT,
  type LoyaltyAccount,
  type LoyaltyLevel,
  type LoyaltyPlayKind,
  PLAYER_ACCOUNT_EVENT,
} from "#common/api/loyalty";
import { compareAmounts, fromUnits, MONEY_SCALE, normalizeAmount, toUnits } from "#common/money";
import { playerChannel } from "#common/realtime";
import type { Db } from "../../db/client";
import { issueBonus } from "../bonus";
import { type BetSettledData, type FactConsumer, type FactContext, recordFact } from "../facts";
import { findCurrency } from "../settings";
import { accountInCurrency } from "../wallet";
import { loyaltyAccounts, loyaltyLevels, loyaltyLevelsReached } from "./tables";

type LevelRow = typeof loyaltyLevels.$inferSelect;

const CENT = 10n ** 16n;
/** Rounds points down to 2 decimals. */
const cents = (units: bigint) => fromUnits((units / CENT) * CENT);
const points = (v: string | null | undefined) => normalizeAmount(v ?? "0") ?? "0";

export function playKindOf(bet: Pick<BetSettledData, "source" | "gameKind">): LoyaltyPlayKind {
  if (bet.source === "sportsbook") return "sportsbook";
  return bet.gameKind === "slots" || bet.gameKind === "live" ? bet.gameKind : "tables";
}

/**
 * The points a settled bet earns: its real-money stake, in the base currency at the currency's rate, times its
 * kind's points per unit (LOYALTY_POINTS_PER_UNIT), rounded down to cents. Bonus money earns nothing.
 */
export async function pointsFor(
  db: Db,
  bet: BetSettledData,
  /** The currency's row when the caller has it (a batch of facts reads each currency once). */
  known?: { rate: unknown } | undefined,
): Promise<string> {
  const currency = known ?? (await findCurrency(db, bet.currency));
  const rate = toUnits(normalizeAmount(String(currency?.rate ?? "0")) ?? "0") ?? 0n;
  const scale = 10n ** BigInt(MONEY_SCALE);
  const base = ((toUnits(bet.realStake) ?? 0n) * rate) / scale;
  const perUnit = toUnits(LOYALTY_POINTS_PER_UNIT[playKindOf(bet)]) ?? 0n;
  const earned = (base * perUnit) / scale;
  return earned > 0n ? cents(earned) : "0";
}

export async function listLevels(db: Db): Promise<LevelRow[]> {
  return db.select().from(loyaltyLevels).orderBy(asc(loyaltyLevels.order));
}

export const toLevel = (l: LevelRow): LoyaltyLevel => ({
  id: String(l.id),
  name: l.name,
  points: points(l.points),
  order: l.order,
  rewards: l.rewards,
});

function accountView(
  levels: LevelRow[],
  row: { points: string; levelOrder: number } | undefined,
): LoyaltyAccount {
  const have = points(row?.points);
  const order = row?.levelOrder ?? 0;
  const current = levels.find((l) => l.order === order);
  const next = levels.find((l) => l.order > order);
  return {
    points: have,
    currentLevel: current
      ? { name: current.name, points: points(current.points), order: current.order }
      : null,
    nextLevel: next ? { name: next.name, points: points(next.points) } : null,
  };
}

/** GET /api/retention/account: the player's own points and levels (zero points before the first bet). */
export async function loyaltyAccountOf(db: Db, playerId: bigint): Promise<LoyaltyAccount> {
  const [row] = await db.select().from(loyaltyAccounts).where(eq(loyaltyAccounts.playerId, playerId));
  return accountView(await listLevels(db), row);
}

/**
 * Adds points to the player's account and reaches every level they now pass, each exactly once: the account row
 * is locked by the upsert (a second settlement of the same player waits for this one), and a level counts only
 * when its `loyalty_levels_reached` row is new. A level's reward points can reach the next level in turn.
 * `currency` is the account a level's bonus goes to.
 */
export async function addPoints(
  tx: Db,
  ctx: FactContext,
  playerId: bigint,
  earned: string,
  currency: string,
  /** The levels when the caller read them already (once for a batch of facts). */
  known?: LevelRow[],
): Promise<LoyaltyAccount> {
  const [row] = await tx
    .insert(loyaltyAccounts)
    .values({ playerId, points: earned, updatedAt: ctx.now })
    .onConflictDoUpdate({
      target: loyaltyAccounts.playerId,
      set: { points: sql`${loyaltyAccounts.points} + ${earned}::numeric`, updatedAt: ctx.now },
    })
    .returning();
  let account = { points: points(row!.points), levelOrder: row!.levelOrder };
  const levels = known ?? (await listLevels(tx));
  for (;;) {
    const due = levels.find(
      (l) => l.order > account.levelOrder && compareAmounts(account.points, points(l.points)) >= 0,
    );
    if (!due) break;
    // Every level between is reached too (a big win can pass two); the lowest first.
    const granted = await reachLevel(tx, ctx, playerId, due, currency);
    const [updated] = await tx
      .update(loyaltyAccounts)
      .set({
        levelOrder: sql`greatest(${loyaltyAccounts.levelOrder}, ${due.order})`,
        points: sql`${loyaltyAccounts.points} + ${granted}::numeric`,
        updatedAt: ctx.now,
      })
      .where(eq(loyaltyAccounts.playerId, playerId))
      .returning();
    account = { points: points(updated!.points), levelOrder: updated!.levelOrder };
  }
  const view = accountView(levels, account);
  ctx.send(playerChannel("loyalty", playerId), { event: PLAYER_ACCOUNT_EVENT, data: view });
  return view;
}

/** Marks the level reached, grants its rewards and records `level.reached`; answers the reward points ("0" once done). */
async function reachLevel(
  tx: Db,
  ctx: FactContext,
  playerId: bigint,
  level: LevelRow,
  currency: string,
): Promise<string> {
  const [fresh] = await tx
    .insert(loyaltyLevelsReached)
    .values({ playerId, levelId: level.id, granted: {}, reachedAt: ctx.now })
    .onConflictDoNothing()
    .returning({ levelId: loyaltyLevelsReached.levelId });
  if (!fresh) return "0";
  const granted: { playerBonusId?: string; points?: string } = {};
  const rewardPoints = points(level.rewards.points);
  if (compareAmounts(rewardPoints, "0") > 0) granted.points = rewardPoints;
  const amount = level.rewards.bonus?.amounts.find((a) => a.currency === currency)?.amount;
  const account = amount ? await accountInCurrency(tx, playerId, currency) : undefined;
  if (amount && account) {
    const bonus = await issueBonus(
      tx,
      ctx.send,
      ctx.now,
      {
        playerId,
        accountId: account.id,
        currency,
        definitionId: null,
        kind: "manual",
        name: `${level.name} level`,
        amount,
        sourceRef: `loyalty:${playerId}:level:${level.id}`,
        wageringMultiplier: level.rewards.bonus!.wageringMultiplier,
        contribution: { slots: 100, tables: 10, live: 10, sportsbook: 100, sportsbookMinOdds: "1.5" },
        maxBetAmount: null,
        maxConversionMultiplier: null,
        activationDays: 30,
        wageringDays: 30,
      },
      false,
    );
    if (bonus) granted.playerBonusId = String(bonus.id);
  }
  await tx
    .update(loyaltyLevelsReached)
    .set({ granted })
    .where(
      sql`${loyaltyLevelsReached.playerId} = ${playerId} and ${loyaltyLevelsReached.levelId} = ${level.id}`,
    );
  await recordFact(tx, {
    kind: "level.reached",
    playerId: Number(playerId),
    key: `level.reached:${playerId}:${level.id}`,
    occurredAt: ctx.now,
    data: { levelId: level.id, order: level.order, name: level.name },
  });
  return granted.points ?? "0";
}

/**
 * The loyalty consumer of the facts stream: each settled bet's real-money stake earns points. A batch of facts
 * reads the currencies and the levels once and adds a player's points once per run of bets in one currency
 * (issue 38): each bet's points are rounded as on their own, so the sum, and the levels it reaches, are the same.
 */
export const loyaltyConsumer: FactConsumer = {
  name: "loyalty",
  kinds: ["bet.settled"],
  handle: (tx, fact, ctx) => loyaltyConsumer.handleMany!(tx, [fact], ctx),
  handleMany: async (tx, facts, ctx) => {
    const rates = new Map<string, Promise<{ rate: unknown } | undefined>>();
    const rateOf = (code: string) => {
      const known = rates.get(code);
      if (known) return known;
      const row = findCurrency(tx, code);
      rates.set(code, row);
      return row;
    };
    // Per player, in order: consecutive bets in one currency add up (a level's bonus goes to that currency).
    const runs = new Map<number, { currency: string; earned: bigint }[]>();
    for (const fact of facts) {
      if (fact.kind !== "bet.settled") continue;
      const earned = await pointsFor(tx, fact.data, await rateOf(fact.data.currency));
      if (compareAmounts(earned, "0") <= 0) continue;
      const mine = runs.get(fact.playerId) ?? [];
      runs.set(fact.playerId, mine);
      const last = mine[mine.length - 1];
      if (last?.currency === fact.data.currency) last.earned += toUnits(earned) ?? 0n;
      else mine.push({ currency: fact.data.currency, earned: toUnits(earned) ?? 0n });
    }
    if (runs.size === 0) return;
    const levels = await listLevels(tx);
    for (const [playerId, mine] of runs)
      for (const run of mine)
        await addPoints(tx, ctx, BigInt(playerId), fromUnits(run.earned), run.currency, levels);
  },
};
