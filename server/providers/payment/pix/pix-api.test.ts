import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVOICE_STATUS } from "#common/constants";
import { caller } from "../../../modules/player/test-support";
import { assertBooksBalance, createTestApp, dbKinds, type TestApp } from "../../../test/harness";
import { readBrCode } from "./brcode";
import { PixClient } from "./client";
import { LocalPsp } from "./local-psp";
import { makeTestPki } from "./test-certs";

const CHAVE = "pix@luckyharbor.example";

/** The server configured by PIX_ variables: Pix in the catalogue, and its webhook through the real route. */
for (const kind of dbKinds()) {
  describe(`Pix through the API [${kind}]`, () => {
    let t: TestApp;
    let psp: LocalPsp;
    const clock = { now: () => new Date() };

    beforeAll(async () => {
      const pki = makeTestPki();
      psp = new LocalPsp({
        clock,
        tls: { ...pki.server, ca: pki.ca },
        clientId: "casino",
        clientSecret: "s3cret",
        chave: CHAVE,
        // The PSP calls the registered URL + "/pix"; here it reaches the app in-process.
        deliver: async (url, body) => {
          const res = await t.app.inject({
            method: "POST",
            url: new URL(url).pathname,
            headers: { "content-type": "application/json" },
            payload: body,
          });
          if (res.statusCode !== 200) throw new Error(`webhook answered ${res.statusCode}: ${res.body}`);
        },
      });
      const url = await psp.start();
      const env = {
        PIX_API_URL: url,
        PIX_CLIENT_ID: "casino",
        PIX_CLIENT_SECRET: "s3cret",
        PIX_CERT: pki.client.cert,
        PIX_KEY: pki.client.key,
        PIX_CA: pki.ca,
        PIX_KEY_CHAVE: CHAVE,
        PIX_REFUNDS_ENABLED: "true",
      };
      t = await createTestApp(kind, { env });
      // What the pix-webhook-registration job does at start (jobs do not run in tests).
      const client = new PixClient(
        {
          apiUrl: url,
          oauthUrl: `${url}/oauth/token`,
          clientId: "casino",
          clientSecret: "s3cret",
          ...pki.client,
          ca: pki.ca,
        },
        clock,
      );
      expect(
        (
          await client.call("PUT", `/webhook/${encodeURIComponent(CHAVE)}`, {
            webhookUrl: "https://casino.test/api/payment/webhooks/pix",
          })
        ).status,
      ).toBe(200);
      client.close();
    });
    afterAll(async () => {
      await t?.app.close();
      await t?.database.close();
      await psp?.stop();
    });

    it("offers Pix in BRL to Brazil, credits a paid charge by the PSP's webhook, and withdraws by devolução no more than one Pix paid in", async () => {
      const { call, register } = caller(() => t.app);
      const { accessToken: token } = await register();
      const br = { "cf-ipcountry": "BR" };
      expect((await call({ url: "/api/wallet/accounts", body: { currency: "BRL" }, token })).status).toBe(
        201,
      );
      const methods = await call({
        method: "GET",
        url: "/api/payment/methods/deposit?currency=BRL&country=BR",
        token,
      });
      expect(methods.body.methods.map((m: { code: string }) => m.code)).toContain("pix.deposit.pix");

      const payer = { firstName: "Ana", lastName: "Silva", identify_doc_number: "123.456.789-09" };
      const brl = async () =>
        (
          (await call({ method: "GET", url: "/api/wallet/accounts", token })).body.data as {
            currency: string;
            balance: string;
          }[]
        ).find((x) => x.currency === "BRL")!.balance;
      const deposit = async (amount: string) => {
        const created = await call({
          url: "/api/payment/invoices/deposit",
          body: { method: "pix.deposit.pix", currency: "BRL", amount, customerFields: payer },
          token,
          headers: br,
        });
        expect(created.status).toBe(201);
        const qr = created.body.data.publicData.qr as string;
        expect(readBrCode(qr)).toBeDefined();
        const cob = [...psp.cobs.values()].find((c) => c.pixCopiaECola === qr)!;
        return { id: created.body.data.id as string, cob, pix: await psp.pay(cob.txid) };
      };
      const first = await deposit("75.5");
      expect(first.cob.valor.original).toBe("75.50");
      expect(psp.delivered.at(-1)!.url).toBe("https://casino.test/api/payment/webhooks/pix/pix");
      const list = await call({ method: "GET", url: "/api/payment/invoices", token });
      expect(list.body.data[0]).toMatchObject({
        id: first.id,
        status: INVOICE_STATUS.success,
        amount: "75.5",
      });
      await deposit("30");
      expect(await brl()).toBe("105.5");

      const withdraw = (amount: string) =>
        call({
          url: "/api/payment/invoices/withdrawal",
          body: { method: "pix.withdrawal.pix", currency: "BRL", amount, customerFields: payer },
          token,
          headers: br,
        });
      const tooMuch = await withdraw("80");
      expect([tooMuch.status, tooMuch.body.code, tooMuch.body.errors]).toEqual([
        422,
        "pix_refund_exceeds_paid_in",
        { amount: ["at most 75.5"] },
      ]);
      expect(await brl()).toBe("105.5");
      const w = await withdraw("50");
      expect(w.status).toBe(201);
      expect(await brl()).toBe("55.5");
      const d = psp.pix.get(first.pix.endToEndId)!.devolucoes[0]!;
      await psp.finishDevolucao(first.pix.endToEndId, d.id, "DEVOLVIDO");
      const after = await call({ method: "GET", url: "/api/payment/invoices?type=2", token });
      expect(after.body.data.find((i: { id: string }) => i.id === w.body.data.id)).toMatchObject({
        status: INVOICE_STATUS.success,
      });
      expect(await brl()).toBe("55.5");
      await assertBooksBalance(t.database);
    });
  });
}
