/**
 * Who may open a modal (spec point 2). The marks beyond the spec's examples are explained in
 * docs/decisions/0002-modal-access.md.
 */
export type ModalAccess = "guest" | "player" | "everyone";

/** What an open modal's component receives. */
export interface ModalProps {
  /** The query value: "deposit" or "withdraw" for the wallet; otherwise "true". */
  value: string;
  /** Position in the stack, 0 for the first one opened; sets its z-index. */
  level: number;
  /** Closes this modal by removing its parameter from the address. */
  close: () => void;
}

export interface ModalEntry {
  /** The spec's identifier. */
  id: string;
  /** A shorter name used in the address instead of the identifier. */
  short?: string;
  access: ModalAccess;
  /**
   * False until the feature that owns it lands: its parameter is stripped. The components themselves are in
   * `components.ts`, loaded only when a modal opens, so that every page's first load carries just these marks.
   */
  built?: boolean;
}

const e = (id: string, access: ModalAccess, extra: Partial<ModalEntry> = {}): ModalEntry => ({
  id,
  access,
  ...extra,
});

/** Every modal identifier of spec point 2. Adding a modal: its loader in `components.ts`, and drop `built: false`. */
export const MODALS: readonly ModalEntry[] = [
  // Only for visitors who are not logged in.
  e("sign-in", "guest"),
  e("sign-up", "guest"),
  e("reset-pass", "guest"),
  e("forgot-pass", "guest"),
  e("reset-email-send", "guest"),
  // Only for logged-in players: the spec's list…
  e("change-pass", "player"),
  e("phone", "player"),
  e("deposit-error", "player"),
  e("deposit-success", "player"),
  e("deposit-status", "player"),
  e("referral-transfer", "player"),
  e("fiat", "player"),
  e("confirm", "player"),
  e("confirm-email", "player"),
  e("wallet", "player"),
  e("confirm-session-logout", "player"),
  e("avatars", "player"),
  // …and ours: each acts on the player's own money, limits, bonuses or quests.
  e("wallet-telegram-app", "player", { short: "tg-wallet" }),
  e("add-limit", "player"),
  e("edit-limit", "player"),
  e("confirm-delete-limit", "player"),
  e("confirm-limit-update", "player"),
  // Not in the spec's list: the reality check's reminder (RTS 13; decision 0011).
  e("reality-check", "player"),
  e("game-limit-reached", "player"),
  e("balance", "player"),
  e("bonus-cancel-lock", "player"),
  e("bonus-details", "player"),
  // Ours: one free-spin package's details (spec point 3's player free spin), beside bonus-details.
  e("freespin-details", "player"),
  e("cancel-deposit", "player"),
  e("confirm-bonus-unsettled", "player"),
  e("confirm-bonus", "player"),
  e("currencies", "player"),
  e("deposit-redirect", "player"),
  e("email-verify", "player"),
  e("loyalty-level", "player"),
  e("max-bets", "player"),
  e("restricted-bets", "player"),
  e("quest-rewards", "player"),
  e("quest-task-games", "player"),
  e("quest-tasks", "player"),
  e("turn-over-wager", "player"),
  e("wallet-bonus-info", "player"),
  e("wallet-choose-region", "player"),
  // For everyone: browsing, information and the site's own notices.
  e("games-filter", "everyone"),
  e("telegram-news", "everyone", { short: "tg-news" }),
  e("global-search", "everyone"),
  e("geo-popup", "everyone"),
  e("cookie-request", "everyone"),
  e("affiliate-program", "everyone"),
  e("bonus-condition", "everyone"),
  e("categories", "everyone"),
  e("demo-game", "everyone"),
  e("demo-unavailable", "everyone"),
  e("get-code", "everyone"),
  e("loyalty-earn", "everyone"),
  e("mobile-game", "everyone"),
  e("package-bonus", "everyone"),
  e("providers", "everyone"),
  e("quests-hub", "everyone"),
  e("success", "everyone"),
];

/** The name a modal has in the address: its short name when it has one. */
export const modalParam = (entry: ModalEntry): string => entry.short ?? entry.id;

/** Finds a modal by its identifier or short name (`tg-wallet` and `wallet-telegram-app` are one modal). */
export function findModal(name: string): ModalEntry | undefined {
  return MODALS.find((m) => m.id === name || m.short === name);
}

/** Spec point 9: the first modal sits at z-index 1000, each one above it 2 higher (overlay, then panel). */
export const MODAL_BASE_Z = 1000;
export const modalZIndex = (level: number): number => MODAL_BASE_Z + 2 * level;
