import { useTranslation } from "react-i18next";
import { BellIcon } from "~/components/ui/icons";
import { ModalLink } from "~/modals/ModalLink";
import { useMessenger } from "./state";

/**
 * The drawer's way to `?tg-news=true`, shown in the mini-app only: there the casino's channel and bot are one
 * tap away inside the same messenger, while on the website they would send the player elsewhere.
 */
export function MessengerNewsLink() {
  const { t } = useTranslation("layout");
  if (!useMessenger().active) return null;
  return (
    <ModalLink
      modal="tg-news"
      title={t("drawer.telegramNews")}
      data-testid="drawer-tg-news"
      className="group drawer-link drawer-link-idle"
    >
      <BellIcon size={20} />
      <span className="drawer-link-label">{t("drawer.telegramNews")}</span>
    </ModalLink>
  );
}
