import { useCallback } from "react";
import { useNavigate, useRouteLoaderData } from "react-router";
import type { SiteLocale } from "#common/i18n/locales";
import type { NavigationDetail, OddSelectionDetail } from "#common/sportsbook-widgets";
import { oddPath, sportPath } from "./paths";
import { SportWidget } from "./SportWidget";
import { useSportsbookEvents } from "./use-sportsbook";

/** Spec point 9: 7 events each; the top events show their sport's card image (image type 2). */
const TOP = { limit: 7, imageType: 2 as const };
const LIVE = { limit: 7 };

/** Room each carousel holds before the script draws it (title row and one row of cards). */
export const CAROUSEL_HEIGHT = 236;

/**
 * The home page's sports: the top-events and live-now carousels. Loaded after the first paint (home.tsx), the
 * widget script separately. A card goes to its event's page; an odd goes into the slip and to the event, where
 * the slip is shown.
 */
export default function HomeSports() {
  const locale = (useRouteLoaderData("root") as { locale?: SiteLocale } | undefined)?.locale ?? "en";
  const navigate = useNavigate();
  const onNavigate = useCallback((d: NavigationDetail) => navigate(sportPath(d, locale)), [navigate, locale]);
  const onOddSelection = useCallback(
    (d: OddSelectionDetail) => {
      if (d.added) navigate(oddPath(d, locale));
    },
    [navigate, locale],
  );
  // The carousels hold no slip: a guest's pick leads to the event's page, whose slip asks for the sign-in.
  useSportsbookEvents({ onNavigate, onOddSelection, onSignIn: () => navigate("?sign-in=true") });
  return (
    <div className="flex flex-col gap-8" data-testid="home-sports">
      <SportWidget name="topEvents" props={TOP} minHeight={CAROUSEL_HEIGHT} />
      <SportWidget name="liveNow" props={LIVE} minHeight={CAROUSEL_HEIGHT} />
    </div>
  );
}
