import { useQuery } from "@tanstack/react-query";
import type { Params } from "react-router";
import type { BonusStatus, DepositBonus } from "#common/api/bonus";
import { splitLocale } from "#common/i18n/locales";
import { currentAccount, useWallet } from "~/features/wallet/store";
import { apiFor } from "~/lib/api";
import { routeLocale } from "~/lib/locale";
import { api } from "~/lib/session/client";
import { useLoggedIn, useProfile } from "~/lib/session/use-session";
import { bonusQueries } from "./queries";

/** The site locale of an address: bonus names and descriptions are asked for in it (decision 0026). */
export const localeOf = (url: string) => splitLocale(new URL(url).pathname).locale;

/**
 * The catalogue of deposit bonuses as a guest sees it (every one, GET /api/game/bonuses without a token): the
 * server renders the bonus pages from it, whoever asks, so a bonus's page does not vanish once it is taken.
 */
export async function loadCatalogue(
  request: Request,
  context: { apiBaseUrl?: string },
): Promise<DepositBonus[]> {
  return apiFor(request, context)
    .get("/game/bonuses", { locale: localeOf(request.url) })
    .then((r) => r.data);
}

/**
 * The loader of the pages built on the catalogue (/bonuses, /welcome-package): their locale and the catalogue.
 * A catalogue that fails to load is a state of the page (with a retry), not an error page.
 */
export async function cataloguePageLoader({
  params,
  request,
  context,
}: {
  params: Params;
  request: Request;
  context: { apiBaseUrl?: string };
}) {
  const locale = routeLocale(params, request);
  const offers = await loadCatalogue(request, context).catch(() => null);
  return { locale, offers };
}

/** The same catalogue in the browser, asked for not as the player (a retry, a client navigation). */
export const catalogueQuery = (initial?: DepositBonus[] | null) => ({
  queryKey: ["bonus", "catalogue", typeof window === "undefined" ? "" : localeOf(window.location.href)],
  queryFn: () =>
    api()
      .as({})
      .get("/game/bonuses", { locale: localeOf(window.location.href) })
      .then((r) => r.data),
  initialData: initial ?? undefined,
  staleTime: 60_000,
});

/** The welcome package's bonuses in deposit order (steps 1–4). */
export const packageSteps = (offers: DepositBonus[]) =>
  offers.filter((b) => b.package).sort((a, b) => a.package!.step - b.package!.step);

/** The signed-in player's standing with each bonus shown (available, taken, unavailable), by bonus id. */
export function useBonusStatuses(ids: string[]): Map<string, BonusStatus> | undefined {
  const playerId = useProfile()?.id;
  const q = useQuery(bonusQueries.statuses(playerId, ids));
  return q.data ? new Map(q.data.map((s) => [s.bonusId, s])) : undefined;
}

/**
 * What a catalogue page (/bonuses, /welcome-package) shows: the bonuses it picks from the catalogue (the
 * loader's, then kept fresh), the signed-in player's standing with each, and the currency amounts are shown in.
 */
export function useCataloguePage(
  initial: DepositBonus[] | null | undefined,
  pick: (offers: DepositBonus[]) => DepositBonus[] = (offers) => offers,
) {
  const loggedIn = useLoggedIn();
  const currency = useWallet(currentAccount)?.currency;
  const q = useQuery(catalogueQuery(initial));
  const shown = q.data ? pick(q.data) : undefined;
  const statuses = useBonusStatuses(loggedIn && shown ? shown.map((b) => b.id) : []);
  return { q, shown, statuses, loggedIn, currency };
}
