import { ROLES, type Role } from "#common/api/admin";

export { ROLES, type Role };

/**
 * What each permission lets a staff member do, and which roles hold it (decision 0020). Routes name a
 * permission (`config: { staff: "players.write" }`), never a role; this table is the one place that says who.
 * `admin` holds every permission.
 */
export const PERMISSIONS = {
  /** Search players, open a player's page (profile, sessions, accounts, invoices, bets, bonuses, notes). */
  "players.read": ["support", "payments", "risk", "marketing"],
  /** Block, unblock, close an account, force logout, reset a second factor. */
  "players.write": ["support", "risk"],
  /** Write a note on a player. */
  "players.note": ["support", "payments", "risk"],
  /** Adjust a player's balance by hand (above the threshold it waits for a second approver); list them. */
  "adjustments.create": ["payments"],
  /** Approve or reject another member's adjustment above the threshold. */
  "adjustments.approve": ["payments"],
  /** The documents queue: read players' documents, approve or decline them. */
  "documents.review": ["support", "risk"],
  /** The withdrawal review queue: see each withdrawal's risk flags, approve it (to the processor) or reject it. */
  "withdrawals.review": ["payments", "risk"],
  /** Set the minimum and maximum of each payment method per currency (over the catalogue's). */
  "payments.methods": ["payments"],
  /** Read the audit trail. */
  "audit.read": ["risk"],
  /** Read promotions: bonuses, bonus codes and their redemptions, a batch's CSV (decision 0024); quests, loyalty
   * levels and referral rules (decision 0027). */
  "promotions.read": ["marketing", "support"],
  /** Create bonus codes (one, or a batch), switch them off and on (decision 0024); create and edit quests, edit
   * loyalty levels and the referral rules (decision 0027). */
  "promotions.write": ["marketing"],
  /** See the games catalogue as staff do: every game, provider and collection, hidden ones included. */
  "catalogue.read": ["content", "marketing"],
  /** Hide or show games and providers, order them, set country rules; create and edit collections. */
  "catalogue.write": ["content"],
  /** See banners, content pages and FAQ answers per locale: files, staff's edits, missing translations. */
  "content.read": ["content", "marketing", "support"],
  /** Edit, translate, create and revert banners, content pages and FAQ answers (decision 0028). */
  "content.write": ["content"],
  /** Read the reports (GGR, NGR, bonus cost, payments, players, RTP) and download them as CSV. */
  "reports.read": ["risk", "payments", "marketing"],
  /** Sportsbook trading: the events, their markets, prices and the book's liability per outcome. */
  "trading.read": ["trader", "risk"],
  /** Suspend and resume markets and events, settle or void a market by hand, correct a result. */
  "trading.write": ["trader"],
  /** See the segment's count and the campaigns sent to segments, with their progress (decision 0029). */
  "messages.read": ["marketing", "support"],
  /** Send a message (inbox, web push) to a segment of players (decision 0029). */
  "messages.send": ["marketing"],
  /** The support desk (decision 0054): read the live chats, the contact messages, the canned answers and the
   * hours; hear the inbox's counts live. */
  "support.inbox": ["support"],
  /** Take a chat, answer it (with an attachment), close it; answer a contact message by e-mail, mark it done. */
  "support.answer": ["support"],
  /** Add and edit the canned answers staff insert into replies. */
  "support.canned": ["support"],
  /** Set the hours support answers (the site's texts follow them). */
  "support.hours": [],
  /** Staff accounts and their roles. */
  "staff.manage": [],
} as const satisfies Record<string, readonly Role[]>;

export type Permission = keyof typeof PERMISSIONS;

export const PERMISSION_NAMES = Object.keys(PERMISSIONS) as Permission[];

/** Whether a staff member with these roles holds the permission. */
export function allows(roles: readonly string[], permission: Permission): boolean {
  if (roles.includes("admin")) return true;
  const holders: readonly string[] = PERMISSIONS[permission];
  return roles.some((r) => holders.includes(r));
}

/** Every permission a staff member with these roles holds (the admin site shows only what they may use). */
export const permissionsOf = (roles: readonly string[]): Permission[] =>
  PERMISSION_NAMES.filter((p) => allows(roles, p));
