import { redirect } from "react-router";
import { HOUSE_ENGINES, type HouseEngine } from "#common/house-games";
import { isSiteLocale, localePath } from "#common/i18n/locales";
import { privatePageMeta } from "~/features/content/private-meta";
import { HouseGamePage } from "~/features/house-games/HouseGamePage";
import { notFound, routeLocale } from "~/lib/locale";
import type { Route } from "./+types/house-game";

/**
 * `/house-games/{engine}?token=…&lang=…` (empty layout): the built-in provider's game page, framed by the
 * casino's game screen. The launch names the language in `lang`; the page moves to that locale's address so
 * the texts follow it.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  const locale = routeLocale(params, request);
  if (!(HOUSE_ENGINES as readonly string[]).includes(params.engine)) notFound(request);
  const url = new URL(request.url);
  const lang = url.searchParams.get("lang")?.toLowerCase();
  if (params.lang === undefined && isSiteLocale(lang) && lang !== locale) {
    url.searchParams.delete("lang");
    throw redirect(`${localePath(`/house-games/${params.engine}`, lang)}?${url.searchParams}`);
  }
  return { engine: params.engine as HouseEngine, token: url.searchParams.get("token") };
}

export const meta = privatePageMeta;

export default function HouseGame({ loaderData }: Route.ComponentProps) {
  return <HouseGamePage engine={loaderData.engine} token={loaderData.token} />;
}
