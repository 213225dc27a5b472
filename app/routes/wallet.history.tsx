import { WalletHistory } from "~/features/wallet/WalletHistory";

/** `/wallet/history`: the invoices, filtered and paged. */
export default function WalletHistoryRoute() {
  return <WalletHistory />;
}
