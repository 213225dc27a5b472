import type { Cache } from "../cache";
import { seedBonuses } from "../modules/bonus";
import { LOBBY_CACHE_NAME, seedGames } from "../modules/game";
import { seedLoyalty } from "../modules/loyalty";
import { seedQuests } from "../modules/quests";
import { SETTINGS_CACHE, seedSettings } from "../modules/settings";
import type { Db } from "./client";

/**
 * Demo data; every step is an upsert, so a restart never duplicates anything. With a cache, the settings and
 * the lobby it wrote are invalidated: other processes on the same database may hold them from before.
 */
export async function seedDemo(db: Db, cache?: Cache): Promise<void> {
  await seedSettings(db);
  await seedGames(db);
  await seedBonuses(db);
  await seedLoyalty(db);
  await seedQuests(db);
  await cache?.invalidate(SETTINGS_CACHE.name);
  await cache?.invalidate(LOBBY_CACHE_NAME);
}
