import { createServer, type Server } from "node:http";
import { request } from "node:https";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVOICE_STATUS } from "#common/constants";
import { loadConfig } from "../../../config";
import type { Database } from "../../../db/client";
import { ApiError } from "../../../http/errors";
import { invoices } from "../../../modules/payment/tables";
import {
  applyProcessorEvent,
  applyWebhook,
  createDeposit,
  createWithdrawal,
  noDepositLimits,
  type PaymentDeps,
} from "../../../modules/payment/test-support";
import { openAccount } from "../../../modules/wallet";
import { ledgerEntries, walletAccounts } from "../../../modules/wallet/tables";
import { insertTestPlayer } from "../../../modules/wallet/test-support";
import { assertBooksBalance, dbKinds, openTestDatabase } from "../../../test/harness";
import { WebhookRejected } from "../port";
import { readBrCode } from "./brcode";
import { PixClient } from "./client";
import { LocalPsp } from "./local-psp";
import { PixProcessor } from "./processor";
import { pixSettingsOf } from "./settings";
import { makeTestPki, type TestPki } from "./test-certs";

const CHAVE = "7d9f0335-8dcc-4054-9bf9-0dbd61d36906";
const PAYER = { firstName: "Ana", lastName: "Silva", identify_doc_number: "123.456.789-09" };

/** A TLS request to the local PSP with the given client certificate (or none); answers the status. */
function tryConnect(url: string, ca: string, client?: { cert: string; key: string }): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request(`${url}/oauth/token`, { method: "POST", ca, ...client, agent: false }, (res) => {
      res.resume();
      resolve(res.statusCode ?? 0);
    });
    req.on("error", reject);
    req.end("grant_type=client_credentials");
  });
}

