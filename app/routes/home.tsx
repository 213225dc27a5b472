import { type ComponentType, useEffect, useState } from "react";
import { useNavigation } from "react-router";
import { isSiteLocale } from "#common/i18n/locales";
import { isPageIdentity } from "#common/validation/identity";
import { BannerCarousel } from "~/features/content/BannerCarousel";
import { ContentPageView } from "~/features/content/ContentPageView";
import { HomeSections } from "~/features/content/HomeSections";
import { loadContent } from "~/features/content/load";
import { pageMeta } from "~/features/content/meta";
import { Pending } from "~/features/content/PageHeader";
import { HomeGames } from "~/features/games/HomeGames";
import { preloadCollections, preloadProviders } from "~/features/games/preload";
import { useSportsEnabled } from "~/features/shell/nav";
import { apiFor } from "~/lib/api";
import { contentRoute, notFound, routeLocale } from "~/lib/locale";
import { samePathKeepsData } from "~/lib/revalidate";
import type { Route } from "./+types/home";

/**
 * `/`, `/ru`, `/main`. The router cannot tell `/ru` from `/vip-club` (both fill `:lang?`), so a first segment
 * that is not a site locale is a single-segment content page, rendered as the catch-all route would.
 */
export const shouldRevalidate = samePathKeepsData;

export async function loader({ params, request, context }: Route.LoaderArgs) {
  const api = apiFor(request, context);
  if (params.lang !== undefined && !isSiteLocale(params.lang)) {
    const { locale, slug } = contentRoute(params, request);
    if (!isPageIdentity(slug)) notFound(request);
    const page = await loadContent(request, () => api.get(`/content/pages/${slug}`, { locale }));
    return { kind: "page" as const, page };
  }
  const locale = routeLocale(params, request);
  const [home, collections, providers] = await Promise.all([
    loadContent(request, () => api.get("/content/home", { locale })),
    preloadCollections(api),
    preloadProviders(api),
  ]);
  return { kind: "home" as const, locale, home, collections, providers };
}

export function meta({ data }: Route.MetaArgs) {
  if (!data) return pageMeta(undefined);
  return data.kind === "page"
    ? pageMeta(data.page.title, data.page.description)
    : pageMeta(data.home.meta.title, data.home.meta.description);
}

/**
 * The sports carousels come after the first paint, in a chunk of their own (the home page's JS budget); the room
 * is held from the server's render on, so nothing below moves when they arrive.
 */
function LazySports() {
  const enabled = useSportsEnabled();
  const [Sports, setSports] = useState<ComponentType | null>(null);
  useEffect(() => {
    if (enabled) void import("~/features/sports/HomeSports").then((m) => setSports(() => m.default));
  }, [enabled]);
  if (!enabled) return null;
  return Sports ? <Sports /> : <div style={{ minHeight: 504 }} aria-hidden="true" />;
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const pending = useNavigation().state === "loading";
  if (loaderData.kind === "page") return <ContentPageView page={loaderData.page} />;
  const { home, locale, collections, providers } = loaderData;
  return (
    <Pending pending={pending}>
      <div className="mx-auto flex w-full max-w-6xl flex-col gap-10 px-4 py-5 sm:gap-14 sm:px-6 sm:py-8">
        <h1 className="sr-only">{home.meta.title}</h1>
        <BannerCarousel banners={home.banners} locale={locale} />
        <LazySports />
        <HomeGames initial={collections} providers={providers} />
        <HomeSections sections={home.sections} locale={locale} />
      </div>
    </Pending>
  );
}
