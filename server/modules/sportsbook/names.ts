/**
 * Names of the catalogue's sports, categories and championships in a locale. The catalogue (part of issue #15,
 * server/modules/sportsbook/catalogue) provides the real one; until it is wired in, the placeholder names each
 * by its id, so events still read.
 */
export interface SportNames {
  sport(
    id: number,
    locale?: string,
  ): { name: string; code: string; widgetBgUrl?: string; cardBgUrl?: string; cardImgUrl?: string };
  category(id: number, locale?: string): string;
  championship(id: number, locale?: string): string;
}

export const placeholderSportNames: SportNames = {
  sport: (id) => ({ name: `Sport ${id}`, code: `sport-${id}` }),
  category: (id) => `Category ${id}`,
  championship: (id) => `Championship ${id}`,
};
