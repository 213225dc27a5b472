import type { ShouldRevalidateFunctionArgs } from "react-router";
import type { SportInfo } from "#common/api/sportsbook";
import type { SiteLocale } from "#common/i18n/locales";
import { parseSportPath, type SportCategoriesData } from "#common/sport";
import type { WidgetRoute } from "#common/sportsbook-widgets";
import { sportsMeta } from "~/features/sports/meta";
import { sportRoute } from "~/features/sports/paths";
import { type Api, apiFor } from "~/lib/api";
import { useTranslation } from "~/lib/i18n-react";
import { notFound, routeLocale } from "~/lib/locale";
import type { Route } from "./+types/sport";

/** `/sport/{slug...}`: a sport, category, championship or event page (spec point 2), drawn by the sports frame. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  routeLocale(params, request);
  const url = new URL(request.url);
  const parsed = parseSportPath(url.pathname, url.search);
  if (!parsed) notFound(request);
  // An English path names its category and championship: their ids are in the sport's categories data.
  const route = await sportRoute(parsed, async (code, locale) => {
    const res = await fetch(
      `${context?.apiBaseUrl ?? url.origin}/altenar-data/${encodeURIComponent(code)}-categories.json?locale=${locale}`,
    );
    return res.ok ? ((await res.json()) as SportCategoriesData) : undefined;
  });
  if (!route) notFound(request);
  return { route, names: await pageNames(route, parsed.locale, apiFor(request, context)) };
}

/**
 * The translated names of the page's sport, category and championship (spec point 7's info call) for its title;
 * none for the overview, live and event pages, or when the call fails (the page still opens; the failure is
 * logged with the spec's message).
 */
function pageNames(route: WidgetRoute, locale: SiteLocale, api: Api): Promise<SportInfo | undefined> {
  if (route.page !== "sport" && route.page !== "category" && route.page !== "championship")
    return Promise.resolve(undefined);
  return api
    .get("/sport/info", {
      sportId: route.sportId,
      categoryId: route.page === "sport" ? undefined : route.categoryId,
      championshipId: route.page === "championship" ? route.championshipId : undefined,
      locale,
    })
    .then(
      (answer) => answer.data,
      () => {
        // Spec point 8: only logged, the page opens without the names.
        console.error(
          route.page === "championship"
            ? "Something went wrong with sport champ info fetching!"
            : "Something went wrong with sport categories info fetching!",
        );
        return undefined;
      },
    );
}

/** The page depends on the path and the ids of the query; a modal's parameter alone keeps it. */
export function shouldRevalidate({
  currentUrl,
  nextUrl,
  defaultShouldRevalidate,
}: ShouldRevalidateFunctionArgs) {
  const ids = (u: URL) =>
    ["eventId", "categoryIds", "championshipIds"].map((k) => u.searchParams.get(k) ?? "").join("|");
  if (currentUrl.pathname === nextUrl.pathname && ids(currentUrl) === ids(nextUrl)) return false;
  return defaultShouldRevalidate;
}

export function meta({ matches, loaderData }: Route.MetaArgs) {
  return sportsMeta(matches, pageName(loaderData?.names));
}

/** The page's own name: its championship, else its category, else its sport ("Premier League · Football"). */
function pageName(names: SportInfo | undefined): string | undefined {
  if (!names) return undefined;
  const own = names.championship?.name ?? names.category?.name;
  return own ? `${own} · ${names.sport.name}` : names.sport.name;
}

/** The page itself is the frame's main widget (routes/sports.tsx); a match's page is named here for screen readers. */
export default function Sport({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("layout");
  // A sport's, category's, championship's and the live page's heading is the widget's own (its hero title).
  if (loaderData.route.page !== "event") return null;
  return <h1 className="sr-only">{t("sports.title")}</h1>;
}
