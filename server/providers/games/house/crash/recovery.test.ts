import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { crashMsTo, verifyCrashRound } from "#common/house-games";
import { normalizeAmount } from "#common/money";
import { buildApp } from "../../../../app";
import { createCache } from "../../../../cache";
import { loadConfig } from "../../../../config";
import type { Database } from "../../../../db/client";
import { migrate } from "../../../../db/migrate";
import { seedDemo } from "../../../../db/seed";
import { manualClock } from "../../../../modules/player/test-support";
import { ledgerSum } from "../../../../modules/wallet";
import { walletAccounts } from "../../../../modules/wallet/tables";
import { assertBooksBalance, dbKinds, reopenableDatabase } from "../../../../test/harness";
import { killChildAt } from "../../../../test/sigkill";
import { houseWalletCaller } from "../../index";
import { crashDeps } from ".";
import { crashStep, holdLease, LEASE_MS } from "./loop";
import { crashRoundForVerification, latestRound } from "./service";
import { crashBets, crashLease, crashRounds } from "./tables";
import { chainWhere, crashPlayer, recordingPublisher } from "./test-support";

const SECRET = "crash-recovery-secret-crash-recovery-secret";

/**
 * A server killed with SIGKILL while a crash round runs (decision 0034): the next leader finds the round
 * unfinished under another process's name and voids it: the cash-outs already made stay paid (by hand, and an
 * auto cash-out of a player who never came back), every other stake is returned, and the books balance.
 */
describe.each(dbKinds())("a server killed during a running crash round [%s]", (kind) => {
  it("voids the round on restart: cash-outs made are honoured, the other stakes refunded", {
    timeout: 180_000,
  }, async () => {
    const where = await reopenableDatabase(kind);
    try {
      let database: Database = await where.open();
      await migrate(database);
      await seedDemo(database.db);
      // Round 1 of the chain runs to 20× or more (over 30 s): the kill comes long before its crash.
      const { chain, points } = await chainWhere(database.db, ([p]) => p! >= 2_000);
      const clock = { now: () => new Date() };
      const players = [];
      for (let i = 0; i < 4; i++) players.push(await crashPlayer(database.db, clock));
      await database.close();

      let cashedAt = 0;
      await killChildAt(
        "server/providers/games/house/crash/crash-child.ts",
        { url: where.url, dataDir: where.dataDir, secret: SECRET, tokens: players.map((p) => p.token) },
        "running",
        0,
        (line) => {
          if (line.startsWith("cashed ")) cashedAt = Number(line.slice(7));
        },
      );
      expect(cashedAt).toBeGreaterThan(1.1);

      database = await where.open();
      const app = await buildApp({
        config: loadConfig({ APP_ENV: "test", LOG_LEVEL: "silent", HOUSE_GAMES_SECRET: SECRET }),
        db: database.db,
        cache: createCache({}),
      });
      await app.ready();
      try {
        const later = manualClock(Date.now());
        const publisher = recordingPublisher();
        const deps = crashDeps(
          {
            db: database.db,
            clock: later,
            callWallet: houseWalletCaller((r) => app.inject(r), SECRET, later),
          },
          publisher,
          { CRASH_BETTING_SECONDS: 1, CRASH_PAUSE_SECONDS: 1, CRASH_CHAIN_LENGTH: 50 },
        );
        const round = (await latestRound(deps))!;
        expect(round.phase).toBe("running");
        expect(round.runBy).toBe("crash-child");
        expect(Date.now()).toBeLessThan(round.bettingEndsAt.getTime() + crashMsTo(points[0]!));
        // The dead process's lease holds until it lapses; then the restarted one takes the rounds.
        const [lease] = await database.db.select().from(crashLease);
        expect(lease!.holder).toBe("crash-child");
        later.set(lease!.expiresAt.getTime() - 1);
        expect(await holdLease(deps, "restarted")).toBe(false);
        later.advance(2);
        expect(await holdLease(deps, "restarted")).toBe(true);
        later.advance(LEASE_MS);
        await crashStep(deps, "restarted");
        await crashStep(deps, "restarted");

        const [voided] = await database.db.select().from(crashRounds).where(eq(crashRounds.id, round.id));
        expect(voided!.phase).toBe("void");
        expect(voided!.settledAt).not.toBeNull();
        const bets = await database.db.select().from(crashBets).where(eq(crashBets.roundId, round.id));
        const of = (token: string) => bets.find((b) => b.token === token)!;
        const [a, b, c, d] = players as [
          (typeof players)[0],
          (typeof players)[0],
          (typeof players)[0],
          (typeof players)[0],
        ];
        expect(of(a.token)).toMatchObject({ status: "settled", cashOutCents: Math.round(cashedAt * 100) });
        expect(of(b.token)).toMatchObject({ status: "settled", cashOutCents: 110 });
        expect(of(c.token)).toMatchObject({ status: "refunded", cashOutCents: null });
        expect(of(d.token)).toMatchObject({ status: "refunded", cashOutCents: null });
        const balance = async (id: bigint) =>
          normalizeAmount(
            (await database.db.select().from(walletAccounts).where(eq(walletAccounts.id, id)))[0]!.balance,
          );
        expect(await balance(a.accountId)).toBe(normalizeAmount(String(90 + 10 * cashedAt)));
        expect(await balance(b.accountId)).toBe("101");
        expect(await balance(c.accountId)).toBe("100");
        expect(await balance(d.accountId)).toBe("100");
        for (const p of players)
          expect(await ledgerSum(database.db, p.accountId)).toBe(await balance(p.accountId));

        // The void round's hash is revealed and still chains to the commitment; the next round plays on h_2.
        const verifiable = await crashRoundForVerification(deps, String(round.id));
        expect(verifiable.round).toMatchObject({ phase: "void", hash: expect.any(String) });
        expect(verifyCrashRound(verifiable.round.hash!, chain.salt, chain.commitment).linksToPrevious).toBe(
          true,
        );
        expect(verifiable.round.crashPoint).toBeUndefined();
        const next = (await latestRound(deps))!;
        expect(next).toMatchObject({ chainIndex: 2, phase: "betting", runBy: "restarted" });
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
