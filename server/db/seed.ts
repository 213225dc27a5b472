import type { Cache } from "../cache";
import { seedBonuses } from "../modules/bonus";
import { LOBBY_CACHE_NAME, seedGames } from "../modules/game";
import { seedLoyalty } from "../modules/loyalty";
import { seedQuests } from "../modules/quests";
import { SETTINGS_CACHE, seedSettings } from "../modules/settings";
import type { Db } from "./client";

/**
 * What every site needs (decision 0047): currencies, countries, locales, the built-in studio's house games and
 * the lobby's rows. Applied at every start and by `npm run setup`. Every step inserts what is missing (or
 * upserts by natural keys), so a restart never duplicates anything. With a cache, the settings and the lobby it
 * wrote are invalidated: other processes on the same database may hold them from before.
 */
export async function seedRequired(db: Db, cache?: Cache): Promise<void> {
  await seedSettings(db);
  await seedGames(db, { demo: false });
  await invalidate(cache);
}

/**
 * The required data and the demo data (SEED_DEMO): made-up studios and their titles, the welcome package and
 * bonus codes, loyalty levels with their rewards, quests. Each promises players something an operator must
 * choose, so a production site starts without them.
 */
export async function seedDemo(db: Db, cache?: Cache): Promise<void> {
  await seedSettings(db);
  await seedGames(db, { demo: true });
  await seedBonuses(db);
  await seedLoyalty(db);
  await seedQuests(db);
  await invalidate(cache);
}

async function invalidate(cache: Cache | undefined) {
  await cache?.invalidate(SETTINGS_CACHE.name);
  await cache?.invalidate(LOBBY_CACHE_NAME);
}
