// `npm run screenshots [-- /path ...]`: full-page PNGs of the built site at desktop (1280px) and phone (390px)
// widths, dark and light, into .cache/screenshots/, for a person to look at before a change lands. Tests never
// compare pixels; this is for eyes. SCREENSHOT_VIEWPORT_ONLY=1 shoots only the first screen. A path may carry
// a visitor country after `@`, e.g. `/@US` (the geo-restricted layout). SCREENSHOT_LOGIN=1 registers a
// player first and shoots every page logged in (the token goes into each context's access_token cookie).
// SCREENSHOT_PLAYER=1 does the same with a player who holds money in a few currencies and some history;
// `{deposit}` in a path stands for that player's pending crypto deposit (`/?deposit-status={deposit}`).
import { mkdirSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "playwright-core";
import { startServer } from "../tests/e2e/support/server";

const targets = process.argv.slice(2).length
  ? process.argv.slice(2)
  : ["/", "/static/terms", "/questions", "/contact", "/no-such-page", "/@US"];
const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
const outDir = process.env.SCREENSHOT_DIR ?? join(".cache", "screenshots");
mkdirSync(outDir, { recursive: true });

const server = await startServer({ quiet: true });

/** A fresh player's access token, when SCREENSHOT_LOGIN=1. */
async function playerToken(): Promise<string | undefined> {
  if (process.env.SCREENSHOT_LOGIN !== "1") return undefined;
  const password = "Screenshot-Harbor-42";
  const res = await fetch(`${server.baseUrl}/api/player/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: `alexander.${Date.now().toString(36)}@example.com`,
      password,
      password_confirmation: password,
      agreements: true,
    }),
  });
  if (!res.ok) throw new Error(`registration for screenshots failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { accessToken: string }).accessToken;
}
const player = process.env.SCREENSHOT_PLAYER === "1" ? await seedPlayer(server.baseUrl) : undefined;
const token = player?.token ?? (await playerToken());
const browser = await chromium.launch({
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
try {
  for (const target of targets) {
    const [path = "/", country] = target.split("@");
    for (const width of [1280, 390]) {
      for (const scheme of ["dark", "light"] as const) {
        const context = await browser.newContext({
          viewport: { width, height: width > 528 ? 800 : 844 },
          isMobile: width <= 528,
          hasTouch: width <= 528,
          colorScheme: scheme,
          extraHTTPHeaders: country ? { "cf-ipcountry": country } : undefined,
        });
        // The cookie notice would cover the page on every shot; the colour mode is the player's choice.
        await context.addInitScript((mode) => {
          localStorage.setItem("cookiesAccepted", "1");
          localStorage.setItem("colorMode", mode);
        }, scheme);
        if (token)
          await context.addCookies([
            { name: "access_token", value: token, url: server.baseUrl, sameSite: "Lax" },
          ]);
        const page = await context.newPage();
        const at = (path || "/").replace("{deposit}", player?.deposit ?? "");
        await page.goto(`${server.baseUrl}${at}`, { waitUntil: "networkidle" });
        await page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
        // The preloader fades out after load; shoot the page, not the overlay.
        await page
          .locator("#preloader")
          .waitFor({ state: "detached" })
          .catch(() => {});
        const name = `${token ? "player-" : ""}${(path || "/").replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}${country ? `-${country}` : ""}`;
        // Modals and lazy parts settle after hydration.
        if (player) await page.waitForTimeout(1200);
        const file = join(outDir, `${name}-${width}-${scheme}.png`);
        await page.screenshot({ path: file, fullPage: process.env.SCREENSHOT_VIEWPORT_ONLY !== "1" });
        console.log(file);
        await context.close();
      }
    }
  }
} finally {
  await browser.close();
  await server.stop();
}

/** A player with a USD balance, EUR and BTC accounts, a pending withdrawal and a crypto deposit waiting. */
async function seedPlayer(base: string): Promise<{ token: string; deposit: string }> {
  const password = "harbor-lights-7";
  const reg = await fetch(`${base}/api/player/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      email: `shots-${Date.now()}@example.com`,
      password,
      password_confirmation: password,
      agreements: true,
      currency: "USD",
    }),
  });
  const { accessToken: token } = (await reg.json()) as { accessToken: string };
  const call = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${base}/api${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    return (await res.json()) as { data: { id: string; publicData: { checkoutUrl?: string } } };
  };
  const pay = async (currency: string, method: string, amount: string, customerFields = {}) => {
    const r = await call("POST", "/payment/invoices/deposit", { method, amount, currency, customerFields });
    return r.data;
  };
  const approve = (url?: string) => url && fetch(`${url}/approve`, { method: "POST", redirect: "manual" });
  for (const c of ["USD", "EUR", "BTC"]) await call("POST", "/wallet/accounts", { currency: c });
  const names = { firstName: "Ada", lastName: "Lovelace" };
  await approve((await pay("USD", "sandbox.deposit.card", "250", names)).publicData.checkoutUrl);
  await approve((await pay("EUR", "sandbox.deposit.card", "120", names)).publicData.checkoutUrl);
  await pay("USD", "sandbox.deposit.card", "40", names);
  await call("POST", "/payment/invoices/withdrawal", {
    method: "sandbox.withdrawal.card",
    amount: "60",
    currency: "USD",
    customerFields: {
      ...names,
      address: "1 Harbour St",
      city: "London",
      postalCode: "E1 6AN",
      country: "GB",
    },
  });
  const btc = await pay("BTC", "crypto.deposit.btc", "0.0125");
  // The address arrives by webhook a moment later: approve that one, then leave a second one pending.
  await new Promise((r) => setTimeout(r, 2500));
  const paid = await call("GET", "/payment/invoices?type=1&currency=BTC");
  const data = (paid as unknown as { data: { id: string; publicData: { checkoutUrl?: string } }[] }).data;
  await approve(data.find((i) => i.id === btc.id)?.publicData.checkoutUrl);
  const pending = await pay("BTC", "crypto.deposit.btc", "0.004");
  await new Promise((r) => setTimeout(r, 2500));
  return { token, deposit: pending.id };
}
