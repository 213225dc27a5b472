import { seedBonuses } from "../modules/bonus/seed";
import { seedGames } from "../modules/game/seed";
import { seedSettings } from "../modules/settings/seed";
import type { Db } from "./client";

/** Demo data; every step is an upsert, so a restart never duplicates anything. */
export async function seedDemo(db: Db): Promise<void> {
  await seedSettings(db);
  await seedGames(db);
  await seedBonuses(db);
}
