import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { describeEachDb } from "../../test/harness";
import { houseWallet } from "../game/test-support";
import { players } from "../player/tables";
import { caller, manualClock, PASSWORD } from "../player/test-support";
import { house, post } from "../wallet/test-support";
import { effectiveMinutes, nextReminder } from "./reality-check";

const SECRET = "house-games-secret-house-games-secret-0123";
const MINUTE = 60_000;
const clock = manualClock();
const OPTIONS = { intervals: [15, 30, 60, 120], defaultMinutes: 60, defaultCountries: ["GB"] };

describe("the reality check's rules", () => {
  it("is on by default only in the listed countries, and a player's own choice wins", () => {
    expect(effectiveMinutes(null, "GB", OPTIONS)).toBe(60);
    expect(effectiveMinutes(null, "gb", OPTIONS)).toBe(60);
    expect(effectiveMinutes(null, "BR", OPTIONS)).toBe(0);
    expect(effectiveMinutes(null, null, OPTIONS)).toBe(0);
    expect(effectiveMinutes(0, "GB", OPTIONS)).toBe(0);
    expect(effectiveMinutes(15, "BR", OPTIONS)).toBe(15);
  });

  it("reminds at whole intervals after the session's start, always later than now", () => {
    const start = new Date("2026-11-23T10:00:00Z");
    const at = (minutes: number) => new Date(start.getTime() + minutes * MINUTE);
    expect(nextReminder(start, start, 60)).toEqual(at(60));
    expect(nextReminder(start, at(59.99), 60)).toEqual(at(60));
    expect(nextReminder(start, at(60), 60)).toEqual(at(120));
    expect(nextReminder(start, at(75), 30)).toEqual(at(90));
    expect(nextReminder(start, at(-5), 30)).toEqual(at(30));
    expect(nextReminder(start, at(75), 0)).toBeNull();
  });
});

