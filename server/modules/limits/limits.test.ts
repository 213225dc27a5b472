import { randomUUID } from "node:crypto";
import { expect, it } from "vitest";
import { DEPOSIT_LIMIT_REACHED } from "#common/api/errors";
import { LIMIT_DEFINITION, LIMIT_PERIODS } from "#common/constants";
import { describeEachDb } from "../../test/harness";
import { houseWallet } from "../game/test-support";
import { caller, manualClock, PASSWORD } from "../player/test-support";
import { house, post } from "../wallet/test-support";
import { periodWindow } from "./periods";
import { createLimit, deleteLimit, updateLimit } from "./service";

const SECRET = "house-games-secret-house-games-secret-0123";
const HOUR = 3_600_000;
const clock = manualClock();
const {
  bet: BET,
  loss: LOSS,
  deposit: DEPOSIT,
  selfExclusion: SELF_EXCLUSION,
  coolingOff: COOLING_OFF,
} = LIMIT_DEFINITION;

describeEachDb(
  "responsible-gambling limits (RTS 12 and 13)",
  (ctx, kind) => {
    const { call, register, login } = caller(() => ctx().app);

    /** A player with `balance` USD, in a time zone, and a real game session on the built-in provider. */
    async function player(balance = "1000", timeZone = "UTC") {
      const { accessToken: token, profile, email } = await register();
      await call({ method: "PUT", url: "/api/player/profile", body: { timeZone }, token });
      const opened = await call({ url: "/api/wallet/accounts", body: { currency: "USD" }, token });
      const accountId = BigInt(opened.body.data.id);
      if (balance !== "0")
        await post(ctx().database.db, {
          accountId,
          amount: balance,
          kind: "adjustment",
          reference: "test:opening",
          idempotencyKey: `opening:${accountId}`,
        });
      return { token, email, playerId: profile.id as string, accountId, game: await launch(token) };
    }

    const { launch, wallet } = houseWallet(() => ctx().app, call, SECRET, clock);
    const stake = (game: string, amount: string) => {
      const id = randomUUID();
      return wallet("bet", { token: game, transactionId: id, roundId: id, amount, currency: "USD" });
    };
    const win = async (game: string, amount: string) => {
      const id = randomUUID();
      await wallet("bet", {
        token: game,
        transactionId: `${id}-b`,
        roundId: id,
        amount: "0",
        currency: "USD",
      });
      return wallet("win", {
        token: game,
        transactionId: `${id}-w`,
        referenceTransactionId: `${id}-b`,
        roundId: id,
        amount,
        currency: "USD",
      });
    };

    /** Moves the clock; the player's 15-minute token is refreshed as the site would. */
    async function later(ms: number, p: { token: string }) {
      clock.advance(ms);
      const renewed = await call({ url: "/api/player/sessions/refresh", token: p.token });
      expect(renewed.status).toBe(200);
      p.token = renewed.body.accessToken;
    }

    const setLimit = (token: string, body: object) => call({ url: "/api/player/limits", body, token });
    const limits = async (token: string) =>
      (await call({ method: "GET", url: "/api/player/limits", token })).body;
    const deposit = (token: string, amount: string) =>
      call({
        url: "/api/payment/invoices/deposit",
        body: {
          method: "sandbox.deposit.card",
          currency: "USD",
          amount,
          customerFields: { firstName: "Ana", lastName: "Silva" },
        },
        token,
      });

    it("asks for a session", async () => {
      expect((await call({ method: "GET", url: "/api/player/limits" })).status).toBe(401);
    });

    for (const definition of [BET, LOSS, DEPOSIT])
      for (const period of LIMIT_PERIODS) {
        it(`definition ${definition}, ${period}: lowered at once, raised and removed only after 24 h`, async () => {
          const p = await player();
          const created = await setLimit(p.token, { definition, period, amount: "100", currency: "USD" });
          expect(created.status).toBe(201);
          const id = created.body.data.id;
          expect(created.body.data).toMatchObject({
            definition,
            period,
            amount: "100",
            used: "0",
            pending: null,
          });

          const lowered = await call({
            method: "PUT",
            url: `/api/player/limits/${id}`,
            body: { period, amount: "60" },
            token: p.token,
          });
          expect(lowered.body.data).toMatchObject({ amount: "60", pending: null });

          const raised = await call({
            method: "PUT",
            url: `/api/player/limits/${id}`,
            body: { period, amount: "500" },
            token: p.token,
          });
          expect(raised.body.data.amount).toBe("60");
          expect(raised.body.data.pending).toMatchObject({ amount: "500", delete: false });
          expect(Date.parse(raised.body.data.pending.effectiveAt) - clock.now().getTime()).toBe(24 * HOUR);

          await later(23 * HOUR, p);
          expect((await limits(p.token)).data[0]).toMatchObject({ amount: "60" });
          await later(HOUR, p);
          expect((await limits(p.token)).data[0]).toMatchObject({ amount: "500", pending: null });

          const removed = await call({ method: "DELETE", url: `/api/player/limits/${id}`, token: p.token });
          expect(removed.body.data.pending).toMatchObject({ delete: true });
          expect((await limits(p.token)).data).toHaveLength(1);
          await later(24 * HOUR, p);
          expect((await limits(p.token)).data).toEqual([]);
        });
      }

    /** Uses 30 USD of a limit of the definition: a stake for bet and loss limits, a paid deposit otherwise. */
    async function use30(p: Awaited<ReturnType<typeof player>>, definition: number) {
      if (definition !== DEPOSIT) return expect((await stake(p.game, "30")).status).toBe("RS_OK");
      await post(ctx().database.db, {
        at: clock.now(),
        accountId: p.accountId,
        amount: "30",
        kind: "deposit",
        counterparty: house.clearing("sandbox"),
        reference: "test:paid",
        idempotencyKey: `test:paid:${p.accountId}:${clock.now().getTime()}`,
      });
    }

    // Each period in a different zone, so "local midnight, Monday, the first" cannot be UTC's by accident.
    const ZONES = { daily: "America/New_York", weekly: "Asia/Tokyo", monthly: "Europe/London" } as const;
    for (const definition of [BET, LOSS, DEPOSIT])
      for (const period of LIMIT_PERIODS) {
        it(`definition ${definition}, ${period}: usage counts from the ledger and starts afresh at the period's end in the player's time zone`, async () => {
          const zone = ZONES[period];
          const p = await player(definition === DEPOSIT ? "0" : "1000", zone);
          await setLimit(p.token, { definition, period, amount: "50", currency: "USD" });
          await use30(p, definition);
          const [limit] = (await limits(p.token)).data;
          expect(limit.used).toBe("30");
          const end = periodWindow(period, clock.now(), zone).end;
          expect(limit.periodEndsAt).toBe(end.toISOString());
          if (definition !== DEPOSIT)
            expect((await stake(p.game, "25")).status).toBe("RS_ERROR_LIMIT_REACHED");
          else expect((await deposit(p.token, "25")).body.code).toBe(DEPOSIT_LIMIT_REACHED);
          await later(end.getTime() - 60_000 - clock.now().getTime(), p);
          expect((await limits(p.token)).data[0].used).toBe("30");
          await later(120_000, p);
          expect((await limits(p.token)).data[0].used).toBe("0");
          if (definition !== DEPOSIT) expect((await stake(await launch(p.token), "25")).status).toBe("RS_OK");
          else expect((await deposit(p.token, "25")).status).toBe(201);
        });
      }

    it("stops a bet that would lose more than the loss limit, counting wins", async () => {
      const p = await player();
      await setLimit(p.token, { definition: LOSS, period: "weekly", amount: "40", currency: "USD" });
      expect((await stake(p.game, "30")).status).toBe("RS_OK");
      expect((await stake(p.game, "15")).status).toBe("RS_ERROR_LIMIT_REACHED");
      await win(p.game, "20");
      expect((await stake(p.game, "15")).status).toBe("RS_OK");
      expect((await limits(p.token)).data[0].used).toBe("25");
    });

    it("refuses a deposit past the deposit limit with 13100, pending deposits included, and empties the methods", async () => {
      const p = await player("0");
      await setLimit(p.token, { definition: DEPOSIT, period: "monthly", amount: "100", currency: "USD" });
      expect((await deposit(p.token, "70")).status).toBe(201);
      const over = await deposit(p.token, "40");
      expect(over.status).toBe(403);
      expect(over.body.code).toBe(DEPOSIT_LIMIT_REACHED);
      expect((await deposit(p.token, "30")).status).toBe(201);
      // Pending deposits fill it: the methods say so too (they used to open and every deposit was refused).
      const methods = await call({
        method: "GET",
        url: "/api/payment/methods/deposit?currency=USD",
        token: p.token,
      });
      expect([methods.status, methods.body.code]).toEqual([403, DEPOSIT_LIMIT_REACHED]);
      // Paid in full, the limit leaves no room: the deposit methods answer 13100.
      for (const ref of ["a", "b"])
        await post(ctx().database.db, {
          at: clock.now(),
          accountId: p.accountId,
          amount: "50",
          kind: "deposit",
          counterparty: house.clearing("sandbox"),
          reference: `test:paid-${ref}`,
          idempotencyKey: `test:paid-${ref}:${p.accountId}`,
        });
      const closed = await call({
        method: "GET",
        url: "/api/payment/methods/deposit?currency=USD",
        token: p.token,
      });
      expect([closed.status, closed.body.code]).toEqual([403, DEPOSIT_LIMIT_REACHED]);
    });

    it("counts a deposit limit from one calculation: paid money, pending deposits until paid, cancelled or expired", async () => {
      const p = await player("0");
      // 08:00 UTC of the next day, so the daily period does not end within the test's two hours.
      await later(
        Math.ceil(clock.now().getTime() / (24 * HOUR)) * 24 * HOUR + 8 * HOUR - clock.now().getTime(),
        p,
      );
      await setLimit(p.token, { definition: DEPOSIT, period: "daily", amount: "100", currency: "USD" });
      const depositLimit = async () => (await limits(p.token)).data[0];
      const methods = async () =>
        (await call({ method: "GET", url: "/api/payment/methods/deposit?currency=USD", token: p.token }))
          .status;
      const pay = (created: { body: { data: { publicData: { checkoutUrl: string } } } }) =>
        ctx().app.inject({
          method: "POST",
          url: `${new URL(created.body.data.publicData.checkoutUrl).pathname}/approve`,
        });

      // Issue 36: 50 paid and 50 opened but never paid.
      await pay(await deposit(p.token, "50"));
      const unpaid = await deposit(p.token, "50");
      expect(unpaid.status).toBe(201);
      expect(await depositLimit()).toMatchObject({ used: "50", pendingDeposits: "50", left: "0" });
      // The cashier reads the same: no room, no methods, and the server refuses even 10 USD.
      expect(await methods()).toBe(403);
      expect((await deposit(p.token, "10")).body.message).toContain("at most 0 USD");

      // Cancelled from the history, the unpaid one frees its room at once.
      expect(unpaid.body.data.cancellable).toBe(true);
      const cancelled = await call({
        method: "PUT",
        url: `/api/payment/invoices/${unpaid.body.data.id}/decline`,
        token: p.token,
      });
      expect(cancelled.status).toBe(200);
      expect(await depositLimit()).toMatchObject({ used: "50", pendingDeposits: "0", left: "50" });
      expect(await methods()).toBe(200);

      // One left unpaid counts until it expires (DEPOSIT_PENDING_EXPIRY_MINUTES, 60 by default), then not.
      expect((await deposit(p.token, "30")).status).toBe(201);
      expect(await depositLimit()).toMatchObject({ used: "50", pendingDeposits: "30", left: "20" });
      const over = await deposit(p.token, "25");
      expect([over.status, over.body.message]).toEqual([403, "Your deposit limit allows at most 20 USD now"]);
      await later(59 * 60_000, p);
      expect(await depositLimit()).toMatchObject({ pendingDeposits: "30", left: "20" });
      await later(60_001, p);
      expect(await depositLimit()).toMatchObject({ used: "50", pendingDeposits: "0", left: "50" });
      const full = await deposit(p.token, "50");
      expect(full.status).toBe(201);
      expect(await depositLimit()).toMatchObject({ used: "50", pendingDeposits: "50", left: "0" });
      // Paid, it moves from pending to used: counted once.
      await pay(full);
      expect(await depositLimit()).toMatchObject({ used: "100", pendingDeposits: "0", left: "0" });
      expect(await methods()).toBe(403);
    });

    it("takes a break: every session ends, logins are refused until it ends, and it cannot be lifted or shortened", async () => {
      const p = await player();
      const other = await login(p.email, PASSWORD);
      expect(other.status).toBe(200);
      const options = (await limits(p.token)).options;
      expect(options.coolingOffPeriods).toContain("24h");
      const taken = await setLimit(p.token, { definition: COOLING_OFF, period: "24h" });
      expect(taken.status).toBe(201);
      expect((await call({ method: "GET", url: "/api/player/limits", token: p.token })).status).toBe(401);
      expect(
        (await call({ method: "GET", url: "/api/player/profile", token: other.body.accessToken })).status,
      ).toBe(401);
      const refused = await login(p.email, PASSWORD);
      expect([refused.status, refused.body.code]).toEqual([403, "cooling_off"]);
      expect(refused.body.message).toMatch(/until/);
      expect((await stake(p.game, "1")).status).toBe("RS_ERROR_USER_DISABLED");
      clock.advance(24 * HOUR + 60_000);
      const back = await login(p.email, PASSWORD);
      expect(back.status).toBe(200);
      const [ended] = (await limits(back.body.accessToken)).data;
      expect(ended).toBeUndefined();
    });

    it("self-excludes for at least six months: cannot be shortened, changed or removed", async () => {
      const p = await player();
      const options = (await limits(p.token)).options;
      expect(options.selfExclusionPeriods[0]).toBe("6m");
      expect((await setLimit(p.token, { definition: SELF_EXCLUSION, period: "1d" })).status).toBe(422);
      const excluded = await setLimit(p.token, { definition: SELF_EXCLUSION, period: "6m" });
      expect(excluded.status).toBe(201);
      const id = excluded.body.data.id;
      const relog = await login(p.email, PASSWORD);
      expect([relog.status, relog.body.code]).toEqual([403, "self_excluded"]);
      // Whatever asks (the service itself, as an operator's tool would): it cannot be lifted or shortened.
      clock.advance(30 * 24 * HOUR);
      expect((await login(p.email, PASSWORD)).status).toBe(403);
      const deps = {
        db: ctx().database.db,
        clock,
        options: {
          selfExclusionPeriods: ["6m"],
          coolingOffPeriods: ["24h"],
          coolingHours: 24,
          depositPendingExpiryMs: 3_600_000,
        },
        closeAllSessions: async () => undefined,
      };
      const playerId = BigInt(p.playerId);
      await expect(deleteLimit(deps, playerId, id)).rejects.toMatchObject({ code: "exclusion_final" });
      await expect(updateLimit(deps, playerId, id, { period: "daily", amount: "1" })).rejects.toMatchObject({
        code: "exclusion_final",
      });
      await expect(
        createLimit(deps, playerId, { definition: COOLING_OFF, period: "24h" }),
      ).rejects.toMatchObject({
        code: "exclusion_final",
      });
    });

    it("answers another player's limit as missing", async () => {
      const a = await player();
      const b = await player();
      const mine = await setLimit(a.token, {
        definition: BET,
        period: "daily",
        amount: "10",
        currency: "USD",
      });
      const id = mine.body.data.id;
      for (const method of ["PUT", "DELETE"] as const) {
        const res = await call({
          method,
          url: `/api/player/limits/${id}`,
          body: { period: "daily", amount: "1" },
          token: b.token,
        });
        expect(res.status).toBe(404);
      }
      expect((await limits(b.token)).data).toEqual([]);
    });

    it("refuses bad input and changes nothing", async () => {
      const p = await player();
      for (const body of [
        { definition: BET, period: "hourly", amount: "10", currency: "USD" },
        { definition: BET, period: "daily", amount: "-5", currency: "USD" },
        { definition: BET, period: "daily", amount: "10", currency: "XXX" },
        { definition: 9, period: "daily" },
        { definition: COOLING_OFF, period: "99y" },
      ])
        expect((await setLimit(p.token, body)).status).toBe(422);
      expect((await limits(p.token)).data).toEqual([]);
    });

    if (kind === "postgres")
      it("never lets 50 concurrent bets or 20 concurrent deposits pass one limit", async () => {
        const p = await player("1000");
        await setLimit(p.token, { definition: BET, period: "daily", amount: "100", currency: "USD" });
        const bets = await Promise.all(Array.from({ length: 50 }, () => stake(p.game, "7")));
        expect(bets.filter((b) => b.status === "RS_OK")).toHaveLength(14);
        expect((await limits(p.token)).data[0].used).toBe("98");

        const q = await player("0");
        await setLimit(q.token, { definition: DEPOSIT, period: "daily", amount: "100", currency: "USD" });
        const deposits = await Promise.all(Array.from({ length: 20 }, () => deposit(q.token, "15")));
        expect(deposits.filter((d) => d.status === 201)).toHaveLength(6);
      });
  },
  { env: { HOUSE_GAMES_SECRET: SECRET }, clock },
);
