import { NavLink, Outlet } from "react-router";
import { usePlayerOnly } from "~/features/auth/guard";
import { useLocalePath, useSportsEnabled } from "~/features/shell/nav";
import { metaTexts } from "~/lib/i18n";
import { useTranslation } from "~/lib/i18n-react";
import { playerPageLoader } from "~/lib/route-guards";
import type { Route } from "./+types/wallet";

/** `/wallet` is the player's own: a guest is sent to sign in (spec point 2). */
export const loader = playerPageLoader;

export function meta({ matches }: Route.MetaArgs) {
  const layout = metaTexts<{ wallet?: { title?: string } }>(matches);
  const title = layout?.wallet?.title ?? "Wallet";
  return [{ title: `${title} · Lucky Harbor` }, { name: "robots", content: "noindex" }];
}

export default function WalletLayout() {
  const { t } = useTranslation("layout");
  const href = useLocalePath();
  // The session ended while here (another tab, an expired refresh): back to sign in.
  const loggedIn = usePlayerOnly();
  const sports = useSportsEnabled();

  const tab = ({ isActive }: { isActive: boolean }) =>
    `relative inline-flex h-11 shrink-0 items-center px-1 whitespace-nowrap text-sm font-semibold transition-colors ${
      isActive
        ? "text-fg after:absolute after:inset-x-0 after:-bottom-px after:h-0.5 after:rounded-full after:bg-accent"
        : "text-muted hover:text-fg"
    }`;
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-6 sm:px-6 sm:py-10">
      <header className="mb-5">
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{t("wallet.title")}</h1>
        <p className="mt-1.5 text-muted">{t("wallet.subtitle")}</p>
      </header>
      <nav
        className="-mx-4 mb-6 flex gap-6 overflow-x-auto border-b border-line px-4 sm:mx-0 sm:px-0"
        aria-label={t("wallet.title")}
      >
        <NavLink to={href("/wallet")} end className={tab} data-testid="wallet-tab-accounts">
          {t("wallet.tabs.wallet")}
        </NavLink>
        <NavLink to={href("/wallet/history")} className={tab} data-testid="wallet-tab-history">
          {t("wallet.tabs.history")}
        </NavLink>
        <NavLink to={href("/wallet/bonuses")} className={tab} data-testid="wallet-tab-bonuses">
          {t("wallet.tabs.bonuses")}
        </NavLink>
        <NavLink to={href("/wallet/spins")} className={tab} data-testid="wallet-tab-spins">
          {t("wallet.tabs.spins")}
        </NavLink>
        {sports && (
          <NavLink to={href("/wallet/bets")} className={tab} data-testid="wallet-tab-bets">
            {t("wallet.tabs.bets")}
          </NavLink>
        )}
      </nav>
      {loggedIn && <Outlet />}
    </div>
  );
}
