import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { GameOffer, useModalGame } from "./GameOffer";

/** `?mobile-game={game}`: on a phone a game opens as a sheet first: what it is, then real money or demo. */
export default function MobileGame({ value }: ModalProps) {
  const game = useModalGame(value);
  return (
    <ModalFrame title={game.data?.name ?? "\u00a0"} description={game.data?.description}>
      <GameOffer game={game} closeId="mobile-game" />
    </ModalFrame>
  );
}
