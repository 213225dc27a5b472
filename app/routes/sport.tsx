import { useTranslation } from "react-i18next";
import type { ShouldRevalidateFunctionArgs } from "react-router";
import { parseSportPath, type SportCategoriesData } from "#common/sport";
import { sportsMeta } from "~/features/sports/meta";
import { sportRoute } from "~/features/sports/paths";
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
  return { route };
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

export function meta({ matches }: Route.MetaArgs) {
  return sportsMeta(matches);
}

/** The page itself is the frame's main widget (routes/sports.tsx); this route names it for screen readers. */
export default function Sport() {
  const { t } = useTranslation("layout");
  return <h1 className="sr-only">{t("sports.title")}</h1>;
}
