import { BONUS_FIGURES_CACHE } from "./modules/bonus";
import { CONTENT_CACHE } from "./modules/content";
import { LOBBY_CACHE_NAME } from "./modules/game";
import { SETTINGS_CACHE } from "./modules/settings";

/**
 * The cache scopes whose invalidation changes what a guest's page shows (decision 0059): content (banners,
 * pages, FAQ), the lobby (collections, games and their art, studios), settings (currencies, locales, switches)
 * and the figures banners quote (the welcome package). The guests' page cache drops every page on any of them.
 */
export const PAGE_SCOPES = [CONTENT_CACHE.name, LOBBY_CACHE_NAME, SETTINGS_CACHE.name, BONUS_FIGURES_CACHE];
