import { z } from "zod";
import { BONUS_EVENTS } from "../constants";
import { SITE_LOCALES } from "../i18n/locales";
import { currencyCode, dataOf, decimalString } from "./shared";

/**
 * Bonuses (issue #17, spec points 3, 4 and 7, decision 0013): deposit bonuses and the welcome package, the
 * player's bonuses and free spins, bonus codes and cashback. Every call is under /api/game (the spec's URL
 * space) though the server's `bonus` module answers them. Amounts are decimal strings; statuses and results
 * are the spec's numbers (PLAYER_BONUS_STATUS, PLAYER_BONUS_RESULT, PLAYER_FREESPIN_*, BONUS_CODE_STATUS in
 * common/constants.ts).
 *
 * Money (decision 0013): a bet takes real money first, then bonus money; while a bonus is active, the part of a
 * win paid for by bonus money goes to the bonus balance; wagering done, the bonus balance becomes real up to
 * `maxConversionAmount`; cancelling forfeits the bonus balance. The account's bonus balance is
 * `WalletAccount.bonusBalance`; the wagering progress is the active player bonus's `wagered` of
 * `wageringRequired` (the `bonus:player-bonuses#{id}` channel carries each change).
 */

/** How much of a settled stake counts towards wagering, by game kind, in percent (0–100). */
export const wageringContribution = z
  .object({
    slots: z.number().int(),
    /** Table, card, crash and other house games that are not slots. */
    tables: z.number().int(),
    live: z.number().int(),
    sportsbook: z.number().int(),
    /** Sports bets count only at these (total) odds or higher. */
    sportsbookMinOdds: z.string(),
  })
  .meta({ id: "WageringContribution" });
export type WageringContribution = z.infer<typeof wageringContribution>;

/** An amount in one currency (a threshold, a cap). */
export const currencyAmount = z
  .object({ currency: z.string(), amount: decimalString })
  .meta({ id: "CurrencyAmount" });

/** Spec point 3's trigger conditions: a deposit of at least `amountFrom` in its currency qualifies. */
export const triggerConditions = z
  .object({
    invoiceAmountItems: z.array(z.object({ currency: z.string(), amountFrom: decimalString })),
    /** For currencies not listed: the least deposit counted in the base currency (null: those do not qualify). */
    baseCurrencyInvoiceAmountFrom: decimalString.nullable(),
    /**
     * The days of the week a deposit may take it, ISO numbers 1 (Monday) to 7 (Sunday) in the player's time
     * zone (a weekend reload: [6, 7]); none: every day.
     */
    weekdays: z.array(z.number().int().min(1).max(7)).max(7).optional(),
    /** The player's paid deposit it starts from (2: not with a first deposit); none: any deposit. */
    fromDeposit: z.number().int().min(1).max(1000).optional(),
  })
  .meta({ id: "BonusTriggerConditions" });
export type TriggerConditions = z.infer<typeof triggerConditions>;

/** Free spins a bonus gives: on one game, at a fixed bet. */
export const freespinReward = z
  .object({
    gameId: z.string(),
    gameName: z.string(),
    /** The game's page slug (`/game/{slug}`). */
    gameSlug: z.string(),
    count: z.number().int(),
    /** The bet of one spin, in the player's currency of the deposit. */
    betValue: decimalString,
    /** Wagering of the spins' winnings (they become a bonus): × winnings. */
    wageringMultiplier: z.string(),
  })
  .meta({ id: "FreespinReward" });

/**
 * A deposit bonus (spec point 3: id, package.id, triggerConditions) with what the site shows. A bonus of the
 * welcome package has `package` with its step (deposit 1–4).
 */
export const depositBonus = z
  .object({
    id: z.string(),
    /** The bonus page's address part: /bonus/{pageIdentity}. */
    pageIdentity: z.string(),
    name: z.string(),
    description: z.string(),
    package: z.object({ id: z.string(), name: z.string(), step: z.number().int() }).nullable(),
    triggerConditions,
    /** The bonus is this percentage of the deposit… */
    matchPercent: z.number().int(),
    /** …at most this much (per currency; a currency not listed gets the base cap converted). */
    maxAmountItems: z.array(currencyAmount),
    /** Wagering requirement: × the bonus amount. */
    wageringMultiplier: z.string(),
    contribution: wageringContribution,
    /** The largest stake allowed while wagering, per currency (none: no limit). */
    maxBetItems: z.array(currencyAmount),
    /** Bonus money converted on completion at most this × the bonus amount (null: no cap). */
    maxConversionMultiplier: z.string().nullable(),
    /** Days an issued bonus waits to be activated, and days to wager it once active. */
    activationDays: z.number().int(),
    wageringDays: z.number().int(),
    /** Free spins given with it (or instead of money, when matchPercent is 0). */
    freespins: freespinReward.nullable(),
    /**
     * With `?currency&amount`: the bonus money this deposit would get, in that currency (null without them,
     * or when the amount does not qualify).
     */
    reward: decimalString.nullable(),
  })
  .meta({ id: "DepositBonus" });
