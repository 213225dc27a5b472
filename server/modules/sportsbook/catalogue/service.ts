import type { CatalogueSport, SportCategoriesData, SportInfo } from "#common/api/sportsbook";
import type { SiteLocale } from "#common/i18n/locales";
import { ApiError } from "../../../http/errors";
import { type Catalogue, nameIn } from "./catalogue";

/** A sport's categories and championships in the spec's /altenar-data shape, names in the locale. */
export function categoriesData(
  catalogue: Catalogue,
  sportKey: string,
  locale: SiteLocale,
): SportCategoriesData {
  const sport = catalogue.sportByCode(sportKey);
  if (!sport) throw ApiError.notFound(`No such sport: ${sportKey}`);
  return {
    Categories: catalogue.categories(sport.id).map((category) => ({
      CategoryId: category.id,
      Name: nameIn(category, locale),
      Championships: catalogue
        .championships(category.id)
        .map((c) => ({ ChampionshipId: c.id, Name: nameIn(c, locale) })),
    })),
  };
}

export function sportList(catalogue: Catalogue, locale: SiteLocale): CatalogueSport[] {
  return catalogue.sports().map((s) => ({
    id: s.id,
    code: s.code,
    name: nameIn(s, locale),
    widgetBgUrl: s.widgetBgUrl,
    cardBgUrl: s.cardBgUrl,
    cardImgUrl: s.cardImgUrl,
    colour: s.colour,
    format: s.format,
    featured: s.featured,
  }));
}

/**
 * The names behind a sport, category and championship id. A child names its parents; a parent given with a child
 * must be the child's own, or the ids name nothing (404).
 */
export function sportInfo(
  catalogue: Catalogue,
  ids: { sportId?: number; categoryId?: number; championshipId?: number },
  locale: SiteLocale,
): SportInfo {
  const championship =
    ids.championshipId === undefined ? undefined : catalogue.championship(ids.championshipId);
  if (ids.championshipId !== undefined && !championship)
    throw ApiError.notFound(`No such championship: ${ids.championshipId}`);
  const categoryId = ids.categoryId ?? championship?.categoryId;
  const category = categoryId === undefined ? undefined : catalogue.category(categoryId);
  if (categoryId !== undefined && !category) throw ApiError.notFound(`No such category: ${categoryId}`);
  if (championship && category && championship.categoryId !== category.id)
    throw ApiError.notFound(`Championship ${championship.id} is not in category ${category.id}`);
  const sportId = ids.sportId ?? category?.sportId;
  const sport = sportId === undefined ? undefined : catalogue.sport(sportId);
  if (!sport) throw ApiError.notFound(`No such sport: ${sportId}`);
  if (category && category.sportId !== sport.id)
    throw ApiError.notFound(`Category ${category.id} is not a category of sport ${sport.id}`);
  return {
    locale,
    sport: { id: sport.id, code: sport.code, name: nameIn(sport, locale) },
    ...(category
      ? { category: { id: category.id, code: category.code, name: nameIn(category, locale) } }
      : {}),
    ...(championship ? { championship: { id: championship.id, name: nameIn(championship, locale) } } : {}),
  };
}
