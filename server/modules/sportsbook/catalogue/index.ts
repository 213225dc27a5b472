import type { ApiModule } from "../../../app";
import { sportCatalogue } from "./catalogue";
import { sportCatalogueRoutes } from "./routes";

export type { Catalogue } from "./catalogue";
export { nameIn, sportCatalogue } from "./catalogue";
export { altenarDataRoutes } from "./routes";
export type { Category, Championship, LocalisedName, Participant, Sport } from "./types";

/**
 * The sport catalogue's API calls under /api (names per locale). Its /altenar-data files are served at the root
 * by `altenarDataRoutes`, which server/app.ts registers beside the API.
 */
export const sportCatalogueModule: ApiModule = async (api) => {
  await api.register(sportCatalogueRoutes({ catalogue: sportCatalogue() }));
};