export type DepositBonus = z.infer<typeof depositBonus>;

/**
 * GET /api/game/bonuses?currency&amount — the deposit bonuses offered. Guests may call it (the /bonuses page
 * and the welcome package): they see every deposit bonus and the package's first step. A signed-in player sees
 * the ones open to them now (the welcome package's step of their next deposit, bonuses not yet taken); with
 * `amount`, only those the amount qualifies for in `currency`, each with its `reward`.
 */
export const depositBonusesQuery = z.object({
  currency: currencyCode.optional(),
  /** The site locale of the names and descriptions (decision 0026); the default locale's when not translated. */
  locale: z.enum(SITE_LOCALES.map((l) => l.code) as [(typeof SITE_LOCALES)[number]["code"]]).optional(),
  amount: z
    .string()
    .max(40)
    .regex(/^\d{1,15}(\.\d{1,8})?$/, "Enter an amount")
    .optional(),
});
export const depositBonusesAnswer = dataOf(z.array(depositBonus));

/** One of GET /api/game/bonuses/status: whether the player can still take a bonus. */
export const bonusStatus = z
  .object({
    bonusId: z.string(),
    /**
     * `available` the player may take it (with a qualifying deposit); `taken` they have had it (a package step
     * done); `unavailable` not for them now (another package step, wrong currency).
     */
    status: z.enum(["available", "taken", "unavailable"]),
    /** The player's bonus from it, when taken. */
    playerBonusId: z.string().nullable(),
  })
  .meta({ id: "BonusStatus" });
export type BonusStatus = z.infer<typeof bonusStatus>;

/** GET /api/game/bonuses/status?bonusIds=1,2&currency=USD (also `bonusIds[]=1&bonusIds[]=2`). */
export const bonusStatusQuery = z.object({
  bonusIds: z
    .union([z.string().max(1000), z.array(z.string().max(20)).max(50)])
    .transform((v) => (Array.isArray(v) ? v : v.split(",")).map((s) => s.trim()).filter(Boolean))
    .pipe(z.array(z.string().regex(/^\d{1,18}$/)).max(50)),
  currency: currencyCode.optional(),
});
export const bonusStatusAnswer = dataOf(z.array(bonusStatus));

/** Where a player bonus came from. */
export const PLAYER_BONUS_KINDS = ["deposit", "code", "cashback", "freespins", "manual", "quest"] as const;

/**
 * A player's bonus (spec point 3: id, status, result, packageId, issueSessionId, currency, amount, count,
 * gameId, maxBetAmount) with its wagering. `status` 1 issued (not yet credited: activate it), 2 active (its
 * money is in the bonus balance and being wagered), 3 finished with `result` 2 played (converted), 3 canceled,
 * 4 expired, 5 lost (the bonus balance ran out).
 */
export const playerBonus = z
  .object({
    id: z.string(),
    status: z.number().int(),
    result: z.number().int().nullable(),
    packageId: z.string().nullable(),
    /** The session the bonus was issued in (deposit, code, claim), when a player's call issued it. */
    issueSessionId: z.string().nullable(),
    /** The deposit (invoice id) that issued it, for a deposit bonus. */
    invoiceId: z.string().optional(),
    currency: z.string(),
    amount: decimalString,
    /** Free spins that came with it (0 for money-only bonuses). */
    count: z.number().int(),
    /** The game the bonus is tied to (free-spin winnings), or null. */
    gameId: z.string().nullable(),
    maxBetAmount: decimalString.nullable(),
    /** The bonus definition it came from (null for cashback and free-spin winnings). */
    bonusId: z.string().nullable(),
    kind: z.enum(PLAYER_BONUS_KINDS),
    name: z.string(),
    wagered: decimalString,
    wageringRequired: decimalString,
    contribution: wageringContribution,
    /** The most bonus money conversion turns real (null: all of it). */
    maxConversionAmount: decimalString.nullable(),
    /** Real money it became (result 2), or null. */
    convertedAmount: decimalString.nullable(),
    /** Issued: activate by then; active: wager by then. */
    expiresAt: z.string().nullable(),
    activatedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "PlayerBonus" });
