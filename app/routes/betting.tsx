import type { WidgetRoute } from "#common/sportsbook-widgets";
import { sportsMeta } from "~/features/sports/meta";
import { routeLocale } from "~/lib/locale";
import type { Route } from "./+types/betting";

/** `/betting`: the sportsbook's overview (top events, live now, the sports); drawn by the sports frame. */
export function loader({ params, request }: Route.LoaderArgs) {
  routeLocale(params, request);
  const route: WidgetRoute = { page: "overview" };
  return { route };
}

export function meta({ matches }: Route.MetaArgs) {
  return sportsMeta(matches);
}

export default function Betting() {
  return null;
}
