import { randomUUID } from "node:crypto";
import { and, eq, isNull } from "drizzle-orm";
import { expect, it } from "vitest";
import { INVOICE_STATUS, LIMIT_DEFINITION, PLAYER_STATUS } from "#common/constants";
import { signWalletCall } from "../../providers/games/signature";
import { describeEachDb } from "../../test/harness";
import { noDepositLimits } from "../payment";
import { CARD_PAYEE, createDeposit, listMethods, type PaymentDeps } from "../payment/test-support";
import { post } from "../wallet/test-support";
import { signWithdrawalToken } from "./access-token";
import { WITHDRAWAL_TOKEN_TTL_SECONDS } from "./restricted-withdrawal";
import { playerSessions, players } from "./tables";
import { caller, freshIp, manualClock, PASSWORD } from "./test-support";

const GAMES_SECRET = "house-games-secret-house-games-secret-0123";
const clock = manualClock();
const HOUR = 3_600_000;
const SESSION = "/api/player/restricted-withdrawal/session";

describeEachDb(
  "withdrawing the balance during a break or a self-exclusion (decision 0011)",
  (ctx) => {
    const { call, register, login } = caller(() => ctx().app);

    /** A player with `balance` USD and a real-money game session, then on a break (or self-excluded). */
    async function restricted(
      balance = "100",
      definition: number = LIMIT_DEFINITION.coolingOff,
      period = "24h",
    ) {
      const { accessToken: token, profile, email } = await register();
      const opened = await call({ url: "/api/wallet/accounts", body: { currency: "USD" }, token });
      const accountId = BigInt(opened.body.data.id);
      await post(ctx().database.db, {
        accountId,
        amount: balance,
        kind: "adjustment",
        reference: "test:opening",
        idempotencyKey: `opening:${accountId}`,
      });
      const game = (await call({ url: "/api/game/games/harbor-fortune/play", body: { real: true }, token }))
        .body.data.sessionId as string;
      const taken = await call({ url: "/api/player/limits", body: { definition, period }, token });
      expect(taken.status).toBe(201);
      return { email, playerId: BigInt(profile.id), accountId, game, oldToken: token };
    }

    const withdrawalToken = async (email: string, password = PASSWORD) => {
      const res = await call({ url: SESSION, body: { login: email, password } });
      expect(res.status).toBe(200);
      return res.body.accessToken as string;
    };

    const withdraw = (token: string, amount: string) =>
      call({
        url: "/api/payment/invoices/withdrawal",
        body: { method: "sandbox.withdrawal.card", currency: "USD", amount, customerFields: CARD_PAYEE },
        token,
      });

    const balance = async (token: string) =>
      (await call({ method: "GET", url: "/api/wallet/accounts", token })).body.data[0].balance;

    it("issues the token only to a restricted player with the right credentials, and opens no session", async () => {
      const p = await restricted("100", LIMIT_DEFINITION.selfExclusion, "6m");
      const res = await call({ url: SESSION, body: { login: p.email, password: PASSWORD } });
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        expiresIn: WITHDRAWAL_TOKEN_TTL_SECONDS,
        restriction: { code: "self_excluded", message: expect.stringMatching(/until/) },
      });
      expect(Date.parse(res.body.restriction.until)).toBeGreaterThan(clock.now().getTime());
      const open = await ctx()
        .database.db.select({ id: playerSessions.id })
        .from(playerSessions)
        .where(and(eq(playerSessions.playerId, p.playerId), isNull(playerSessions.revokedAt)));
      const n = open.length;
      expect(n).toBe(0);

      // Wrong password and unknown login: exactly the login's answer.
      const wrong = await call({ url: SESSION, body: { login: p.email, password: "not-the-password" } });
      const unknown = await call({ url: SESSION, body: { login: "nobody@example.com", password: PASSWORD } });
      const wrongAtLogin = await login(p.email, "not-the-password");
      for (const r of [wrong, unknown]) {
        expect(r.status).toBe(422);
        expect(r.body).toEqual(wrongAtLogin.body);
      }

      // An active player logs in as usual; a blocked one is refused as at login.
      const active = await register();
      const told = await call({ url: SESSION, body: { login: active.email, password: PASSWORD } });
      expect([told.status, told.body.code]).toEqual([409, "not_restricted"]);
      const blocked = await register();
      await ctx()
        .database.db.update(players)
        .set({ status: PLAYER_STATUS.blocked })
        .where(eq(players.id, BigInt(blocked.profile.id)));
      const refused = await call({ url: SESSION, body: { login: blocked.email, password: PASSWORD } });
      expect([refused.status, refused.body.code]).toEqual([403, "account_blocked"]);
    });

    it("counts attempts with the logins: the sixth try on one account is refused even with the right password", async () => {
      const p = await restricted();
      for (let i = 0; i < 3; i++) await login(p.email, "wrong-password-1");
      for (let i = 0; i < 2; i++)
        await call({ url: SESSION, body: { login: p.email, password: "wrong-password-1" } });
      const sixth = await call({ url: SESSION, body: { login: p.email, password: PASSWORD }, ip: freshIp() });
      expect([sixth.status, sixth.body.code]).toEqual([429, "too_many_requests"]);
      clock.advance(16 * 60_000);
    });

    it("lists the balance, the withdrawal methods and the invoices, withdraws through the ledger; a cancel reaches the processor-held withdrawal and is refused", async () => {
      const p = await restricted("100");
      const token = await withdrawalToken(p.email);
      expect(await balance(token)).toBe("100");
      const methods = await call({
        method: "GET",
        url: "/api/payment/methods/withdrawal?currency=USD",
        token,
      });
      expect(methods.status).toBe(200);
      expect(methods.body.methods.map((m: { code: string }) => m.code)).toContain("sandbox.withdrawal.card");

      const over = await withdraw(token, "100.01");
      expect([over.status, Object.keys(over.body.errors)]).toEqual([422, ["amount"]]);
      const first = await withdraw(token, "60");
      expect(first.status).toBe(201);
      expect(first.body.data.status).toBe(INVOICE_STATUS.pending);
      expect(await balance(token)).toBe("40");
      // The reservation is a ledger entry: the rest cannot be withdrawn twice.
      expect((await withdraw(token, "41")).status).toBe(422);

      const list = await call({ method: "GET", url: "/api/payment/invoices?type=2", token });
      expect(list.body.data.map((i: { id: string }) => i.id)).toEqual([first.body.data.id]);
      const cancelled = await call({
        method: "PUT",
        url: `/api/payment/invoices/${first.body.data.id}/decline`,
        token,
      });
      // The withdrawal scope reaches the cancel; this one went straight to the processor (under the review
      // threshold), so it is no longer ours to give back (decision 0021) and stays reserved.
      expect([cancelled.status, cancelled.body.code]).toEqual([409, "invoice_processing"]);
      expect(await balance(token)).toBe("40");
      expect((await withdraw(token, "40")).status).toBe(201);
      expect(await balance(token)).toBe("0");
    });

    it("is refused everywhere else, and play and deposits stay refused whatever the token", async () => {
      const p = await restricted();
      const token = await withdrawalToken(p.email);
      const elsewhere: { method: "GET" | "POST" | "PUT"; url: string; body?: object }[] = [
        { method: "GET", url: "/api/player/profile" },
        { method: "GET", url: "/api/player/limits" },
        { method: "GET", url: "/api/player/sessions" },
        { method: "GET", url: "/api/payment/methods/deposit?currency=USD" },
        {
          method: "POST",
          url: "/api/payment/invoices/deposit",
          body: {
            method: "sandbox.deposit.card",
            currency: "USD",
            amount: "10",
            customerFields: CARD_PAYEE,
          },
        },
        { method: "POST", url: "/api/game/games/harbor-fortune/play", body: { real: true } },
        { method: "POST", url: "/api/wallet/accounts", body: { currency: "EUR" } },
        { method: "PUT", url: `/api/wallet/accounts/${p.accountId}/switch`, body: {} },
        { method: "POST", url: "/api/player/limits", body: { definition: 3, period: "daily", amount: "1" } },
      ];
      for (const c of elsewhere) {
        const res = await call({ ...c, token });
        expect([c.url, res.status, res.body.code]).toEqual([c.url, 403, "withdrawal_only"]);
      }
      // It is no session: refresh and logout do not take it.
      expect((await call({ url: "/api/player/sessions/refresh", body: {}, token })).status).toBe(401);
      expect((await call({ url: "/api/player/sessions/logout", body: {}, token })).status).toBe(401);

      // The provider's stake is refused by the player's status, not by any token.
      const id = randomUUID();
      const raw = JSON.stringify({
        token: p.game,
        transactionId: id,
        roundId: id,
        amount: "1",
        currency: "USD",
      });
      const stake = await ctx().app.inject({
        method: "POST",
        url: "/api/game/wallet/house/bet",
        headers: { "content-type": "application/json", ...signWalletCall(GAMES_SECRET, raw, clock.now()) },
        payload: raw,
      });
      expect(stake.json().status).toBe("RS_ERROR_USER_DISABLED");
    });

    it("refuses a deposit of a restricted player in the payment service itself", async () => {
      const p = await restricted();
      // No processor: the refusal comes before any payment would start.
      const deps: PaymentDeps = {
        db: ctx().database.db,
        clock,
        publisher: { publish: async () => {} },
        processors: {},
        depositLimits: noDepositLimits,
      };
      await expect(
        createDeposit(deps, p.playerId, {
          method: "sandbox.deposit.card",
          amount: "10",
          currency: "USD",
          customerFields: CARD_PAYEE,
        }),
      ).rejects.toMatchObject({ status: 403, code: "cooling_off" });
      await expect(
        listMethods(deps, "deposit", { playerId: p.playerId, currency: "USD" }),
      ).rejects.toMatchObject({ status: 403, code: "cooling_off" });
    });

    it("shows only the holder's own accounts and invoices", async () => {
      const a = await restricted("30");
      const b = await restricted("70");
      const tokenA = await withdrawalToken(a.email);
      const tokenB = await withdrawalToken(b.email);
      const accounts = (await call({ method: "GET", url: "/api/wallet/accounts", token: tokenA })).body.data;
      expect(accounts.map((x: { id: string }) => x.id)).toEqual([String(a.accountId)]);
      const bs = await withdraw(tokenB, "20");
      const steal = await call({
        method: "PUT",
        url: `/api/payment/invoices/${bs.body.data.id}/decline`,
        token: tokenA,
      });
      expect(steal.status).toBe(404);
      expect((await call({ method: "GET", url: "/api/payment/invoices", token: tokenA })).body.data).toEqual(
        [],
      );
      expect(await balance(tokenB)).toBe("50");
    });

    it("expires after 15 minutes, ends with the restriction, and is not forged by another key", async () => {
      const p = await restricted("10");
      const token = await withdrawalToken(p.email);
      clock.advance(WITHDRAWAL_TOKEN_TTL_SECONDS * 1000 - 1000);
      expect((await call({ method: "GET", url: "/api/wallet/accounts", token })).status).toBe(200);
      clock.advance(2000);
      expect((await call({ method: "GET", url: "/api/wallet/accounts", token })).status).toBe(401);

      const forged = await signWithdrawalToken(
        "someone-elses-secret-someone-elses-secret",
        { playerId: String(p.playerId) },
        { now: clock.now(), ttlSeconds: 900 },
      );
      expect((await call({ method: "GET", url: "/api/wallet/accounts", token: forged })).status).toBe(401);

      // Once the break is over the token stops and the player logs in as usual.
      const fresh = await withdrawalToken(p.email);
      clock.advance(24 * HOUR);
      const over = await call({ method: "GET", url: "/api/wallet/accounts", token: fresh });
      expect([over.status, over.body.code]).toEqual([401, "unauthorized"]);
      expect((await login(p.email)).status).toBe(200);
    });
  },
  { env: { HOUSE_GAMES_SECRET: GAMES_SECRET }, clock },
);
