import { z } from "zod";

/**
 * The back office's reports (decision 0023): figures from the ledger over whole UTC days, in the base currency
 * (each day's money at that day's rate) unless a column says otherwise. Money is a decimal string, never a float.
 */

// From 1970: the ledger has nothing earlier, and PostgreSQL has no year 0 (the API fuzz sent 0000-02-29).
const day = z.iso
  .date()
  .max(10)
  .refine((d) => d >= "1970-01-01", { message: "A day from 1970-01-01" })
  .describe("a UTC day, YYYY-MM-DD");
const amount = z.string().describe("a decimal amount");

/** The most days one report covers. */
export const REPORT_MAX_DAYS = 366;

export const reportQuery = z.object({
  from: day.describe("the first day, included"),
  to: day.describe("the last day, included"),
});
export type ReportQuery = z.infer<typeof reportQuery>;

export const REPORT_TABLES = ["days", "currencies", "games", "providers", "sports"] as const;
export const reportTable = z.enum(REPORT_TABLES);
export type ReportTable = z.infer<typeof reportTable>;

export const reportExportQuery = reportQuery.extend({ table: reportTable });

/** The figures of a period (a day, or the whole range), base currency. */
export const reportFigures = z.object({
  /** Real-money stakes, net of refunded (voided, rolled back) stakes. */
  stakes: amount,
  /** Real-money wins and cash-outs, net of payouts taken back by a resettlement. */
  wins: amount,
  /** stakes − wins. */
  ggr: amount,
  /** Bonus money that became real money (conversions, cashback and free-spin winnings among them). */
  bonusCost: amount,
  /** ggr − bonusCost. */
  ngr: amount,
  deposits: amount,
  /** Withdrawals requested, net of those refunded (declined or failed). */
  withdrawals: amount,
  /** Players whose first deposit ever was in the period, and what it was. */
  firstDeposits: z.number().int(),
  firstDepositAmount: amount,
  /** Players with a real-money bet in the period. */
  activePlayers: z.number().int(),
  /** Manual balance adjustments (signed) and referral rewards paid out: shown, not part of NGR. */
  adjustments: amount,
  referralRewards: amount,
});
export type ReportFigures = z.infer<typeof reportFigures>;

export const reportSummary = z.object({
  from: day,
  to: day,
  baseCurrency: z.string(),
  totals: reportFigures,
  days: z.array(reportFigures.extend({ day })),
});
export type ReportSummary = z.infer<typeof reportSummary>;
export const reportSummaryAnswer = z.object({ data: reportSummary });

/** One currency's figures in that currency, with its GGR and NGR in the base currency. */
export const reportCurrencyRow = z.object({
  currency: z.string(),
  stakes: amount,
  wins: amount,
  ggr: amount,
  bonusCost: amount,
  ngr: amount,
  deposits: amount,
  withdrawals: amount,
  ggrBase: amount,
  ngrBase: amount,
});
export type ReportCurrencyRow = z.infer<typeof reportCurrencyRow>;
export const reportCurrenciesAnswer = z.object({ data: z.array(reportCurrencyRow) });

/**
 * A casino game's (or provider's) play, base currency: real money as in the summary, and every stake and win
 * with bonus money too, whose ratio is the actual RTP (percent, two places; null without stakes).
 */
export const reportGameRow = z.object({
  gameId: z.number().int().nullable(),
  game: z.string(),
  provider: z.string(),
  stakes: amount,
  wins: amount,
  ggr: amount,
  allStakes: amount,
  allWins: amount,
  actualRtp: z.string().nullable(),
  statedRtp: z.string().nullable(),
});
export type ReportGameRow = z.infer<typeof reportGameRow>;
export const reportGamesAnswer = z.object({ data: z.array(reportGameRow) });

export const reportProviderRow = reportGameRow.omit({ gameId: true, game: true, statedRtp: true });
export type ReportProviderRow = z.infer<typeof reportProviderRow>;
export const reportProvidersAnswer = z.object({ data: z.array(reportProviderRow) });

/** A sport's bets, base currency; a bet with legs in several sports counts under "Several sports". */
export const reportSportRow = z.object({
  sportId: z.number().int().nullable(),
  sport: z.string(),
  bets: z.number().int(),
  stakes: amount,
  wins: amount,
  ggr: amount,
});
export type ReportSportRow = z.infer<typeof reportSportRow>;
export const reportSportsAnswer = z.object({ data: z.array(reportSportRow) });
