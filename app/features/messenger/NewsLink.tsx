import { BellIcon } from "~/components/ui/icons";
import { DrawerModalLink } from "~/features/shell/NavList";
import { useTranslation } from "~/lib/i18n-react";
import { useMessenger } from "./state";

/**
 * The drawer's way to `?tg-news=true`, shown in the mini-app only: there the casino's channel and bot are one
 * tap away inside the same messenger, while on the website they would send the player elsewhere.
 */
export function MessengerNewsLink() {
  const { t } = useTranslation("layout");
  if (!useMessenger().active) return null;
  return (
    <DrawerModalLink
      modal="tg-news"
      label={t("drawer.telegramNews")}
      icon={<BellIcon size={20} />}
      testId="drawer-tg-news"
    />
  );
}
