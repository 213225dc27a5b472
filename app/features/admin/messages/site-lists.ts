import { useQuery } from "@tanstack/react-query";
import type { LoyaltyLevel } from "#common/api/loyalty";
import type { Country, Currency } from "#common/api/settings";

/** A public list of the site (countries, currencies, levels): fetched without the staff token. */
async function publicList<T>(path: string): Promise<T[]> {
  const res = await fetch(`/api${path}`);
  if (!res.ok) throw new Error("Could not load this");
  return ((await res.json()) as { data: T[] }).data;
}

const usePublicList = <T>(key: readonly string[], path: string) =>
  useQuery({ queryKey: key, queryFn: () => publicList<T>(path), staleTime: 300_000 });

export const useCountries = () => usePublicList<Country>(["settings", "countries"], "/settings/countries");
export const useCurrencies = () =>
  usePublicList<Currency>(["settings", "currencies"], "/settings/currencies");
export const useLevels = () => usePublicList<LoyaltyLevel>(["retention", "levels"], "/retention/levels");
