import type { SportEvent } from "#common/api/sportsbook";
import { slugify } from "#common/slug";
import type { WidgetRoute } from "#common/sportsbook-widgets";
import type { Api } from "~/lib/api";
import type { ParsedSportPath } from "./paths";

interface SportEntry {
  id: number;
  code: string;
  name: string;
}

/** Lists come in the API's `{ data }` envelope. */
const list = <T>(answer: T[] | { data: T[] }): T[] => (Array.isArray(answer) ? answer : answer.data);

/**
 * The widget route of a sports address: ids from the query when it has them, else found by the slugged names
 * among the sport's events. Undefined when the address names no sport we have (the page answers 404). A
 * category or championship with nothing on now falls back to its sport.
 */
export async function resolveSportRoute(
  parsed: ParsedSportPath,
  api: Pick<Api, "get">,
  locale: string,
): Promise<WidgetRoute | undefined> {
  switch (parsed.page) {
    case "overview":
      return { page: "overview" };
    case "live":
      return { page: "live" };
    case "event":
      return parsed.eventId ? { page: "event", eventId: parsed.eventId } : undefined;
  }
  const sports = list(await api.get<SportEntry[] | { data: SportEntry[] }>("/sportsbook/sports", { locale }));
  const sport =
    sports.find((s) => s.code === parsed.sportCode) ?? sports.find((s) => String(s.id) === parsed.sportCode);
  if (!sport) return undefined;
  if (parsed.page === "sport") return { page: "sport", sportId: sport.id };

  const championshipId = parsed.championshipIds[0];
  const categoryId = parsed.categoryIds[0];
  if (parsed.page === "championship" && championshipId)
    return { page: "championship", sportId: sport.id, championshipId };
  if (parsed.page === "category" && categoryId) return { page: "category", sportId: sport.id, categoryId };

  const events = list(
    await api.get<SportEvent[] | { data: SportEvent[] }>("/sportsbook/events", {
      sportId: sport.id,
      limit: 200,
      locale,
    }),
  );
  const category = events.find((e) => slugify(e.categoryName) === parsed.categorySlug);
  if (parsed.page === "championship") {
    const champ = events.find(
      (e) =>
        slugify(e.championshipName) === parsed.championshipSlug &&
        (!category || e.categoryId === category.categoryId),
    );
    if (champ)
      return {
        page: "championship",
        sportId: sport.id,
        championshipId: champ.championshipId,
        categoryId: champ.categoryId,
      };
  }
  if (category) return { page: "category", sportId: sport.id, categoryId: category.categoryId };
  return { page: "sport", sportId: sport.id };
}
