import { z } from "zod";

/**
 * The seamless wallet a game provider calls for every round (PROTOCOLS.md section 3, Hub88's operator wallet as
 * the model): POST /api/game/wallet/{provider}/{balance|bet|win|rollback}, each body signed. Every answer is
 * HTTP 200 with a `status`, as providers expect; a body that does not match its schema is RS_ERROR_WRONG_SYNTAX.
 */
export const WALLET_STATUS = {
  ok: "RS_OK",
  unknown: "RS_ERROR_UNKNOWN",
  wrongSyntax: "RS_ERROR_WRONG_SYNTAX",
  invalidToken: "RS_ERROR_INVALID_TOKEN",
  tokenExpired: "RS_ERROR_TOKEN_EXPIRED",
  notEnoughMoney: "RS_ERROR_NOT_ENOUGH_MONEY",
  duplicateTransaction: "RS_ERROR_DUPLICATE_TRANSACTION",
  transactionDoesNotExist: "RS_ERROR_TRANSACTION_DOES_NOT_EXIST",
  transactionRolledBack: "RS_ERROR_TRANSACTION_ROLLED_BACK",
  userDisabled: "RS_ERROR_USER_DISABLED",
  limitReached: "RS_ERROR_LIMIT_REACHED",
  wrongCurrency: "RS_ERROR_WRONG_CURRENCY",
  invalidSignature: "RS_ERROR_INVALID_SIGNATURE",
} as const;
export type WalletStatus = (typeof WALLET_STATUS)[keyof typeof WALLET_STATUS];

const id = z.string().min(1).max(200);

export const balanceRequest = z.object({ token: z.string().max(200) }).meta({ id: "WalletBalanceRequest" });
export type BalanceRequest = z.infer<typeof balanceRequest>;

export const betRequest = z
  .object({
    token: z.string().max(200),
    transactionId: id,
    roundId: id,
    amount: z.string().max(64),
    currency: z.string().max(16),
    /**
     * A free round: the player's free spins (a `freeRounds` id of the balance answer) pay for it, at their bet
     * value; nothing is taken from the player (decision 0013).
     */
    freespinId: z.string().max(20).optional(),
  })
  .meta({ id: "WalletBetRequest" });
export type BetRequest = z.infer<typeof betRequest>;

export const winRequest = betRequest
  .omit({ freespinId: true })
  .extend({
    currency: z.string().max(16).optional(),
    referenceTransactionId: z.string().max(200),
    /** The round is over after this win (a lost round closes with a win of 0). */
    roundClosed: z.boolean().optional(),
  })
  .meta({ id: "WalletWinRequest" });
export type WinRequest = z.infer<typeof winRequest>;

export const rollbackRequest = z
  .object({ token: z.string().max(200), transactionId: id, referenceTransactionId: id, roundId: id })
  .meta({ id: "WalletRollbackRequest" });
export type RollbackRequest = z.infer<typeof rollbackRequest>;

/** Every answer: a status, and the player's balance after the call where there is one. */
export const walletAnswer = z
  .looseObject({
    status: z.enum(Object.values(WALLET_STATUS) as [WalletStatus, ...WalletStatus[]]),
    message: z.string().optional(),
    /** The player's balance after the call (also with RS_ERROR_NOT_ENOUGH_MONEY: the current one). */
    balance: z.string().optional(),
    currency: z.string().optional(),
    user: z.string().optional(),
    transactionId: z.string().optional(),
    /**
     * The player's free rounds on the session's game (balance, and bets and wins of free rounds): each playable
     * package's id, spins left and the bet each is played at.
     */
    freeRounds: z.array(z.object({ id: z.string(), left: z.number().int(), bet: z.string() })).optional(),
    /** Why a free round was refused (`freespins_unavailable`). */
    code: z.string().optional(),
  })
  .meta({ id: "WalletAnswer" });
export type WalletAnswer = z.infer<typeof walletAnswer>;

/** The calls, their request schemas. */
export const WALLET_CALLS = {
  balance: balanceRequest,
  bet: betRequest,
  win: winRequest,
  rollback: rollbackRequest,
} as const;
export type WalletCall = keyof typeof WALLET_CALLS;
export type WalletRequest<C extends WalletCall> = z.infer<(typeof WALLET_CALLS)[C]>;
