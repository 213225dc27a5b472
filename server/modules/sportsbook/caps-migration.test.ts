import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { migrate } from "../../db/migrate";
import { dbKinds } from "../../test/harness";
import { databaseBefore } from "../../test/migrations";

/**
 * Migration 0044 (issue 38): each leg carries its bet's player, so a placement's caps read the player's legs on
 * the slip's markets by index. Legs written before it get their bet's player, and new legs must carry one.
 */
const MIGRATION = "0044_sport-caps-by-player";
for (const kind of dbKinds()) {
  describe(`migration ${MIGRATION} [${kind}]`, () => {
    it("gives every leg written before it its bet's player", async () => {
      const database = await databaseBefore(kind, MIGRATION);
      try {
        const db = database.db;
        await db.execute(sql`
          insert into currencies (code, type, name, symbol, subunit_to_unit, rate)
          values ('USD', 'fiat', 'US dollar', '$', 100, 1) on conflict do nothing`);
        await db.execute(sql`
          insert into players (id, nickname) overriding system value values (1, 'one'), (2, 'two')`);
        await db.execute(sql`
          insert into wallet_accounts (id, player_id, currency) overriding system value values (11, 1, 'USD'), (12, 2, 'USD')`);
        const bet = (id: number, player: number) => sql`
          insert into sport_bets (id, player_id, account_id, currency, type, stake, odds, potential_payout, status,
                                  odds_policy, request_id, placed_at, updated_at)
          overriding system value values (${id}, ${player}, ${10 + player}, 'USD', 'single', 1, 2, 2, 'open', 'none',
                                          ${`r${id}`}, now(), now())`;
        const leg = (bet: number, position: number) => sql`
          insert into sport_bet_legs (bet_id, position, event_id, market_id, selection_id, event_name, market_name,
                                      selection_name, odds)
          values (${bet}, ${position}, 7, '7:1x2', '7:1x2:home', 'A v B', 'Match', 'A', 2)`;
        await db.execute(bet(100, 1));
        await db.execute(bet(101, 2));
        await db.execute(leg(100, 0));
        await db.execute(leg(100, 1));
        await db.execute(leg(101, 0));
        await migrate(database);
        const after = (await db.execute(
          sql`select bet_id::int as bet, position, player_id::int as player from sport_bet_legs order by bet_id, position`,
        )) as unknown as { rows: { bet: number; position: number; player: number }[] };
        expect(after.rows).toEqual([
          { bet: 100, position: 0, player: 1 },
          { bet: 100, position: 1, player: 1 },
          { bet: 101, position: 0, player: 2 },
        ]);
        await expect(db.execute(leg(101, 1))).rejects.toThrow();
      } finally {
        await database.close();
        await database.drop();
      }
    }, 120_000);
  });
}
