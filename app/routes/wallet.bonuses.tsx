import { BonusHistory } from "~/features/bonuses/BonusHistory";

/** `/wallet/bonuses`: the history area's bonuses tab (spec point 2), beside spins, bets and transactions. */
export default function WalletBonuses() {
  return <BonusHistory />;
}
