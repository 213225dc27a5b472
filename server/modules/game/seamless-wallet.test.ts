import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterEach, expect, it } from "vitest";
import { PLAYER_STATUS } from "#common/constants";
import { signWalletCall } from "../../providers/games/signature";
import { describeEachDb } from "../../test/harness";
import { players } from "../player/tables";
import { caller, manualClock } from "../player/test-support";
import { ledgerSum } from "../wallet";
import { walletAccounts } from "../wallet/tables";
import { playerInRealGame } from "./test-support";

const SECRET = "house-games-secret-house-games-secret-0123";
/** Transaction ids are a provider's forever: every test uses fresh ones. */
let run = 0;
const ids = () => {
  const p = `t${++run}-${randomUUID().slice(0, 8)}`;
  return (name: string) => `${p}-${name}`;
};
const clock = manualClock();

describeEachDb(
  "seamless wallet contract (PROTOCOLS.md section 3)",
  (ctx) => {
    const player = caller(() => ctx().app);
    const { call, register } = player;
    const db = () => ctx().database.db;
    const accounts: bigint[] = [];

    /** A player with `balance` USD and a real game session on the built-in provider. */
    async function session(balance = "100") {
      const p = await playerInRealGame(player, db(), "harbor-fortune", balance);
      accounts.push(p.accountId);
      return { token: p.sessionId, accountId: p.accountId, playerId: p.playerId };
    }

    async function wallet(action: string, body: object, opts: { secret?: string; raw?: string } = {}) {
      const raw = opts.raw ?? JSON.stringify(body);
      const res = await ctx().app.inject({
        method: "POST",
        url: `/api/game/wallet/house/${action}`,
        headers: {
          "content-type": "application/json",
          ...signWalletCall(opts.secret ?? SECRET, raw, clock.now()),
        },
        payload: raw,
      });
      expect(res.statusCode).toBe(200);
      return res.json();
    }

    const balanceOf = async (id: bigint) =>
      (await db().select().from(walletAccounts).where(eq(walletAccounts.id, id)))[0]!.balance;

    // After every test: each account's balance equals the sum of its ledger entries.
    afterEach(async () => {
      for (const id of accounts.splice(0)) {
        expect(Number(await ledgerSum(db(), id))).toBe(Number(await balanceOf(id)));
      }
    });

    const bet = (token: string, id: string, amount = "10", roundId = `r-${id}`) =>
      wallet("bet", { token, transactionId: id, roundId, amount, currency: "USD" });

    it("answers the balance of the session's account", async () => {
      const s = await session("42.5");
      expect(await wallet("balance", { token: s.token })).toEqual({
        status: "RS_OK",
        user: String(s.playerId),
        currency: "USD",
        balance: "42.5",
        freeRounds: [], // none on this game (free spins: server/modules/bonus/freespins.test.ts)
      });
      expect((await wallet("balance", { token: randomUUID() })).status).toBe("RS_ERROR_INVALID_TOKEN");
    });

    it("applies a bet once: an exact replay answers the stored answer, another amount is a duplicate", async () => {
      const u = ids();
      const s = await session();
      const first = await bet(s.token, u("b1"));
      expect(first).toMatchObject({
        status: "RS_OK",
        balance: "90",
        currency: "USD",
        transactionId: u("b1"),
      });
      expect(await bet(s.token, u("b1"))).toEqual(first);
      expect((await bet(s.token, u("b1"), "11")).status).toBe("RS_ERROR_DUPLICATE_TRANSACTION");
      expect((await bet(s.token, u("b1"), "10", "another-round")).status).toBe(
        "RS_ERROR_DUPLICATE_TRANSACTION",
      );
      expect(await balanceOf(s.accountId)).toMatch(/^90(\.0+)?$/);
      // The same id sent twice at once still moves the money once.
      const both = await Promise.all([bet(s.token, u("b2")), bet(s.token, u("b2"))]);
      expect(both[0]).toEqual(both[1]);
      expect(Number(await balanceOf(s.accountId))).toBe(80);
      // A fractional stake's stored answer (its balance written by the database) replays as first answered.
      const small = await bet(s.token, u("b3"), "0.25");
      expect(small.balance).toBe("79.75");
      expect(await bet(s.token, u("b3"), "0.25")).toEqual(small);
    });

    it("takes 120 bets of one player fired together for a balance of 100 bets: 100 paid, 20 refused, none twice", async () => {
      // The plain bet is one statement committed on its own (issue 38): the account's row lock alone orders
      // concurrent stakes, so none may see a balance another already took. Each id is also sent twice.
      const u = ids();
      const s = await session("100");
      const sent = Array.from({ length: 120 }, (_, i) => u(`race-${i}`));
      const answers = await Promise.all(sent.flatMap((id) => [bet(s.token, id, "1"), bet(s.token, id, "1")]));
      const byId = new Map<string, unknown[]>();
      for (const [i, a] of answers.entries())
        byId.set(sent[i >> 1]!, [...(byId.get(sent[i >> 1]!) ?? []), a]);
      const ok = [...byId.values()].filter((pair) =>
        pair.some((a) => (a as { status: string }).status === "RS_OK"),
      );
      expect(ok).toHaveLength(100);
      // Both sends of a paid id answer the same: the second is a replay of the first, not a second stake.
      for (const pair of ok) expect(pair[0]).toEqual(pair[1]);
      const statuses = new Set(answers.map((a) => (a as { status: string }).status));
      expect([...statuses].sort()).toEqual(["RS_ERROR_NOT_ENOUGH_MONEY", "RS_OK"]);
      expect(Number(await balanceOf(s.accountId))).toBe(0);
      const balances = ok
        .map((pair) => Number((pair[0] as { balance: string }).balance))
        .sort((a, b) => a - b);
      expect(balances).toEqual(Array.from({ length: 100 }, (_, i) => i));
    });

    it("pays a win against its bet, and refuses a win without a bet", async () => {
      const u = ids();
      const s = await session();
      await bet(s.token, u("b1"));
      const win = await wallet("win", {
        token: s.token,
        transactionId: u("w1"),
        referenceTransactionId: u("b1"),
        roundId: `r-${u("b1")}`,
        amount: "25.5",
        currency: "USD",
      });
      expect(win).toMatchObject({ status: "RS_OK", balance: "115.5" });
      const orphan = await wallet("win", {
        token: s.token,
        transactionId: u("w2"),
        referenceTransactionId: u("never-bet"),
        roundId: "r-x",
        amount: "5",
        currency: "USD",
      });
      expect(orphan.status).toBe("RS_ERROR_TRANSACTION_DOES_NOT_EXIST");
      expect(Number(await balanceOf(s.accountId))).toBe(115.5);
      const spins = await call({
        method: "GET",
        url: "/api/game/spins?page=1&perPage=10",
        token: (await register()).accessToken,
      });
      expect(spins.body.data).toEqual([]);
    });

    it("tombstones a rollback that comes before its bet: the late bet is refused, the answer final", async () => {
      const u = ids();
      const s = await session();
      const rb = await wallet("rollback", {
        token: s.token,
        transactionId: u("rb1"),
        referenceTransactionId: u("late-bet"),
        roundId: `r-${u("late")}`,
      });
      expect(rb).toMatchObject({ status: "RS_OK", balance: "100" });
      expect((await bet(s.token, u("late-bet"), "10", `r-${u("late")}`)).status).toBe(
        "RS_ERROR_DUPLICATE_TRANSACTION",
      );
      expect(Number(await balanceOf(s.accountId))).toBe(100);
    });

    it("refunds a bet once however often it is rolled back", async () => {
      const u = ids();
      const s = await session();
      await bet(s.token, u("b1"), "30");
      const body = {
        token: s.token,
        transactionId: u("rb1"),
        referenceTransactionId: u("b1"),
        roundId: `r-${u("b1")}`,
      };
      const first = await wallet("rollback", body);
      expect(first).toMatchObject({ status: "RS_OK", balance: "100" });
      expect(await wallet("rollback", body)).toEqual(first);
      const other = await wallet("rollback", { ...body, transactionId: u("rb2") });
      expect(other).toMatchObject({ status: "RS_OK", balance: "100" });
      expect(Number(await balanceOf(s.accountId))).toBe(100);
      const late = await wallet("win", {
        token: s.token,
        transactionId: u("w1"),
        referenceTransactionId: u("b1"),
        roundId: `r-${u("b1")}`,
        amount: "5",
        currency: "USD",
      });
      expect(late.status).toBe("RS_ERROR_TRANSACTION_ROLLED_BACK");
    });

    it("refunds each of 200 bets once when their rollbacks are fired together (two ids each, one sent twice)", async () => {
      // A plain rollback is one statement (issue 38): the stake's row lock alone decides which refunds it.
      const u = ids();
      const s = await session("300");
      const bets = Array.from({ length: 200 }, (_, i) => u(`rb-race-${i}`));
      for (const id of bets) await bet(s.token, id, "1");
      expect(Number(await balanceOf(s.accountId))).toBe(100);
      const rollback = (id: string, txId: string) =>
        wallet("rollback", {
          token: s.token,
          transactionId: txId,
          referenceTransactionId: id,
          roundId: `r-${id}`,
        });
      const answers = await Promise.all(
        bets.flatMap((id) => [rollback(id, `${id}-x`), rollback(id, `${id}-x`), rollback(id, `${id}-y`)]),
      );
      for (const a of answers) expect(a.status).toBe("RS_OK");
      // The same id sent twice answers the same; every stake came back once.
      for (let i = 0; i < bets.length; i++) expect(answers[3 * i]).toEqual(answers[3 * i + 1]);
      expect(Number(await balanceOf(s.accountId))).toBe(300);
    });

    it("refuses a bet larger than the balance with the current balance, which stays as it was", async () => {
      const u = ids();
      const s = await session("20");
      expect(await bet(s.token, u("big"), "20.01")).toMatchObject({
        status: "RS_ERROR_NOT_ENOUGH_MONEY",
        balance: "20",
        currency: "USD",
      });
      expect(Number(await balanceOf(s.accountId))).toBe(20);
      // Not stored: the same id may be tried again once the money is there.
      expect((await bet(s.token, u("big"), "20")).status).toBe("RS_OK");
    });

    it("refuses a bad signature, a stale one, a replayed nonce and an unsigned call", async () => {
      const u = ids();
      const s = await session();
      const body = { token: s.token, transactionId: u("b1"), roundId: "r1", amount: "10", currency: "USD" };
      const wrong = await wallet("bet", body, { secret: "someone-elses-secret-someone-elses-secret" });
      expect(wrong.status).toBe("RS_ERROR_INVALID_SIGNATURE");
      const raw = JSON.stringify(body);
      const headers = { "content-type": "application/json", ...signWalletCall(SECRET, raw, clock.now()) };
      const tampered = await ctx().app.inject({
        method: "POST",
        url: "/api/game/wallet/house/bet",
        headers,
        payload: raw.replace('"10"', '"1"'),
      });
      expect(tampered.json().status).toBe("RS_ERROR_INVALID_SIGNATURE");
      const stale = signWalletCall(SECRET, raw, new Date(clock.now().getTime() - 10 * 60_000));
      const old = await ctx().app.inject({
        method: "POST",
        url: "/api/game/wallet/house/bet",
        headers: { "content-type": "application/json", ...stale },
        payload: raw,
      });
      expect(old.json().status).toBe("RS_ERROR_INVALID_SIGNATURE");
      const once = await ctx().app.inject({
        method: "POST",
        url: "/api/game/wallet/house/bet",
        headers,
        payload: raw,
      });
      expect(once.json().status).toBe("RS_OK");
      const again = await ctx().app.inject({
        method: "POST",
        url: "/api/game/wallet/house/bet",
        headers,
        payload: raw,
      });
      expect(again.json().status).toBe("RS_ERROR_INVALID_SIGNATURE");
      const unsigned = await ctx().app.inject({
        method: "POST",
        url: "/api/game/wallet/house/bet",
        headers: { "content-type": "application/json" },
        payload: raw,
      });
      expect(unsigned.json().status).toBe("RS_ERROR_INVALID_SIGNATURE");
      expect(Number(await balanceOf(s.accountId))).toBe(90);
    });

    it("takes no bet on an expired session but still pays its wins and rollbacks", async () => {
      const u = ids();
      const s = await session();
      await bet(s.token, u("b1"));
      await bet(s.token, u("b2"));
      clock.advance(5 * 60 * 60_000);
      try {
        expect((await bet(s.token, u("b3"))).status).toBe("RS_ERROR_TOKEN_EXPIRED");
        expect((await wallet("balance", { token: s.token })).status).toBe("RS_ERROR_TOKEN_EXPIRED");
        const win = await wallet("win", {
          token: s.token,
          transactionId: u("w1"),
          referenceTransactionId: u("b1"),
          roundId: `r-${u("b1")}`,
          amount: "15",
          currency: "USD",
        });
        expect(win).toMatchObject({ status: "RS_OK", balance: "95" });
        const rb = await wallet("rollback", {
          token: s.token,
          transactionId: u("rb2"),
          referenceTransactionId: u("b2"),
          roundId: `r-${u("b2")}`,
        });
        expect(rb).toMatchObject({ status: "RS_OK", balance: "105" });
      } finally {
        clock.advance(-5 * 60 * 60_000);
      }
    });

    it("refuses a wrong currency and a disabled player, leaving the balance alone", async () => {
      const u = ids();
      const s = await session();
      const eur = await wallet("bet", {
        token: s.token,
        transactionId: u("e1"),
        roundId: "r",
        amount: "1",
        currency: "EUR",
      });
      expect(eur.status).toBe("RS_ERROR_WRONG_CURRENCY");
      await db().update(players).set({ status: PLAYER_STATUS.blocked }).where(eq(players.id, s.playerId));
      expect(await bet(s.token, u("d1"))).toMatchObject({ status: "RS_ERROR_USER_DISABLED", balance: "100" });
      expect(Number(await balanceOf(s.accountId))).toBe(100);
    });
  },
  { env: { HOUSE_GAMES_SECRET: SECRET }, clock },
);