export type PlayerBonus = z.infer<typeof playerBonus>;

/**
 * A player's free spins (same spec fields): `count` spins on `gameId` at `amount` each (the fixed bet). Status
 * 1 issued, 2 active (playable on its game), 3 finished with result 2 played, 3 canceled, 4 expired, 5 lost (all
 * played, nothing won). Their winnings become a player bonus (kind `freespins`) with its wagering when the last
 * spin's round closes.
 */
export const playerFreespin = z
  .object({
    id: z.string(),
    status: z.number().int(),
    result: z.number().int().nullable(),
    packageId: z.string().nullable(),
    issueSessionId: z.string().nullable(),
    currency: z.string(),
    /** The bet of one spin. */
    amount: decimalString,
    count: z.number().int(),
    /** Spins played so far. */
    played: z.number().int(),
    /** What the spins have won so far. */
    winnings: decimalString,
    gameId: z.string(),
    gameName: z.string(),
    gameSlug: z.string(),
    maxBetAmount: decimalString.nullable(),
    bonusId: z.string().nullable(),
    /** The player bonus its winnings became, once played. */
    playerBonusId: z.string().nullable(),
    /** What gave them (the package's or the bonus's name). */
    name: z.string(),
    /** Wagering of the winnings' bonus: × winnings. */
    wageringMultiplier: z.string(),
    activatedAt: z.string().nullable(),
    finishedAt: z.string().nullable(),
    expiresAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "PlayerFreespin" });
export type PlayerFreespin = z.infer<typeof playerFreespin>;

/** A query value given once, several times, comma-separated, or in bracket style (`status[]=1&status[]=2`). */
const queryList = z.preprocess((v) => {
  if (v === undefined || v === "") return undefined;
  const list = (Array.isArray(v) ? v : String(v).split(","))
    .map((s) => String(s).trim())
    .filter(Boolean)
    .slice(0, 20);
  return list.length ? list : undefined;
}, z.array(z.string().max(10)).optional());

/**
 * `?status[]=1&status[]=2&currency[]=USD` of the two lists (plain `status=1,2` works too). Without a status the
 * lists hold statuses 1 and 2 only (what the spec keeps in the player's lists); the history asks for 3.
 */
export const playerBonusesQuery = z
  .object({ status: queryList, "status[]": queryList, currency: queryList, "currency[]": queryList })
  .transform((q) => ({
    // Statuses are small numbers (a smallint column): anything else is ignored.
    statuses: (q.status ?? q["status[]"] ?? [])
      .map(Number)
      .filter((n) => Number.isInteger(n) && n >= 0 && n < 100),
    currencies: (q.currency ?? q["currency[]"] ?? []).map((c) => c.toUpperCase()),
  }));
export type PlayerBonusesQuery = z.infer<typeof playerBonusesQuery>;
export const playerBonusesAnswer = dataOf(z.array(playerBonus));
export const playerFreespinsAnswer = dataOf(z.array(playerFreespin));
export const playerBonusAnswer = dataOf(playerBonus);
export const playerFreespinAnswer = dataOf(playerFreespin);

/** When a bonus code applies: typed at registration, on the deposit form, or anywhere (profile). */
export const BONUS_CODE_TRIGGERS = ["registration", "deposit", "manual"] as const;
export const bonusCodeTrigger = z.enum(BONUS_CODE_TRIGGERS);
export type BonusCodeTrigger = z.infer<typeof bonusCodeTrigger>;

/**
 * A redeemed bonus code (spec point 3: status, playerBonusCodeId, trigger). `status` is BONUS_CODE_STATUS:
 * 1 applied (its reward was issued), 2 waiting (a deposit code: its reward comes with the next qualifying
 * deposit), 3 incorrect, 4 not available (used up, expired, already used by this player, or another trigger).
 */
export const playerBonusCode = z
  .object({
    status: z.number().int(),
    /** Null when nothing was redeemed (statuses 3 and 4). */
    playerBonusCodeId: z.string().nullable(),
    trigger: bonusCodeTrigger,
    code: z.string(),
    /** What it gives, in words ("100% up to 200 USD"). */
    description: z.string().nullable(),
    /** The player bonus or free spins it issued, when applied. */
    playerBonusId: z.string().nullable(),
    playerFreespinId: z.string().nullable(),
    createdAt: z.string().nullable(),
  })
  .meta({ id: "PlayerBonusCode" });
