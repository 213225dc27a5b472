import { inArray, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { walletAccounts } from "./tables";

/**
 * Whether the player in `playerId`'s column holds an account in one of these currencies, for another module's
 * player queries (a campaign's segment, decision 0029).
 */
export const holdsAccountIn = (playerId: AnyPgColumn, currencies: string[]): SQL =>
  sql`exists (select 1 from ${walletAccounts} where ${walletAccounts.playerId} = ${playerId} and ${inArray(walletAccounts.currency, currencies)})`;
