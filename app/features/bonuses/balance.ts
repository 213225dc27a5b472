import type { WalletAccount } from "#common/api/wallet";
import { compareAmounts } from "#common/money";

/** The bonus money of an account (decision 0013): never withdrawable, wagered into real money. */
export const bonusBalanceOf = (account: WalletAccount | undefined): string => account?.bonusBalance ?? "0";

export const hasBonusMoney = (account: WalletAccount | undefined): boolean =>
  compareAmounts(bonusBalanceOf(account), "0") > 0;
