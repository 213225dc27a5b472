import { BetsHistory } from "~/features/sports/BetsHistory";

/** `/wallet/bets`: the history area's bets tab (spec point 2), beside the transactions and spins. */
export default function WalletBets() {
  return <BetsHistory />;
}
