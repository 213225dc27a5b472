import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { PLAYER_BONUS_STATUS, PLAYER_FREESPIN_RESULT, PLAYER_FREESPIN_STATUS } from "#common/constants";
import { describeEachDb } from "../../test/harness";
import { houseWallet } from "../game/test-support";
import { caller, manualClock } from "../player/test-support";
import { house, houseBalance } from "../wallet";
import { walletAccounts } from "../wallet/tables";
import { expireFreespins } from "./freespins";
import { playerBonuses, playerFreespins } from "./tables";

const SECRET = "house-games-secret-house-games-secret-0123";
const clock = manualClock(Date.parse("2026-11-25T10:00:00Z"));

describeEachDb(
  "free spins",
  (ctx, kind) => {
    const player = caller(() => ctx().app);
    const { call, register } = player;
    const db = () => ctx().database.db;
    const hw = houseWallet(() => ctx().app, call, SECRET, clock);
    const dice = houseWallet(() => ctx().app, call, SECRET, clock, "harbor-dice");
    const deps = () => ({ db: db(), clock, publisher: { publish: async () => undefined } });

    async function newPlayer(currency = "USD") {
      const { accessToken: token, profile } = await register();
      const opened = await call({ url: "/api/wallet/accounts", body: { currency }, token });
      expect(opened.status).toBe(201);
      return { token, playerId: BigInt(profile.id), accountId: BigInt(opened.body.data.id) };
    }
    /** Redeems FREESPINS20 and answers the free spins it gave. */
    async function redeem(token: string) {
      const r = await call({
        url: "/api/game/bonuses/bonuscodes",
        body: { bonusCode: "freespins20" },
        token,
      });
      expect(r.status).toBe(200);
      expect(r.body.data).toMatchObject({ status: 1, code: "FREESPINS20" });
      return r.body.data.playerFreespinId as string;
    }
    const account = async (id: bigint) =>
      (await db().select().from(walletAccounts).where(eq(walletAccounts.id, id)))[0]!;
    const spinsRow = async (id: string) =>
      (
        await db()
          .select()
          .from(playerFreespins)
          .where(eq(playerFreespins.id, BigInt(id)))
      )[0]!;

    let n = 0;
    const bet = (session: string, freespinId: string, id = `fs${++n}-${randomUUID().slice(0, 8)}`) =>
      hw
        .wallet("bet", {
          token: session,
          transactionId: `${id}-bet`,
          roundId: id,
          amount: "0.2",
          currency: "USD",
          freespinId,
        })
        .then((a) => ({ ...a, id }));
    const win = (session: string, id: string, amount: string) =>
      hw.wallet("win", {
        token: session,
        transactionId: `${id}-win`,
        referenceTransactionId: `${id}-bet`,
        roundId: id,
        amount,
        currency: "USD",
        roundClosed: true,
      });
    /** One free spin played to its close. */
    async function spin(session: string, freespinId: string, won: string) {
      const b = await bet(session, freespinId);
      if (b.status !== "RS_OK") return b;
      return win(session, b.id, won);
    }

    it("plays free spins at their bet without the player's money; the winnings become a bonus with its wagering", async () => {
      const p = await newPlayer();
      const id = await redeem(p.token);
      const listed = await call({ method: "GET", url: "/api/game/player-freespins", token: p.token });
      expect(listed.body.data).toMatchObject([
        { id, status: 2, count: 20, played: 0, amount: "0.2", currency: "USD", gameSlug: "harbor-fortune" },
      ]);
      const costBefore = await houseBalance(db(), house.bonusCost, "USD");
      const session = await hw.launch(p.token);
      const balance = await hw.wallet("balance", { token: session });
      expect(balance.freeRounds).toEqual([{ id, left: 20, bet: "0.2" }]);
      // Another bet value, or the spins on another game, are refused; nothing is taken.
      const wrong = await hw.wallet("bet", {
        token: session,
        transactionId: `wrong-${randomUUID()}`,
        roundId: `wrong-${randomUUID()}`,
        amount: "5",
        currency: "USD",
        freespinId: id,
      });
      expect([wrong.status, wrong.code]).toEqual(["RS_ERROR_LIMIT_REACHED", "freespins_unavailable"]);
      const onDice = await dice.launch(p.token);
      const diceBet = await dice.wallet("bet", {
        token: onDice,
        transactionId: `d-${randomUUID()}`,
        roundId: `d-${randomUUID()}`,
        amount: "0.2",
        currency: "USD",
        freespinId: id,
      });
      expect(diceBet.status).toBe("RS_ERROR_LIMIT_REACHED");
      for (let i = 0; i < 19; i++) {
        const a = await spin(session, id, i === 3 ? "1.5" : i === 7 ? "0.4" : "0");
        expect(a.status).toBe("RS_OK");
        expect(a.balance).toBe("0"); // no stake taken, no win paid to the player while spinning
      }
      expect(await spinsRow(id)).toMatchObject({ played: 19, settled: 19, status: 2 });
      const last = await spin(session, id, "0.1");
      expect(last.freeRounds).toEqual([]);
      const done = await spinsRow(id);
      expect([done.status, done.result, Number(done.winnings)]).toEqual([
        PLAYER_FREESPIN_STATUS.finished,
        PLAYER_FREESPIN_RESULT.played,
        2,
      ]);
      // Used up: a 21st spin is refused.
      expect((await spin(session, id, "0")).status).toBe("RS_ERROR_LIMIT_REACHED");
      const [bonus] = await db().select().from(playerBonuses).where(eq(playerBonuses.accountId, p.accountId));
      expect(bonus).toMatchObject({
        kind: "freespins",
        status: PLAYER_BONUS_STATUS.active,
        id: done.playerBonusId,
      });
      expect([Number(bonus!.amount), Number(bonus!.wageringRequired)]).toEqual([2, 40]);
      const a = await account(p.accountId);
      expect([Number(a.balance), Number(a.bonusBalance)]).toEqual([0, 2]);
      // The bonus cost paid 20 stakes of 0.2 and the bonus of 2, and got the 2 won back: 4 in all.
      expect(Number(costBefore) - Number(await houseBalance(db(), house.bonusCost, "USD"))).toBeCloseTo(
        4,
        10,
      );
      const finished = await call({
        method: "GET",
        url: "/api/game/player-freespins?status[]=3",
        token: p.token,
      });
      expect(finished.body.data).toMatchObject([{ id, status: 3, result: 2, played: 20, winnings: "2" }]);
      expect(finished.body.data[0].playerBonusId).toBe(String(bonus!.id));
    });

    it("ends lost (result 5) with no bonus when the spins win nothing", async () => {
      const p = await newPlayer();
      const id = await redeem(p.token);
      const session = await hw.launch(p.token);
      for (let i = 0; i < 20; i++) expect((await spin(session, id, "0")).status).toBe("RS_OK");
      const done = await spinsRow(id);
      expect([done.status, done.result, done.playerBonusId]).toEqual([3, PLAYER_FREESPIN_RESULT.lost, null]);
      expect(await db().select().from(playerBonuses).where(eq(playerBonuses.accountId, p.accountId))).toEqual(
        [],
      );
    });

    it(`takes a spin once per bet however often it is replayed, and ${kind === "postgres" ? 60 : 30} concurrent spins never pass the count`, async () => {
      const p = await newPlayer();
      const id = await redeem(p.token);
      const session = await hw.launch(p.token);
      const first = await bet(session, id, "replayed");
      const replays = await Promise.all(Array.from({ length: 5 }, () => bet(session, id, "replayed")));
      expect(replays.every((r) => r.status === "RS_OK")).toBe(true);
      expect((await spinsRow(id)).played).toBe(1);
      await win(session, first.id, "0.5");
      await Promise.all(Array.from({ length: 3 }, () => win(session, first.id, "0.5")));
      expect(await spinsRow(id)).toMatchObject({ played: 1, settled: 1 });
      expect(Number((await spinsRow(id)).winnings)).toBe(0.5);
      const many = kind === "postgres" ? 60 : 30;
      const answers = await Promise.all(Array.from({ length: many }, () => spin(session, id, "0.1")));
      expect(answers.filter((a) => a.status === "RS_OK")).toHaveLength(19);
      const done = await spinsRow(id);
      expect([done.played, done.settled, done.status, done.result]).toEqual([20, 20, 3, 2]);
      expect(Number(done.winnings)).toBeCloseTo(0.5 + 19 * 0.1, 10);
      const stakes = await db().execute(
        sql`select count(*)::int as n from ledger_entries where kind = 'bet' and meta->>'freespinId' = ${id}`,
      );
      expect((stakes as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(20);
      const bonuses = await db().select().from(playerBonuses).where(eq(playerBonuses.accountId, p.accountId));
      expect(bonuses).toHaveLength(1);
    });

    it("gives a rolled-back spin back to the package", async () => {
      const p = await newPlayer();
      const id = await redeem(p.token);
      const session = await hw.launch(p.token);
      const b = await bet(session, id);
      expect(b).toMatchObject({ status: "RS_OK" });
      expect((await spinsRow(id)).played).toBe(1);
      const back = await hw.wallet("rollback", {
        token: session,
        transactionId: `${b.id}-rb`,
        referenceTransactionId: `${b.id}-bet`,
        roundId: b.id,
      });
      expect(back.status).toBe("RS_OK");
      expect((await spinsRow(id)).played).toBe(0);
    });

    it("lists by status[] and currency[], and a player reaches only their own free spins", async () => {
      const p = await newPlayer();
      const other = await newPlayer();
      const id = await redeem(p.token);
      const otherId = await redeem(other.token);
      const list = async (q: string, token = p.token) =>
        (await call({ method: "GET", url: `/api/game/player-freespins${q}`, token })).body.data.map(
          (s: { id: string }) => s.id,
        );
      expect(await list("")).toEqual([id]);
      expect(await list("?status[]=1&status[]=2&currency[]=USD")).toEqual([id]);
      expect(await list("?currency[]=EUR")).toEqual([]);
      expect(await list("?status[]=3")).toEqual([]);
      expect(await list("", other.token)).toEqual([otherId]);
      for (const action of ["activate", "cancel"]) {
        const r = await call({
          method: "PUT",
          url: `/api/game/player-freespins/${otherId}/${action}`,
          body: {},
          token: p.token,
        });
        expect(r.status).toBe(404);
      }
      expect((await call({ method: "GET", url: "/api/game/player-freespins" })).status).toBe(401);
      // Another player's package cannot be played through this player's session either.
      const session = await hw.launch(p.token);
      expect((await bet(session, otherId)).status).toBe("RS_ERROR_LIMIT_REACHED");
      expect((await spinsRow(otherId)).played).toBe(0);
    });

    it("cancels (result 3) and expires (result 4); activating an issued package makes it playable", async () => {
      const p = await newPlayer();
      const id = await redeem(p.token);
      const session = await hw.launch(p.token);
      await spin(session, id, "3");
      const cancelled = await call({
        method: "PUT",
        url: `/api/game/player-freespins/${id}/cancel`,
        body: {},
        token: p.token,
      });
      expect(cancelled.body.data).toMatchObject({ status: 3, result: 3, played: 1, playerBonusId: null });
      expect((await spin(session, id, "0")).status).toBe("RS_ERROR_LIMIT_REACHED");
      expect(Number((await account(p.accountId)).bonusBalance)).toBe(0);

      const q = await newPlayer();
      const qid = await redeem(q.token);
      // Made issued, as a deposit's package waiting for activation is.
      await db()
        .update(playerFreespins)
        .set({ status: 1, activatedAt: null })
        .where(eq(playerFreespins.id, BigInt(qid)));
      const qSession = await hw.launch(q.token);
      expect((await spin(qSession, qid, "0")).status).toBe("RS_ERROR_LIMIT_REACHED");
      const active = await call({
        method: "PUT",
        url: `/api/game/player-freespins/${qid}/activate`,
        body: {},
        token: q.token,
      });
      expect(active.body.data).toMatchObject({ status: 2 });
      expect((await spin(qSession, qid, "0.3")).status).toBe("RS_OK");
      await db()
        .update(playerFreespins)
        .set({ expiresAt: new Date(clock.now().getTime() - 1000) })
        .where(eq(playerFreespins.id, BigInt(qid)));
      expect(await expireFreespins(deps())).toBe(1);
      expect(await spinsRow(qid)).toMatchObject({ status: 3, result: PLAYER_FREESPIN_RESULT.expired });
    });

    it("the house slot shows and plays the free spins through its own API", async () => {
      const p = await newPlayer();
      const id = await redeem(p.token);
      const session = await hw.launch(p.token);
      const state = await ctx().app.inject({ method: "GET", url: `/api/house/sessions/${session}` });
      expect(state.json().data.freeRounds).toEqual([{ id, left: 20, bet: "0.2" }]);
      const played = await ctx().app.inject({
        method: "POST",
        url: `/api/house/sessions/${session}/play`,
        payload: { amount: "0.2", freespinId: id },
      });
      expect(played.statusCode).toBe(200);
      expect(played.json().data.freeRounds).toEqual([{ id, left: 19, bet: "0.2" }]);
      expect(played.json().data.round.bet).toBe("0.2");
      const row = await spinsRow(id);
      expect([row.played, row.settled]).toEqual([1, 1]);
      expect(Number(row.winnings)).toBe(Number(played.json().data.round.payout));
      expect(Number((await account(p.accountId)).balance)).toBe(0);
    });
  },
  { env: { HOUSE_GAMES_SECRET: SECRET }, clock },
);
