import { type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { loyaltyAccounts } from "./tables";

/**
 * The loyalty level order of the player in `playerId`'s column (0 before the first level, or without a loyalty
 * account), for another module's player queries (a campaign's segment, decision 0029).
 */
export const levelOrderOf = (playerId: AnyPgColumn): SQL<number> =>
  sql<number>`coalesce((select ${loyaltyAccounts.levelOrder} from ${loyaltyAccounts} where ${loyaltyAccounts.playerId} = ${playerId}), 0)`;
