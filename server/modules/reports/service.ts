import { sql } from "drizzle-orm";
import {
  REPORT_MAX_DAYS,
  type ReportCurrencyRow,
  type ReportFigures,
  type ReportGameRow,
  type ReportProviderRow,
  type ReportQuery,
  type ReportSportRow,
  type ReportSummary,
} from "#common/api/admin-reports";
import { addAmounts, negate, normalizeAmount, placesOf, toUnits } from "#common/money";
import { type Db, rowsOf } from "../../db/client";
import { ApiError } from "../../http/errors";
import { findBaseCurrency } from "../settings";
import { catalogueNames, sportOfBet } from "../sportsbook";
import { bettingPlayers, casinoPlayByDay, moneyFlowsByDay, sportsbookPlayByDay } from "../wallet";

/**
 * Reports from the ledger (decision 0023). Every figure is a sum of postings, grouped in SQL by UTC day and
 * currency (and game, provider or sport), then converted to the base currency at that day's rate and rounded
 * to the base currency's places per day and currency, so a report's totals are the sums of its rows.
 * Real-money figures read the player's real-balance legs; the actual RTP reads the house's legs (all money).
 */

const DAY_MS = 86_400_000;

interface Range {
  from: Date;
  /** Exclusive: the day after the last. */
  until: Date;
  days: string[];
  base: string;
  places: number;
}

const dec = (v: string | null | undefined) => normalizeAmount(v ?? "0") ?? "0";
const minus = (a: string, b: string) => addAmounts(a, negate(b));

async function rangeOf(db: Db, q: ReportQuery): Promise<Range> {
  const from = new Date(`${q.from}T00:00:00Z`);
  const to = new Date(`${q.to}T00:00:00Z`);
  const count = Math.round((to.getTime() - from.getTime()) / DAY_MS) + 1;
  if (!(count >= 1))
    throw new ApiError(422, "validation_error", "The last day is before the first", { to: ["before from"] });
  if (count > REPORT_MAX_DAYS)
    throw new ApiError(422, "validation_error", `A report covers at most ${REPORT_MAX_DAYS} days`, {
      to: [`at most ${REPORT_MAX_DAYS} days after from`],
    });
  const base = await findBaseCurrency(db);
  const days = Array.from({ length: count }, (_, i) =>
    new Date(from.getTime() + i * DAY_MS).toISOString().slice(0, 10),
  );
  return {
    from,
    until: new Date(to.getTime() + DAY_MS),
    days,
    base: base?.code ?? "USD",
    places: placesOf(base?.subunitToUnit ?? 100),
  };
}

/**
 * The rate of `g.currency` on `g.day`: that day's, else the nearest earlier day's; a currency with no day
 * before takes its first recorded day's, and one never recorded its current rate.
 */
const rateOf = sql`coalesce(
  (select r.rate from currency_rate_days r where r.currency = g.currency and r.day <= g.day order by r.day desc limit 1),
  (select r.rate from currency_rate_days r where r.currency = g.currency order by r.day asc limit 1),
  (select c.rate from currencies c where c.code = g.currency))`;

/** An amount of the row's currency in the base currency at the row's rate, rounded to the base's places. */
const toBase = (r: Range, column: string) => sql`round(${sql.raw(column)} * g.rate, ${r.places}::int)`;

const rows = rowsOf;

type FlowRow = {
  day: string;
  currency: string;
  stakes: string;
  wins: string;
  bonus_cost: string;
  deposits: string;
  withdrawals: string;
  adjustments: string;
  referral: string;
  first_deposits: number;
  first_amount: string;
};
const FLOW_COLUMNS = [
  "stakes",
  "wins",
  "bonus_cost",
  "deposits",
  "withdrawals",
  "adjustments",
  "referral",
  "first_amount",
] as const;

