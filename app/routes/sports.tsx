import { useCallback } from "react";
import {
  Outlet,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useMatches,
  useNavigate,
} from "react-router";
import type { NavigationDetail, WidgetRoute } from "#common/sportsbook-widgets";
import { useShellLocale } from "~/features/shell/nav";
import { BetslipColumn, BetslipSheet } from "~/features/sports/BetslipDock";
import { FIRST_SCREEN_ID } from "~/features/sports/first-screen";
import { samePage, sportPath } from "~/features/sports/paths";
import { SportWidget } from "~/features/sports/SportWidget";
import { useSportsbookEvents } from "~/features/sports/use-sportsbook";
import { apiFor } from "~/lib/api";
import { notFound, shellLocale } from "~/lib/locale";
import type { Route } from "./+types/sports";

/**
 * The frame of the sports pages (/betting, /sport/*): the main widget and the bet slip stay mounted while the
 * player moves between them, so the slip follows the player. Sports switched off: every page answers 404.
 */
export async function loader({ request, context, params }: Route.LoaderArgs) {
  const init = await apiFor(request, context).get("/player/init");
  if (!init.sportsbook?.enabled) notFound(request);
  return { locale: shellLocale(params) };
}

/** Whether sports are on does not change between two sports pages. */
export function shouldRevalidate({ defaultShouldRevalidate, formMethod }: ShouldRevalidateFunctionArgs) {
  return formMethod !== undefined && defaultShouldRevalidate;
}

const withParam = (search: string, name: string) => {
  const q = new URLSearchParams(search);
  q.set(name, "true");
  return `?${q}`;
};

export default function SportsLayout() {
  const matches = useMatches();
  const route = matches.reduce<WidgetRoute | undefined>(
    (found, m) => (m.data as { route?: WidgetRoute } | undefined)?.route ?? found,
    undefined,
  );
  const locale = useShellLocale();
  const navigate = useNavigate();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;

  const onNavigate = useCallback(
    (detail: NavigationDetail) => {
      const to = sportPath(detail, locale);
      // The widget already shows the page; an address it echoes back is not a new history entry.
      if (!samePage(to, here)) navigate(to, { preventScrollReset: false });
    },
    [locale, here, navigate],
  );
  // The sign-in modal opens by its query parameter (spec point 2), on this page.
  const onSignIn = useCallback(
    () => navigate({ search: withParam(location.search, "sign-in") }, { preventScrollReset: true }),
    [navigate, location.search],
  );
  useSportsbookEvents({ onNavigate, onSignIn });

  return (
    <div className="mx-auto grid w-full max-w-[1440px] gap-6 px-4 py-5 sm:px-6 lg:grid-cols-[minmax(0,1fr)_340px] lg:py-8">
      <div className="min-w-0" data-testid="sports-page">
        {/* The page's heading for screen readers where the widget draws none (the overview, a match). */}
        <Outlet />
        {route && (
          <SportWidget
            name="page"
            props={{ route }}
            minHeight={900}
            firstScreen={route.page === "overview" ? FIRST_SCREEN_ID : undefined}
          />
        )}
      </div>
      <BetslipColumn />
      <BetslipSheet />
    </div>
  );
}
