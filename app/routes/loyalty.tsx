import type { MetaDescriptor } from "react-router";
import { bonusesMeta } from "~/features/bonuses/meta";
import { LoyaltyPage } from "~/features/loyalty/LoyaltyPage";
import { apiFor } from "~/lib/api";
import { metaTexts } from "~/lib/i18n";
import { notFound, routeLocale } from "~/lib/locale";
import type { Route } from "./+types/loyalty";

/** `/loyalty`: the levels and what each gives (server-rendered), and for a player their level and progress. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = routeLocale(params, request);
  const client = apiFor(request, context);
  const init = await client.get("/player/init");
  if (!init.loyalty?.enabled) notFound(request);
  // Levels that fail to load are a state of the page (with a retry), not an error page.
  const levels = await client
    .get("/retention/levels")
    .then((r) => r.data)
    .catch(() => null);
  return { locale, levels };
}

export function meta({ matches }: Route.MetaArgs): MetaDescriptor[] {
  const layout = metaTexts<{ loyalty?: { title?: string } }>(matches);
  return bonusesMeta([], "", layout?.loyalty?.title);
}

export default function Loyalty({ loaderData }: Route.ComponentProps) {
  return <LoyaltyPage initialLevels={loaderData.levels} />;
}