/** Every money figure of each (day, currency), in that currency and in the base currency. */
async function flows(db: Db, r: Range): Promise<{ native: FlowRow; base: FlowRow }[]> {
  const found = await rows<Record<string, string | number>>(
    db,
    sql`
    with g0 as (${moneyFlowsByDay(r)}
    ), g as (
      select day, currency, sum(stakes) as stakes, sum(wins) as wins, sum(bonus_cost) as bonus_cost,
             sum(deposits) as deposits, sum(withdrawals) as withdrawals, sum(adjustments) as adjustments,
             sum(referral) as referral, sum(first_amount) as first_amount, sum(first_deposits)::int as first_deposits
        from g0 group by day, currency
    )
    select to_char(g.day, 'YYYY-MM-DD') as day, g.currency, g.first_deposits,
           ${sql.join(
             FLOW_COLUMNS.map((c) => sql`g.${sql.raw(c)}::text as ${sql.raw(c)}`),
             sql`, `,
           )},
           ${sql.join(
             FLOW_COLUMNS.map(
               (c) =>
                 sql`round(g.${sql.raw(c)} * rated.rate, ${r.places}::int)::text as ${sql.raw(`base_${c}`)}`,
             ),
             sql`, `,
           )}
      from g cross join lateral (select ${rateOf} as rate) rated
     order by 1, 2`,
  );
  return found.map((row) => {
    const native = {
      day: String(row.day),
      currency: String(row.currency),
      first_deposits: Number(row.first_deposits),
    };
    const base = { ...native };
    for (const c of FLOW_COLUMNS) {
      (native as Record<string, unknown>)[c] = dec(String(row[c]));
      (base as Record<string, unknown>)[c] = dec(String(row[`base_${c}`]));
    }
    return { native: native as FlowRow, base: base as FlowRow };
  });
}

/** Players with a real-money bet on each day, and over the whole range (a player counts once). */
async function activePlayers(db: Db, r: Range): Promise<{ byDay: Map<string, number>; total: number }> {
  const found = await bettingPlayers(db, r);
  const byDay = new Map<string, number>();
  let total = 0;
  for (const row of found) {
    if (row.day === null) total = Number(row.players);
    else byDay.set(row.day, Number(row.players));
  }
  return { byDay, total };
}

const emptyFigures = (): ReportFigures => ({
  stakes: "0",
  wins: "0",
  ggr: "0",
  bonusCost: "0",
  ngr: "0",
  deposits: "0",
  withdrawals: "0",
  firstDeposits: 0,
  firstDepositAmount: "0",
  activePlayers: 0,
  adjustments: "0",
  referralRewards: "0",
});

function addFlow(f: ReportFigures, row: FlowRow): ReportFigures {
  const stakes = addAmounts(f.stakes, row.stakes);
  const wins = addAmounts(f.wins, row.wins);
  const bonusCost = addAmounts(f.bonusCost, row.bonus_cost);
  const ggr = minus(stakes, wins);
  return {
    ...f,
    stakes,
    wins,
    ggr,
    bonusCost,
    ngr: minus(ggr, bonusCost),
    deposits: addAmounts(f.deposits, row.deposits),
    withdrawals: addAmounts(f.withdrawals, row.withdrawals),
    firstDeposits: f.firstDeposits + row.first_deposits,
    firstDepositAmount: addAmounts(f.firstDepositAmount, row.first_amount),
    adjustments: addAmounts(f.adjustments, row.adjustments),
    referralRewards: addAmounts(f.referralRewards, row.referral),
  };
}

/** The figures of the range and of each of its days, base currency (decision 0023). */
export async function reportSummary(db: Db, q: ReportQuery): Promise<ReportSummary> {
  const r = await rangeOf(db, q);
  const [found, active] = await Promise.all([flows(db, r), activePlayers(db, r)]);
  const byDay = new Map(r.days.map((d) => [d, emptyFigures()]));
  let totals = emptyFigures();
  for (const { base } of found) {
    byDay.set(base.day, addFlow(byDay.get(base.day) ?? emptyFigures(), base));
    totals = addFlow(totals, base);
  }
  return {
    from: q.from,
    to: q.to,
    baseCurrency: r.base,
    totals: { ...totals, activePlayers: active.total },
    days: r.days.map((day) => ({ day, ...byDay.get(day)!, activePlayers: active.byDay.get(day) ?? 0 })),
  };
}

/** Each currency's figures in that currency, with GGR and NGR in the base currency. */
export async function reportCurrencies(db: Db, q: ReportQuery): Promise<ReportCurrencyRow[]> {
  const r = await rangeOf(db, q);
  const by = new Map<string, { native: ReportFigures; base: ReportFigures }>();
  for (const { native, base } of await flows(db, r)) {
    const cur = by.get(native.currency) ?? { native: emptyFigures(), base: emptyFigures() };
    by.set(native.currency, { native: addFlow(cur.native, native), base: addFlow(cur.base, base) });
  }
  return [...by.entries()]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([currency, { native, base }]) => ({
      currency,
      stakes: native.stakes,
      wins: native.wins,
      ggr: native.ggr,
      bonusCost: native.bonusCost,
      ngr: native.ngr,
      deposits: native.deposits,
      withdrawals: native.withdrawals,
      ggrBase: base.ggr,
      ngrBase: base.ngr,
    }));
}

type CasinoRow = {
  game_id: number | null;
  game: string | null;
  provider: string;
  stakes: string;
  wins: string;
  all_stakes: string;
  all_wins: string;
  stated_rtp: string | null;
};

