import type { WidgetRoute } from "#common/sportsbook-widgets";
import { drawFirstScreen } from "~/features/sports/first-screen";
import { sportsMeta } from "~/features/sports/meta";
import { useTranslation } from "~/lib/i18n-react";
import { routeLocale } from "~/lib/locale";
import type { Route } from "./+types/betting";

/** `/betting`: the sportsbook's overview (top events, live now, the sports); drawn by the sports frame. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const locale = routeLocale(params, request);
  const route: WidgetRoute = { page: "overview" };
  await drawFirstScreen(request, context, locale);
  return { route };
}

export function meta({ matches }: Route.MetaArgs) {
  return sportsMeta(matches);
}

/** The page itself is the frame's main widget (routes/sports.tsx); this route names it for screen readers. */
export default function Betting() {
  const { t } = useTranslation("layout");
  return <h1 className="sr-only">{t("sports.title")}</h1>;
}
