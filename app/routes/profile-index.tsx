import { redirect } from "react-router";
import { localePath } from "#common/i18n/locales";
import { routeLocale } from "~/lib/locale";
import type { Route } from "./+types/profile-index";

/** /profile opens its first child, the overview. */
export function loader({ params, request }: Route.LoaderArgs) {
  throw redirect(localePath("/profile/info", routeLocale(params, request)));
}