/** Actual RTP in percent, two places: all wins ÷ all stakes. */
function rtpOf(wins: string, stakes: string): string | null {
  const st = toUnits(stakes) ?? 0n;
  if (st <= 0n) return null;
  const w = toUnits(wins) ?? 0n;
  // Basis points, rounded half away from zero.
  const raw = w * 20000n;
  const bp = (raw < 0n ? raw - st : raw + st) / (2n * st);
  const sign = bp < 0n ? "-" : "";
  const abs = bp < 0n ? -bp : bp;
  return `${sign}${abs / 100n}.${String(abs % 100n).padStart(2, "0")}`;
}

/**
 * The casino's play by game or by provider (the studio in the catalogue; the wallet provider when the game is
 * unknown): real-money legs for stakes, wins and GGR, the house's legs (real and bonus money) for the RTP.
 */
async function casino(db: Db, r: Range, by: "game" | "provider"): Promise<CasinoRow[]> {
  const key = by === "game" ? sql`g.game_id` : sql`coalesce(gp.name, g.wallet_provider)`;
  return rows<CasinoRow>(
    db,
    sql`
    with g0 as (${casinoPlayByDay(r)}
    ), g as (select g.*, ${rateOf} as rate from g0 g)
    select ${by === "game" ? sql`g.game_id::int as game_id, min(gm.name) as game, min(coalesce(gp.name, g.wallet_provider)) as provider, min(gm.rtp)::text as stated_rtp` : sql`null as game_id, null as game, ${key} as provider, null as stated_rtp`},
           sum(${toBase(r, "g.stakes")})::text as stakes, sum(${toBase(r, "g.wins")})::text as wins,
           sum(${toBase(r, "g.all_stakes")})::text as all_stakes, sum(${toBase(r, "g.all_wins")})::text as all_wins
      from g
      left join games gm on gm.id = g.game_id
      left join game_providers gp on gp.id = gm.provider_id
     group by ${key}
     order by sum(${toBase(r, "g.stakes")}) desc, 3`,
  );
}

function casinoRow(row: CasinoRow) {
  const stakes = dec(row.stakes);
  const wins = dec(row.wins);
  const allStakes = dec(row.all_stakes);
  const allWins = dec(row.all_wins);
  return {
    provider: row.provider,
    stakes,
    wins,
    ggr: minus(stakes, wins),
    allStakes,
    allWins,
    actualRtp: rtpOf(allWins, allStakes),
  };
}

export async function reportGames(db: Db, q: ReportQuery): Promise<ReportGameRow[]> {
  const r = await rangeOf(db, q);
  return (await casino(db, r, "game")).map((row) => ({
    gameId: row.game_id === null ? null : Number(row.game_id),
    game: row.game ?? (row.game_id === null ? "Unknown game" : `Game ${row.game_id}`),
    ...casinoRow(row),
    statedRtp: row.stated_rtp === null ? null : dec(row.stated_rtp),
  }));
}

export async function reportProviders(db: Db, q: ReportQuery): Promise<ReportProviderRow[]> {
  const r = await rangeOf(db, q);
  return (await casino(db, r, "provider")).map(casinoRow);
}

/** The sportsbook's bets by sport: a bet's sport is its legs' one sport, or none (several, or not kept). */
export async function reportSports(db: Db, q: ReportQuery): Promise<ReportSportRow[]> {
  const r = await rangeOf(db, q);
  const found = await rows<{ sport_id: number | null; bets: number; stakes: string; wins: string }>(
    db,
    sql`
    with g0 as (${sportsbookPlayByDay(r)}
    ), g1 as (
      select g0.*, ${sportOfBet(sql`g0.bet_id`)} as sport_id
        from g0
    ), g as (select g.*, ${rateOf} as rate from g1 g)
    select g.sport_id, (count(distinct g.bet_id) filter (where g.placed))::int as bets,
           sum(${toBase(r, "g.stakes")})::text as stakes, sum(${toBase(r, "g.wins")})::text as wins
      from g group by g.sport_id order by sum(${toBase(r, "g.stakes")}) desc, 1`,
  );
  const names = catalogueNames();
  return found.map((row) => {
    const stakes = dec(row.stakes);
    const wins = dec(row.wins);
    return {
      sportId: row.sport_id === null ? null : Number(row.sport_id),
      sport:
        row.sport_id === null ? "Several sports or unknown" : names.sport(Number(row.sport_id), "en").name,
      bets: Number(row.bets),
      stakes,
      wins,
      ggr: minus(stakes, wins),
    };
  });
}
