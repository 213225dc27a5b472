import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { LEVEL_UP_NOTICE_MS } from "#common/constants";
import { IconTile } from "~/components/ui/IconTile";
import { CrownIcon } from "~/components/ui/icons";
import { useTranslation } from "~/lib/i18n-react";
import { useProfile } from "~/lib/session/use-session";
import { useModals } from "~/modals/use-modal";
import { followLoyalty, useLoyaltyAccount } from "./queries";

/** The game screens, where a level-up is a short notice over the game instead of a modal (spec point 4). */
const GAME_SCREEN = /^(?:\/[a-z]{2}(?:-[a-z]{2})?)?\/game\//;

/**
 * Watches the player's loyalty account for a level-up (a current level of higher order than before): on the
 * game screen a notice shows for 3 seconds (spec point 9), elsewhere the loyalty-level modal opens.
 */
export function LevelUpWatcher() {
  const { t } = useTranslation("layout");
  const client = useQueryClient();
  const playerId = useProfile()?.id;
  const account = useLoyaltyAccount();
  const location = useLocation();
  const { open } = useModals();
  const known = useRef<number | undefined>(undefined);
  const [notice, setNotice] = useState<string | null>(null);
  const where = useRef({ pathname: location.pathname, open });
  where.current = { pathname: location.pathname, open };

  // The order the player had when the page learnt it: a level-up is only a rise from there.
  if (known.current === undefined && account.data) known.current = account.data.currentLevel?.order ?? 0;

  useEffect(() => {
    if (!playerId) return;
    return followLoyalty(client, playerId, (a) => {
      const order = a.currentLevel?.order ?? 0;
      const before = known.current;
      known.current = Math.max(before ?? 0, order);
      if (before === undefined || order <= before || !a.currentLevel) return;
      if (GAME_SCREEN.test(where.current.pathname)) {
        setNotice(a.currentLevel.name);
        return;
      }
      // A phone's bet-slip sheet (a native modal <dialog>) open: the level-up waits for it to close. Opened now,
      // the modal would lie under the sheet and make it inert mid cash-out (the sheet closes for a modal).
      const sheet = document.querySelector<HTMLDialogElement>("dialog[open]");
      const show = () => where.current.open("loyalty-level", String(order));
      if (sheet) sheet.addEventListener("close", show, { once: true });
      else show();
    });
  }, [client, playerId]);

  useEffect(() => {
    if (notice === null) return;
    const timer = setTimeout(() => setNotice(null), LEVEL_UP_NOTICE_MS);
    return () => clearTimeout(timer);
  }, [notice]);

  if (notice === null) return null;
  return (
    <div
      role="status"
      data-testid="level-up-notice"
      className="fixed top-20 left-1/2 z-[90] flex -translate-x-1/2 items-center gap-3 rounded-2xl border border-gold/50 bg-surface px-5 py-3 shadow-xl"
    >
      <IconTile size="sm" className="bg-gold/15 text-gold" icon={CrownIcon} />
      <span>
        <span className="block text-xs font-semibold tracking-wide text-gold uppercase">
          {t("loyalty.levelUp.kicker")}
        </span>
        <span className="block font-bold">{t("loyalty.levelUp.notice", { level: notice })}</span>
      </span>
    </div>
  );
}
