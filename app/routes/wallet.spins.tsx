import { SpinsHistory } from "~/features/games/SpinsHistory";

/** `/wallet/spins`: the history area's spins tab (spec point 2), beside the transactions. */
export default function WalletSpins() {
  return <SpinsHistory />;
}
