import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { expect, it } from "vitest";
import { BONUS_CODE_STATUS, PLAYER_BONUS_RESULT, PLAYER_BONUS_STATUS } from "#common/constants";
import { describeEachDb } from "../../test/harness";
import { domainFacts } from "../facts/tables";
import { roundLedgerProblems } from "../game";
import { houseWallet } from "../game/test-support";
import { SANDBOX_SECRET, sandboxPaid } from "../payment/test-support";
import { caller, freshCpf, manualClock } from "../player/test-support";
import { walletAccounts } from "../wallet/tables";
import { house as houseAccount, houseBalance, post } from "../wallet/test-support";
import { cashbackOf, claimCashback } from "./cashback";
import { expireBonuses } from "./player-bonuses";
import { bonusCodes, bonusDefinitions, playerBonuses } from "./tables";
import { contributionOf } from "./wagering";

const SECRET = "house-games-secret-house-games-secret-0123";
// A Saturday: the weekend reload is offered (from a second deposit) on Saturdays and Sundays only.
const clock = manualClock(Date.parse("2026-11-28T10:00:00Z"));
const card = {
  method: "sandbox.deposit.card",
  currency: "USD",
  customerFields: { firstName: "Ana", lastName: "Silva" },
};

describeEachDb(
  "bonuses",
  (ctx, kind) => {
    const player = caller(() => ctx().app);
    const { call, register } = player;
    const db = () => ctx().database.db;
    const hw = houseWallet(() => ctx().app, call, SECRET, clock);
    const dice = houseWallet(() => ctx().app, call, SECRET, clock, "harbor-dice");
    const deps = () => ({ db: db(), clock, publisher: { publish: async () => undefined } });

    async function newPlayer() {
      const { accessToken: token, profile } = await register();
      const opened = await call({ url: "/api/wallet/accounts", body: { currency: "USD" }, token });
      expect(opened.status).toBe(201);
      return { token, playerId: BigInt(profile.id), accountId: BigInt(opened.body.data.id) };
    }
    const defId = async (pageIdentity: string) =>
      String(
        (
          await db().select().from(bonusDefinitions).where(eq(bonusDefinitions.pageIdentity, pageIdentity))
        )[0]!.id,
      );
    const account = async (id: bigint) =>
      (await db().select().from(walletAccounts).where(eq(walletAccounts.id, id)))[0]!;
    const bonusesOf = async (accountId: bigint) =>
      db()
        .select()
        .from(playerBonuses)
        .where(eq(playerBonuses.accountId, accountId))
        .orderBy(playerBonuses.id);

    /** The sandbox processor's signed "paid" webhook for an invoice, as many times as asked, all at once. */
    const paid = (invoiceId: string, times = 1) =>
      sandboxPaid(ctx().app, db(), invoiceId, { at: clock.now(), times });
    async function deposit(token: string, amount: string, bonusId?: string, times = 1) {
      const created = await call({
        url: "/api/payment/invoices/deposit",
        body: { ...card, amount, bonusId },
        token,
      });
      expect(created.status).toBe(201);
      await paid(created.body.data.id, times);
      return created.body.data.id as string;
    }
    let round = 0;
    /** One closed round on a house game: stake, then the win (0 for a loss). */
    async function play(w: typeof hw, session: string, stake: string, win: string) {
      const id = `b${++round}-${randomUUID().slice(0, 8)}`;
      const bet = await w.wallet("bet", {
        token: session,
        transactionId: `${id}-bet`,
        roundId: id,
        amount: stake,
        currency: "USD",
      });
      if (bet.status !== "RS_OK") return bet;
      return w.wallet("win", {
        token: session,
        transactionId: `${id}-win`,
        referenceTransactionId: `${id}-bet`,
        roundId: id,
        amount: win,
        currency: "USD",
        roundClosed: true,
      });
    }

    it("offers the weekend reload on Saturdays and Sundays in the player's time zone, from a second deposit: the offers, the statuses and the deposit agree (issue 36)", async () => {
      const p = await newPlayer();
      const reload = await defId("weekend-reload");
      const offered = async () =>
        (
          await call({ method: "GET", url: "/api/game/bonuses?currency=USD&amount=100", token: p.token })
        ).body.data.map((b: { pageIdentity: string }) => b.pageIdentity);
      const status = async () =>
        (await call({ method: "GET", url: `/api/game/bonuses/status?bonusIds=${reload}`, token: p.token }))
          .body.data[0].status;
      const start = clock.now().getTime();
      /** Moves the clock; the player's short-lived token is refreshed as the site would. */
      const at = async (iso: string) => {
        clock.set(Date.parse(iso));
        const renewed = await call({ url: "/api/player/sessions/refresh", token: p.token });
        expect(renewed.status).toBe(200);
        p.token = renewed.body.accessToken;
      };
      try {
        // A first deposit, on the Saturday: not offered, and refused if sent.
        expect(await offered()).not.toContain("weekend-reload");
        expect(await status()).toBe("unavailable");
        const first = await call({
          url: "/api/payment/invoices/deposit",
          body: { ...card, amount: "100", bonusId: reload },
          token: p.token,
        });
        expect([first.status, first.body.code]).toEqual([422, "bonus_not_available"]);
        await deposit(p.token, "100");
        expect(await offered()).toContain("weekend-reload");
        expect(await status()).toBe("available");
        // Tuesday 10:00 UTC: not offered, not taken.
        await at("2026-12-01T10:00:00Z");
        expect(await offered()).not.toContain("weekend-reload");
        expect(await status()).toBe("unavailable");
        const tuesday = await call({
          url: "/api/payment/invoices/deposit",
          body: { ...card, amount: "100", bonusId: reload },
          token: p.token,
        });
        expect([tuesday.status, tuesday.body.code]).toEqual([422, "bonus_not_available"]);
        // Sunday 23:30 UTC is Monday in Moscow: the player's own day counts.
        await at("2026-11-29T23:30:00Z");
        expect(await offered()).toContain("weekend-reload");
        await call({
          method: "PUT",
          url: "/api/player/profile",
          body: { timeZone: "Europe/Moscow" },
          token: p.token,
        });
        expect(await offered()).not.toContain("weekend-reload");
        // Its text says when.
        const guest = await call({ method: "GET", url: "/api/game/bonuses?currency=USD" });
        const text = guest.body.data.find(
          (b: { pageIdentity: string }) => b.pageIdentity === "weekend-reload",
        );
        expect(text.description).toContain("on Saturday and Sunday, from your second deposit on");
      } finally {
        clock.set(start);
      }
    });

    it("offers deposit bonuses by amount and currency, with the match capped; guests see the package's first step", async () => {
      const guest = await call({ method: "GET", url: "/api/game/bonuses" });
      expect(guest.status).toBe(200);
      expect(guest.body.data.map((b: { pageIdentity: string }) => b.pageIdentity)).toContain(
        "welcome-deposit-1",
      );
      const { token } = await newPlayer();
      const small = await call({ method: "GET", url: "/api/game/bonuses?currency=USD&amount=10", token });
      expect(small.body.data).toEqual([]); // below every threshold
      const mid = await call({ method: "GET", url: "/api/game/bonuses?currency=USD&amount=50", token });
      // The first deposit: welcome step 1 (100% of 50); steps 2–4 not yet, the reload not with a first deposit.
      expect(
        mid.body.data.map((b: { pageIdentity: string; reward: string }) => [b.pageIdentity, b.reward]),
      ).toEqual([["welcome-deposit-1", "50"]]);
      const big = await call({ method: "GET", url: "/api/game/bonuses?currency=USD&amount=1000", token });
      const rewards = Object.fromEntries(
        big.body.data.map((b: { pageIdentity: string; reward: string }) => [b.pageIdentity, b.reward]),
      );
      expect(rewards).toEqual({ "welcome-deposit-1": "200", "high-roller": "250" });
      // A currency not listed qualifies through the base-currency threshold at its rate (BTC at 95000 USD).
      const btc = await call({ method: "GET", url: "/api/game/bonuses?currency=BTC&amount=0.0001", token });
      expect(btc.body.data).toEqual([]);
    });

    it("issues the chosen bonus once when the deposit is paid, even when the webhook comes 5 times at once", async () => {
      const p = await newPlayer();
      const refused = await call({
        url: "/api/payment/invoices/deposit",
        body: { ...card, amount: "10", bonusId: await defId("welcome-deposit-1") },
        token: p.token,
      });
      expect([refused.status, refused.body.code]).toEqual([422, "bonus_not_available"]);
      await deposit(p.token, "100", await defId("welcome-deposit-1"), 5);
      const rows = await bonusesOf(p.accountId);
      expect(rows.map((r) => [r.status, r.amount, r.wageringRequired])).toEqual([
        [PLAYER_BONUS_STATUS.active, "100.000000000000000000", "3000.000000000000000000"],
      ]);
      const a = await account(p.accountId);
      expect([Number(a.balance), Number(a.bonusBalance)]).toEqual([100, 100]);
      const list = await call({ method: "GET", url: "/api/game/player-bonuses", token: p.token });
      expect(list.body.data).toMatchObject([
        { status: 2, amount: "100", kind: "deposit", maxBetAmount: "5", wagered: "0" },
      ]);
      const accounts = await call({ method: "GET", url: "/api/wallet/accounts", token: p.token });
      expect(accounts.body.data[0]).toMatchObject({ balance: "100", bonusBalance: "100" });
      // The welcome step is taken: the next deposit is offered step 2.
      const status = await call({
        method: "GET",
        url: `/api/game/bonuses/status?bonusIds=${await defId("welcome-deposit-1")},${await defId("welcome-deposit-2")}`,
        token: p.token,
      });
      expect(status.body.data.map((s: { status: string }) => s.status)).toEqual(["taken", "available"]);
    });

    it("bets real money first, sends the bonus part of a win to the bonus balance, and counts stakes by contribution", async () => {
      const p = await newPlayer();
      await deposit(p.token, "20", await defId("welcome-deposit-1")); // 20 real + 20 bonus, wager 600
      const slot = await hw.launch(p.token);
      expect((await play(hw, slot, "5", "0")).balance).toBe("35"); // real 15, bonus 20
      let a = await account(p.accountId);
      expect([Number(a.balance), Number(a.bonusBalance)]).toEqual([15, 20]);
      // 15 real + 5 bonus stake at once is above the max bet of 5: refused while wagering.
      const tooBig = await play(hw, slot, "20", "0");
      expect(tooBig.status).toBe("RS_ERROR_LIMIT_REACHED");
      for (let i = 0; i < 3; i++) await play(hw, slot, "5", "0"); // real 0, bonus 20
      // A stake of bonus money only: its win of 8 goes to the bonus balance.
      await play(hw, slot, "4", "8");
      a = await account(p.accountId);
      expect([Number(a.balance), Number(a.bonusBalance)]).toEqual([0, 24]);
      // A dice round counts 10%.
      const d = await dice.launch(p.token);
      await play(dice, d, "5", "0");
      const [b] = await bonusesOf(p.accountId);
      expect(Number(b!.wagered)).toBe(5 * 4 + 4 + 0.5);
      expect(contributionOf(b!.contribution, "sportsbook", "10", "1.4")).toBe("0");
      expect(contributionOf(b!.contribution, "sportsbook", "10", "2.1")).toBe("10");
    });

    it("converts once the wagering is done, capped at the conversion multiple; the rest goes back to bonus cost", async () => {
      const p = await newPlayer();
      await deposit(p.token, "20", await defId("welcome-deposit-1")); // bonus 20, cap 5× = 100
      // Make it nearly wagered, with a large bonus balance, as long play would.
      const [b] = await bonusesOf(p.accountId);
      await db().update(playerBonuses).set({ wagered: "598" }).where(eq(playerBonuses.id, b!.id));
      await post(db(), {
        accountId: p.accountId,
        amount: "-20",
        kind: "adjustment",
        reference: "test",
        idempotencyKey: `t:${p.accountId}:out`,
      });
      const cost = await houseBalance(db(), houseAccount.bonusCost, "USD");
      const slot = await hw.launch(p.token);
      // Bonus-money stake of 2 wins 200: bonus balance 218, wagering reaches 600 → converts 100.
      await play(hw, slot, "2", "200");
      const [done] = await bonusesOf(p.accountId);
      expect([done!.status, done!.result, Number(done!.convertedAmount)]).toEqual([
        PLAYER_BONUS_STATUS.finished,
        PLAYER_BONUS_RESULT.played,
        100,
      ]);
      const a = await account(p.accountId);
      expect([Number(a.balance), Number(a.bonusBalance)]).toEqual([100, 0]);
      expect(Number(await houseBalance(db(), houseAccount.bonusCost, "USD")) - Number(cost)).toBe(118);
    });

    it("cancels: an active bonus forfeits its bonus balance, real money stays; a withdrawal waits for it", async () => {
      const p = await newPlayer();
      await deposit(p.token, "100", await defId("welcome-deposit-1"));
      const withdraw = await call({
        url: "/api/payment/invoices/withdrawal",
        body: {
          method: "sandbox.withdrawal.card",
          amount: "30",
          currency: "USD",
          customerFields: {
            firstName: "Ana",
            lastName: "Silva",
            address: "Rua 1",
            city: "Rio",
            postalCode: "20000",
            country: "BR",
          },
        },
        token: p.token,
      });
      expect([withdraw.status, withdraw.body.code, withdraw.body.errors]).toEqual([
        409,
        "bonus_active",
        expect.anything(),
      ]);
      const [b] = await bonusesOf(p.accountId);
      const other = await newPlayer();
      const stranger = await call({
        method: "PUT",
        url: `/api/game/player-bonuses/${b!.id}/cancel`,
        body: {},
        token: other.token,
      });
      expect(stranger.status).toBe(404);
      const cancelled = await call({
        method: "PUT",
        url: `/api/game/player-bonuses/${b!.id}/cancel`,
        body: {},
        token: p.token,
      });
      expect(cancelled.body.data).toMatchObject({ status: 3, result: PLAYER_BONUS_RESULT.canceled });
      const a = await account(p.accountId);
      expect([Number(a.balance), Number(a.bonusBalance)]).toEqual([100, 0]);
      const list = await call({ method: "GET", url: "/api/game/player-bonuses", token: p.token });
      expect(list.body.data).toEqual([]); // only statuses 1 and 2 stay
    });

    it("a win whose bonus part arrives after its bonus ended: that money goes back to bonus cost, and the round still reconciles", async () => {
      const p = await newPlayer();
      await deposit(p.token, "20", await defId("welcome-deposit-1")); // 20 real + 20 bonus
      const slot = await hw.launch(p.token);
      for (let i = 0; i < 4; i++) await play(hw, slot, "5", "0"); // real 0, bonus 20
      // A stake of bonus money only, its round still open when the player cancels the bonus.
      const id = `late-${randomUUID().slice(0, 8)}`;
      const staked = await hw.wallet("bet", {
        token: slot,
        transactionId: `${id}-bet`,
        roundId: id,
        amount: "4",
        currency: "USD",
      });
      expect(staked.status).toBe("RS_OK");
      const [b] = await bonusesOf(p.accountId);
      const cancelled = await call({
        method: "PUT",
        url: `/api/game/player-bonuses/${b!.id}/cancel`,
        body: {},
        token: p.token,
      });
      expect(cancelled.body.data).toMatchObject({ result: PLAYER_BONUS_RESULT.canceled });
      const won = await hw.wallet("win", {
        token: slot,
        transactionId: `${id}-win`,
        referenceTransactionId: `${id}-bet`,
        roundId: id,
        amount: "10",
        currency: "USD",
        roundClosed: true,
      });
      expect(won.status).toBe("RS_OK");
      // The win paid its bonus part to the bonus balance; with no bonus left, it went straight back.
      const a = await account(p.accountId);
      expect([Number(a.balance), Number(a.bonusBalance)]).toEqual([0, 0]);
      // What the round moved is its bet and its win; the late money's way back is the bonus's, not the round's.
      expect(await roundLedgerProblems(db())).toEqual([]);
    });

    it("keeps a second bonus issued while one is active, and activates it when asked after the first ends", async () => {
      const p = await newPlayer();
      await deposit(p.token, "100", await defId("welcome-deposit-1"));
      await deposit(p.token, "100", await defId("weekend-reload"));
      const [first, second] = await bonusesOf(p.accountId);
      expect([first!.status, second!.status]).toEqual([2, 1]);
      // The player's notice reads the fact: the first started at once, the second waits (issue 36).
      const facts = await db()
        .select({ data: domainFacts.data })
        .from(domainFacts)
        .where(eq(domainFacts.kind, "bonus.issued"));
      const activeOf = (id: unknown) =>
        facts
          .map((f) => f.data as { playerBonusId: string; active?: boolean })
          .find((d) => d.playerBonusId === String(id))?.active;
      expect([activeOf(first!.id), activeOf(second!.id)]).toEqual([true, false]);
      const busy = await call({
        method: "PUT",
        url: `/api/game/player-bonuses/${second!.id}/activate`,
        body: {},
        token: p.token,
      });
      expect([busy.status, busy.body.code]).toEqual([409, "bonus_active"]);
      await call({
        method: "PUT",
        url: `/api/game/player-bonuses/${first!.id}/cancel`,
        body: {},
        token: p.token,
      });
      const ok = await call({
        method: "PUT",
        url: `/api/game/player-bonuses/${second!.id}/activate`,
        body: {},
        token: p.token,
      });
      expect(ok.body.data).toMatchObject({ status: 2, amount: "50" });
      expect(Number((await account(p.accountId)).bonusBalance)).toBe(50);
    });

    it("expires an issued bonus not activated in time and an active one not wagered in time", async () => {
      const p = await newPlayer();
      await deposit(p.token, "100", await defId("welcome-deposit-1"));
      await deposit(p.token, "100", await defId("weekend-reload"));
      clock.advance(31 * 86_400_000);
      try {
        expect(await expireBonuses(deps())).toBeGreaterThanOrEqual(2);
      } finally {
        clock.advance(-31 * 86_400_000);
      }
      const rows = await bonusesOf(p.accountId);
      expect(rows.map((r) => [r.status, r.result])).toEqual([
        [3, PLAYER_BONUS_RESULT.expired],
        [3, PLAYER_BONUS_RESULT.expired],
      ]);
      expect(Number((await account(p.accountId)).bonusBalance)).toBe(0);
    });

    it("answers bonus codes: incorrect, not available, applied once per player, and a deposit code waits for the deposit", async () => {
      const p = await newPlayer();
      const redeem = (bonusCode: string, trigger = "manual", token = p.token) =>
        call({ url: "/api/game/bonuses/bonuscodes", body: { bonusCode, trigger }, token });
      expect((await redeem("NOPE")).body.data.status).toBe(BONUS_CODE_STATUS.incorrect);
      expect((await redeem("RELOAD50", "manual")).body.data.status).toBe(BONUS_CODE_STATUS.notAvailable);
      const [one, two] = await Promise.all([redeem("welcome10"), redeem("WELCOME10")]);
      expect([one.body.data.status, two.body.data.status].sort()).toEqual([
        BONUS_CODE_STATUS.applied,
        BONUS_CODE_STATUS.notAvailable,
      ]);
      expect((await bonusesOf(p.accountId)).map((b) => [b.kind, Number(b.amount), b.status])).toEqual([
        ["code", 10, 2],
      ]);
      const waiting = await redeem("RELOAD50", "deposit");
      expect(waiting.body.data.status).toBe(BONUS_CODE_STATUS.waiting);
      const listed = await call({
        method: "GET",
        url: "/api/game/bonuses/bonuscodes?trigger=deposit",
        token: p.token,
      });
      expect(listed.body.data.map((c: { code: string }) => c.code)).toEqual(["RELOAD50"]);
      await deposit(p.token, "40");
      const rows = await bonusesOf(p.accountId);
      expect(rows.map((b) => [b.kind, Number(b.amount), b.status])).toEqual([
        ["code", 10, 2],
        ["code", 20, 1],
      ]);
    });

    it("previews a code with nothing changed: what it gives, its wagering, and that it holds withdrawals", async () => {
      const p = await newPlayer();
      const preview = (bonusCode: string, trigger = "manual", token = p.token) =>
        call({ url: "/api/game/bonuses/bonuscodes/preview", body: { bonusCode, trigger }, token });
      const money = await preview("welcome10");
      expect(money.status).toBe(200);
      const def = (await db().select().from(bonusCodes).where(eq(bonusCodes.code, "WELCOME10")))[0]!;
      const usedBefore = def.usedCount;
      expect(money.body.data).toMatchObject({
        status: null,
        code: "WELCOME10",
        gives: "bonus",
        amount: "10",
        currency: "USD",
        holdsWithdrawals: true,
      });
      expect(Number(money.body.data.wagerAmount)).toBe(10 * Number(money.body.data.wageringMultiplier));
      // Nothing redeemed, nothing counted.
      expect(await bonusesOf(p.accountId)).toEqual([]);
      const [after] = await db().select().from(bonusCodes).where(eq(bonusCodes.code, "WELCOME10"));
      expect(after!.usedCount).toBe(usedBefore);
      expect((await preview("NOPE")).body.data).toMatchObject({
        status: BONUS_CODE_STATUS.incorrect,
        holdsWithdrawals: false,
      });
      expect((await preview("RELOAD50")).body.data.status).toBe(BONUS_CODE_STATUS.notAvailable);
      expect((await preview("RELOAD50", "deposit")).body.data).toMatchObject({
        status: null,
        gives: "deposit",
        amount: null,
      });
      expect((await preview("FREESPINS20")).body.data).toMatchObject({
        status: null,
        gives: "spins",
        amount: null,
      });
      // Once redeemed, the preview says what redeeming again would: not available.
      await call({
        url: "/api/game/bonuses/bonuscodes",
        body: { bonusCode: "WELCOME10", trigger: "manual" },
        token: p.token,
      });
      expect((await preview("WELCOME10")).body.data.status).toBe(BONUS_CODE_STATUS.notAvailable);
      expect(
        (await call({ url: "/api/game/bonuses/bonuscodes/preview", body: { bonusCode: "WELCOME10" } }))
          .status,
      ).toBe(401);
    });

    it("redeems a registration code at sign-up only: a wrong one is the form's field error and creates nobody", async () => {
      const email = `signup-${randomUUID().slice(0, 8)}@example.com`;
      const body = (bonusCode: string) => ({
        email,
        password: "Harbor-Tide-4821",
        password_confirmation: "Harbor-Tide-4821",
        agreements: true,
        currency: "USD",
        bonusCode,
      });
      const wrong = await call({ url: "/api/player/register", body: body("NOPE") });
      expect(wrong.status).toBe(422);
      expect(wrong.body.errors.bonusCode).toEqual(["This bonus code is not correct"]);
      const manual = await call({ url: "/api/player/register", body: body("WELCOME10") });
      expect(manual.body.errors.bonusCode).toEqual(["This bonus code is not available"]);
      expect((await player.login(email)).status).not.toBe(200);

      const ok = await call({ url: "/api/player/register", body: body("harbor10") });
      expect(ok.status).toBe(201);
      const listed = await call({
        method: "GET",
        url: "/api/game/player-bonuses",
        token: ok.body.accessToken,
      });
      expect(listed.body.data.map((b: { kind: string; amount: string }) => [b.kind, b.amount])).toEqual([
        ["code", "10"],
      ]);
      // Typed again later, a sign-up code is not available, for this player or any other.
      const again = await call({
        url: "/api/game/bonuses/bonuscodes",
        body: { bonusCode: "HARBOR10", trigger: "registration" },
        token: ok.body.accessToken,
      });
      expect(again.body.data.status).toBe(BONUS_CODE_STATUS.notAvailable);
      const other = await newPlayer();
      const late = await call({
        url: "/api/game/bonuses/bonuscodes",
        body: { bonusCode: "HARBOR10", trigger: "registration" },
        token: other.token,
      });
      expect(late.body.data.status).toBe(BONUS_CODE_STATUS.notAvailable);
      expect(await bonusesOf(other.accountId)).toEqual([]);
    });

    it("gives no registration bonus to a player who declined bonuses at sign-up (receiveBonus=false)", async () => {
      const signUp = (receiveBonus: boolean) =>
        call({
          url: "/api/player/register",
          // Brazil's rules show the "I want to receive bonuses" checkbox (decision 0061).
          headers: { "cf-ipcountry": "BR" },
          body: {
            email: `bonus-${randomUUID().slice(0, 8)}@example.com`,
            password: "Harbor-Tide-4821",
            password_confirmation: "Harbor-Tide-4821",
            agreements: true,
            currency: "USD",
            bonusCode: "HARBOR10",
            cpf_number: freshCpf(),
            fullName: "Ana Souza",
            receiveBonus,
          },
        });
      const bonusesAfter = async (res: Awaited<ReturnType<typeof signUp>>) =>
        (await call({ method: "GET", url: "/api/game/player-bonuses", token: res.body.accessToken })).body
          .data;
      const declined = await signUp(false);
      expect(declined.status).toBe(201);
      expect(declined.body.profile.receiveBonus).toBe(false);
      expect(await bonusesAfter(declined)).toEqual([]);
      const wanted = await signUp(true);
      expect((await bonusesAfter(wanted)).map((b: { kind: string }) => b.kind)).toEqual(["code"]);
      // Nor is a declining player offered deposit bonuses, nor may they pick one or redeem a code later.
      const offers = async (res: Awaited<ReturnType<typeof signUp>>) =>
        (
          await call({
            method: "GET",
            url: "/api/game/bonuses?currency=USD&amount=100",
            token: res.body.accessToken,
          })
        ).body.data as { id: string }[];
      const offeredToWanted = await offers(wanted);
      expect(offeredToWanted.length).toBeGreaterThan(0);
      expect(await offers(declined)).toEqual([]);
      const statuses = await call({
        method: "GET",
        url: `/api/game/bonuses/status?bonusIds=${offeredToWanted[0]!.id}`,
        token: declined.body.accessToken,
      });
      expect(statuses.body.data[0].status).toBe("unavailable");
      const code = await call({
        url: "/api/game/bonuses/bonuscodes",
        body: { bonusCode: "WELCOME10", trigger: "manual" },
        token: declined.body.accessToken,
      });
      expect(code.body.data.status).toBe(BONUS_CODE_STATUS.notAvailable);
      expect(await bonusesAfter(declined)).toEqual([]);
      // The wish is the player's to change in the profile, both ways, and the offers follow it at once.
      const wish = async (res: Awaited<ReturnType<typeof signUp>>, receiveBonus: unknown) =>
        call({
          method: "PUT",
          url: "/api/player/profile",
          body: { receiveBonus },
          token: res.body.accessToken,
        });
      expect((await wish(declined, "yes")).status).toBe(422);
      const changed = await wish(declined, true);
      expect(changed.body.receiveBonus).toBe(true);
      expect((await offers(declined)).map((o) => o.id)).toEqual(offeredToWanted.map((o) => o.id));
      expect((await wish(wanted, false)).body.receiveBonus).toBe(false);
      expect(await offers(wanted)).toEqual([]);
    });

    it("grants a code past its usage limit exactly as often as allowed", async () => {
      await db()
        .update(bonusCodes)
        .set({ usageLimit: 3, usedCount: 0 })
        .where(eq(bonusCodes.code, "WELCOME10"));
      const players = await Promise.all(Array.from({ length: 8 }, () => newPlayer()));
      const answers = await Promise.all(
        players.map((p) =>
          call({
            url: "/api/game/bonuses/bonuscodes",
            body: { bonusCode: "WELCOME10", trigger: "manual" },
            token: p.token,
          }),
        ),
      );
      const statuses = answers.map((a) => a.body.data.status);
      expect(statuses.filter((s) => s === BONUS_CODE_STATUS.applied)).toHaveLength(3);
      expect(statuses.filter((s) => s === BONUS_CODE_STATUS.notAvailable)).toHaveLength(5);
      const [code] = await db().select().from(bonusCodes).where(eq(bonusCodes.code, "WELCOME10"));
      expect(code!.usedCount).toBe(3);
      await db().update(bonusCodes).set({ usageLimit: 1000 }).where(eq(bonusCodes.code, "WELCOME10"));
    });

    it("pays cashback on last period's net losses (wins counted), once", async () => {
      const p = await newPlayer();
      await deposit(p.token, "100");
      const slot = await hw.launch(p.token);
      await play(hw, slot, "30", "0");
      await play(hw, slot, "20", "10"); // net loss 40
      const today = await call({
        method: "GET",
        url: "/api/game/bonuses/cashback?currency=USD",
        token: p.token,
      });
      expect(today.body.data).toMatchObject({ netLoss: "0", claimable: false });
      clock.advance(86_400_000);
      try {
        const offer = await cashbackOf(deps(), p.playerId, "USD");
        expect(offer).toMatchObject({ netLoss: "40", percent: 10, amount: "4", claimable: true });
        const [a, b] = await Promise.all([0, 1].map(() => claimCashback(deps(), p.playerId, "USD", null)));
        expect(a!.id).toBe(b!.id);
        expect(a).toMatchObject({ kind: "cashback", amount: "4", status: 2, wageringRequired: "20" });
        expect(Number((await account(p.accountId)).bonusBalance)).toBe(4);
        expect((await cashbackOf(deps(), p.playerId, "USD")).claimable).toBe(false);
      } finally {
        clock.advance(-86_400_000);
      }
    });

    it("leaves one outcome when a cancel races the bet that completes the wagering", async () => {
      const p = await newPlayer();
      await deposit(p.token, "20", await defId("welcome-deposit-1"));
      const [b] = await bonusesOf(p.accountId);
      await db().update(playerBonuses).set({ wagered: "599" }).where(eq(playerBonuses.id, b!.id));
      const slot = await hw.launch(p.token);
      const [, cancel] = await Promise.all([
        play(hw, slot, "2", "0"),
        call({ method: "PUT", url: `/api/game/player-bonuses/${b!.id}/cancel`, body: {}, token: p.token }),
      ]);
      const [done] = await bonusesOf(p.accountId);
      expect(done!.status).toBe(3);
      expect([PLAYER_BONUS_RESULT.played, PLAYER_BONUS_RESULT.canceled]).toContain(done!.result);
      expect(cancel.status === 200).toBe(done!.result === PLAYER_BONUS_RESULT.canceled);
      expect(Number((await account(p.accountId)).bonusBalance)).toBe(0);
      const moved = await db().execute(
        sql`select count(*)::int as n from ledger_entries where reference = ${`bonus:${b!.id}`}`,
      );
      // The credit, then exactly one of conversion or forfeit.
      expect((moved as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(2);
    });

    it(`converts exactly once when ${kind === "postgres" ? 200 : 40} concurrent bets finish the wagering`, async () => {
      const n = kind === "postgres" ? 200 : 40;
      const p = await newPlayer();
      await deposit(p.token, "20", await defId("welcome-deposit-1"));
      const [b] = await bonusesOf(p.accountId);
      await db()
        .update(playerBonuses)
        .set({ wagered: String(600 - n * 0.05) })
        .where(eq(playerBonuses.id, b!.id));
      const slot = await hw.launch(p.token);
      const answers = await Promise.all(Array.from({ length: n }, () => play(hw, slot, "0.1", "0.1")));
      expect(answers.every((a) => a.status === "RS_OK")).toBe(true);
      const [done] = await bonusesOf(p.accountId);
      expect([done!.status, done!.result]).toEqual([3, PLAYER_BONUS_RESULT.played]);
      const converted = await db().execute(
        sql`select count(*)::int as n from ledger_entries where idempotency_key = ${`bonus:${b!.id}:convert`}`,
      );
      expect((converted as unknown as { rows: { n: number }[] }).rows[0]!.n).toBe(1);
      expect(Number((await account(p.accountId)).bonusBalance)).toBe(0);
    });
  },
  { env: { HOUSE_GAMES_SECRET: SECRET, PAYMENT_SANDBOX_SECRET: SANDBOX_SECRET }, clock },
);
