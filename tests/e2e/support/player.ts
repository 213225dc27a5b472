import type { Page } from "playwright-core";
import { baseUrl } from "./base";
import { newPage } from "./browser";

/** What journeys do through the API to set a player up: register, open an account, pay a sandbox deposit. */

export const PLAYER_PASSWORD = "harbor-lights-7";

/** A JSON call to the e2e server (or to the process at `base`); throws with the answer when it is not 2xx. */
export async function call<T>(
  path: string,
  init: { method?: string; body?: unknown; token?: string; base?: string } = {},
) {
  const res = await fetch(`${init.base ?? baseUrl()}${path}`, {
    method: init.method ?? (init.body === undefined ? "GET" : "POST"),
    headers: {
      ...(init.body === undefined ? {} : { "content-type": "application/json" }),
      ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${init.method ?? "GET"} ${path}: ${res.status} ${text}`);
  return (text ? JSON.parse(text) : undefined) as T;
}

/** A new player with a USD account, registered through the API (of the process at `base`, if given). */
export async function registerPlayer(
  prefix: string,
  base?: string,
): Promise<{ email: string; token: string }> {
  const email = `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
  const password = PLAYER_PASSWORD;
  const { accessToken: token } = await call<{ accessToken: string }>("/api/player/register", {
    body: { email, password, password_confirmation: password, agreements: true, currency: "USD" },
    base,
  });
  await call("/api/wallet/accounts", { body: { currency: "USD" }, token, base });
  return { email, token };
}

/**
 * A USD deposit paid through the sandbox checkout (its Pay now button posts to the approve address), on the
 * e2e server or on the process at `base`.
 */
export async function sandboxDeposit(token: string, amount: string, base = baseUrl()): Promise<void> {
  const invoice = await call<{ data: { publicData: { checkoutUrl: string } } }>(
    "/api/payment/invoices/deposit",
    {
      body: {
        method: "sandbox.deposit.card",
        currency: "USD",
        amount,
        customerFields: { firstName: "Ada", lastName: "Lovelace" },
      },
      token,
      base,
    },
  );
  const checkout = new URL(invoice.data.publicData.checkoutUrl);
  const approved = await fetch(`${base}${checkout.pathname}/approve`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "",
    redirect: "manual",
  });
  if (approved.status !== 303) throw new Error(`sandbox approve answered ${approved.status}`);
}

/** A page of the player: the token in the cookie every tab shares, cookies accepted. */
export async function playerPage(token: string, width = 1280): Promise<Page> {
  const mobile = width < 600;
  const page = await newPage({ width, height: mobile ? 844 : 800, isMobile: mobile });
  await page.context().addCookies([{ name: "access_token", value: token, url: baseUrl() }]);
  await page.context().addInitScript(() => localStorage.setItem("cookiesAccepted", "1"));
  return page;
}

export const hydrated = (page: Page) =>
  page.waitForFunction(() => document.documentElement.dataset.hydrated === "true");
