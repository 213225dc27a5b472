/**
 * Every code a failed API call may carry, in one list both sides read. Names say what went wrong; the spec's
 * numeric codes keep their numbers (13100: deposit limit reached, spec point 8). A new failure adds its code here.
 */
export const ERROR_CODES = [
  // any call
  "bad_request",
  "validation_error",
  "not_found",
  "too_many_requests",
  "internal_error",
  "busy",
  "forbidden",
  /** The process is shutting down: try again, on another process. */
  "unavailable",
  // sessions and accounts
  "unauthorized",
  "session_expired",
  "account_blocked",
  "invalid_credentials",
  "invalid_login_token",
  "invalid_reset_code",
  "identity_taken",
  "already_verified",
  "limit_reached",
  "self_excluded",
  "cooling_off",
  /** The details match a self-excluded person's (decision 0053): refused, or the account held for review. */
  "excluded_person",
  "account_held",
  // external and messenger login
  "social_auth_error",
  "telegram_auth_error",
  "telegram_not_configured",
  "telegram_user_mismatch",
  "already_linked",
  "last_login_method",
  // wallet and payments
  "no_account",
  "account_is_current",
  "currency_not_supported",
  "not_enough_money",
  "method_unavailable",
  "pix_refund_exceeds_paid_in",
  "pix_refund_refused",
  "invoice_not_pending",
  "invoice_processing",
  "verification_required",
  "webhook_rejected",
  // an Idempotency-Key sent again with another operation or body (decision 0036)
  "idempotency_key_reused",
  // responsible gambling
  "exclusion_final",
  "withdrawal_only",
  "not_restricted",
  // a change authenticated by the session cookie that did not come from the site (decision 0037)
  "cross_site_request",
  // games
  "game_not_available",
  "demo_unavailable",
  "provider_unavailable",
  "wallet_error",
  "player_disabled",
  "wrong_game",
  "round_open",
  "no_round",
  "nothing_to_cash",
  "seeds_rotated",
  // crash (decision 0034): a bet outside the betting phase, a second bet in a round, a cash-out too early or late
  "betting_closed",
  "already_bet",
  "not_running",
  "crashed",
  // sportsbook (BET_REFUSALS in common/api/sportsbook.ts; the message says what the slip shows)
  "odds_changed",
  "market_suspended",
  "event_not_available",
  "stake_too_low",
  "stake_too_high",
  "payout_too_high",
  "selections_incompatible",
  "insufficient_funds",
  "cash_out_changed",
  "cash_out_unavailable",
  "sportsbook_off",
  // bonuses (decision 0013)
  /** A bonus is active on this account: withdrawing (or activating another) needs it finished or cancelled. */
  "bonus_active",
  /** The bonus cannot be taken, activated or cancelled now (finished, expired, not for this deposit). */
  "bonus_not_available",
  /** The stake is above the active bonus's maximum bet while it is being wagered. */
  "bonus_max_bet",
  "cashback_not_available",
  /**
   * A welcome package step staff asked for is another bonus's, or the bonus's step cannot move because players
   * have taken it (decision 0026).
   */
  "bonus_step_taken",
  // quests (decision 0015)
  /** The quest cannot be activated or cancelled now (not offered, already taken, completed or ended). */
  "quest_not_available",
  /** The free spins cannot be activated, cancelled or played now (finished, expired, none left, another game). */
  "freespins_not_available",
  // documents
  "file_refused",
  "file_too_large",
  "document_not_pending",
  // support chat (decision 0018)
  /** Guest chat is off: the chat needs a signed-in player. */
  "chat_sign_in_required",
  /** The conversation was closed; the visitor's next message opens a new one. */
  "chat_closed",
  // back office
  /** Another staff member has taken the conversation; `force` takes it over (decision 0054). */
  "chat_assigned",
  /** A canned answer with this title exists. */
  "canned_title_taken",
  /** The e-mail could not be handed to the mailer; nothing was recorded. */
  "mail_failed",
  "adjustment_decided",
  /** The withdrawal was already approved, rejected, cancelled or finished: a second decision changes nothing. */
  "withdrawal_decided",
  /** A trader's action that makes no sense in the market's state (decision 0022): the message says why. */
  "trading_refused",
  /** The resettlement shortfall was already collected or written off: nothing is left to resolve. */
  "shortfall_resolved",
  /** The player's balance holds nothing to collect a shortfall from now. */
  "nothing_to_collect",
  /** A running quest's tasks cannot change while players have it running (decision 0027). */
  "quest_running",
] as const;

/** Deposit limit reached, on loading deposit methods (spec point 8). */
export const DEPOSIT_LIMIT_REACHED = 13100;

export type ErrorCode = (typeof ERROR_CODES)[number] | typeof DEPOSIT_LIMIT_REACHED;

/** Codes the site's API client gives a call that got no usable answer (no server sends them). */
export const CLIENT_ERROR_CODES = ["timeout", "network_error", "response_too_large", "bad_response"] as const;

/** An error as the site sees it: the server's body, a client code, or a bare HTTP status from a non-API answer. */
export interface ApiErrorBody {
  code: ErrorCode | (typeof CLIENT_ERROR_CODES)[number] | number;
  message: string;
  errors: Record<string, string[]>;
}

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  return typeof value === "object" && value !== null && "code" in value && "message" in value;
}
