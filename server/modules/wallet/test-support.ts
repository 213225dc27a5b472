import { randomUUID } from "node:crypto";
import type { Db } from "../../db/client";
import { players } from "../player/tables";

/** A player row for money tests that do not care how the player signed up. */
export async function insertTestPlayer(db: Db): Promise<bigint> {
  const [row] = await db
    .insert(players)
    .values({ email: `${randomUUID()}@players.test`, passwordHash: "not-a-real-hash", nickname: "tester" })
    .returning({ id: players.id });
  return BigInt(row!.id);
}
