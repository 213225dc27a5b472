import { WalletAccounts } from "~/features/wallet/WalletAccounts";

/** `/wallet`: the player's accounts. */
export default function WalletIndex() {
  return <WalletAccounts />;
}
