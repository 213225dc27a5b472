import { redirect } from "react-router";
import { localePath } from "#common/i18n/locales";
import { routeLocale } from "~/lib/locale";
import type { Route } from "./+types/profile-settings-index";

/** /profile/settings opens its first child, the account settings. */
export function loader({ params, request }: Route.LoaderArgs) {
  throw redirect(localePath("/profile/settings/account", routeLocale(params, request)));
}
