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

// The ledger's own posting call, for tests that put money in place (the wallet's face offers only the
// commands that announce it).
export { house, houseBalance, ledgerSum, post } from "./ledger";
// What other modules' tests use of this module's insides (issue 37: tests reach modules through faces,
// tables and test-support).
export { dailyFigures, lastReconciliation } from "./reconciliation";
