import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { PlaceBetBody } from "#common/api/sportsbook";
import type { Database } from "../../db/client";
import { migrate } from "../../db/migrate";
import { seedDemo } from "../../db/seed";
import { assertBooksBalance, dbKinds, reopenableDatabase } from "../../test/harness";
import { killChildAt } from "../../test/sigkill";
import { ledgerEntries, walletAccounts } from "../wallet/tables";
import { placeBet } from "./placement";
import { settleFromFeed } from "./settlement";
import { sportBets, sportSettlements } from "./tables";
import { crashFeed, fundedPlayer, sportsbookTestDeps } from "./test-support";

const EVENTS = 100;
const BETS = 1000;
const PLAYERS = 10;

describe.each(dbKinds())("a server killed while settling 1,000 bets [%s]", (kind) => {
  // Killed settling bet by bet, or event by event with each event's bets in one batch (issue 38).
  it.each(["bet", "event"] as const)(
    "settles every bet exactly once after the restart, and the books balance (by %s)",
    {
      timeout: 600_000,
    },
    async (by) => {
      const where = await reopenableDatabase(kind);
      try {
        let database: Database = await where.open();
        await migrate(database);
        await seedDemo(database.db);
        // Ten players with a hundred bets each: how a book's bets spread, and placements that need not queue.
        const players = [];
        for (let p = 0; p < PLAYERS; p++) players.push(await fundedPlayer(database.db, "200"));
        const before = crashFeed(EVENTS, { results: false });
        const { deps } = sportsbookTestDeps(database.db, before);
        const picks = ["1x2:home", "1x2:draw", "1x2:away", "total:2.5:over", "total:2.5:under"];
        await Promise.all(
          players.map(async ({ playerId }, p) => {
            for (let j = 0; j < BETS / PLAYERS; j++) {
              const i = p * (BETS / PLAYERS) + j;
              const id = 70_000 + (i % EVENTS);
              const pick = picks[Math.floor(i / EVENTS) % picks.length]!;
              const selectionId = `${id}:${pick}`;
              const odds = before
                .event(id)!
                .markets.flatMap((m) => m.selections)
                .find((s) => s.id === selectionId)!.odds;
              await placeBet(deps, playerId, {
                type: "single",
                stake: "1",
                oddsPolicy: "none",
                requestId: `crash-bet-${i}`,
                selections: [{ selectionId, odds }],
              } as PlaceBetBody);
            }
          }),
        );
        // PGlite keeps one writer per data directory: let the child have it.
        await database.close();

        // Killed mid-way: after 300 settlements, at a moment that lands inside another.
        await killChildAt(
          "server/modules/sportsbook/crash-child.ts",
          { url: where.url, dataDir: where.dataDir, events: EVENTS, by },
          "settled 300",
          37,
        );

        database = await where.open();
        try {
          const settledBefore = await database.db
            .select({ n: sql<number>`count(*)::int` })
            .from(sportBets)
            .where(sql`${sportBets.status} <> 'open'`);
          expect(settledBefore[0]!.n).toBeGreaterThanOrEqual(300);
          expect(settledBefore[0]!.n).toBeLessThan(BETS);
          // What the restarted server's settlement job does, twice for good measure.
          const after = sportsbookTestDeps(database.db, crashFeed(EVENTS, { results: true })).deps;
          await settleFromFeed(after);
          await settleFromFeed(after);
          const bets = await database.db.select().from(sportBets);
          expect(bets).toHaveLength(BETS);
          const settlements = await database.db.select().from(sportSettlements);
          const wins = await database.db
            .select({ reference: ledgerEntries.reference })
            .from(ledgerEntries)
            .where(eq(ledgerEntries.kind, "win"));
          const winsOf = new Map<string, number>();
          for (const w of wins) winsOf.set(w.reference, (winsOf.get(w.reference) ?? 0) + 1);
          const paid = new Map<bigint, number>();
          for (const b of bets) {
            expect(["won", "lost"]).toContain(b.status);
            expect(settlements.filter((s) => s.betId === b.id)).toHaveLength(1);
            expect(winsOf.get(`sportsbook:bet:${b.id}`) ?? 0).toBe(b.status === "won" ? 1 : 0);
            paid.set(b.accountId, (paid.get(b.accountId) ?? 0) + Number(b.payout));
          }
          for (const { accountId } of players) {
            const [account] = await database.db
              .select()
              .from(walletAccounts)
              .where(eq(walletAccounts.id, accountId));
            expect(Number(account!.balance)).toBeCloseTo(200 - BETS / PLAYERS + paid.get(accountId)!, 6);
          }
          await assertBooksBalance(database);
        } finally {
          await database.close();
        }
      } finally {
        await where.drop();
      }
    },
  );
});
