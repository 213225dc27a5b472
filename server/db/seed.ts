import type { Cache } from "../cache";
import { seedBonuses } from "../modules/bonus/seed";
import { LOBBY_CACHE_NAME } from "../modules/game/lobby";
import { seedGames } from "../modules/game/seed";
import { seedLoyalty } from "../modules/loyalty/seed";
import { seedQuests } from "../modules/quests/seed";
import { seedSettings } from "../modules/settings/seed";
import { SETTINGS_CACHE } from "../modules/settings/service";
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
