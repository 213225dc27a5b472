import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../app";
import { loadConfig } from "../../config";
import type { Database } from "../../db/client";
import { assertBooksBalance, dbKinds, openTestDatabase } from "../../test/harness";
import { caller } from "../player/test-support";
import { post } from "../wallet/test-support";
import { ControlledFeed, homeWinOver, matchEvent } from "./test-support";

const config = loadConfig({ APP_ENV: "test", LOG_LEVEL: "silent", BEHIND_CLOUDFLARE: "true" });

for (const kind of dbKinds()) {
  describe(`sportsbook API [${kind}]`, () => {
    let database: Database;
    let app: FastifyInstance;
    let off: FastifyInstance;
    const feed = new ControlledFeed();
    const { call, register } = caller(() => app);

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      app = await buildApp({ config, db: database.db, oddsFeed: feed });
      off = await buildApp({ config, db: database.db });
      await Promise.all([app.ready(), off.ready()]);
      feed.setEvent(matchEvent(1, { home: "Harbor United", away: "Bay Rovers", top: true }));
      feed.setEvent(matchEvent(2, { status: "live", startsAt: new Date(Date.now() - 600_000) }));
      feed.setEvent(matchEvent(3, { sportId: 67 }));
    });
    afterEach(() => assertBooksBalance(database));
    afterAll(async () => {
      await app.close();
      await off.close();
      await database.close();
    });

    /** A registered player with 100 USD and the sportsbook token of the start-game call. */
    async function bettor() {
      const { accessToken, profile } = await register();
      const opened = await call({
        url: "/api/wallet/accounts",
        body: { currency: "USD" },
        token: accessToken,
      });
      const accountId = BigInt(opened.body.data.id);
      await post(database.db, {
        accountId,
        amount: "100",
        kind: "adjustment",
        reference: "test:opening",
        idempotencyKey: `opening:${accountId}`,
      });
      const play = await call({ url: "/api/game/games/sportsbook/play", body: {}, token: accessToken });
      expect(play.status).toBe(200);
      return { accessToken, playerId: profile.id as string, token: play.body.data.token as string };
    }

    const slip = (requestId: string) => ({
      type: "single",
      stake: "10",
      requestId,
      selections: [{ selectionId: "1:1x2:home", odds: "2.10" }],
    });

    it("shows events, an event's markets, sports and search to guests", async () => {
      const list = await call({ method: "GET", url: "/api/sportsbook/events" });
      expect(list.status).toBe(200);
      // Live first, then by start; the main market only.
      expect(list.body.data[0].id).toBe(2);
      expect(list.body.data.every((e: { markets: unknown[] }) => e.markets.length === 1)).toBe(true);
      const live = await call({ method: "GET", url: "/api/sportsbook/events?status=live" });
      expect(live.body.data.map((e: { id: number }) => e.id)).toEqual([2]);
      const top = await call({ method: "GET", url: "/api/sportsbook/events?top=1" });
      expect(top.body.data.map((e: { id: number }) => e.id)).toEqual([1]);
      const event = await call({ method: "GET", url: "/api/sportsbook/events/1" });
      expect(event.body.data).toMatchObject({ home: "Harbor United", marketCount: 2, sportName: "Soccer" });
      expect(event.body.data.markets).toHaveLength(2);
      expect((await call({ method: "GET", url: "/api/sportsbook/events/404" })).status).toBe(404);
      const sports = await call({ method: "GET", url: "/api/sportsbook/sports" });
      expect(sports.body.data).toEqual([
        expect.objectContaining({ id: 66, events: 2, live: 1 }),
        expect.objectContaining({ id: 67, events: 1, live: 0 }),
      ]);
      const found = await call({ method: "GET", url: "/api/game/sport/search?q=harbor" });
      expect(found.body.data.events.map((e: { id: number }) => e.id)).toEqual([1]);
      expect(found.body.data.teams).toEqual([{ name: "Harbor United", sportId: 66, eventIds: [1] }]);
    });

    it("draws the overview's first screen for the site's page, only while the site shows this server's widgets", async () => {
      const drawn = await call({ method: "GET", url: "/api/sportsbook/first-screen?locale=en" });
      expect(drawn.status).toBe(200);
      expect(drawn.body.data.html).toContain("Harbor United");
      expect(drawn.body.data.html).toContain('class="lsb-odd__price"');
      expect(drawn.body.data.script).toMatch(/^\(function\(\)/);
      expect((await off.inject({ method: "GET", url: "/api/sportsbook/first-screen" })).statusCode).toBe(503);
      const elsewhere = await buildApp({
        config: loadConfig({
          APP_ENV: "test",
          LOG_LEVEL: "silent",
          BETTING_PROVIDER_HOST: "https://widgets.example.com",
          BETTING_CLIENT_ID: "operator-1",
        }),
        db: database.db,
        oddsFeed: feed,
      });
      try {
        const refused = await elsewhere.inject({ method: "GET", url: "/api/sportsbook/first-screen" });
        expect([refused.statusCode, refused.json().code]).toEqual([404, "not_found"]);
      } finally {
        await elsewhere.close();
      }
    });

    it("answers 401 to guests on every player call, before reading the body", async () => {
      for (const [method, url] of [
        ["POST", "/api/sportsbook/bets"],
        ["GET", "/api/sportsbook/bets"],
        ["GET", "/api/sportsbook/bets/1"],
        ["POST", "/api/sportsbook/bets/1/cash-out"],
        ["GET", "/api/game/bets"],
        ["POST", "/api/game/games/sportsbook/play"],
      ] as const) {
        const res = await call({ method, url, body: method === "POST" ? {} : undefined });
        expect([url, res.status, res.body.code]).toEqual([url, 401, "unauthorized"]);
      }
      const forged = await call({ method: "GET", url: "/api/sportsbook/bets", token: "not.a.token" });
      expect(forged.status).toBe(401);
    });

    it("takes a bet with the sportsbook token or the access token, and shows it only to its player", async () => {
      const me = await bettor();
      const other = await bettor();
      const placed = await call({ url: "/api/sportsbook/bets", body: slip("route-bet-1"), token: me.token });
      expect(placed.status).toBe(200);
      expect(placed.body.data).toMatchObject({ status: "open", stake: "10", potentialPayout: "21" });
      const id = placed.body.data.id;
      const again = await call({
        url: "/api/sportsbook/bets",
        body: slip("route-bet-1"),
        token: me.accessToken,
      });
      expect(again.body.data.id).toBe(id);
      const mine = await call({ method: "GET", url: `/api/sportsbook/bets/${id}`, token: me.accessToken });
      expect(mine.status).toBe(200);
      expect(mine.body.data.cashOut).toMatch(/^\d+(\.\d+)?$/);
      expect(
        (await call({ method: "GET", url: `/api/sportsbook/bets/${id}`, token: other.token })).status,
      ).toBe(404);
      const open = await call({ method: "GET", url: "/api/sportsbook/bets?status=open", token: me.token });
      expect(open.body.data.map((b: { id: string }) => b.id)).toEqual([id]);
      expect(
        (await call({ method: "GET", url: "/api/sportsbook/bets?status=open", token: other.token })).body
          .data,
      ).toEqual([]);
      // The sportsbook token opens the sportsbook only.
      expect((await call({ method: "GET", url: "/api/wallet/accounts", token: me.token })).status).toBe(401);
    });

    it("refuses with the contract's codes", async () => {
      const me = await bettor();
      const changed = await call({
        url: "/api/sportsbook/bets",
        body: { ...slip("route-bet-2"), selections: [{ selectionId: "1:1x2:home", odds: "2.50" }] },
        token: me.token,
      });
      expect([changed.status, changed.body.code, changed.body.errors]).toEqual([
        409,
        "odds_changed",
        { "1:1x2:home": ["2.10"] },
      ]);
      const broke = await call({
        url: "/api/sportsbook/bets",
        body: { ...slip("route-bet-3"), stake: "500" },
        token: me.token,
      });
      expect([broke.status, broke.body.code]).toEqual([422, "insufficient_funds"]);
      const bad = await call({ url: "/api/sportsbook/bets", body: { type: "single" }, token: me.token });
      expect([bad.status, bad.body.code]).toEqual([422, "validation_error"]);
    });

    it("lists settled bets in the history's bets tab by default, paged", async () => {
      const me = await bettor();
      feed.setEvent(matchEvent(5));
      await call({
        url: "/api/sportsbook/bets",
        body: { ...slip("route-bet-4"), selections: [{ selectionId: "5:1x2:home", odds: "2.10" }] },
        token: me.token,
      });
      const before = await call({ method: "GET", url: "/api/game/bets", token: me.accessToken });
      expect(before.body).toEqual({ data: [], meta: { page: 1, perPage: 20, totalPages: 1, totalRows: 0 } });
      feed.pushResult(5, homeWinOver(5));
      // The module settles on the feed's result update; wait for it.
      for (let i = 0; i < 50; i++) {
        const h = await call({ method: "GET", url: "/api/game/bets", token: me.accessToken });
        if (h.body.data.length > 0) break;
        await new Promise((r) => setTimeout(r, 50));
      }
      const history = await call({
        method: "GET",
        url: "/api/game/bets?page=1&perPage=5",
        token: me.accessToken,
      });
      expect(history.body.data).toEqual([expect.objectContaining({ status: "won", payout: "21" })]);
      expect(history.body.meta).toEqual({ page: 1, perPage: 5, totalPages: 1, totalRows: 1 });
      const open = await call({
        method: "GET",
        url: "/api/game/bets?isSettled=false",
        token: me.accessToken,
      });
      expect(open.body.data).toEqual([]);
    });

    it("cashes out at the offer shown", async () => {
      const me = await bettor();
      feed.setEvent(matchEvent(6));
      const placed = await call({
        url: "/api/sportsbook/bets",
        body: { ...slip("route-bet-5"), selections: [{ selectionId: "6:1x2:draw", odds: "3.40" }] },
        token: me.token,
      });
      const id = placed.body.data.id;
      const offer = placed.body.data.cashOut;
      const wrong = await call({
        url: `/api/sportsbook/bets/${id}/cash-out`,
        body: { amount: "99999.99" },
        token: me.token,
      });
      expect([wrong.status, wrong.body.code, wrong.body.errors]).toEqual([
        409,
        "cash_out_changed",
        { amount: [offer] },
      ]);
      const paid = await call({
        url: `/api/sportsbook/bets/${id}/cash-out`,
        body: { amount: offer },
        token: me.token,
      });
      expect(paid.body.data).toMatchObject({ status: "cashed_out", payout: offer });
    });

    it("answers as switched off without a feed, while past bets still read", async () => {
      const { accessToken } = await register();
      const o = caller(() => off);
      expect((await o.call({ method: "GET", url: "/api/sportsbook/events" })).body.code).toBe(
        "sportsbook_off",
      );
      const place = await o.call({
        url: "/api/sportsbook/bets",
        body: slip("route-bet-6"),
        token: accessToken,
      });
      expect([place.status, place.body.code]).toEqual([503, "sportsbook_off"]);
      expect((await o.call({ method: "GET", url: "/api/game/bets", token: accessToken })).status).toBe(200);
    });
  });
}
