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
      className="group flex h-11 items-center gap-3 rounded-xl px-3 text-sm font-medium text-muted transition-colors hover:bg-surface-2 hover:text-fg lg:compact:justify-center lg:compact:px-0"
    >
      <BellIcon size={20} />
      <span className="truncate lg:compact:sr-only">{t("drawer.telegramNews")}</span>
    </ModalLink>
  );
}
