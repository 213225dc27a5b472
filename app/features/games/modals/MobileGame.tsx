import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { GameChoices, GameModalBody, GameSummary, useModalGame } from "./GameOffer";

/** `?mobile-game={game}`: on a phone a game opens as a sheet first: what it is, then real money or demo. */
export default function MobileGame({ value }: ModalProps) {
  const game = useModalGame(value);
  return (
    <ModalFrame title={game.data?.name ?? "\u00a0"} description={game.data?.description}>
      <GameModalBody game={game}>
        {(g) => (
          <div className="flex flex-col gap-5">
            <GameSummary game={g} />
            <GameChoices game={g} closeId="mobile-game" />
          </div>
        )}
      </GameModalBody>
    </ModalFrame>
  );
}
