import { expect, it } from "vitest";
import { INVOICE_STATUS } from "#common/constants";
import { SIGNATURE_HEADER, signWebhook } from "../../providers/payment/signature";
import { describeEachDb } from "../../test/harness";
import { applyReview } from "../documents/test-support";
import { caller } from "../player/test-support";
import { post } from "../wallet/test-support";
import { CARD_PAYEE } from "./test-support";

const SANDBOX_SECRET = "sandbox-webhook-secret-sandbox-webhook-secret";

describeEachDb(
  "wallet and payments API",
  (ctx) => {
    const { call, register } = caller(() => ctx().app);
    const app = () => ctx().app;

    async function playerWithUsd() {
      const { accessToken: token, profile } = await register();
      const opened = await call({ url: "/api/wallet/accounts", body: { currency: "usd" }, token });
      expect(opened.status).toBe(201);
      return { token, playerId: profile.id, accountId: opened.body.data.id as string };
    }
    const card = {
      method: "sandbox.deposit.card",
      currency: "USD",
      customerFields: { firstName: "Ana", lastName: "Silva" },
    };

    it("asks for a session on every wallet and invoice call", async () => {
      for (const [method, url] of [
        ["GET", "/api/wallet/accounts"],
        ["POST", "/api/wallet/accounts"],
        ["GET", "/api/payment/invoices"],
        ["POST", "/api/payment/invoices/deposit"],
        ["PUT", "/api/payment/invoices/1/decline"],
        ["GET", "/api/payment/invoices/statistics"],
      ] as const) {
        const res = await call({ method, url, body: method === "GET" ? undefined : {} });
        expect([url, res.status, res.body.code]).toEqual([url, 401, "unauthorized"]);
      }
    });

    it("opens accounts in enabled currencies only, one per currency, the first one current", async () => {
      const { token } = await playerWithUsd();
      const again = await call({ url: "/api/wallet/accounts", body: { currency: "USD" }, token });
      const eur = await call({ url: "/api/wallet/accounts", body: { currency: "EUR" }, token });
      const bogus = await call({ url: "/api/wallet/accounts", body: { currency: "XXX" }, token });
      expect(bogus.status).toBe(422);
      expect(bogus.body.errors.currency).toBeDefined();
      const list = await call({ method: "GET", url: "/api/wallet/accounts", token });
      expect(
        list.body.data.map((a: { currency: string; isCurrent: boolean }) => [a.currency, a.isCurrent]),
      ).toEqual([
        ["USD", true],
        ["EUR", false],
      ]);
      expect(again.body.data.id).toBe(list.body.data[0].id);
      // Switching makes EUR current; the current one cannot be hidden, the other can.
      expect(
        (await call({ method: "PUT", url: `/api/wallet/accounts/${eur.body.data.id}/switch`, token })).body
          .data.isCurrent,
      ).toBe(true);
      expect(
        (await call({ method: "PUT", url: `/api/wallet/accounts/${eur.body.data.id}/hide`, token })).status,
      ).toBe(409);
      const hidden = await call({
        method: "PUT",
        url: `/api/wallet/accounts/${list.body.data[0].id}/hide`,
        token,
      });
      expect(hidden.body.data).toMatchObject({ currency: "USD", isHidden: true, balance: "0" });
    });

    it("lets nobody switch, hide, read or decline what is another player's", async () => {
      const owner = await playerWithUsd();
      const other = await playerWithUsd();
      const deposit = await call({
        url: "/api/payment/invoices/deposit",
        body: { ...card, amount: "20" },
        token: owner.token,
      });
      expect(deposit.status).toBe(201);
      for (const [method, url] of [
        ["PUT", `/api/wallet/accounts/${owner.accountId}/switch`],
        ["PUT", `/api/wallet/accounts/${owner.accountId}/hide`],
        ["PUT", `/api/payment/invoices/${deposit.body.data.id}/decline`],
      ] as const) {
        expect((await call({ method, url, token: other.token })).status).toBe(404);
      }
      const theirs = await call({ method: "GET", url: "/api/payment/invoices", token: other.token });
      expect(theirs.body.data).toEqual([]);
    });

    it("deposits through the sandbox checkout: the page approves, a signed webhook credits once", async () => {
      const { token } = await playerWithUsd();
      const methods = await call({
        method: "GET",
        url: "/api/payment/methods/deposit?currency=USD&country=DE",
        token,
      });
      expect(methods.body.methods.map((m: { code: string }) => m.code)).toContain("sandbox.deposit.card");
      const created = await call({
        url: "/api/payment/invoices/deposit",
        body: { ...card, amount: "75.50" },
        token,
      });
      expect(created.body.data).toMatchObject({ status: INVOICE_STATUS.pending, number: 1, amount: "75.5" });
      const checkout = new URL(created.body.data.publicData.checkoutUrl);
      const page = await app().inject({ method: "GET", url: checkout.pathname });
      expect(page.headers["content-type"]).toMatch(/text\/html/);
      expect(page.body).toContain("Test mode");
      expect(page.body).toContain("75.5 USD");
      // As a browser sends the page's form: form-encoded, no fields.
      const approved = await app().inject({
        method: "POST",
        url: `${checkout.pathname}/approve`,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "",
      });
      expect(approved.statusCode).toBe(303);
      expect(approved.headers.location).toMatch(new RegExp(`\\?deposit-status=${created.body.data.id}$`));
      const accounts = await call({ method: "GET", url: "/api/wallet/accounts", token });
      expect(accounts.body.data[0].balance).toBe("75.5");
      const invoices = await call({ method: "GET", url: "/api/payment/invoices?type=1&status=2", token });
      expect(invoices.body.data.map((i: { id: string }) => i.id)).toEqual([created.body.data.id]);
      // A second press of the button (or a replayed webhook) pays nothing more.
      await app().inject({ method: "POST", url: `${checkout.pathname}/approve` });
      expect((await call({ method: "GET", url: "/api/wallet/accounts", token })).body.data[0].balance).toBe(
        "75.5",
      );
    });

    it("refuses an unsigned or forged webhook in the error shape", async () => {
      const raw = JSON.stringify({ eventId: "e1", providerRef: "sandbox_x", type: "invoice.paid" });
      const send = (headers: Record<string, string>) =>
        app().inject({
          method: "POST",
          url: "/api/payment/webhooks/sandbox",
          headers: { "content-type": "application/json", ...headers },
          payload: raw,
        });
      const unsigned = await send({});
      const forged = await send({ [SIGNATURE_HEADER]: signWebhook("someone-else", raw, new Date()) });
      for (const res of [unsigned, forged]) {
        expect(res.statusCode).toBe(401);
        expect(res.json()).toMatchObject({ code: "webhook_rejected", errors: {} });
      }
      const signed = await send({ [SIGNATURE_HEADER]: signWebhook(SANDBOX_SECRET, raw, new Date()) });
      expect(signed.json()).toEqual({ received: true, applied: false }); // a ref it does not know
    });

    it("reserves a withdrawal, answers a retried request with the same invoice, and refuses to cancel it once the processor has it", async () => {
      const { token } = await playerWithUsd();
      const deposit = await call({
        url: "/api/payment/invoices/deposit",
        body: { ...card, amount: "100" },
        token,
      });
      await app().inject({
        method: "POST",
        url: `${new URL(deposit.body.data.publicData.checkoutUrl).pathname}/approve`,
      });
      const body = {
        method: "sandbox.withdrawal.card",
        currency: "USD",
        amount: "40",
        customerFields: { ...CARD_PAYEE },
      };
      const key = { "idempotency-key": "withdraw-1" };
      const first = await call({ url: "/api/payment/invoices/withdrawal", body, token, headers: key });
      const retry = await call({ url: "/api/payment/invoices/withdrawal", body, token, headers: key });
      expect(retry.body.data.id).toBe(first.body.data.id);
      expect((await call({ method: "GET", url: "/api/wallet/accounts", token })).body.data[0].balance).toBe(
        "60",
      );
      const declined = await call({
        method: "PUT",
        url: `/api/payment/invoices/${first.body.data.id}/decline`,
        token,
      });
      // Under the review threshold it went straight to the processor, which may pay it out: no refund now.
      expect(first.body.data.cancellable).toBe(false);
      expect(declined.status).toBe(409);
      expect(declined.body).toMatchObject({ code: "invoice_processing", message: expect.any(String) });
      expect((await call({ method: "GET", url: "/api/wallet/accounts", token })).body.data[0].balance).toBe(
        "60",
      );
      const stats = await call({ method: "GET", url: "/api/payment/invoices/statistics", token });
      expect(stats.body.data.deposits).toMatchObject({ successCount: 1, successSums: { USD: "100" } });
    });

    it("scopes an Idempotency-Key to its operation and body: another request with it is refused (422) and changes nothing", async () => {
      const { token, accountId } = await playerWithUsd();
      await post(ctx().database.db, {
        accountId: BigInt(accountId),
        amount: "500",
        kind: "adjustment",
        reference: "test:funding",
        idempotencyKey: `idempotency-scope:${accountId}`,
      });
      const key = { "idempotency-key": `key-${accountId}` };
      const deposit = { ...card, amount: "50" };
      const first = await call({ url: "/api/payment/invoices/deposit", body: deposit, token, headers: key });
      expect(first.status).toBe(201);
      // A withdrawal sent with the deposit's key: refused, nothing reserved, no withdrawal made.
      const withdrawal = await call({
        url: "/api/payment/invoices/withdrawal",
        body: {
          method: "sandbox.withdrawal.card",
          currency: "USD",
          amount: "40",
          customerFields: { ...CARD_PAYEE },
        },
        token,
        headers: key,
      });
      expect([withdrawal.status, withdrawal.body.code]).toEqual([422, "idempotency_key_reused"]);
      expect(withdrawal.body.errors).toEqual({ "Idempotency-Key": [expect.any(String)] });
      // The same deposit again: the same answer.
      const again = await call({ url: "/api/payment/invoices/deposit", body: deposit, token, headers: key });
      expect([again.status, again.body.data.id, again.body.data.number]).toEqual([
        201,
        first.body.data.id,
        first.body.data.number,
      ]);
      // Another body with the key: refused too.
      const other = await call({
        url: "/api/payment/invoices/deposit",
        body: { ...deposit, amount: "60" },
        token,
        headers: key,
      });
      expect([other.status, other.body.code]).toEqual([422, "idempotency_key_reused"]);
      const list = await call({ method: "GET", url: "/api/payment/invoices", token });
      expect(list.body.data.map((i: { id: string }) => i.id)).toEqual([first.body.data.id]);
      expect((await call({ method: "GET", url: "/api/wallet/accounts", token })).body.data[0].balance).toBe(
        "500",
      );
    });

    it("names bad fields of an invoice", async () => {
      const { token } = await playerWithUsd();
      const res = await call({
        url: "/api/payment/invoices/deposit",
        body: { method: "sandbox.deposit.card", currency: "USD", amount: "abc" },
        token,
      });
      expect(res.status).toBe(422);
      expect(Object.keys(res.body.errors)).toContain("amount");
    });
  },
  { env: { PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET } },
);

