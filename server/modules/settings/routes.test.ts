import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { seedDemo } from "../../db/seed";
import { describeEachDb } from "../../test/harness";
import { refreshRates, SETTINGS_CACHE } from "./service";
import { countries, currencies, locales } from "./tables";

interface Currency {
  code: string;
  type: string;
  isEnabled: boolean;
  isBase: boolean;
  subunitToUnit: number;
  rate: { rate: string };
  subCurrencies: { code: string; subunitToUnit: number }[];
}

describeEachDb("settings API", (ctx) => {
  const get = async (url: string) => {
    const res = await ctx().app.inject(url);
    return { status: res.statusCode, body: res.json(), headers: res.headers };
  };

  it("lists fiat and crypto currencies, base first, rates as decimal strings", async () => {
    const { status, body, headers } = await get("/api/settings/currencies");
    expect(status).toBe(200);
    expect(headers["cache-control"]).toBe("public, max-age=900");
    const list = body.data as Currency[];
    expect(list[0]).toMatchObject({ code: "USD", isBase: true, rate: { rate: "1" }, subunitToUnit: 100 });
    expect(list.filter((c) => c.isBase)).toHaveLength(1);
    const btc = list.find((c) => c.code === "BTC")!;
    expect(btc).toMatchObject({ type: "crypto", rate: { rate: "95000" } });
    expect(btc.subCurrencies).toEqual([{ code: "mBTC", subunitToUnit: 1000 }]);
    expect(list.find((c) => c.code === "ETH")!.subCurrencies).toEqual([
      { code: "mETH", subunitToUnit: 1000 },
    ]);
    expect(list.find((c) => c.code === "EUR")!.rate.rate).toBe("1.08");
    const types = list.map((c) => c.type);
    expect(types.lastIndexOf("fiat")).toBeLessThan(types.indexOf("crypto"));
  });

  it("offers only enabled currencies with visible=true", async () => {
    const all = (await get("/api/settings/currencies")).body.data as Currency[];
    const visible = (await get("/api/settings/currencies?visible=true")).body.data as Currency[];
    expect(all.some((c) => c.code === "PKR" && !c.isEnabled)).toBe(true);
    expect(visible.map((c) => c.code)).not.toContain("PKR");
    expect(visible.every((c) => c.isEnabled)).toBe(true);
    expect(visible.length).toBe(all.length - all.filter((c) => !c.isEnabled).length);
  });

  it("refuses a bad visible value in the one error shape", async () => {
    const { status, body } = await get("/api/settings/currencies?visible=maybe");
    expect(status).toBe(422);
    expect(body).toMatchObject({ code: "validation_error", errors: { visible: [expect.any(String)] } });
  });

  it("lists every ISO country with name, locale and restrict flag", async () => {
    const list = (await get("/api/settings/countries")).body.data as {
      code: string;
      name: string;
      locale: string;
      restrict: boolean;
    }[];
    expect(list).toHaveLength(249);
    expect(list.find((c) => c.code === "BR")).toEqual({
      code: "BR",
      name: "Brazil",
      locale: "pt-BR",
      restrict: false,
    });
    expect(
      list
        .filter((c) => c.restrict)
        .map((c) => c.code)
        .sort(),
    ).toEqual(["AW", "CW", "FR", "GB", "MF", "NL", "UM", "US"]);
  });

  it("lists the site's locales with exactly one default", async () => {
    const list = (await get("/api/settings/locales")).body.data as { code: string; isDefault: boolean }[];
    expect(list.map((l) => l.code)).toEqual(["en", "ru", "pt-br"]);
    expect(list.filter((l) => l.isDefault)).toEqual([expect.objectContaining({ code: "en" })]);
  });

  it("serves every constant group with the spec's numbers, and the time zones", async () => {
    const data = (await get("/api/settings/constants")).body.data;
    expect(data["payment.invoiceStatuses"]).toEqual({ pending: 1, success: 2, failure: 3 });
    expect(data["payment.invoiceTypes"]).toEqual({ deposit: 1, withdrawal: 2 });
    expect(data["game.playerBonus.status"]).toEqual({ issued: 1, active: 2, finished: 3 });
    expect(data["game.playerBonus.result"]).toEqual({ played: 2, canceled: 3, expired: 4, lost: 5 });
    expect(data["game.playerFreespin.result"]).toEqual({ played: 2, canceled: 3, expired: 4, lost: 5 });
    for (const group of [
      "player.playerStatuses",
      "player.document.status",
      "game.bet.status",
      "game.playerFreespin.status",
    ]) {
      expect(Object.keys(data[group]).length).toBeGreaterThan(1);
    }
    const zones = data["player.timeZone"] as { id: string; name: string }[];
    expect(zones.length).toBeGreaterThan(300);
    expect(zones).toContainEqual({ id: "Europe/Moscow", name: "(UTC+03:00) Europe/Moscow" });
    expect(zones[0]!.name.startsWith("(UTC-")).toBe(true);
  });

  it("says what the first paint needs from the visitor's country", async () => {
    const init = async (headers: Record<string, string>) =>
      (await ctx().app.inject({ url: "/api/player/init", headers })).json();
    expect(await init({ "cf-ipcountry": "BR" })).toEqual({
      country: "BR",
      isRestricted: false,
      currency: "BRL",
      locale: "pt-br",
      // Tests run outside production: the built-in verification sandbox is on, the documents page shown.
      verification: { mode: "sandbox", documentsPageHidden: false },
      // No provider configured: the built-in sportsbook widgets, from our own host.
      sportsbook: { enabled: true, provider: "built-in", scriptUrl: "/sportsbook/sdk.js", apiBase: "" },
      // LOYALTY_ENABLED defaults to true: /loyalty and its menu entries are shown.
      loyalty: { enabled: true },
      // No chat widget configured: the built-in chat, for signed-in players only (CHAT_GUEST_ENABLED is off).
      chat: { provider: "built-in", guestEnabled: false },
      // REFERRAL_ENABLED defaults to true: /referral and its menu entries are shown.
      referral: { enabled: true },
      // AFFILIATE_TAG_DAYS defaults to the spec's 30.
      affiliateTagDays: 30,
      // No analytics keys configured: nothing to load; consent is asked by default (ANALYTICS_REQUIRE_CONSENT).
      analytics: { requireConsent: true },
    });
    expect(await init({ "cf-ipcountry": "GB" })).toMatchObject({
      country: "GB",
      isRestricted: true,
      currency: "USD",
    });
    expect(await init({ "cf-ipcountry": "KZ" })).toMatchObject({ currency: "KZT", locale: "ru" });
    expect(await init({})).toMatchObject({
      country: null,
      isRestricted: false,
      currency: "USD",
      locale: "en",
    });
    expect(await init({ "cf-ipcountry": "XX", "accept-language": "ru-RU,ru;q=0.9,en;q=0.8" })).toMatchObject({
      country: null,
      locale: "ru",
    });
    // A disabled currency is never the default: Pakistan falls back to the base currency.
    expect(await init({ "cf-ipcountry": "PK" })).toMatchObject({ currency: "USD" });
    const res = await ctx().app.inject({ url: "/api/player/init" });
    expect(res.headers["cache-control"]).toBe("no-store");
  });

  it("seeds idempotently and keeps an operator's changes", async () => {
    const { db } = ctx().database;
    await db.update(countries).set({ restrict: true }).where(eq(countries.code, "DE"));
    const count = async () =>
      Promise.all(
        [currencies, countries, locales].map(
          async (t) => (await db.select({ n: sql<number>`count(*)::int` }).from(t))[0]!.n,
        ),
      );
    const before = await count();
    await seedDemo(db);
    await seedDemo(db);
    expect(await count()).toEqual(before);
    const [de] = await db.select().from(countries).where(eq(countries.code, "DE"));
    expect(de!.restrict).toBe(true);
  });

  it("serves currencies from memory until a rates refresh invalidates them", async () => {
    const { db } = ctx().database;
    const eur = async () =>
      ((await get("/api/settings/currencies")).body.data as Currency[]).find((c) => c.code === "EUR")!.rate
        .rate;
    const before = await eur();
    // A change nobody announces is not seen: the answer comes from memory.
    await db.update(currencies).set({ rate: "2" }).where(eq(currencies.code, "EUR"));
    expect(await eur()).toBe(before);
    // The rates job changes and announces: the next answer has the feed's rate.
    const feed = { latest: async () => ({ EUR: "0.5" }) };
    expect(await refreshRates(db, feed, ctx().cache)).toContain("EUR");
    expect(await eur()).toBe("2");
    await db.update(currencies).set({ rate: before }).where(eq(currencies.code, "EUR"));
    await ctx().cache.invalidate(SETTINGS_CACHE.name);
    expect(await eur()).toBe(before);
  });

  it("answers unknown calls in the error shape", async () => {
    const { status, body } = await get("/api/settings/nothing");
    expect(status).toBe(404);
    expect(body).toMatchObject({ code: "not_found", errors: {} });
  });
});
