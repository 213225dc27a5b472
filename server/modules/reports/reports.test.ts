import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import type { PlaceBetBody } from "#common/api/sportsbook";
import { BONUS_CODE_STATUS } from "#common/constants";
import { addAmounts, fromUnits, negate, normalizeAmount, roundAmount, toUnits } from "#common/money";
import { describeEachDb } from "../../test/harness";
import { playerBonuses } from "../bonus/tables";
import { claimCashback } from "../bonus/test-support";
import { houseWallet } from "../game/test-support";
import { CARD_PAYEE, SANDBOX_SECRET, sandboxPaid } from "../payment/test-support";
import { caller, manualClock } from "../player/test-support";
import { recordDayRates } from "../settings";
import { currencies, currencyRateDays } from "../settings/tables";
import {
  ControlledFeed,
  homeWinOver,
  matchEvent,
  placeBet,
  settleEvent,
  sportsbookTestDeps,
} from "../sportsbook/test-support";
import { staffToken } from "../staff/test-support";
import { toCsv } from "./csv";

const SECRET = "house-games-secret-house-games-secret-0123";
const DAY = 86_400_000;
const START = Date.parse("2026-10-01T10:00:00Z");
const clock = manualClock(START);
const dayAt = (n: number) => clock.set(START + (n - 1) * DAY);

const units = (v: string) => toUnits(v) ?? 0n;
const sum = (vs: string[]) => vs.reduce((a, b) => addAmounts(a, b), "0");