describeEachDb(
  "withdrawals that need a verified identity",
  (ctx) => {
    const { call, register } = caller(() => ctx().app);

    it("refuses a withdrawal above the threshold until the identity is verified, and lets smaller ones through", async () => {
      const { accessToken: token, profile } = await register();
      const opened = await call({ url: "/api/wallet/accounts", body: { currency: "USD" }, token });
      const accountId = BigInt(opened.body.data.id);
      await post(ctx().database.db, {
        accountId,
        amount: "500",
        kind: "adjustment",
        reference: "test:opening",
        idempotencyKey: `opening:${accountId}`,
      });
      const withdraw = (amount: string) =>
        call({
          url: "/api/payment/invoices/withdrawal",
          body: {
            method: "sandbox.withdrawal.card",
            currency: "USD",
            amount,
            customerFields: { ...CARD_PAYEE },
          },
          token,
        });
      expect((await withdraw("100")).status).toBe(201);
      const refused = await withdraw("150");
      expect([refused.status, refused.body.code]).toEqual([403, "verification_required"]);
      expect((await call({ method: "GET", url: "/api/wallet/accounts", token })).body.data[0].balance).toBe(
        "400",
      );
      await applyReview(ctx().database.db, "sandbox", {
        externalUserId: profile.id,
        status: "verified",
        reason: null,
        at: new Date(),
      });
      expect((await withdraw("150")).status).toBe(201);
    });
  },
  { env: { IDENTITY_VERIFICATION: "sandbox", WITHDRAWAL_VERIFICATION_THRESHOLD: "120" } },
);