describeEachDb(
  "the reality check (RTS 13)",
  (ctx) => {
    const { call, register, login } = caller(() => ctx().app);

    /**
     * A player with 500 USD. GB is a country the site does not accept players from (spec point 9), so a GB
     * player is one whose row says so (set by hand: registered before, or an operator's change); the tests
     * otherwise use IE, configured here as a default country too.
     */
    async function player(country?: string) {
      const registered = { currency: "USD", ...(country && country !== "GB" ? { country } : {}) };
      const { accessToken: token, profile, email } = await register(undefined, registered);
      if (country === "GB")
        await ctx()
          .database.db.update(players)
          .set({ country })
          .where(eq(players.id, BigInt(profile.id)));
      const opened = await call({ url: "/api/wallet/accounts", body: { currency: "USD" }, token });
      const accountId = BigInt(opened.body.data.id);
      await post(ctx().database.db, {
        at: clock.now(),
        accountId,
        amount: "500",
        kind: "adjustment",
        reference: "test:opening",
        idempotencyKey: `opening:${accountId}`,
      });
      return { token, email, playerId: profile.id as string, accountId, startedAt: clock.now() };
    }

    const { launch, wallet } = houseWallet(() => ctx().app, call, SECRET, clock);
    /** One round on the built-in provider: a stake and, when given, a win. */
    async function round(game: string, stake: string, won?: string) {
      const id = randomUUID();
      const bet = await wallet("bet", {
        token: game,
        transactionId: `${id}-b`,
        roundId: id,
        amount: stake,
        currency: "USD",
      });
      expect(bet.status).toBe("RS_OK");
      if (won)
        await wallet("win", {
          token: game,
          transactionId: `${id}-w`,
          referenceTransactionId: `${id}-b`,
          roundId: id,
          amount: won,
          currency: "USD",
        });
    }

    const get = async (token: string) => {
      const res = await call({ method: "GET", url: "/api/player/reality-check", token });
      expect(res.status).toBe(200);
      return res.body.data;
    };
    const put = (token: string, body: unknown) =>
      call({ method: "PUT", url: "/api/player/reality-check", body, token });
    const minutesAfter = (from: Date, minutes: number) =>
      new Date(from.getTime() + minutes * MINUTE).toISOString();

    /** Moves the clock; the player's 15-minute token is refreshed as the site would. */
    async function later(ms: number, p: { token: string }) {
      clock.advance(ms);
      const renewed = await call({ url: "/api/player/sessions/refresh", token: p.token });
      expect(renewed.status).toBe(200);
      p.token = renewed.body.accessToken;
    }

    it("asks for a session", async () => {
      expect((await call({ method: "GET", url: "/api/player/reality-check" })).status).toBe(401);
      const put = await call({
        method: "PUT",
        url: "/api/player/reality-check",
        body: { intervalMinutes: 15 },
      });
      expect(put.status).toBe(401);
    });

    it("is on every 60 minutes by default for a player from GB (or IE, as configured), off for others until they choose", async () => {
      const uk = await player("GB");
      expect(await get(uk.token)).toEqual({
        intervalMinutes: 60,
        chosen: false,
        choices: [15, 30, 60, 120],
        now: clock.now().toISOString(),
        sessionStartedAt: uk.startedAt.toISOString(),
        nextAt: minutesAfter(uk.startedAt, 60),
        summary: [],
      });
      expect(await get((await player("IE")).token)).toMatchObject({ intervalMinutes: 60, chosen: false });
      for (const country of ["DE", undefined]) {
        const other = await player(country);
        expect(await get(other.token)).toMatchObject({ intervalMinutes: 0, chosen: false, nextAt: null });
      }
    });

    it("sets a reminder and turns it off, which stays off for a player from GB", async () => {
      const p = await player("GB");
      const set = await put(p.token, { intervalMinutes: 30 });
      expect(set.status).toBe(200);
      expect(set.body.data).toMatchObject({
        intervalMinutes: 30,
        chosen: true,
        nextAt: minutesAfter(p.startedAt, 30),
      });
      expect(await get(p.token)).toMatchObject({ intervalMinutes: 30, chosen: true });
      const off = await put(p.token, { intervalMinutes: 0 });
      expect(off.body.data).toMatchObject({ intervalMinutes: 0, chosen: true, nextAt: null });
      expect(await get(p.token)).toMatchObject({ intervalMinutes: 0, nextAt: null });

      const elsewhere = await player("DE");
      expect((await put(elsewhere.token, { intervalMinutes: 120 })).body.data).toMatchObject({
        intervalMinutes: 120,
        nextAt: minutesAfter(elsewhere.startedAt, 120),
      });
    });

    it("refuses anything but 0 or an offered interval, with the one error shape, and changes nothing", async () => {
      const p = await player("IE");
      await put(p.token, { intervalMinutes: 15 });
      for (const body of [
        { intervalMinutes: 45 },
        { intervalMinutes: -15 },
        { intervalMinutes: 1.5 },
        { intervalMinutes: "30" },
        { intervalMinutes: 100_000 },
        {},
      ]) {
        const res = await put(p.token, body);
        expect(res.status).toBe(422);
        expect(res.body.code).toBe("validation_error");
        expect(Object.keys(res.body.errors)).toEqual(["intervalMinutes"]);
      }
      expect(await get(p.token)).toMatchObject({ intervalMinutes: 15, chosen: true });
    });

    it("times the next reminder from the login, keeping its rhythm as the session goes on", async () => {
      const p = await player("IE");
      await put(p.token, { intervalMinutes: 30 });
      await later(14 * MINUTE, p);
      await later(14 * MINUTE, p);
      expect((await get(p.token)).nextAt).toBe(minutesAfter(p.startedAt, 30));
      await later(14 * MINUTE, p);
      expect((await get(p.token)).nextAt).toBe(minutesAfter(p.startedAt, 60));
      await later(18 * MINUTE, p);
      // Exactly on a reminder's time, the one due now is being shown: the next is one interval later.
      expect((await get(p.token)).nextAt).toBe(minutesAfter(p.startedAt, 90));
      // A session refreshed for hours is still one session: its start does not move.
      expect((await get(p.token)).sessionStartedAt).toBe(p.startedAt.toISOString());
    });

    it("sums the real money staked and won since the login, per currency, leaving deposits and older sessions out", async () => {
      const p = await player("IE");
      const game = await launch(p.token);
      await round(game, "10");
      clock.advance(MINUTE);
      const fresh = await login(p.email, PASSWORD);
      expect(fresh.status).toBe(200);
      const since = clock.now();
      await round(game, "30", "20");
      await round(game, "5", "12.5");
      await post(ctx().database.db, {
        at: clock.now(),
        accountId: p.accountId,
        amount: "100",
        kind: "deposit",
        counterparty: house.clearing("sandbox"),
        reference: "test:deposit",
        idempotencyKey: `test:deposit:${p.accountId}`,
      });
      const now = await get(fresh.body.accessToken);
      expect(now.sessionStartedAt).toBe(since.toISOString());
      expect(now.summary).toEqual([{ currency: "USD", staked: "35", won: "32.5", net: "-2.5" }]);
      // The first session counts from its own login: the round before the second login too.
      expect((await get(p.token)).summary).toEqual([
        { currency: "USD", staked: "45", won: "32.5", net: "-12.5" },
      ]);
    });

    it("never shows one player another's play or setting", async () => {
      const a = await player("IE");
      const b = await player("IE");
      await round(await launch(a.token), "25", "40");
      await put(a.token, { intervalMinutes: 15 });
      expect((await get(a.token)).summary).toEqual([{ currency: "USD", staked: "25", won: "40", net: "15" }]);
      expect(await get(b.token)).toMatchObject({ intervalMinutes: 60, chosen: false, summary: [] });
    });
  },
  { env: { HOUSE_GAMES_SECRET: SECRET, REALITY_CHECK_DEFAULT_COUNTRIES: "GB,IE" }, clock },
);
