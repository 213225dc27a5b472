/**
 * The bonus modals, loaded together by one import of the modal registry: one lazy chunk for the eight keeps
 * the registry (part of every page's first load) small, and they are a few KB between them.
 */
export { default as BonusCancelLock } from "./BonusCancelLock";
export { default as BonusCondition } from "./BonusCondition";
export { default as BonusDetails } from "./BonusDetails";
export { default as ConfirmBonus } from "./ConfirmBonus";
export { default as ConfirmBonusUnsettled } from "./ConfirmBonusUnsettled";
export { default as FreespinDetails } from "./FreespinDetails";
export { default as PackageBonus } from "./PackageBonus";
export { default as TurnOverWager } from "./TurnOverWager";
export { default as WalletBonusInfo } from "./WalletBonusInfo";
