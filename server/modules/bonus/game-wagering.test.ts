import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { describeEachDb } from "../../test/harness";
import { games } from "../game/tables";
import { houseWallet } from "../game/test-support";
import { SANDBOX_SECRET, sandboxPaid } from "../payment/test-support";
import { caller, manualClock } from "../player/test-support";
import { bonusDefinitions, playerBonuses } from "./tables";
import { gameLetsCount } from "./wagering";

// Issue 42, decision 0065: a game's own bonus-wagering flag and least multiplier for winning rounds.

const SECRET = "house-games-secret-house-games-secret-0123";
const clock = manualClock(Date.parse("2026-11-28T10:00:00Z"));

describe("gameLetsCount", () => {
  const game = (bonusWagering: boolean, bonusWageringMinMultiplier: string) => ({
    bonusWagering,
    bonusWageringMinMultiplier,
  });
  it("counts nothing of a game that is off wagering, won or lost", () => {
    expect(gameLetsCount({ stake: "2", payout: "0", game: game(false, "1.00") })).toBe(false);
    expect(gameLetsCount({ stake: "2", payout: "10", game: game(false, "1.00") })).toBe(false);
  });
  it("at a minimum of 1.5, counts a win from 1.5× on, never one below; lost and paid-back rounds count", () => {
    const min = game(true, "1.50");
    expect(gameLetsCount({ stake: "2", payout: "2.4", game: min })).toBe(false); // 1.2×
    expect(gameLetsCount({ stake: "2", payout: "2.98", game: min })).toBe(false); // 1.49×
    expect(gameLetsCount({ stake: "2", payout: "3", game: min })).toBe(true); // 1.5×
    expect(gameLetsCount({ stake: "2", payout: "4", game: min })).toBe(true); // 2×
    expect(gameLetsCount({ stake: "2", payout: "0", game: min })).toBe(true);
    expect(gameLetsCount({ stake: "2", payout: "1.2", game: min })).toBe(true); // a slot's partial return
    expect(gameLetsCount({ stake: "2", payout: "2", game: min })).toBe(true);
  });
  it("at the default 1, and without a game's settings, counts every round as before", () => {
    for (const payout of ["0", "1", "2", "2.02", "100"]) {
      expect(gameLetsCount({ stake: "2", payout, game: game(true, "1.00") })).toBe(true);
      expect(gameLetsCount({ stake: "2", payout })).toBe(true);
    }
  });
});

describeEachDb(
  "per-game bonus wagering",
  (ctx) => {
    const { call, register } = caller(() => ctx().app);
    const db = () => ctx().database.db;
    const slot = houseWallet(() => ctx().app, call, SECRET, clock);

    async function playerWithBonus() {
      const { accessToken: token, profile } = await register();
      const opened = await call({ url: "/api/wallet/accounts", body: { currency: "USD" }, token });
      expect(opened.status).toBe(201);
      const [def] = await db()
        .select()
        .from(bonusDefinitions)
        .where(eq(bonusDefinitions.pageIdentity, "welcome-deposit-1"));
      const created = await call({
        url: "/api/payment/invoices/deposit",
        body: {
          method: "sandbox.deposit.card",
          currency: "USD",
          customerFields: { firstName: "Ana", lastName: "Silva" },
          amount: "20",
          bonusId: String(def!.id),
        },
        token,
      });
      expect(created.status).toBe(201);
      await sandboxPaid(ctx().app, db(), created.body.data.id, { at: clock.now() });
      const accountId = BigInt(opened.body.data.id);
      const wagered = async () =>
        (await db().select().from(playerBonuses).where(eq(playerBonuses.accountId, accountId)))[0]!.wagered;
      expect(Number(await wagered())).toBe(0);
      return { token, wagered, profile };
    }

    let round = 0;
    /** One closed round on the house slot (which counts 100%): stake, then the win (0 for a loss). */
    async function play(session: string, stake: string, win: string) {
      const id = `gw${++round}-${randomUUID().slice(0, 8)}`;
      const bet = await slot.wallet("bet", {
        token: session,
        transactionId: `${id}-bet`,
        roundId: id,
        amount: stake,
        currency: "USD",
      });
      expect(bet.status).toBe("RS_OK");
      const won = await slot.wallet("win", {
        token: session,
        transactionId: `${id}-win`,
        referenceTransactionId: `${id}-bet`,
        roundId: id,
        amount: win,
        currency: "USD",
        roundClosed: true,
      });
      expect(won.status).toBe("RS_OK");
    }

    async function withSlotSettings(set: Partial<typeof games.$inferInsert>, body: () => Promise<void>) {
      await db().update(games).set(set).where(eq(games.slug, "harbor-fortune"));
      try {
        await body();
      } finally {
        await db()
          .update(games)
          .set({ bonusWagering: true, bonusWageringMinMultiplier: "1.00" })
          .where(eq(games.slug, "harbor-fortune"));
      }
    }

    it("by default, counts every closed round's stake as before, a small win included", async () => {
      const p = await playerWithBonus();
      const session = await slot.launch(p.token);
      await play(session, "2", "0");
      await play(session, "2", "2.4");
      expect(Number(await p.wagered())).toBe(4);
    });

    it("counts nothing of a game whose flag is off, and counts again once it is back on", async () => {
      const p = await playerWithBonus();
      const session = await slot.launch(p.token);
      await withSlotSettings({ bonusWagering: false }, async () => {
        await play(session, "2", "0");
        await play(session, "2", "5");
        expect(Number(await p.wagered())).toBe(0);
      });
      // Read with each closing win, not kept with the session: the same session counts again.
      await play(session, "2", "0");
      expect(Number(await p.wagered())).toBe(2);
    });

    it("at a minimum of 1.5: a win at 1.2× counts nothing, a win at 2× counts, a lost round counts", async () => {
      const p = await playerWithBonus();
      const session = await slot.launch(p.token);
      await withSlotSettings({ bonusWageringMinMultiplier: "1.50" }, async () => {
        await play(session, "2", "2.4");
        expect(Number(await p.wagered())).toBe(0);
        await play(session, "2", "4");
        expect(Number(await p.wagered())).toBe(2);
        await play(session, "2", "0");
        expect(Number(await p.wagered())).toBe(4);
      });
    });
  },
  { env: { HOUSE_GAMES_SECRET: SECRET, PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET }, clock },
);
