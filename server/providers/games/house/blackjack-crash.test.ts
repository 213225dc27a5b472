import { and, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { type BlackjackAction, dealRound } from "#common/house-games";
import { addAmounts, compareAmounts, normalizeAmount } from "#common/money";
import type { Database } from "../../../db/client";
import { migrate } from "../../../db/migrate";
import { seedDemo } from "../../../db/seed";
import { gameRounds } from "../../../modules/game/tables";
import { caller } from "../../../modules/player/test-support";
import { walletAccounts } from "../../../modules/wallet/tables";
import { post } from "../../../modules/wallet/test-support";
import { assertBooksBalance, dbKinds, reopenableDatabase } from "../../../test/harness";
import { killChildAt } from "../../../test/sigkill";
import { blackjackPayout } from "./blackjack";
import { houseAppOn } from "./blackjack-test-support";
import { recoverHouseRounds } from "./recovery";
import { houseRounds, houseSeedPairs } from "./tables";

const PLAYERS = 4;

describe.each(dbKinds())("a server killed mid-hand of blackjack [%s]", (kind) => {
  it("recovery finishes every half-played round once (stood and paid, or voided) and the books balance", {
    timeout: 300_000,
  }, async () => {
    const where = await reopenableDatabase(kind);
    try {
      let database: Database = await where.open();
      await migrate(database);
      await seedDemo(database.db);
      const players: { accountId: bigint; token: string }[] = [];
      {
        const { app } = await houseAppOn(database.db);
        const { call, register } = caller(() => app);
        for (let i = 0; i < PLAYERS; i++) {
          const { accessToken } = await register();
          const opened = await call({
            url: "/api/wallet/accounts",
            body: { currency: "USD" },
            token: accessToken,
          });
          const accountId = BigInt(opened.body.data.id);
          await post(database.db, {
            accountId,
            amount: "100",
            kind: "adjustment",
            reference: "test:opening",
            idempotencyKey: `opening:${accountId}`,
          });
          const launch = await call({
            url: "/api/game/games/harbor-blackjack/play",
            body: { real: true },
            token: accessToken,
          });
          const token = launch.body.data.sessionId as string;
          await call({ method: "GET", url: `/api/house/sessions/${token}` });
          players.push({ accountId, token });
        }
        await app.close();
      }
      // PGlite keeps one writer per data directory: let the child have it.
      await database.close();

      // Killed after 40 rounds, at a moment that lands inside the next ones (a start, a stake, a move).
      await killChildAt(
        "server/providers/games/house/blackjack-crash-child.ts",
        { url: where.url, dataDir: where.dataDir, tokens: players.map((p) => p.token) },
        "round 40",
        23,
      );

      database = await where.open();
      const { app, deps } = await houseAppOn(database.db);
      try {
        const db = database.db;
        const unfinished = await db
          .select()
          .from(houseRounds)
          .where(inArray(houseRounds.status, ["open", "paying", "voiding"]));
        expect(unfinished.length).toBeGreaterThanOrEqual(1);
        // What the restarted server's recovery job does once the sessions are over; twice for good measure.
        const over = { staleMs: 0, minesAbandonedMs: 0 };
        const first = await recoverHouseRounds(deps, over);
        expect(first.failed).toBe(0);
        expect(first.paid + first.stood + first.refunded).toBe(unfinished.length);
        expect(await recoverHouseRounds(deps, over)).toMatchObject({ paid: 0, stood: 0, refunded: 0 });

        const rounds = await db.select().from(houseRounds);
        expect(rounds.length).toBeGreaterThan(40);
        for (const p of players) {
          let expected = "100";
          for (const r of rounds.filter((x) => x.token === p.token)) {
            expect(["settled", "refunded"]).toContain(r.status);
            const [wallet] = await db
              .select()
              .from(gameRounds)
              .where(and(eq(gameRounds.provider, "house"), eq(gameRounds.roundId, `house-${r.id}`)));
            if (r.status === "refunded") {
              // Voided: nothing of it stays with the house.
              if (wallet) expect(compareAmounts(wallet.betAmount, "0")).toBe(0);
              continue;
            }
            // The wallet's view of the round is the house's: every stake once, the win once.
            expect(normalizeAmount(wallet!.betAmount)).toBe(normalizeAmount(r.bet));
            expect(normalizeAmount(wallet!.winAmount)).toBe(normalizeAmount(r.payout));
            // And it recomputes from the seeds and the moves recorded (stands included where recovery played).
            const [pair] = await db.select().from(houseSeedPairs).where(eq(houseSeedPairs.id, r.seedPairId));
            const state = dealRound(
              "blackjack",
              { serverSeed: pair!.serverSeed, clientSeed: pair!.clientSeed, nonce: r.nonce },
              { actions: (r.params as { actions: BlackjackAction[] }).actions },
            );
            expect(state.phase).toBe("done");
            expect(normalizeAmount(r.payout)).toBe(blackjackPayout(state, "1", "USD"));
            expected = addAmounts(expected, `-${normalizeAmount(r.bet)}`, normalizeAmount(r.payout)!);
          }
          const [account] = await db.select().from(walletAccounts).where(eq(walletAccounts.id, p.accountId));
          expect(normalizeAmount(account!.balance)).toBe(normalizeAmount(expected));
        }
        await assertBooksBalance(database);
      } finally {
        await app.close();
        await database.close();
      }
    } finally {
      await where.drop();
    }
  });
});
