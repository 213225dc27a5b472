/**
 * Realtime channels and their events (spec point 7). `#{id}` channels belong to one player: only a connection
 * whose user is that id may subscribe. Both the server (publishing, permissions) and the site (subscribing)
 * take names from here.
 */
export const PLAYER_CHANNELS = {
  quests: "retention:quests",
  bonusCodes: "bonus:player-bonus-codes",
  bonuses: "bonus:player-bonuses",
  freespins: "bonus:player-freespins",
  accounts: "wallet:accounts",
  invoices: "payment:invoices",
  bets: "game:bets",
  spins: "game:spins",
  loyalty: "retention:accounts",
  notifications: "messenger:notifications",
  pushes: "messenger:pushes",
  /** A referrer's earnings changed (decision 0017): `referral.earned` with `{ currency, amount }`. */
  referral: "referral:earnings",
  /** The player's support conversation (decision 0018): `chat.message`, `chat.closed`. */
  chat: "support:chat",
} as const;

export type PlayerChannelKind = keyof typeof PLAYER_CHANNELS;

export const GLOBAL_ONLINE = "global:online";

/**
 * A guest's support conversation: `support:guest#{guestId}`. A guest connection has no user to own it by, so
 * subscribing takes the subscription token the chat call hands out with the channel (decision 0018).
 */
export const GUEST_CHAT_CHANNEL = "support:guest";

/**
 * The back office's support desk (decision 0054): what waits for support (`support.counts`). No user owns it
 * (staff connect without a player's token): subscribing takes the token `GET /api/admin/support/live` gives a
 * staff member whose role opens the inbox. It carries counts and conversation ids, never a message or a name.
 */
export const SUPPORT_STAFF_CHANNEL = "support:staff";
export const SUPPORT_EVENTS = { counts: "support.counts" } as const;

/** `wallet:accounts#42` */
export function playerChannel(kind: PlayerChannelKind, playerId: string | number | bigint): string {
  return `${PLAYER_CHANNELS[kind]}#${playerId}`;
}

/** Events carried in publications: `{ event, data }`. */
export const REALTIME_EVENTS = {
  questUpdated: "quest.updated",
  questTaskUpdated: "quest.task.updated",
  invoiceDepositUpdated: "invoice.deposit.updated",
  invoiceWithdrawalUpdated: "invoice.withdrawal.updated",
  betPlaced: "bet.placebet",
  /** A sports bet changed after its placement: accepted or refused after the live delay, settled, cashed out. */
  sportBetUpdated: "sport.bet.updated",
  betRestricted: "game.bet.restricted",
  betMaxExceeded: "game.bet.max.exceed",
  playerAccount: "playerAccount",
  /** bonus:player-bonuses, bonus:player-freespins, bonus:player-bonus-codes (BONUS_EVENTS in api/bonus.ts). */
  playerBonusUpdated: "player-bonus.updated",
  playerFreespinUpdated: "player-freespin.updated",
  playerBonusCodeUpdated: "player-bonus-code.updated",
  message: "message",
  push: "push",
  online: "online",
  referralEarned: "referral.earned",
} as const;

export interface RealtimeEvent<T = unknown> {
  event: string;
  data: T;
}

/** The event of `wallet:accounts#{id}` carrying a changed account. */
export const ACCOUNT_UPDATED = "account.updated";

/**
 * The built-in sportsbook's public channels (issue #15, docs/sportsbook-feed.md "Live channels"): `sport:live`
 * carries the live events' changes once per feed tick as `{ event: "changes", data: SportLiveBatch }` (main market
 * only), and `sport:live#{sportId}` the same for one sport's live events (a sport's page and the overview follow
 * only the sports they show); `sport:event#{id}` carries one event, whole the first time and when its shape changes
 * (`{ event: "event", data: SportEvent }`), else only what moved as a row by position (`{ event: "change", data:
 * SportEventRow }`).
 * Guests may subscribe.
 */
export const SPORT_CHANNELS = { live: "sport:live", event: "sport:event" } as const;
export const sportEventChannel = (eventId: number) => `${SPORT_CHANNELS.event}#${eventId}`;
export const sportLiveChannel = (sportId: number) => `${SPORT_CHANNELS.live}#${sportId}`;

/**
 * The client name (connect's `name`) of a connection a widget keeps beside its page's own, as the built-in
 * sportsbook widgets do: the hub leaves it out of the people online.
 */
export const COMPANION_CLIENT = "sportsbook-widgets";

/**
 * The crash game's public channel (decision 0034): every round's phases, bets and cash-outs, names masked
 * (events in common/api/crash.ts, CRASH_EVENTS). Guests may subscribe.
 */
export const CRASH_CHANNEL = "crash:game";