describeEachDb(
  "reports",
  (ctx) => {
    const { call, register, login } = caller(() => ctx().app);
    const db = () => ctx().database.db;
    const slot = houseWallet(() => ctx().app, call, SECRET, clock);
    const feed = new ControlledFeed();
    const sportsbook = () => sportsbookTestDeps(db(), feed, { clock }).deps;
    const bonusDeps = () => ({ db: db(), clock, publisher: { publish: async () => undefined } });

    async function newPlayer(currency: string) {
      const { accessToken: token, profile, email } = await register();
      const opened = await call({ url: "/api/wallet/accounts", body: { currency }, token });
      expect(opened.status).toBe(201);
      const switched = await call({
        method: "PUT",
        url: `/api/wallet/accounts/${opened.body.data.id}/switch`,
        token,
      });
      expect(switched.status).toBe(200);
      return { token, email, playerId: BigInt(profile.id), accountId: BigInt(opened.body.data.id), currency };
    }
    /** The player signs in again (a day later their session has expired). */
    async function again(p: { email: string; token: string }) {
      const res = await login(p.email);
      expect(res.status).toBe(200);
      p.token = res.body.accessToken;
    }
    type Player = Awaited<ReturnType<typeof newPlayer>>;

    /** A deposit through the sandbox: the invoice, then the processor's signed "paid" webhook. */
    async function deposit(p: Player, amount: string) {
      const created = await call({
        url: "/api/payment/invoices/deposit",
        body: {
          method: "sandbox.deposit.card",
          currency: p.currency,
          amount,
          customerFields: { firstName: "Ana", lastName: "Silva" },
        },
        token: p.token,
      });
      expect(created.status).toBe(201);
      const [res] = await sandboxPaid(ctx().app, db(), created.body.data.id, { at: clock.now() });
      expect(res!.statusCode).toBe(200);
    }

    let round = 0;
    /** One closed round of the house slot: the stake, then the win (0 for a loss). */
    async function play(p: Player, session: string, stake: string, win: string) {
      const id = `r${++round}-${randomUUID().slice(0, 8)}`;
      const bet = await slot.wallet("bet", {
        token: session,
        transactionId: `${id}-bet`,
        roundId: id,
        amount: stake,
        currency: p.currency,
      });
      expect(bet.status).toBe("RS_OK");
      const won = await slot.wallet("win", {
        token: session,
        transactionId: `${id}-win`,
        referenceTransactionId: `${id}-bet`,
        roundId: id,
        amount: win,
        currency: p.currency,
        roundClosed: true,
      });
      expect(won.status).toBe("RS_OK");
    }

    let nextEvent = 5000;
    async function sportsBet(p: Player, stake: string, result: "home" | "away") {
      const e = feed.setEvent(
        matchEvent(nextEvent++, { startsAt: new Date(clock.now().getTime() + 3_600_000) }),
      );
      const deps = sportsbook();
      await placeBet(deps, p.playerId, {
        type: "single",
        stake,
        oddsPolicy: "none",
        requestId: randomUUID(),
        selections: [{ selectionId: `${e.id}:1x2:home`, odds: "2.10" }],
      } as PlaceBetBody);
      feed.pushResult(
        e.id,
        result === "home"
          ? homeWinOver(e.id)
          : {
              "1x2": {
                [`${e.id}:1x2:home`]: "lost",
                [`${e.id}:1x2:draw`]: "lost",
                [`${e.id}:1x2:away`]: "won",
              },
              "total:2.5": { [`${e.id}:total:2.5:over`]: "lost", [`${e.id}:total:2.5:under`]: "won" },
            },
      );
      await settleEvent(deps, e.id);
      return e.id;
    }

    async function report(path: string, from: string, to: string) {
      const staff = await staffToken(ctx().app, db(), ["risk"], () => clock.now());
      const res = await ctx().app.inject({
        method: "GET",
        url: `/api/admin/reports/${path}?from=${from}&to=${to}`,
        headers: { authorization: `Bearer ${staff.token}` },
      });
      return res;
    }

    /** The month's figures computed on their own from the postings: per (day, currency), then at the day's rate. */
    async function fromLedger(rates: Record<string, Record<string, string>>, base: string) {
      const legs = (
        (await db().execute(sql`
          select to_char((e.created_at at time zone 'UTC')::date, 'YYYY-MM-DD') as day, p.currency, e.kind,
                 p.amount::text as amount
            from ledger_entries e join ledger_postings p on p.entry_id = e.id
           where p.wallet_account_id is not null and p.balance_type = 'real'
             and e.created_at >= '2026-10-01' and e.created_at < '2026-11-01'`)) as unknown as {
          rows: { day: string; currency: string; kind: string; amount: string }[];
        }
      ).rows;
      const groups = new Map<string, { ggr: string; bonus: string }>();
      for (const l of legs) {
        const key = `${l.day}|${l.currency}`;
        const g = groups.get(key) ?? { ggr: "0", bonus: "0" };
        if (["bet", "win", "rollback"].includes(l.kind)) g.ggr = addAmounts(g.ggr, negate(l.amount));
        if (l.kind === "bonus") g.bonus = addAmounts(g.bonus, l.amount);
        groups.set(key, g);
      }
      let ggr = "0";
      let bonusCost = "0";
      for (const [key, g] of groups) {
        const [day, currency] = key.split("|") as [string, string];
        const rate = currency === base ? "1" : rates[currency]![day]!;
        const convert = (v: string) => roundAmount(fromUnits((units(v) * units(rate)) / 10n ** 18n), 2);
        ggr = addAmounts(ggr, convert(g.ggr));
        bonusCost = addAmounts(bonusCost, convert(g.bonus));
      }
      return { ggr, bonusCost, ngr: addAmounts(ggr, negate(bonusCost)) };
    }

    it("reports a scripted month: GGR, NGR and bonus cost match the ledger to the cent; EUR at each day's rate", async () => {
      // EUR is worth 1.10 USD on the 3rd and 1.25 from the 4th (the 5th has no row: the 4th's rate holds).
      await db()
        .insert(currencyRateDays)
        .values([
          { currency: "EUR", day: "2026-10-03", rate: "1.1" },
          { currency: "EUR", day: "2026-10-04", rate: "1.25" },
        ]);
      dayAt(1);
      const ana = await newPlayer("USD");
      await deposit(ana, "200");
      const anaSlot = await slot.launch(ana.token);
      await play(ana, anaSlot, "30", "0");
      await play(ana, anaSlot, "20", "10"); // day 1: stakes 50, wins 10, net loss 40

      // Day 2: yesterday's cashback (10% of 40 = 4 bonus money, wagered 5× = 20) converts to real money.
      dayAt(2);
      await again(ana);
      const cashback = await claimCashback(bonusDeps(), ana.playerId, "USD", null);
      expect(cashback).toMatchObject({ kind: "cashback", amount: "4" });
      const anaSlot2 = await slot.launch(ana.token);
      for (let i = 0; i < 10; i++) await play(ana, anaSlot2, "2", i % 2 === 0 ? "3" : "0"); // stakes 20, wins 15
      const [cb] = await db()
        .select()
        .from(playerBonuses)
        .where(eq(playerBonuses.id, BigInt(cashback.id)));
      expect(cb!.status).toBe(3);
      expect(normalizeAmount(cb!.convertedAmount ?? "0")).toBe("4");

      // Day 3: a 10 USD bonus code, wagered to its end (the wagering nearly done by hand), converts 10.
      dayAt(3);
      await again(ana);
      const code = await call({
        url: "/api/game/bonuses/bonuscodes",
        body: { bonusCode: "WELCOME10", trigger: "manual" },
        token: ana.token,
      });
      expect(code.body.data.status).toBe(BONUS_CODE_STATUS.applied);
      const [bonus] = await db()
        .select()
        .from(playerBonuses)
        .where(eq(playerBonuses.accountId, ana.accountId))
        .orderBy(sql`${playerBonuses.id} desc`)
        .limit(1);
      await db().update(playerBonuses).set({ wagered: "198" }).where(eq(playerBonuses.id, bonus!.id));
      const anaSlot3 = await slot.launch(ana.token);
      await play(ana, anaSlot3, "2", "0");
      const [done] = await db().select().from(playerBonuses).where(eq(playerBonuses.id, bonus!.id));
      expect(done!.status).toBe(3);

      // Bruno plays in EUR on the 3rd and the 4th, at two rates.
      const bruno = await newPlayer("EUR");
      await deposit(bruno, "100");
      const brunoSlot = await slot.launch(bruno.token);
      await play(bruno, brunoSlot, "10", "0"); // day 3: GGR 10 EUR = 11 USD
      dayAt(4);
      await again(bruno);
      const brunoSlot2 = await slot.launch(bruno.token);
      await play(bruno, brunoSlot2, "10", "2"); // day 4: GGR 8 EUR = 10 USD
      dayAt(5);
      await again(bruno);
      const brunoSlot3 = await slot.launch(bruno.token);
      await play(bruno, brunoSlot3, "1.01", "0"); // day 5: GGR 1.01 EUR at the 4th's rate = 1.2625 → 1.26 USD

      // Day 10: sports bets, one won (10 at 2.10 pays 21), one lost; then a withdrawal of 50.
      dayAt(10);
      await again(ana);
      await sportsBet(ana, "10", "home");
      await sportsBet(ana, "5", "away");
      const w = await call({
        url: "/api/payment/invoices/withdrawal",
        body: {
          method: "sandbox.withdrawal.card",
          currency: "USD",
          amount: "50",
          customerFields: { ...CARD_PAYEE },
        },
        token: ana.token,
        headers: { "idempotency-key": randomUUID() },
      });
      expect([200, 201]).toContain(w.status);
      // Day 20: a player who registers but never plays nor deposits; nothing of theirs shows.
      dayAt(20);
      await newPlayer("USD");

      dayAt(32);
      const res = await report("summary", "2026-10-01", "2026-10-31");
      expect(res.statusCode).toBe(200);
      const s = res.json().data;
      const ledger = await fromLedger(
        { EUR: { "2026-10-03": "1.1", "2026-10-04": "1.25", "2026-10-05": "1.25" } },
        "USD",
      );
      expect({ ggr: s.totals.ggr, ngr: s.totals.ngr, bonusCost: s.totals.bonusCost }).toEqual(ledger);
      // And by hand: USD stakes 50 + 20 + 2 + 15 (sports), wins 10 + 15 + 21 → GGR 41; EUR 11 + 10 + 1.26 → 22.26.
      expect(s.totals).toMatchObject({
        stakes: "111.76", // 87 USD + 10 × 1.1 + 10 × 1.25 + 1.01 × 1.25 (1.26)
        wins: "48.5", // 46 USD + 2 × 1.25
        ggr: "63.26",
        bonusCost: "14", // the cashback's 4 and the code's 10, made real
        ngr: "49.26",
        deposits: "310", // 200 USD + 100 EUR × 1.1
        withdrawals: "50",
        firstDeposits: 2,
        firstDepositAmount: "310",
        activePlayers: 2,
      });
      expect(s.baseCurrency).toBe("USD");
      expect(s.days).toHaveLength(31);
      const day = (d: string) => s.days.find((x: { day: string }) => x.day === d);
      expect(day("2026-10-01")).toMatchObject({
        stakes: "50",
        wins: "10",
        ggr: "40",
        deposits: "200",
        activePlayers: 1,
      });
      expect(day("2026-10-02")).toMatchObject({ ggr: "5", bonusCost: "4", ngr: "1" });
      expect(day("2026-10-03")).toMatchObject({
        ggr: "13",
        bonusCost: "10",
        ngr: "3",
        activePlayers: 2,
        firstDeposits: 1,
      });
      expect(day("2026-10-04")).toMatchObject({ ggr: "10" });
      expect(day("2026-10-05")).toMatchObject({ ggr: "1.26" });
      expect(day("2026-10-10")).toMatchObject({ stakes: "15", wins: "21", ggr: "-6", withdrawals: "50" });
      expect(day("2026-10-20")).toMatchObject({ stakes: "0", activePlayers: 0 });
      // The totals are the sums of the days.
      expect(sum(s.days.map((d: { ggr: string }) => d.ggr))).toBe(s.totals.ggr);

      const currencies = (await report("currencies", "2026-10-01", "2026-10-31")).json().data;
      expect(currencies).toEqual([
        expect.objectContaining({ currency: "EUR", ggr: "19.01", ggrBase: "22.26", deposits: "100" }),
        expect.objectContaining({ currency: "USD", ggr: "41", ggrBase: "41", bonusCost: "14", ngr: "27" }),
      ]);
      expect(addAmounts(currencies[0].ggrBase, currencies[1].ggrBase)).toBe(s.totals.ggr);

      const gamesRes = await report("games", "2026-10-01", "2026-10-31");
      expect(gamesRes.statusCode, gamesRes.body).toBe(200);
      const games = gamesRes.json().data;
      expect(games).toHaveLength(1);
      expect(games[0]).toMatchObject({ game: "Harbor Fortune", stakes: "96.76", wins: "27.5", ggr: "69.26" });
      expect(games[0].statedRtp).toMatch(/^\d+(\.\d+)?$/);
      expect(games[0].actualRtp).toBe("28.42"); // 27.5 / 96.76 = 28.42…%
      const sports = (await report("sports", "2026-10-01", "2026-10-31")).json().data;
      expect(sports).toEqual([
        expect.objectContaining({ sportId: 66, bets: 2, stakes: "15", wins: "21", ggr: "-6" }),
      ]);
      const providers = (await report("providers", "2026-10-01", "2026-10-31")).json().data;
      expect(providers).toEqual([expect.objectContaining({ stakes: "96.76", ggr: "69.26" })]);

      // A month before anything happened is all zeros, every day listed.
      const empty = (await report("summary", "2026-09-01", "2026-09-30")).json().data;
      expect(empty.days).toHaveLength(30);
      expect(empty.totals).toMatchObject({ ggr: "0", ngr: "0", activePlayers: 0, firstDeposits: 0 });

      // The CSV of the days: a header, a row a day and the total, money as plain decimals.
      const staff = await staffToken(ctx().app, db(), ["marketing"], () => clock.now());
      const file = await ctx().app.inject({
        method: "GET",
        url: "/api/admin/reports/export?table=days&from=2026-10-01&to=2026-10-31",
        headers: { authorization: `Bearer ${staff.token}` },
      });
      expect(file.statusCode).toBe(200);
      expect(file.headers["content-type"]).toMatch(/^text\/csv/);
      expect(file.headers["content-disposition"]).toBe(
        'attachment; filename="report-days-2026-10-01-2026-10-31.csv"',
      );
      const lines = file.body.trimEnd().split("\r\n");
      expect(lines).toHaveLength(33);
      expect(lines[0]).toBe(
        "day,stakes (USD),wins (USD),ggr (USD),bonusCost (USD),ngr (USD),deposits (USD),withdrawals (USD),firstDeposits,firstDepositAmount (USD),activePlayers,adjustments (USD),referralRewards (USD)",
      );
      expect(lines[1]).toBe("2026-10-01,50,10,40,0,40,200,0,1,200,1,0,0");
      expect(lines[32]).toBe("total,111.76,48.5,63.26,14,49.26,310,50,2,310,2,0,0");
      const gamesCsv = await ctx().app.inject({
        method: "GET",
        url: "/api/admin/reports/export?table=games&from=2026-10-01&to=2026-10-31",
        headers: { authorization: `Bearer ${staff.token}` },
      });
      expect(gamesCsv.body.split("\r\n")[1]).toMatch(
        /^\d+,Harbor Fortune,[^,]+,96\.76,27\.5,69\.26,96\.76,27\.5,28\.42,\d/,
      );
    });

    it("refuses a range that ends before it starts or is longer than a year, and reads nothing", async () => {
      dayAt(40);
      const backwards = await report("summary", "2026-10-31", "2026-10-01");
      expect(backwards.statusCode).toBe(422);
      const long = await report("summary", "2025-01-01", "2026-10-31");
      expect(long.statusCode).toBe(422);
      const bad = await report("summary", "2026-02-30", "2026-03-01");
      expect(bad.statusCode).toBe(422);
      // No year 0 in PostgreSQL (the API fuzz found a 500 there): days start at 1970.
      expect((await report("sports", "0000-02-29", "0000-02-29")).statusCode).toBe(422);
    });

    it("keeps each day's rate: the daily job fills a day once, a refresh of the rates overwrites it", async () => {
      const at = new Date("2026-12-01T08:00:00Z");
      const rateOn = async () =>
        (
          await db()
            .select()
            .from(currencyRateDays)
            .where(sql`${currencyRateDays.currency} = 'EUR' and ${currencyRateDays.day} = '2026-12-01'`)
        )[0]?.rate;
      const [eur] = await db().select().from(currencies).where(eq(currencies.code, "EUR"));
      expect(await recordDayRates(db(), at)).toBeGreaterThan(1);
      expect(Number(await rateOn())).toBe(Number(eur!.rate));
      await db().update(currencies).set({ rate: "2" }).where(eq(currencies.code, "EUR"));
      try {
        expect(await recordDayRates(db(), at)).toBe(0);
        expect(Number(await rateOn())).toBe(Number(eur!.rate));
        await recordDayRates(db(), at, { replace: true });
        expect(Number(await rateOn())).toBe(2);
      } finally {
        await db().update(currencies).set({ rate: eur!.rate }).where(eq(currencies.code, "EUR"));
      }
    });

    it("quotes CSV fields that need it and defuses spreadsheet formulas", () => {
      expect(
        toCsv(
          ["a", "b"],
          [
            ["x,y", 'say "hi"'],
            ["=SUM(A1)", "-1.5"],
            [null, 3],
          ],
        ),
      ).toBe('a,b\r\n"x,y","say ""hi"""\r\n\'=SUM(A1),-1.5\r\n,3\r\n');
    });
  },
  { env: { HOUSE_GAMES_SECRET: SECRET, PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET }, clock },
);
