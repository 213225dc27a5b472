import { Link } from "react-router";
import { Button, buttonClass } from "~/components/ui/Button";
import { PlayIcon } from "~/components/ui/icons";
import { useLocalePath } from "~/features/shell/nav";
import { useTranslation } from "~/lib/i18n-react";

import { useLoggedIn } from "~/lib/session/use-session";
import { ModalFrame } from "~/modals/ModalFrame";
import type { ModalProps } from "~/modals/registry";
import { useModals } from "~/modals/use-modal";
import { gameScreenPath } from "../links";

/** `?demo-unavailable={game}`: this game has no demo; a player may play it for real, a guest signs in first. */
export default function DemoUnavailable({ value }: ModalProps) {
  const { t } = useTranslation("modals");
  const href = useLocalePath();
  const loggedIn = useLoggedIn();
  const modals = useModals();
  const slug = value !== "true" ? value : undefined;
  return (
    <ModalFrame
      icon={<PlayIcon size={22} />}
      title={t("demo-unavailable.title")}
      description={t(loggedIn ? "demo-unavailable.textPlayer" : "demo-unavailable.textGuest")}
    >
      <div className="flex flex-col gap-2 sm:flex-row-reverse">
        {loggedIn && slug ? (
          <Link
            to={href(gameScreenPath(slug, true))}
            replace
            className={buttonClass("primary", "lg", "sm:flex-1")}
          >
            {t("games.playReal")}
          </Link>
        ) : (
          !loggedIn && (
            <Button
              variant="primary"
              size="lg"
              className="sm:flex-1"
              onClick={() => modals.swap(["demo-unavailable"], "sign-in")}
            >
              {t("games.signInToPlay")}
            </Button>
          )
        )}
        <Link to={href("/games")} className={buttonClass("secondary", "lg", "sm:flex-1")}>
          {t("demo-unavailable.lobby")}
        </Link>
      </div>
    </ModalFrame>
  );
}
