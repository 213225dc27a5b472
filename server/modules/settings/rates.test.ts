import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createCache } from "../../cache";
import type { Database } from "../../db/client";
import { JsonRatesFeed } from "../../providers/rates/port";
import { openTestDatabase } from "../../test/harness";
import { refreshRates, SETTINGS_CACHE } from "./service";
import { currencies } from "./tables";

describe("currency rates", () => {
  let database: Database;
  let url: string;
  const server = createServer((req, res) => {
    res.setHeader("content-type", "application/json");
    if (!req.url?.includes("base=USD")) {
      res.statusCode = 400;
      return res.end("{}");
    }
    res.end('{"base":"USD","timestamp":1,"rates":{"EUR":0.925,"BRL":5.0,"BTC":0.00001,"XYZ":3,"USD":1}}');
  });

  beforeAll(async () => {
    database = await openTestDatabase("pglite");
    await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/latest?base={base}`;
  });
  afterAll(async () => {
    server.close();
    await database.close();
  });

  const rate = async (code: string) =>
    (await database.db.select().from(currencies).where(eq(currencies.code, code)))[0]!.rate;

  it("reads a feed's numbers as decimal text", async () => {
    expect(await new JsonRatesFeed(url).latest("USD")).toMatchObject({ EUR: "0.925", BTC: "0.00001" });
  });

  it("turns quotes per base into base per unit, exactly, and leaves unquoted currencies alone", async () => {
    const before = await rate("TON");
    const cache = createCache({});
    await cache.get(SETTINGS_CACHE, "currencies", async () => "before the refresh");
    const updated = await refreshRates(database.db, new JsonRatesFeed(url), cache);
    // The cached settings are forgotten: the next read sees the new rates.
    expect(await cache.get(SETTINGS_CACHE, "currencies", async () => "after")).toBe("after");
    expect(updated.sort()).toEqual(["BRL", "BTC", "EUR"]);
    expect(await rate("BRL")).toBe("0.200000000000");
    expect(await rate("BTC")).toBe("100000.000000000000");
    expect(await rate("EUR")).toBe("1.081081081081");
    expect(await rate("TON")).toBe(before);
    expect(await rate("USD")).toBe("1.000000000000");
  });

  it("keeps the old rates when the feed fails", async () => {
    const broken = new JsonRatesFeed(url.replace("{base}", "NOPE"));
    await expect(refreshRates(database.db, broken, createCache({}))).rejects.toThrow(/400/);
  });
});
