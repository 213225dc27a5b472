import type { ComponentType } from "react";
import type { ModalProps } from "./registry";

type Loader = () => Promise<{ default: ComponentType<ModalProps> }>;

type BonusModals = typeof import("~/features/bonuses/modals");
/** The bonus modals share one lazy chunk. */
const bonusModal = (name: keyof BonusModals) => () =>
  import("~/features/bonuses/modals").then((m) => ({ default: m[name] }));

type LoyaltyModals = typeof import("~/features/loyalty/modals");
const loyaltyModal = (name: keyof LoyaltyModals) => () =>
  import("~/features/loyalty/modals").then((m) => ({ default: m[name] }));
type ReferralModals = typeof import("~/features/referral/modals");
/** The referral modals share one lazy chunk. */
const referralModal = (name: keyof ReferralModals) => () =>
  import("~/features/referral/modals").then((m) => ({ default: m[name] }));
type QuestModals = typeof import("~/features/quests/modals");
/** The quest modals share one lazy chunk. */
const questModal = (name: keyof QuestModals) => () =>
  import("~/features/quests/modals").then((m) => ({ default: m[name] }));

/**
 * Each built modal's component, loaded when it opens. This map is itself loaded only then (by the modal host):
 * its fifty imports and their preload lists stay out of every page's first load (the home page's JS budget).
 */
export const MODAL_COMPONENTS: Record<string, Loader> = {
  "sign-in": () => import("~/features/auth/modals/SignIn"),
  "sign-up": () => import("~/features/auth/modals/SignUp"),
  "reset-pass": () => import("~/features/auth/modals/ResetPass"),
  "forgot-pass": () => import("~/features/auth/modals/ForgotPass"),
  "reset-email-send": () => import("~/features/auth/modals/ResetEmailSend"),
  "change-pass": () => import("~/features/auth/modals/ChangePass"),
  phone: () => import("~/features/auth/modals/Phone"),
  "deposit-error": () => import("~/features/wallet/modals/DepositError"),
  "deposit-success": () => import("~/features/wallet/modals/DepositSuccess"),
  "deposit-status": () => import("~/features/wallet/modals/DepositStatus"),
  fiat: () => import("~/features/wallet/modals/Fiat"),
  "confirm-email": () => import("~/features/auth/modals/ConfirmEmail"),
  confirm: () => import("~/features/shell/modals/Confirm"),
  success: () => import("~/features/shell/modals/Success"),
  wallet: () => import("~/features/wallet/WalletModal"),
  "confirm-session-logout": () => import("~/features/auth/modals/ConfirmSessionLogout"),
  avatars: () => import("~/features/auth/modals/Avatars"),
  "wallet-telegram-app": () => import("~/features/messenger/modals/TelegramWallet"),
  "add-limit": () => import("~/features/limits/modals/AddLimit"),
  "edit-limit": () => import("~/features/limits/modals/EditLimit"),
  "confirm-delete-limit": () => import("~/features/limits/modals/ConfirmDeleteLimit"),
  "confirm-limit-update": () => import("~/features/limits/modals/ConfirmLimitUpdate"),
  "reality-check": () => import("~/features/limits/modals/RealityCheck"),
  "game-limit-reached": () => import("~/features/games/modals/GameLimitReached"),
  balance: () => import("~/features/wallet/modals/Balance"),
  "bonus-cancel-lock": bonusModal("BonusCancelLock"),
  "bonus-details": bonusModal("BonusDetails"),
  "freespin-details": bonusModal("FreespinDetails"),
  "cancel-deposit": () => import("~/features/wallet/modals/CancelDeposit"),
  "confirm-bonus-unsettled": bonusModal("ConfirmBonusUnsettled"),
  "confirm-bonus": bonusModal("ConfirmBonus"),
  currencies: () => import("~/features/wallet/modals/Currencies"),
  "deposit-redirect": () => import("~/features/wallet/modals/DepositRedirect"),
  "email-verify": () => import("~/features/auth/modals/EmailVerify"),
  "max-bets": () => import("~/features/games/modals/GameLimitReached"),
  "restricted-bets": () => import("~/features/games/modals/GameLimitReached"),
  "turn-over-wager": bonusModal("TurnOverWager"),
  "wallet-bonus-info": bonusModal("WalletBonusInfo"),
  "wallet-choose-region": () => import("~/features/wallet/modals/ChooseRegion"),
  "referral-transfer": referralModal("ReferralTransfer"),
  "affiliate-program": referralModal("AffiliateProgram"),
  "games-filter": () => import("~/features/games/modals/GamesFilter"),
  "telegram-news": () => import("~/features/messenger/modals/TelegramNews"),
  "global-search": () => import("~/features/games/modals/GlobalSearch"),
  "geo-popup": () => import("./GeoPopup"),
  "cookie-request": () => import("./CookieRequest"),
  "bonus-condition": bonusModal("BonusCondition"),
  "quests-hub": questModal("QuestsHub"),
  "quest-tasks": questModal("QuestTasks"),
  "quest-task-games": questModal("QuestTaskGames"),
  "quest-rewards": questModal("QuestRewards"),
  categories: () => import("~/features/games/modals/Categories"),
  "demo-game": () => import("~/features/games/modals/DemoGame"),
  "demo-unavailable": () => import("~/features/games/modals/DemoUnavailable"),
  "get-code": () => import("~/features/auth/modals/GetCode"),
  "mobile-game": () => import("~/features/games/modals/MobileGame"),
  "package-bonus": bonusModal("PackageBonus"),
  providers: () => import("~/features/games/modals/Providers"),
  "loyalty-earn": loyaltyModal("LoyaltyEarn"),
  "loyalty-level": loyaltyModal("LoyaltyLevel"),
};
