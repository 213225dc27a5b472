import { REALTIME_EVENTS } from "./realtime";

/**
 * The constant groups of spec points 3 and 4, with the spec's numbers. Served by GET /api/settings/constants
 * and imported by both sides: `INVOICE_STATUS.success`, never a bare 2.
 * Where the spec does not show a group's values (player statuses, document and bet statuses), the choice is ours
 * and written here once.
 */

export const PLAYER_STATUS = { active: 1, blocked: 2, selfExcluded: 3, coolingOff: 4, closed: 5 } as const;
export const DOCUMENT_STATUS = { pending: 1, approved: 2, declined: 3 } as const;

/** Invoice status: 1 pending (with asynchronous data), 2 success, 3 failure. */
export const INVOICE_STATUS = { pending: 1, success: 2, failure: 3 } as const;
export const INVOICE_TYPE = { deposit: 1, withdrawal: 2 } as const;

export const BET_STATUS = { open: 1, won: 2, lost: 3, refunded: 4, cashedOut: 5 } as const;

/** Bonus and free spin status: 1 issued, 2 active, 3 finished; only 1 and 2 stay in the player's lists. */
export const PLAYER_BONUS_STATUS = { issued: 1, active: 2, finished: 3 } as const;
/** Result when finished: 2 played, 3 canceled, 4 expired, 5 lost (bonuses only). */
export const PLAYER_BONUS_RESULT = { played: 2, canceled: 3, expired: 4, lost: 5 } as const;
export const PLAYER_FREESPIN_STATUS = PLAYER_BONUS_STATUS;
/** Free spins finished: 2 played (their winnings became a bonus), 3 canceled, 4 expired, 5 lost (won nothing). */
export const PLAYER_FREESPIN_RESULT = { played: 2, canceled: 3, expired: 4, lost: 5 } as const;

/**
 * Bonus-code status: 3 incorrect, 4 not available (spec); ours: 1 applied (reward issued), 2 waiting (a deposit
 * code whose reward comes with the next qualifying deposit).
 */
export const BONUS_CODE_STATUS = { applied: 1, waiting: 2, incorrect: 3, notAvailable: 4 } as const;

/** Quest state: 1 and 2 active, 3 completed, 5 and 6 expired. */
export const QUEST_STATE = { new: 1, inProgress: 2, completed: 3, expired: 5, expiredAfterStart: 6 } as const;

/** Limit definitions: 1 bet, 2 loss, 3 deposit, 4 self-exclusion, 5 cooling-off. */
export const LIMIT_DEFINITION = { bet: 1, loss: 2, deposit: 3, selfExclusion: 4, coolingOff: 5 } as const;
export const LIMIT_PERIODS = ["daily", "weekly", "monthly"] as const;

/** Notification and push state: 1 unread becomes 2 read. */
export const NOTIFICATION_STATE = { unread: 1, read: 2 } as const;

/** The groups as GET /api/settings/constants names them (time zones are added by the server). */
export const CONSTANT_GROUPS = {
  "player.playerStatuses": PLAYER_STATUS,
  "player.document.status": DOCUMENT_STATUS,
  "payment.invoiceStatuses": INVOICE_STATUS,
  "payment.invoiceTypes": INVOICE_TYPE,
  "game.bet.status": BET_STATUS,
  "game.playerBonus.status": PLAYER_BONUS_STATUS,
  "game.playerBonus.result": PLAYER_BONUS_RESULT,
  "game.playerFreespin.status": PLAYER_FREESPIN_STATUS,
  "game.playerFreespin.result": PLAYER_FREESPIN_RESULT,
  "bonus.bonusCode.status": BONUS_CODE_STATUS,
  "retention.quest.state": QUEST_STATE,
  "player.limit.definition": LIMIT_DEFINITION,
  "messenger.notification.state": NOTIFICATION_STATE,
} as const;

/** The lobby's sort orders (GET /api/game/games?sort=). */
export const GAME_SORTS = ["popular", "new", "name", "name-desc", "rtp"] as const;
export type GameSort = (typeof GAME_SORTS)[number];

/** A round's status in the spins history (game.bet.status). */
export const SPIN_STATUS = { open: 1, won: 2, lost: 3, refunded: 4 } as const;

/**
 * Events of the three bonus channels (PLAYER_CHANNELS bonuses, freespins, bonusCodes in common/realtime.ts):
 * `bonus:player-bonuses#{id}` carries a PlayerBonus on issue, activation, wagering progress and finish;
 * `bonus:player-freespins#{id}` a PlayerFreespin on issue, activation, each spin and finish;
 * `bonus:player-bonus-codes#{id}` a PlayerBonusCode on redeem, apply and delete.
 */
export const BONUS_EVENTS = {
  playerBonusUpdated: REALTIME_EVENTS.playerBonusUpdated,
  playerFreespinUpdated: REALTIME_EVENTS.playerFreespinUpdated,
  playerBonusCodeUpdated: REALTIME_EVENTS.playerBonusCodeUpdated,
} as const;

/**
 * Points per 1 unit of the base currency staked with real money, by kind of play. Bonus money earns nothing.
 * The server counts with these and the site shows them (the loyalty-earn modal).
 */
export const LOYALTY_POINTS_PER_UNIT = {
  slots: "1",
  /** Table, card, crash and the other house games that are not slots. */
  tables: "0.5",
  live: "0.5",
  sportsbook: "1",
} as const;

/** The event of `retention:accounts#{playerId}`: the account after a change. */
export const PLAYER_ACCOUNT_EVENT = "playerAccount";

/** Spec point 9: the level-up notice on the game screen stays 3 seconds. */
export const LEVEL_UP_NOTICE_MS = 3000;

/** Spec point 9: the bell's popover shows the newest 3; the push list pages by 20; a notice is 300 px wide. */
export const NOTIFICATION_LIMITS = { popoverPageSize: 3, pushPageSize: 20, width: 300 } as const;
