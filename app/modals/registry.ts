import type { ComponentType } from "react";

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
  /** The component, loaded when the modal opens. Absent until the feature that owns it lands. */
  load?: () => Promise<{ default: ComponentType<ModalProps> }>;
}

const e = (id: string, access: ModalAccess, extra: Partial<ModalEntry> = {}): ModalEntry => ({
  id,
  access,
  ...extra,
});

/** Every modal identifier of spec point 2. Adding a modal: give its entry a `load`. */
export const MODALS: readonly ModalEntry[] = [
  // Only for visitors who are not logged in.
  e("sign-in", "guest", { load: () => import("~/features/auth/modals/SignIn") }),
  e("sign-up", "guest", { load: () => import("~/features/auth/modals/SignUp") }),
  e("reset-pass", "guest", { load: () => import("~/features/auth/modals/ResetPass") }),
  e("forgot-pass", "guest", { load: () => import("~/features/auth/modals/ForgotPass") }),
  e("reset-email-send", "guest", { load: () => import("~/features/auth/modals/ResetEmailSend") }),
  // Only for logged-in players: the spec's list…
  e("change-pass", "player", { load: () => import("~/features/auth/modals/ChangePass") }),
  e("phone", "player", { load: () => import("~/features/auth/modals/Phone") }),
  e("deposit-error", "player", { load: () => import("~/features/wallet/modals/DepositError") }),
  e("deposit-success", "player", { load: () => import("~/features/wallet/modals/DepositSuccess") }),
  e("deposit-status", "player", { load: () => import("~/features/wallet/modals/DepositStatus") }),
  e("referral-transfer", "player"),
  e("fiat", "player", { load: () => import("~/features/wallet/modals/Fiat") }),
  e("confirm", "player"),
  e("confirm-email", "player", { load: () => import("~/features/auth/modals/ConfirmEmail") }),
  e("wallet", "player", { load: () => import("~/features/wallet/WalletModal") }),
  e("confirm-session-logout", "player", {
    load: () => import("~/features/auth/modals/ConfirmSessionLogout"),
  }),
  e("avatars", "player", { load: () => import("~/features/auth/modals/Avatars") }),
  // …and ours: each acts on the player's own money, limits, bonuses or quests.
  e("wallet-telegram-app", "player", {
    short: "tg-wallet",
    load: () => import("~/features/messenger/modals/TelegramWallet"),
  }),
  e("add-limit", "player", { load: () => import("~/features/limits/modals/AddLimit") }),
  e("edit-limit", "player", { load: () => import("~/features/limits/modals/EditLimit") }),
  e("confirm-delete-limit", "player", { load: () => import("~/features/limits/modals/ConfirmDeleteLimit") }),
  e("confirm-limit-update", "player", { load: () => import("~/features/limits/modals/ConfirmLimitUpdate") }),
  // Not in the spec's list: the reality check's reminder (RTS 13; decision 0011).
  e("reality-check", "player", { load: () => import("~/features/limits/modals/RealityCheck") }),
  e("game-limit-reached", "player", { load: () => import("~/features/games/modals/GameLimitReached") }),
  e("balance", "player", { load: () => import("~/features/wallet/modals/Balance") }),
  e("bonus-cancel-lock", "player", { load: () => import("~/features/bonuses/modals/BonusCancelLock") }),
  e("bonus-details", "player", { load: () => import("~/features/bonuses/modals/BonusDetails") }),
  e("cancel-deposit", "player", { load: () => import("~/features/wallet/modals/CancelDeposit") }),
  e("confirm-bonus-unsettled", "player", {
    load: () => import("~/features/bonuses/modals/ConfirmBonusUnsettled"),
  }),
  e("confirm-bonus", "player", { load: () => import("~/features/bonuses/modals/ConfirmBonus") }),
  e("currencies", "player", { load: () => import("~/features/wallet/modals/Currencies") }),
  e("deposit-redirect", "player", { load: () => import("~/features/wallet/modals/DepositRedirect") }),
  e("email-verify", "player", { load: () => import("~/features/auth/modals/EmailVerify") }),
  e("loyalty-level", "player"),
  e("max-bets", "player", { load: () => import("~/features/games/modals/GameLimitReached") }),
  e("restricted-bets", "player", { load: () => import("~/features/games/modals/GameLimitReached") }),
  e("quest-rewards", "player"),
  e("quest-task-games", "player"),
  e("quest-tasks", "player"),
  e("turn-over-wager", "player", { load: () => import("~/features/bonuses/modals/TurnOverWager") }),
  e("wallet-bonus-info", "player", { load: () => import("~/features/bonuses/modals/WalletBonusInfo") }),
  e("wallet-choose-region", "player", { load: () => import("~/features/wallet/modals/ChooseRegion") }),
  // For everyone: browsing, information and the site's own notices.
  e("games-filter", "everyone", { load: () => import("~/features/games/modals/GamesFilter") }),
  e("telegram-news", "everyone", {
    short: "tg-news",
    load: () => import("~/features/messenger/modals/TelegramNews"),
  }),
  e("global-search", "everyone", { load: () => import("~/features/games/modals/GlobalSearch") }),
  e("geo-popup", "everyone", { load: () => import("./GeoPopup") }),
  e("cookie-request", "everyone", { load: () => import("./CookieRequest") }),
  e("affiliate-program", "everyone"),
  e("bonus-condition", "everyone", { load: () => import("~/features/bonuses/modals/BonusCondition") }),
  e("categories", "everyone", { load: () => import("~/features/games/modals/Categories") }),
  e("demo-game", "everyone", { load: () => import("~/features/games/modals/DemoGame") }),
  e("demo-unavailable", "everyone", { load: () => import("~/features/games/modals/DemoUnavailable") }),
  e("get-code", "everyone", { load: () => import("~/features/auth/modals/GetCode") }),
  e("loyalty-earn", "everyone"),
  e("mobile-game", "everyone", { load: () => import("~/features/games/modals/MobileGame") }),
  e("package-bonus", "everyone", { load: () => import("~/features/bonuses/modals/PackageBonus") }),
  e("providers", "everyone", { load: () => import("~/features/games/modals/Providers") }),
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
