import type { Page } from "playwright-core";
import { generatePrivateKey, privateKeyToAddress } from "viem/accounts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  HOT_WALLET_KEY,
  LOCAL_CHAIN_ID,
  type LocalChain,
  startLocalChain,
  TEST_XPUB,
} from "../../server/providers/payment/evm-local-chain";
import { LocalPsp } from "../../server/providers/payment/pix/local-psp";
import { makeTestPki } from "../../server/providers/payment/pix/test-certs";
import { useServer } from "./support/base";
import { saveScreenshot, watchPageProblems } from "./support/browser";
import { call, hydrated, playerPage } from "./support/player";
import { type RunningServer, startServer } from "./support/server";
import { liveUpdatesConnected, waitHeaderBalance } from "./support/site";

/**
 * Issue 39: real money in and out through the real processors, each against a local implementation of its
 * public protocol that this file starts: a Pix charge paid at a local API Pix (mutual TLS, OAuth2, cob, webhook,
 * devolução), and ether sent on a local Ethereum chain (Ganache over JSON-RPC) to the player's own address,
 * credited after its confirmations and withdrawn from the hot wallet. The built server is configured only by its
 * PIX_ and ETH_ variables, as an operator would.
 */
const CHAVE = "pix@luckyharbor.example";
const PAYER = { firstName: "Ana", lastName: "Silva", identify_doc_number: "123.456.789-09" };

let server: RunningServer;
let psp: LocalPsp;
let chain: LocalChain;
/** Blocks after a transfer's own before it counts: few, so the journey does not wait. */
const CONFIRMATIONS = 2;