describeEachDb(
  "deposits past a cumulative threshold that need a verified identity",
  (ctx) => {
    const { call, register } = caller(() => ctx().app);

    it("lets deposits through until the paid ones add up past the threshold, then asks for verification", async () => {
      const { accessToken: token, profile } = await register();
      await call({ url: "/api/wallet/accounts", body: { currency: "USD" }, token });
      const deposit = (amount: string) =>
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
      /** A deposit paid on the sandbox's checkout page, as the player pays it. */
      const pay = async (amount: string) => {
        const made = await deposit(amount);
        expect(made.status).toBe(201);
        const checkout = new URL(made.body.data.publicData.checkoutUrl);
        const approved = await ctx().app.inject({ method: "POST", url: `${checkout.pathname}/approve` });
        expect(approved.statusCode).toBe(303);
      };
      await pay("150");
      // A pending deposit counts nothing: only money that came in does.
      expect((await deposit("40")).status).toBe(201);
      await pay("40");
      const refused = await deposit("20");
      expect([refused.status, refused.body.code]).toEqual([403, "verification_required"]);
      expect(refused.body.message).toMatch(/deposit more/);
      await applyReview(ctx().database.db, "sandbox", {
        externalUserId: profile.id,
        status: "verified",
        reason: null,
        at: new Date(),
      });
      expect((await deposit("20")).status).toBe(201);
    });
  },
  { env: { IDENTITY_VERIFICATION: "sandbox", DEPOSIT_VERIFICATION_THRESHOLD: "200" } },
);

