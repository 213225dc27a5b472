import { PlayIcon } from "~/components/ui/icons";
import { useTranslation } from "~/lib/i18n-react";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { GameOffer, useModalGame } from "./GameOffer";

/** `?demo-game={game}`: a guest chose Play; real money needs an account, the demo needs nothing. */
export default function DemoGame({ value }: ModalProps) {
  const { t } = useTranslation("modals");
  const game = useModalGame(value);
  return (
    <ModalFrame
      icon={<PlayIcon size={22} fill="currentColor" />}
      title={game.data?.name ?? t("demo-game.title")}
      description={t("demo-game.text")}
    >
      <GameOffer game={game} closeId="demo-game" />
    </ModalFrame>
  );
}