beforeAll(async () => {
  const pki = makeTestPki();
  psp = new LocalPsp({
    clock: { now: () => new Date() },
    tls: { ...pki.server, ca: pki.ca },
    clientId: "casino",
    clientSecret: "pix-client-secret",
    chave: CHAVE,
  });
  const pixUrl = await psp.start();
  chain = await startLocalChain();
  server = await startServer({
    quiet: !process.env.E2E_SERVER_OUTPUT,
    reconcile: true,
    env: {
      PIX_API_URL: pixUrl,
      PIX_CLIENT_ID: "casino",
      PIX_CLIENT_SECRET: "pix-client-secret",
      PIX_CERT: pki.client.cert,
      PIX_KEY: pki.client.key,
      PIX_CA: pki.ca,
      PIX_KEY_CHAVE: CHAVE,
      PIX_REFUNDS_ENABLED: "true",
      ETH_RPC_URL: chain.url,
      ETH_XPUB: TEST_XPUB,
      ETH_CHAIN_ID: String(LOCAL_CHAIN_ID),
      ETH_CONFIRMATIONS: String(CONFIRMATIONS),
      ETH_HOT_WALLET_KEY: HOT_WALLET_KEY,
    },
  });
  useServer(server.baseUrl);
  // The server registers its webhook with the PSP as it starts (PUT /webhook/{chave}).
  const deadline = Date.now() + 30_000;
  while (!psp.registeredWebhook && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  expect(psp.registeredWebhook).toBe(`${server.baseUrl}/api/payment/webhooks/pix`);
}, 180_000);

afterAll(async () => {
  await server?.stop();
  await psp?.stop();
  await chain?.close();
}, 60_000);

/** A new player with an account in `currency`, and their page (the visitor's country as Cloudflare tells it). */
async function newPlayer(
  currency: string,
  country: string,
  width: number,
): Promise<{ page: Page; token: string }> {
  const email = `pay-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = "harbor-lights-7";
  const { accessToken: token } = await call<{ accessToken: string }>("/api/player/register", {
    body: { email, password, password_confirmation: password, agreements: true, currency },
  });
  await call("/api/wallet/accounts", { body: { currency }, token });
  const page = await playerPage(token, width);
  await page.setExtraHTTPHeaders({ "cf-ipcountry": country });
  return { page, token };
}

/** Waits for `testId`; when it never comes, fails with what the cashier shows instead. */
async function shown(page: Page, testId: string) {
  const target = page.getByTestId(testId);
  try {
    await target.waitFor({ timeout: 20_000 });
  } catch (err) {
    await saveScreenshot(page, `failed-${testId}`).catch(() => undefined);
    const text = await page
      .locator("[role=dialog]")
      .allInnerTexts()
      .catch(() => []);
    throw new Error(`${(err as Error).message}\nurl: ${page.url()}\ndialog: ${text.join(" | ")}`);
  }
  return target;
}

/** Opens the cashier on `direction` and picks `method`, with no deposit bonus. */
async function openMethod(page: Page, direction: "deposit" | "withdraw", method: string) {
  await page.goto(`/?wallet=${direction}`);
  await hydrated(page);
  await page.getByTestId(`method-${method}`).click();
  // A first deposit in a currency with offers starts with the welcome bonus chosen: none here.
  if (direction === "deposit") {
    const none = page.getByTestId("deposit-bonus-none");
    const offered = await none
      .waitFor({ timeout: 5_000 })
      .then(() => true)
      .catch(() => false);
    if (offered) await none.locator("input").check();
  }
}

describe.each([1280, 390])("Pix at %ipx", (width) => {
  it("pays a deposit's charge from the bank's app, sees it credited live, and withdraws it back by devolução", async () => {
    const { page, token } = await newPlayer("BRL", "BR", width);
    const problems = watchPageProblems(page);
    await openMethod(page, "deposit", "pix.deposit.pix");
    await liveUpdatesConnected(page);
    await waitHeaderBalance(page, "0");
    await page.getByTestId("wallet-amount").fill("75.50");
    for (const [name, value] of Object.entries(PAYER))
      await page.getByTestId(`wallet-field-${name}`).fill(value);
    await page.getByTestId("wallet-submit").click();

    // The charge's BR Code, as a QR code and as the copy-paste text the player takes to their bank.
    const code = await shown(page, "deposit-address");
    const brCode = (await code.textContent())!.trim();
    const cob = [...psp.cobs.values()].find((c) => c.pixCopiaECola === brCode);
    expect(cob?.valor.original).toBe("75.50");
    await page.getByRole("img", { name: /QR/i }).waitFor();
    await saveScreenshot(page, "pix-charge");

    // The payer's bank pays it; the PSP's webhook reaches the server; the page learns it without a reload.
    // One invoice for one press of the button: the player's first deposit.
    const made = await call<{ data: { number: number; type: number }[] }>("/api/payment/invoices", { token });
    expect(made.data.map((i) => [i.type, i.number])).toEqual([[1, 1]]);
    await psp.pay(cob!.txid);
    await page.locator('[data-testid="deposit-status"][data-status="2"]').waitFor({ timeout: 20_000 });
    await waitHeaderBalance(page, "75.5");

    // Back the way it came: a devolução of that Pix, settled when the PSP says DEVOLVIDO.
    await openMethod(page, "withdraw", "pix.withdrawal.pix");
    await page.getByTestId("wallet-amount").fill("30");
    for (const [name, value] of Object.entries(PAYER)) {
      const field = page.getByTestId(`wallet-field-${name}`);
      if ((await field.inputValue()) !== value) await field.fill(value);
    }
    await page.getByTestId("wallet-submit").click();
    await page.locator('[data-testid="deposit-status"][data-status="1"]').waitFor({ timeout: 20_000 });
    await waitHeaderBalance(page, "45.5");
    const pix = [...psp.pix.values()].find((p) => p.txid === cob!.txid)!;
    expect(pix.devolucoes.map((d) => [d.valor, d.status])).toEqual([["30.00", "EM_PROCESSAMENTO"]]);
    await psp.finishDevolucao(pix.endToEndId, pix.devolucoes[0]!.id, "DEVOLVIDO");
    await page.locator('[data-testid="deposit-status"][data-status="2"]').waitFor({ timeout: 20_000 });
    await waitHeaderBalance(page, "45.5");
    expect(problems).toEqual([]);
    await page.close();
  }, 120_000);
});

describe.each([1280, 390])("Ether on a chain at %ipx", (width) => {
  it("sends ether to the player's own address, sees it credited live after the confirmations, and withdraws from the hot wallet", async () => {
    const { page } = await newPlayer("ETH", "DE", width);
    const problems = watchPageProblems(page);
    await openMethod(page, "deposit", "evm.deposit.eth");
    await liveUpdatesConnected(page);
    await waitHeaderBalance(page, "0");
    // The cashier shows ether in milliether: 50 mETH is 0.05 ETH.
    await page.getByTestId("wallet-amount").fill("50");
    await page.getByTestId("wallet-submit").click();

    const address = (await (await shown(page, "deposit-address")).textContent())!.trim() as `0x${string}`;
    expect(address).toMatch(/^0x[0-9a-fA-F]{40}$/);
    await page.getByRole("img", { name: /QR/i }).waitFor();
    await saveScreenshot(page, "eth-address");

    // The payer sends a little more than asked: what arrived is credited, once its confirmations are in.
    await chain.sendEth(address, "0.06");
    await page.waitForTimeout(6_000);
    expect(await page.getByTestId("header-balance-amount").getAttribute("data-balance")).toBe("0");
    await chain.mine(CONFIRMATIONS);
    await page.locator('[data-testid="deposit-status"][data-status="2"]').waitFor({ timeout: 30_000 });
    await waitHeaderBalance(page, "0.06");

    // Out through the hot wallet to an address of the player's; done when the payout has its confirmations.
    const payee = privateKeyToAddress(generatePrivateKey());
    await openMethod(page, "withdraw", "evm.withdrawal.eth");
    await page.getByTestId("wallet-amount").fill("20");
    await page.getByTestId("wallet-field-walletAddress").fill(payee);
    await page.getByTestId("wallet-submit").click();
    await page.locator('[data-testid="deposit-status"][data-status="1"]').waitFor({ timeout: 20_000 });
    await waitHeaderBalance(page, "0.04");
    const deadline = Date.now() + 30_000;
    while ((await chain.client.getBalance({ address: payee })) === 0n && Date.now() < deadline)
      await new Promise((r) => setTimeout(r, 500));
    expect(await chain.client.getBalance({ address: payee })).toBe(20_000_000_000_000_000n);
    await chain.mine(CONFIRMATIONS);
    await page.locator('[data-testid="deposit-status"][data-status="2"]').waitFor({ timeout: 30_000 });
    expect(problems).toEqual([]);
    await page.close();
  }, 150_000);
});