for (const kind of dbKinds()) {
  describe(`Pix processor against a local API Pix [${kind}]`, () => {
    let pki: TestPki;
    let database: Database;
    let psp: LocalPsp;
    let pix: PixProcessor;
    let deps: PaymentDeps;
    let receiver: Server;
    let nowMs = Date.parse("2026-12-03T12:00:00Z");
    const clock = { now: () => new Date(nowMs) };
    const apply = (e: Parameters<typeof applyProcessorEvent>[2]) => applyProcessorEvent(deps, "pix", e);

    beforeAll(async () => {
      pki = makeTestPki();
      database = await openTestDatabase(kind);
      psp = new LocalPsp({
        clock,
        tls: { ...pki.server, ca: pki.ca },
        clientId: "casino",
        clientSecret: "s3cret",
        chave: CHAVE,
        tokenSeconds: 300,
      });
      const pspUrl = await psp.start();
      // The casino's webhook route, as /api/payment/webhooks/:provider/:kind answers it.
      receiver = createServer(async (req, res) => {
        const chunks: Buffer[] = [];
        for await (const c of req) chunks.push(c as Buffer);
        if (req.url !== "/api/payment/webhooks/pix/pix") return void res.writeHead(404).end();
        try {
          const r = await applyWebhook(deps, "pix", req.headers, Buffer.concat(chunks).toString("utf8"));
          res.writeHead(200).end(JSON.stringify(r));
        } catch (err) {
          res.writeHead(err instanceof WebhookRejected ? 401 : 500).end(String(err));
        }
      });
      await new Promise<void>((r) => receiver.listen(0, "127.0.0.1", r));
      const webhookBase = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/api/payment/webhooks/pix`;
      // The processor's connection comes from the configuration, as the server builds it.
      const settings = pixSettingsOf(
        loadConfig({
          APP_ENV: "test",
          PIX_API_URL: pspUrl,
          PIX_CLIENT_ID: "casino",
          PIX_CLIENT_SECRET: "s3cret",
          PIX_CERT: pki.client.cert,
          PIX_KEY: pki.client.key,
          PIX_CA: pki.ca,
          PIX_KEY_CHAVE: CHAVE,
          PIX_REFUNDS_ENABLED: "true",
          PIX_WEBHOOK_URL: webhookBase,
        }),
      )!;
      expect(settings.connection.oauthUrl).toBe(`${pspUrl}/oauth/token`);
      pix = new PixProcessor({
        db: database.db,
        clock,
        client: new PixClient(settings.connection, clock),
        chave: settings.chave,
        refundsEnabled: settings.refundsEnabled,
        webhookUrl: settings.webhookUrl,
        reconcilePageSize: 2,
      });
      deps = {
        db: database.db,
        clock,
        publisher: { publish: async () => {} },
        processors: { pix },
        depositLimits: noDepositLimits,
      };
      await pix.registerWebhook(settings.webhookUrl);
    });
    afterAll(async () => {
      pix?.close();
      await psp?.stop();
      await new Promise((r) => receiver?.close(r));
      await database?.close();
    });

    async function brlPlayer() {
      const playerId = await insertTestPlayer(database.db);
      const account = await openAccount(deps, playerId, "BRL");
      const balance = async () =>
        (
          await database.db
            .select()
            .from(walletAccounts)
            .where(eq(walletAccounts.id, BigInt(account.id)))
        )[0]!.balance;
      return { playerId, balance: async () => Number(await balance()) };
    }
    async function deposit(playerId: bigint, amount: string) {
      const invoice = await createDeposit(deps, playerId, {
        method: "pix.deposit.pix",
        currency: "BRL",
        amount,
        country: "BR",
        customerFields: PAYER,
      });
      const [row] = await database.db
        .select()
        .from(invoices)
        .where(eq(invoices.id, BigInt(invoice.id)));
      return { invoice, txid: row!.providerRef };
    }
    const statusOf = async (id: string) =>
      (
        await database.db
          .select()
          .from(invoices)
          .where(eq(invoices.id, BigInt(id)))
      )[0]!.status;
    const credits = async (id: string) =>
      (
        await database.db
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.reference, `invoice:${id}`))
      ).length;
    const webhook = (body: unknown) => applyWebhook(deps, "pix", {}, JSON.stringify(body));

    it("is refused by the PSP without the client certificate, or with one its CA did not sign", async () => {
      await expect(tryConnect(psp.url, pki.ca)).rejects.toThrow();
      await expect(tryConnect(psp.url, pki.ca, pki.stranger)).rejects.toThrow();
      // With the certificate, the TLS session opens and OAuth decides: no Basic credentials, no token.
      expect(await tryConnect(psp.url, pki.ca, pki.client)).toBe(401);
    });

    it("sends a call again on a new connection when the PSP had closed the kept one", async () => {
      const client = new PixClient(
        {
          apiUrl: psp.url,
          oauthUrl: `${psp.url}/oauth/token`,
          clientId: "casino",
          clientSecret: "s3cret",
          ...pki.client,
          ca: pki.ca,
        },
        clock,
      );
      expect((await client.call("GET", "/cob/LH0000000000000000000000000001")).status).toBe(404);
      const dropped = psp.keptRequestsDropped;
      psp.dropNextKeptRequest = true;
      expect((await client.call("GET", "/cob/LH0000000000000000000000000001")).status).toBe(404);
      expect(psp.keptRequestsDropped - dropped).toBe(1);
      client.close();
    });

    it("obtains one token, reuses it, and obtains another once it has expired", async () => {
      const client = new PixClient(
        {
          apiUrl: psp.url,
          oauthUrl: `${psp.url}/oauth/token`,
          clientId: "casino",
          clientSecret: "s3cret",
          ...pki.client,
          ca: pki.ca,
        },
        clock,
      );
      const before = psp.tokensIssued;
      expect((await client.call("GET", "/pix/E99999008202612031200AAAAAAAAAAA")).status).toBe(404);
      expect((await client.call("GET", "/cob/LH0000000000000000000000000000")).status).toBe(404);
      expect([client.tokensObtained, psp.tokensIssued - before]).toEqual([1, 1]);
      nowMs += 301_000; // past the PSP's 300 s
      expect((await client.call("GET", "/pix/E99999008202612031200AAAAAAAAAAA")).status).toBe(404);
      expect([client.tokensObtained, psp.tokensIssued - before]).toEqual([2, 2]);
      // A client whose clock lags the PSP's: the PSP refuses its token, and it obtains another and carries on.
      const lagging = { now: () => new Date(Date.parse("2026-12-03T12:00:00Z")) };
      const late = new PixClient(
        {
          apiUrl: psp.url,
          oauthUrl: `${psp.url}/oauth/token`,
          clientId: "casino",
          clientSecret: "s3cret",
          ...pki.client,
          ca: pki.ca,
        },
        lagging,
      );
      expect((await late.call("GET", "/pix/E99999008202612031200AAAAAAAAAAA")).status).toBe(404);
      nowMs += 301_000;
      expect((await late.call("GET", "/pix/E99999008202612031200AAAAAAAAAAA")).status).toBe(404);
      expect(late.tokensObtained).toBe(2);
      late.close();
      // Wrong credentials: the PSP gives no token, and the call says why.
      const wrong = new PixClient(
        {
          apiUrl: psp.url,
          oauthUrl: `${psp.url}/oauth/token`,
          clientId: "casino",
          clientSecret: "nope",
          ...pki.client,
          ca: pki.ca,
        },
        clock,
      );
      await expect(wrong.call("GET", "/pix/E99999008202612031200AAAAAAAAAAA")).rejects.toThrow(
        /oauth\/token answered 401/,
      );
      client.close();
      wrong.close();
    });

    it("charges the invoice's amount, shows the BR Code, and credits a paid charge exactly once", async () => {
      const p = await brlPlayer();
      const { invoice, txid } = await deposit(p.playerId, "150.5");
      const cob = psp.cobs.get(txid)!;
      expect(txid).toMatch(/^[a-zA-Z0-9]{26,35}$/);
      expect(cob.valor.original).toBe("150.50");
      expect(cob.devedor).toEqual({ cpf: "12345678909", nome: "Ana Silva" });
      expect(invoice.publicData.qr).toBe(cob.pixCopiaECola);
      expect(invoice.publicData.address).toBe(cob.pixCopiaECola);
      expect(readBrCode(invoice.publicData.qr!)?.get("26")).toContain(cob.location);

      const paid = await psp.pay(txid);
      expect(paid.endToEndId).toMatch(/^E99999008\d{12}[a-zA-Z0-9]{11}$/);
      expect(psp.delivered.at(-1)!.url).toMatch(/\/api\/payment\/webhooks\/pix\/pix$/);
      expect([await statusOf(invoice.id), await p.balance(), await credits(invoice.id)]).toEqual([
        INVOICE_STATUS.success,
        150.5,
        1,
      ]);

      // The same notification again, one that lies about the amount, and one for a Pix the PSP never saw.
      expect(await webhook({ pix: [paid] })).toEqual({ applied: false });
      expect(await webhook({ pix: [{ ...paid, valor: "9999.00" }] })).toEqual({ applied: false });
      expect(await webhook({ pix: [{ ...paid, endToEndId: "E99999008202612031200ZZZZZZZZZZZ" }] })).toEqual({
        applied: false,
      });
      await expect(webhook({ pix: [{ endToEndId: "not-an-e2eid" }] })).rejects.toThrow(WebhookRejected);
      await expect(webhook({ cob: [] })).rejects.toThrow(WebhookRejected);
      expect([await p.balance(), await credits(invoice.id)]).toEqual([150.5, 1]);
      await assertBooksBalance(database);
    });

    it("does not credit a forged notification naming an unpaid charge's txid", async () => {
      const p = await brlPlayer();
      const { invoice, txid } = await deposit(p.playerId, "25");
      const forged = {
        endToEndId: "E99999008202612031200FORGED00001",
        txid,
        valor: "25.00",
        horario: clock.now().toISOString(),
      };
      expect(await webhook({ pix: [forged] })).toEqual({ applied: false });
      expect([await statusOf(invoice.id), await p.balance()]).toEqual([INVOICE_STATUS.pending, 0]);
    });

    it("credits a Pix whose webhook was lost by listing received Pix, once, whatever arrives later", async () => {
      const p = await brlPlayer();
      psp.loseWebhooks = true;
      const paid = [];
      for (const amount of ["10", "20", "30"]) {
        const { invoice, txid } = await deposit(p.playerId, amount);
        paid.push({ invoice, pix: await psp.pay(txid) });
      }
      psp.loseWebhooks = false;
      expect(await p.balance()).toBe(0);
      // Three Pix on pages of two: the listing is read to its last page.
      expect(await pix.reconcile(apply)).toBe(3);
      expect(await p.balance()).toBe(60);
      expect(await psp.notify(paid.map((x) => x.pix))).toBe(true);
      expect(await pix.reconcile(apply)).toBe(0);
      for (const x of paid)
        expect([await statusOf(x.invoice.id), await credits(x.invoice.id)]).toEqual([
          INVOICE_STATUS.success,
          1,
        ]);
      expect(await p.balance()).toBe(60);
      await assertBooksBalance(database);
    });

    it("withdraws by devolução of Pix paid in, never more, and settles by the devolução's final status", async () => {
      const p = await brlPlayer();
      const first = await deposit(p.playerId, "150.50");
      const firstPix = await psp.pay(first.txid);
      nowMs += 60_000;
      const second = await deposit(p.playerId, "40");
      const secondPix = await psp.pay(second.txid);
      expect(await p.balance()).toBe(190.5);
      const withdraw = (amount: string) =>
        createWithdrawal(deps, p.playerId, {
          method: "pix.withdrawal.pix",
          currency: "BRL",
          amount,
          country: "BR",
          customerFields: PAYER,
        });

      // More than any one Pix paid in: refused with the largest that can go back, and nothing stays reserved.
      const tooMuch = await withdraw("160").catch((e) => e);
      expect(tooMuch).toBeInstanceOf(ApiError);
      expect([tooMuch.status, tooMuch.code, tooMuch.message]).toEqual([
        422,
        "pix_refund_exceeds_paid_in",
        "A Pix withdrawal returns a Pix you paid in: at most 150.5 BRL in one withdrawal",
      ]);
      expect(await p.balance()).toBe(190.5);

      // 100 goes back from the first Pix (the newer one has only 40); DEVOLVIDO by webhook settles it.
      const w1 = await withdraw("100");
      expect(await p.balance()).toBe(90.5);
      const d1 = psp.pix.get(firstPix.endToEndId)!.devolucoes[0]!;
      expect([d1.valor, d1.status, d1.natureza]).toEqual(["100.00", "EM_PROCESSAMENTO", "ORIGINAL"]);
      expect(await statusOf(w1.id)).toBe(INVOICE_STATUS.pending);
      await psp.finishDevolucao(firstPix.endToEndId, d1.id, "DEVOLVIDO");
      expect([await statusOf(w1.id), await p.balance()]).toEqual([INVOICE_STATUS.success, 90.5]);

      // Now 50.50 and 40 are left: 60 fits neither.
      expect((await withdraw("60").catch((e) => e)).message).toContain("at most 50.5 BRL");

      // 40 goes back from the second Pix; the bank refuses it and the webhook is lost: the status job fails the
      // withdrawal, which gives the 40 back, and the Pix's 40 can be asked for again.
      const w2 = await withdraw("40");
      expect(psp.pix.get(secondPix.endToEndId)!.devolucoes).toHaveLength(1);
      psp.loseWebhooks = true;
      await psp.finishDevolucao(
        secondPix.endToEndId,
        `LHW${w2.id}`,
        "NAO_REALIZADO",
        "Conta do pagador encerrada",
      );
      psp.loseWebhooks = false;
      expect(await p.balance()).toBe(50.5);
      expect(await pix.followRefunds(apply)).toBe(1);
      expect(await pix.followRefunds(apply)).toBe(0);
      const [failed] = await database.db
        .select()
        .from(invoices)
        .where(eq(invoices.id, BigInt(w2.id)));
      expect([failed!.status, failed!.failureReason]).toEqual([
        INVOICE_STATUS.failure,
        "The bank could not return the Pix: Conta do pagador encerrada",
      ]);
      expect(await p.balance()).toBe(90.5);
      const w3 = await withdraw("40");
      expect(psp.pix.get(secondPix.endToEndId)!.devolucoes.map((d) => d.status)).toEqual([
        "NAO_REALIZADO",
        "EM_PROCESSAMENTO",
      ]);
      expect(await statusOf(w3.id)).toBe(INVOICE_STATUS.pending);

      // The PSP refuses a devolução (its own rules): the withdrawal is refused at once and nothing stays reserved.
      psp.refuseDevolucoes = "Conta do pagador encerrada";
      const refused = await withdraw("30").catch((e) => e);
      psp.refuseDevolucoes = undefined;
      expect([refused.status, refused.code, refused.message]).toEqual([
        422,
        "pix_refund_refused",
        "The bank refused to return the Pix: Conta do pagador encerrada",
      ]);
      expect(await p.balance()).toBe(50.5);
      // 91 days on, no Pix of theirs may be returned any more.
      nowMs += 91 * 24 * 3600_000;
      expect((await withdraw("20").catch((e) => e)).message).toBe(
        "A Pix withdrawal returns a Pix you paid in, and there is none left to return",
      );
      expect(await p.balance()).toBe(50.5);
      await assertBooksBalance(database);
    });

    it("offers Pix withdrawals only with refunds on", () => {
      expect(pix.methods.map((m) => m.code)).toEqual(["pix.deposit.pix", "pix.withdrawal.pix"]);
      const off = new PixProcessor({
        db: database.db,
        clock,
        client: undefined as never,
        chave: CHAVE,
        refundsEnabled: false,
      });
      expect(off.methods.map((m) => m.code)).toEqual(["pix.deposit.pix"]);
    });
  });
}