export type PlayerBonusCode = z.infer<typeof playerBonusCode>;

/** GET /api/game/bonuses/bonuscodes?trigger — the player's redeemed codes, newest first. */
export const bonusCodesQuery = z.object({ trigger: bonusCodeTrigger.optional() });
export const bonusCodesAnswer = dataOf(z.array(playerBonusCode));

/**
 * POST /api/game/bonuses/bonuscodes. Answers 200 with the code's status: 1 or 2 when redeemed, 3 incorrect or
 * 4 not available (spec point 8's alerts) with nothing changed.
 */
export const redeemBonusCodeBody = z.object({
  bonusCode: z.string().trim().min(1, "Enter a bonus code").max(50),
  trigger: bonusCodeTrigger.default("manual"),
});
export const redeemBonusCodeAnswer = dataOf(playerBonusCode);

/**
 * POST /api/game/bonuses/bonuscodes/preview (ours, not in the spec): what redeeming the code would give, with
 * nothing changed, so the site can say before the player applies it that the bonus holds withdrawals while it
 * is wagered (decision 0013: an active bonus holds every withdrawal from its account, the player's own deposits
 * included). `status` is null when the code can be redeemed now, else 3 incorrect or 4 not available.
 */
export const bonusCodePreview = z
  .object({
    status: z.number().int().nullable(),
    code: z.string(),
    trigger: bonusCodeTrigger,
    /** What it gives, in words, as the redemption will describe it. */
    description: z.string().nullable(),
    /** A bonus now, free spins now (their winnings become a bonus), or a bonus with the next deposit. */
    gives: z.enum(["bonus", "spins", "deposit"]).nullable(),
    /** The bonus money it credits now (gives = bonus), in `currency`. */
    amount: decimalString.nullable(),
    currency: currencyCode.nullable(),
    /** How many times the bonus is wagered before it becomes real money. */
    wageringMultiplier: decimalString.nullable(),
    /** amount × wageringMultiplier, when the amount is known now. */
    wagerAmount: decimalString.nullable(),
    /** While the bonus is active, withdrawals from its account wait (its wagering done, or the bonus cancelled). */
    holdsWithdrawals: z.boolean(),
  })
  .meta({ id: "BonusCodePreview" });
export type BonusCodePreview = z.infer<typeof bonusCodePreview>;
export const bonusCodePreviewAnswer = dataOf(bonusCodePreview);

/** DELETE /api/game/bonuses/bonuscodes: withdraws a waiting (status 2) deposit code; its use is given back. */
export const deleteBonusCodeBody = z.object({
  playerBonusCodeId: z
    .string()
    .max(18)
    .regex(/^\d{1,18}$/),
});

/**
 * GET /api/game/bonuses/cashback?currency — cashback on the last finished period's net losses (real-money
 * stakes less wins and refunds, casino and sportsbook): `percent` of them, when at least `minAmount`.
 */
export const cashback = z
  .object({
    currency: z.string(),
    /** The period it is for: [periodStart, periodEnd). */
    periodStart: z.string(),
    periodEnd: z.string(),
    netLoss: decimalString,
    percent: z.number().int(),
    /** What claiming gives now (0 when there were no losses). */
    amount: decimalString,
    minAmount: decimalString,
    wageringMultiplier: z.string(),
    /** True when `amount` ≥ `minAmount` and this period was not claimed. */
    claimable: z.boolean(),
    /** The player bonus of this period's claim, once claimed. */
    claimedPlayerBonusId: z.string().nullable(),
  })
  .meta({ id: "Cashback" });
export type Cashback = z.infer<typeof cashback>;
export const cashbackQuery = z.object({ currency: currencyCode.optional() });
export const cashbackAnswer = dataOf(cashback);

/**
 * POST /api/game/bonuses/cashback {currency}: claims the last period's cashback as a player bonus (kind
 * `cashback`, issued and activated at once). Once per period: a repeat answers the same bonus.
 */
export const claimCashbackBody = z.object({ currency: currencyCode });
export const claimCashbackAnswer = dataOf(playerBonus);

/** Zod-free (the site imports them from common/constants without the schemas): re-exported for the server. */
export { BONUS_EVENTS };
