import { and, eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import { CRASH_EVENTS } from "#common/api/crash";
import { crashMsTo, multiplierText, payout, verifyCrashRound } from "#common/house-games";
import { normalizeAmount } from "#common/money";
import { CRASH_CHANNEL } from "#common/realtime";
import type { Clock } from "../../../../lib/clock";
import { gameTransactions } from "../../../../modules/game/tables";
import { manualClock } from "../../../../modules/player/test-support";
import { ledgerSum } from "../../../../modules/wallet";
import { ledgerEntries, walletAccounts } from "../../../../modules/wallet/tables";
import { describeEachDb } from "../../../../test/harness";
import { houseWalletCaller } from "../../index";
import { crashStep, holdLease, LEASE_MS, SETTLE_GRACE_MS, startCrashLoop } from "./loop";
import type { CrashDeps } from "./service";
import {
  cashOutCrash,
  crashRoundForVerification,
  crashState,
  finishRoundBets,
  latestRound,
  placeCrashBet,
  recoverCrashBets,
} from "./service";
import { crashBets, crashLease, crashRounds } from "./tables";
import { chainWhere, crashPlayer, recordingPublisher } from "./test-support";

const SECRET = "crash-test-secret-crash-test-secret-crash";
const clock = manualClock(Date.now());
const ME = "crash-test-leader";

describeEachDb(
  "crash: one round for every player",
  (ctx) => {
    const db = () => ctx().database.db;
    const publisher = recordingPublisher();
    const deps = (): CrashDeps => ({
      db: db(),
      clock,
      callWallet: houseWalletCaller((r) => ctx().app.inject(r), SECRET, clock),
      publisher,
      settings: { bettingMs: 5_000, pauseMs: 3_000, chainLength: 50 },
    });
    const balanceOf = async (id: bigint) =>
      normalizeAmount(
        (await db().select().from(walletAccounts).where(eq(walletAccounts.id, id)))[0]!.balance,
      )!;

    /** Steps the loop, moving the clock on, until a betting round of `chainId` is open; answers it. */
    async function bettingRoundOf(chainId: number): Promise<typeof crashRounds.$inferSelect> {
      for (let i = 0; i < 20; i++) {
        await crashStep(deps(), ME);
        const r = await latestRound(deps());
        if (r && r.chainId === chainId && r.phase === "betting") return r;
        clock.advance(10_000);
      }
      throw new Error("no betting round came");
    }
    /** Moves the clock to `ms` after the round's curve started. */
    const at = (r: { bettingEndsAt: Date }, ms: number) => clock.set(r.bettingEndsAt.getTime() + ms);

    it("plays a round: bets, a cash-out by hand, an auto cash-out for a player who left, the rest lose at the crash", async () => {
      const { chain, points } = await chainWhere(db(), ([p]) => p! >= 300 && p! <= 2_000);
      const crash = points[0]!;
      const round = await bettingRoundOf(chain.id);
      const [a, b, c, d] = [
        await crashPlayer(db(), clock),
        await crashPlayer(db(), clock),
        await crashPlayer(db(), clock),
        await crashPlayer(db(), clock),
      ];
      // Wrong inputs change nothing.
      await expect(
        placeCrashBet(deps(), a.token, { amount: "10", autoCashOut: 1.005 }),
      ).rejects.toMatchObject({
        status: 422,
        code: "validation_error",
        errors: { autoCashOut: expect.any(Array) },
      });
      await expect(placeCrashBet(deps(), a.token, { amount: "-1" })).rejects.toMatchObject({ status: 422 });
      await expect(cashOutCrash(deps(), a.token)).rejects.toMatchObject({ code: "no_round" });

      const placed = await placeCrashBet(deps(), a.token, { amount: "10" });
      expect(placed.balance).toBe("90");
      await expect(placeCrashBet(deps(), a.token, { amount: "5" })).rejects.toMatchObject({
        status: 409,
        code: "already_bet",
      });
      await expect(cashOutCrash(deps(), a.token)).rejects.toMatchObject({ code: "not_running" });
      // b sets an auto cash-out at 2× and closes the page; c and d leave too, c without a target, d above the point.
      await placeCrashBet(deps(), b.token, { amount: "10", autoCashOut: 2 });
      await placeCrashBet(deps(), c.token, { amount: "10" });
      await placeCrashBet(deps(), d.token, { amount: "10", autoCashOut: (crash + 1) / 100 });

      at(round, 0);
      const late = await crashPlayer(db(), clock);
      await expect(placeCrashBet(deps(), late.token, { amount: "1" })).rejects.toMatchObject({
        code: "betting_closed",
      });
      await crashStep(deps(), ME);
      expect((await latestRound(deps()))!.phase).toBe("running");

      // a cashes out when the curve shows 1.50×: the server's clock decides, whatever the page thought.
      at(round, crashMsTo(150));
      const cashed = await cashOutCrash(deps(), a.token);
      expect(cashed.bet).toMatchObject({ state: "won", cashOut: 1.5, payout: "15" });
      expect(cashed.balance).toBe("105");
      await expect(cashOutCrash(deps(), a.token)).rejects.toMatchObject({ code: "nothing_to_cash" });

      // Past 2×: the loop pays b's target although b made no call since the bet.
      at(round, crashMsTo(200) + 40);
      await crashStep(deps(), ME);
      expect(await balanceOf(b.accountId)).toBe("110");

      // At the crash time a cash-out is too late, even before the loop has marked the round crashed.
      at(round, crashMsTo(crash));
      await expect(cashOutCrash(deps(), c.token)).rejects.toMatchObject({ code: "crashed" });
      await crashStep(deps(), ME);
      const crashed = (await latestRound(deps()))!;
      expect(crashed.phase).toBe("crashed");
      clock.advance(SETTLE_GRACE_MS);
      await crashStep(deps(), ME);

      expect(await balanceOf(a.accountId)).toBe("105");
      expect(await balanceOf(c.accountId)).toBe("90");
      expect(await balanceOf(d.accountId)).toBe("90");
      for (const p of [a, b, c, d])
        expect(await ledgerSum(db(), p.accountId)).toBe(await balanceOf(p.accountId));
      const bets = await db().select().from(crashBets).where(eq(crashBets.roundId, round.id));
      expect(bets.map((x) => x.status)).toEqual(["settled", "settled", "settled", "settled"]);
      // Lost bets are closed in the wallet with a win of 0.
      const closes = await db()
        .select()
        .from(gameTransactions)
        .where(
          inArray(
            gameTransactions.txId,
            bets.map((x) => `crash-${x.id}-win`),
          ),
        );
      expect(closes).toHaveLength(4);

      // Everyone heard the round: its phases, the four bets, two cash-outs (names masked), and the settlement.
      const heard = publisher.sent.filter(
        (m) => m.channel === CRASH_CHANNEL && (m.data.roundId ?? m.data.id) === String(round.id),
      );
      expect(heard.filter((m) => m.event === CRASH_EVENTS.round).map((m) => m.data.phase)).toEqual([
        "betting",
        "running",
        "crashed",
      ]);
      expect(heard.filter((m) => m.event === CRASH_EVENTS.bet)).toHaveLength(4);
      const cashOuts = heard.filter((m) => m.event === CRASH_EVENTS.cashOut).map((m) => m.data);
      expect(cashOuts.map((x) => x.cashOut)).toEqual([1.5, 2]);
      for (const x of cashOuts) expect(x.player).toMatch(/^player\*\*\*[0-9a-f]{3}$/);
      // The crash reveals the point and the hash, which verifies and chains to the commitment.
      const reveal = heard.find((m) => m.event === CRASH_EVENTS.round && m.data.phase === "crashed")!.data;
      expect(reveal.crashPoint).toBe(crash / 100);
      expect(verifyCrashRound(reveal.hash, chain.salt, chain.commitment)).toEqual({
        crashPoint: crash / 100,
        previousHash: chain.commitment,
        linksToPrevious: true,
      });
      const forVerifier = await crashRoundForVerification(deps(), String(round.id));
      expect(forVerifier).toMatchObject({ salt: chain.salt, previousHash: chain.commitment });
      const state = await crashState(deps(), a.token);
      expect(state.fairness.commitment).toBe(chain.commitment);
      expect(multiplierText(crash * 100)).toBe((crash / 100).toFixed(2));
    });

    it("demo play moves demo credits only: a cash-out pays them, a void round gives the stake back", async () => {
      const { chain, points } = await chainWhere(db(), ([p1]) => p1! >= 200 && p1! <= 500, { rounds: 2 });
      const round = await bettingRoundOf(chain.id);
      const launch = await ctx().app.inject({
        method: "POST",
        url: "/api/game/games/harbor-rocket/play",
        payload: {},
      });
      const token = launch.json().data.sessionId as string;
      expect((await crashState(deps(), token)).balance).toBe("1000");
      expect((await placeCrashBet(deps(), token, { amount: "100" })).balance).toBe("900");
      at(round, 0);
      await crashStep(deps(), ME);
      at(round, crashMsTo(150));
      expect(await cashOutCrash(deps(), token)).toMatchObject({ balance: "1050", bet: { cashOut: 1.5 } });
      at(round, crashMsTo(points[0]!) + SETTLE_GRACE_MS + 3_000);
      for (let i = 0; i < 4; i++) {
        await crashStep(deps(), ME);
        clock.advance(1_000);
      }
      // The next round loses its leader while betting: void, the stake returned, its hash shown.
      const next = (await latestRound(deps()))!;
      expect(next).toMatchObject({ chainIndex: 2, phase: "betting" });
      await placeCrashBet(deps(), token, { amount: "40" });
      expect((await crashState(deps(), token)).balance).toBe("1010");
      await crashStep(deps(), "another-process");
      expect((await crashState(deps(), token)).balance).toBe("1050");
      const voided = await crashRoundForVerification(deps(), String(next.id));
      expect(voided.round).toMatchObject({ phase: "void", hash: expect.any(String) });
      expect(voided.previousHash).toBe(
        (await crashRoundForVerification(deps(), String(round.id))).round.hash,
      );
    });

    it("one process runs the rounds: the lease is held by one, renewed by it, taken by another once it lapses", async () => {
      const t0 = clock.now().getTime();
      expect(await holdLease(deps(), "process-a")).toBe(true);
      expect(await holdLease(deps(), "process-b")).toBe(false);
      clock.advance(LEASE_MS - 1);
      expect(await holdLease(deps(), "process-a")).toBe(true);
      clock.advance(LEASE_MS - 1);
      expect(await holdLease(deps(), "process-b")).toBe(false);
      clock.advance(2);
      expect(await holdLease(deps(), "process-b")).toBe(true);
      expect(await holdLease(deps(), "process-a")).toBe(false);
      clock.set(t0 + 60_000);
    });

    it("200 players bet and cash out at once in one round: each bet is paid exactly once and the books balance", {
      timeout: 120_000,
    }, async () => {
      const { chain, points } = await chainWhere(db(), ([p]) => p! >= 400 && p! <= 5_000);
      const crash = points[0]!;
      const round = await bettingRoundOf(chain.id);
      const players = [];
      for (let i = 0; i < 200; i++) players.push(await crashPlayer(db(), clock));
      // Even players cash out by hand; odd ones set a target from 1.10× to 3.00×, or 20× (above the point).
      const plans = players.map((p, i) => ({
        ...p,
        amount: String(1 + (i % 5)),
        auto: i % 2 === 1 ? (i % 10 === 9 ? 20_00 : 110 + ((i * 7) % 191)) : null,
      }));
      await Promise.all(
        plans.map((p) =>
          placeCrashBet(deps(), p.token, {
            amount: p.amount,
            autoCashOut: p.auto === null ? null : p.auto / 100,
          }),
        ),
      );
      at(round, 0);
      await crashStep(deps(), ME);
      // Halfway up the curve: every manual player presses twice while the loop pays the targets it passed.
      at(round, Math.floor(crashMsTo(crash) / 2));
      const manual = plans.filter((p) => p.auto === null);
      const answers = await Promise.allSettled([
        ...manual.flatMap((p) => [cashOutCrash(deps(), p.token), cashOutCrash(deps(), p.token)]),
        crashStep(deps(), ME),
        crashStep(deps(), ME),
      ]);
      const won = answers.filter((a) => a.status === "fulfilled" && a.value !== undefined);
      expect(won).toHaveLength(manual.length);
      at(round, crashMsTo(crash) + SETTLE_GRACE_MS);
      await crashStep(deps(), ME);
      await crashStep(deps(), ME);
      // Everything run again finds nothing to do.
      const settledRound = (await latestRound(deps()))!;
      expect(await finishRoundBets(deps(), settledRound)).toBe(0);
      clock.advance(120_000);
      expect(await recoverCrashBets(deps(), 60_000)).toEqual({ closed: 0, failed: 0 });

      const bets = await db().select().from(crashBets).where(eq(crashBets.roundId, round.id));
      expect(bets).toHaveLength(200);
      const winTx = await db()
        .select()
        .from(gameTransactions)
        .where(
          inArray(
            gameTransactions.txId,
            bets.map((x) => `crash-${x.id}-win`),
          ),
        );
      expect(winTx).toHaveLength(200);
      const wins = await db()
        .select()
        .from(ledgerEntries)
        .where(
          and(
            eq(ledgerEntries.kind, "win"),
            inArray(
              ledgerEntries.reference,
              bets.map((x) => `game:house:round:crash-${x.id}`),
            ),
          ),
        );
      const byToken = new Map(plans.map((p) => [p.token, p]));
      for (const bet of bets) {
        const p = byToken.get(bet.token)!;
        expect(bet.status).toBe("settled");
        const cents = bet.cashOutCents;
        if (p.auto !== null && p.auto <= crash) expect(cents).toBe(p.auto);
        if (p.auto !== null && p.auto > crash) expect(cents).toBeNull();
        if (p.auto === null) expect(cents).toBeGreaterThan(100);
        const paid = cents === null ? "0" : payout(p.amount, cents * 100, 2);
        expect(normalizeAmount(bet.payout)).toBe(paid);
        const mine = wins.filter((w) => w.reference === `game:house:round:crash-${bet.id}`);
        expect(mine).toHaveLength(cents === null ? 0 : 1);
        const expected = (100 - Number(p.amount) + Number(paid)).toFixed(2);
        expect(Number(await balanceOf(p.accountId)).toFixed(2)).toBe(expected);
        expect(await ledgerSum(db(), p.accountId)).toBe(await balanceOf(p.accountId));
      }
    });

    it("two processes on one database: one runs the rounds, the other takes over when it stops", {
      timeout: 60_000,
    }, async () => {
      // Rounds that crash early (at 1.20× or less: about 2 s of curve each), so the test sees several.
      const { chain } = await chainWhere(db(), (p) => p.every((x) => x <= 120), { length: 50, rounds: 4 });
      // Real time, from past where the tests before moved the manual clock (their rounds are over by then).
      const skew = Math.max(0, clock.now().getTime() - Date.now()) + 10_000;
      const running: Clock = { now: () => new Date(Date.now() + skew) };
      const live = (): CrashDeps => ({
        ...deps(),
        clock: running,
        settings: { bettingMs: 200, pauseMs: 100, chainLength: 50 },
      });
      // The manual clock of the tests before ran ahead: the lease they took is given up first.
      await db().delete(crashLease);
      const log = { error: () => undefined };
      const a = startCrashLoop(live(), { me: "process-a", tickMs: 20, log });
      const b = startCrashLoop(live(), { me: "process-b", tickMs: 20, log });
      const roundsOf = () =>
        db()
          .select()
          .from(crashRounds)
          .where(eq(crashRounds.chainId, chain.id))
          .orderBy(crashRounds.chainIndex);
      const waitFor = async (check: () => Promise<boolean>) => {
        for (let i = 0; i < 400 && !(await check()); i++) await new Promise((r) => setTimeout(r, 25));
      };
      await waitFor(async () => (await roundsOf()).length >= 2);
      const first = await roundsOf();
      expect(first.length).toBeGreaterThanOrEqual(2);
      // One leader made them all.
      expect(new Set(first.map((r) => r.runBy)).size).toBe(1);
      const leader = first[0]!.runBy === "process-a" ? a : b;
      const other = leader === a ? b : a;
      await leader.stop();
      const stoppedAt = (await roundsOf()).length;
      await waitFor(async () => (await roundsOf()).length >= stoppedAt + 1);
      await other.stop();
      const all = await roundsOf();
      expect(all.slice(stoppedAt).every((r) => r.runBy === other.me)).toBe(true);
      // Consecutive hashes of the chain, none twice; at most the round the leader left is void.
      expect(all.map((r) => r.chainIndex)).toEqual(all.map((_, i) => i + 1));
      expect(all.filter((r) => r.phase === "void").length).toBeLessThanOrEqual(1);
      const unfinished = all.filter((r) => r.phase === "betting" || r.phase === "running");
      expect(unfinished.length).toBeLessThanOrEqual(1);
    });
  },
  { env: { HOUSE_GAMES_SECRET: SECRET }, clock },
);