describeEachDb(
  "withdrawals back where the money came from",
  (ctx) => {
    const { call, register } = caller(() => ctx().app);
    const fromGermany = { "cf-ipcountry": "DE" };

    it("offers and takes only the methods the player deposited with", async () => {
      const { accessToken: token } = await register();
      await call({ url: "/api/wallet/accounts", body: { currency: "EUR" }, token });
      const withdrawalMethods = async () =>
        (
          await call({
            method: "GET",
            url: "/api/payment/methods/withdrawal?currency=EUR",
            token,
            headers: fromGermany,
          })
        ).body.methods.map((m: { code: string }) => m.code);
      expect(await withdrawalMethods()).toEqual([]);
      // Without the rule the same player would see card and SEPA: the filter is what hides them.
      const paid = await call({
        url: "/api/payment/invoices/deposit",
        body: {
          method: "sandbox.deposit.card",
          currency: "EUR",
          amount: "100",
          customerFields: { firstName: "Ana", lastName: "Silva" },
        },
        token,
        headers: fromGermany,
      });
      expect(paid.status).toBe(201);
      const checkout = new URL(paid.body.data.publicData.checkoutUrl);
      expect(
        (await ctx().app.inject({ method: "POST", url: `${checkout.pathname}/approve` })).statusCode,
      ).toBe(303);
      expect(await withdrawalMethods()).toEqual(["sandbox.withdrawal.card"]);
      const withdraw = (method: string) =>
        call({
          url: "/api/payment/invoices/withdrawal",
          body: { method, currency: "EUR", amount: "20", customerFields: { ...CARD_PAYEE, country: "DE" } },
          token,
          headers: fromGermany,
        });
      const sepa = await withdraw("sandbox.withdrawal.sepa");
      expect([sepa.status, sepa.body.errors?.method?.[0]]).toEqual([
        422,
        expect.stringMatching(/deposited with/),
      ]);
      expect((await withdraw("sandbox.withdrawal.card")).status).toBe(201);
    });
  },
  { env: { WITHDRAWALS_TO_SOURCE: "true", BEHIND_CLOUDFLARE: "true" } },
);

describeEachDb(
  "withdrawal methods without the rule of the source",
  (ctx) => {
    const { call, register } = caller(() => ctx().app);
    it("offers every withdrawal method of the currency and country", async () => {
      const { accessToken: token } = await register();
      const methods = await call({
        method: "GET",
        url: "/api/payment/methods/withdrawal?currency=EUR",
        token,
        headers: { "cf-ipcountry": "DE" },
      });
      const codes = methods.body.methods.map((m: { code: string }) => m.code);
      expect(codes).toEqual(expect.arrayContaining(["sandbox.withdrawal.card", "sandbox.withdrawal.sepa"]));
    });
  },
  { env: { BEHIND_CLOUDFLARE: "true" } },
);
