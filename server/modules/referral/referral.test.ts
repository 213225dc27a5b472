import { eq, inArray } from "drizzle-orm";
import { expect, it } from "vitest";
import type { ReferralOverview } from "#common/api/referral";
import { playerChannel } from "#common/realtime";
import { loadConfig } from "../../config";
import type { ApiError } from "../../http/errors";
import { systemClock } from "../../lib/clock";
import { createTestApp, describeEachDb } from "../../test/harness";
import type { BetSettledData } from "../facts";
import { deliverFact, deliverFacts, recordFact, replayFacts } from "../facts";
import { domainFacts } from "../facts/tables";
import { caller, freshEmail, freshIp, PASSWORD } from "../player/test-support";
import { fundedPlayer } from "../sportsbook/test-support";
import { walletAccounts } from "../wallet/tables";
import { house, houseBalance, insertTestPlayer, ledgerSum, post } from "../wallet/test-support";
import { attributeReferral } from "./attribution";
import { codeOf } from "./codes";
import {
  countTurnover,
  payWaitingRewards,
  referralConsumer,
  startQualification,
  turnoverFor,
} from "./rewards";
import { configuredRules, termsOf } from "./rules";
import { mask, transferEarnings } from "./service";
import { shareClosedPeriods, shareForPeriod, shareOf } from "./share";
import { referralQualifications, referralRewards, referralRules, referrals } from "./tables";

const publisher = { publish: async () => {} };
const config = loadConfig({ APP_ENV: "test" });

it("a period's share is the percent of a positive revenue, nothing otherwise", () => {
  expect(shareOf("200", "10")).toBe("20");
  expect(shareOf("33.33", "12.5")).toBe("4.16625");
  expect(shareOf("0", "10")).toBe("0");
  expect(shareOf("-50", "10")).toBe("0");
  expect(shareOf("50", "0")).toBe("0");
});

it("masks a name and an id to their first and last characters", () => {
  expect(mask("harbor123")).toBe("h•••3");
  expect(mask("42")).toBe("4•••");
  expect(mask("1234567")).toBe("1•••7");
});

it("states the configured rules, so the terms change with them", () => {
  const c = loadConfig({
    APP_ENV: "test",
    REFERRAL_FIRST_DEPOSIT_REWARD: "usd:7.5,BTC:0.0001",
    REFERRAL_MIN_FIRST_DEPOSIT: "USD:20",
    REFERRAL_REVENUE_SHARE_PERCENT: "12.5",
  });
  expect(termsOf(configuredRules(c), c)).toEqual({
    firstDeposit: [
      { currency: "USD", reward: "7.5", minDeposit: "20" },
      { currency: "BTC", reward: "0.0001", minDeposit: null },
    ],
    rewardTurnover: "1",
    maxRewardsPerDay: 10,
    revenueSharePercent: "12.5",
    periodDays: 1,
  });
  expect(() => loadConfig({ APP_ENV: "test", REFERRAL_REVENUE_SHARE_PERCENT: "120" })).toThrow();
  expect(() => loadConfig({ APP_ENV: "test", REFERRAL_FIRST_DEPOSIT_REWARD: "USD" })).toThrow();
  expect(() => loadConfig({ APP_ENV: "test", REFERRAL_REWARD_TURNOVER: "-1" })).toThrow();
  expect(() => loadConfig({ APP_ENV: "test", REFERRAL_REWARD_TURNOVER: "1.001" })).toThrow();
  expect(() => loadConfig({ APP_ENV: "test", REFERRAL_MAX_REWARDS_PER_DAY: "-1" })).toThrow();
  expect(turnoverFor("20", "1")).toBe("20");
  expect(turnoverFor("20", "1.5")).toBe("30");
  expect(turnoverFor("20", "0")).toBe("0");
});

describeEachDb("referral", (ctx) => {
  const db = () => ctx().database.db;
  const { call, register } = caller(() => ctx().app);
  const overview = async (token: string) =>
    (await call({ method: "GET", url: "/api/referral", token })).body.data as ReferralOverview;
  /** A sign-up by e-mail from `ip`, with a device fingerprint and an inviting code. */
  const signUp = async (extra: Record<string, unknown>, ip = freshIp()) => {
    const email = freshEmail("ref");
    const res = await call({
      url: "/api/player/register",
      ip,
      body: { email, password: PASSWORD, password_confirmation: PASSWORD, agreements: true, ...extra },
    });
    expect(res.status).toBe(201);
    return { token: res.body.accessToken as string, playerId: BigInt(res.body.profile.id) };
  };
  const referrerOf = async (playerId: bigint) =>
    (await db().select().from(referrals).where(eq(referrals.referredId, playerId)))[0]?.referrerId;
  const deposit = async (playerId: bigint, amount: string, currency = "USD", n = Math.random()) => {
    await recordFact(db(), {
      kind: "deposit.succeeded",
      playerId: Number(playerId),
      key: `test:deposit:${playerId}:${n}`,
      occurredAt: new Date(),
      data: { invoiceId: String(n), currency, amount },
    });
    await replayFacts({ db: db(), clock: systemClock, publisher }, Number(playerId), ["referral"]);
  };
  /** A settled bet of `realStake` real money (of `stake` in all), as the games and the sportsbook record it. */
  const play = async (playerId: bigint, realStake: string, currency = "USD", stake = realStake) => {
    await recordFact(db(), {
      kind: "bet.settled",
      playerId: Number(playerId),
      key: `test:bet:${playerId}:${Math.random()}`,
      occurredAt: new Date(),
      data: {
        source: "casino",
        currency,
        stake,
        realStake,
        payout: "0",
        multiplier: "0",
        withBonus: stake !== realStake,
      } satisfies BetSettledData,
    });
    await replayFacts({ db: db(), clock: systemClock, publisher }, Number(playerId), ["referral"]);
  };
  const withdraw = async (playerId: bigint, amount: string, status: "success" | "failure" = "success") => {
    await recordFact(db(), {
      kind: "withdrawal.completed",
      playerId: Number(playerId),
      key: `test:withdrawal:${playerId}:${Math.random()}`,
      occurredAt: new Date(),
      data: { invoiceId: "1", currency: "USD", amount, status },
    });
    await replayFacts({ db: db(), clock: systemClock, publisher }, Number(playerId), ["referral"]);
  };
  const earned = async (referrer: bigint, currency = "USD") =>
    houseBalance(db(), house.referralEarnings(referrer), currency);

  it("gives each player one short code and a link with it; guests are refused", async () => {
    const a = await register();
    const first = await overview(a.accessToken);
    expect(first.code).toMatch(/^[2-9A-HJKMNP-Z]{8}$/);
    expect(first.link).toBe(`http://localhost:3000/?ref=${first.code}`);
    expect((await overview(a.accessToken)).code).toBe(first.code);
    expect(first).toMatchObject({ referred: [], referredCount: 0, earnings: [] });
    expect((await call({ method: "GET", url: "/api/referral" })).status).toBe(401);
    const terms = await call({ method: "GET", url: "/api/referral/terms" });
    expect(terms.body.data).toMatchObject({ revenueSharePercent: "10", periodDays: 1 });
  });

  it("attributes a sign-up through the code once, and shows the new player masked", async () => {
    const a = await register();
    const { code } = await overview(a.accessToken);
    const b = await signUp({ referralCode: code.toLowerCase(), fingerprint: "fp-b" });
    expect(await referrerOf(b.playerId)).toBe(BigInt(a.profile.id));
    const seen = await overview(a.accessToken);
    expect(seen.referredCount).toBe(1);
    expect(seen.referred[0]!.name).toMatch(/^r•••.$/);
    expect(seen.referred[0]!.id).not.toBe(String(b.playerId));
    // A second attribution of the same player (a retry, another code) keeps the first.
    const c = await register();
    const other = await codeOf(db(), BigInt(c.profile.id));
    const again = await attributeReferral(db(), config, {
      playerId: b.playerId,
      code: other,
      at: new Date(),
    });
    expect(again).toBe("already_attributed");
    expect(await referrerOf(b.playerId)).toBe(BigInt(a.profile.id));
  });

  it("attributes once when two attributions of one player race", async () => {
    const [a, c, b] = [
      await insertTestPlayer(db()),
      await insertTestPlayer(db()),
      await insertTestPlayer(db()),
    ];
    const codes = [await codeOf(db(), a), await codeOf(db(), c)];
    const outcomes = await Promise.all(
      [...codes, ...codes].map((code) =>
        db().transaction((tx) => attributeReferral(tx, config, { playerId: b, code, at: new Date() })),
      ),
    );
    expect(outcomes.filter((o) => o === "attributed")).toHaveLength(1);
    expect(await db().select().from(referrals).where(eq(referrals.referredId, b))).toHaveLength(1);
  });

  it("the same sign-up sent twice at once makes one player and one attribution", async () => {
    const a = await register();
    const { code } = await overview(a.accessToken);
    const email = freshEmail("twice");
    const body = {
      email,
      password: PASSWORD,
      password_confirmation: PASSWORD,
      agreements: true,
      referralCode: code,
    };
    const answers = await Promise.all([
      call({ url: "/api/player/register", body }),
      call({ url: "/api/player/register", body }),
    ]);
    expect(answers.map((r) => r.status).sort()).toEqual([201, 422]);
    expect((await overview(a.accessToken)).referredCount).toBe(1);
  });

  it("ignores an unknown code and never blocks the sign-up", async () => {
    const b = await signUp({ referralCode: "ZZZZZZZZ" });
    expect(await referrerOf(b.playerId)).toBeUndefined();
    const c = await signUp({ referralCode: "not a code; drop table" });
    expect(await referrerOf(c.playerId)).toBeUndefined();
  });

  it("refuses self-referral: the referrer's own code, device fingerprint or address", async () => {
    const ip = freshIp();
    const a = await signUp({ fingerprint: "device-a" }, ip);
    const code = await codeOf(db(), a.playerId);
    expect(await attributeReferral(db(), config, { playerId: a.playerId, code, at: new Date() })).toBe(
      "own_code",
    );
    const sameDevice = await signUp({ referralCode: code, fingerprint: "device-a" });
    expect(await referrerOf(sameDevice.playerId)).toBeUndefined();
    const sameAddress = await signUp({ referralCode: code, fingerprint: "device-c" }, ip);
    expect(await referrerOf(sameAddress.playerId)).toBeUndefined();
    const stranger = await signUp({ referralCode: code, fingerprint: "device-d" });
    expect(await referrerOf(stranger.playerId)).toBe(a.playerId);
    expect((await overview(a.token)).referredCount).toBe(1);
  });

  it("farming: a referred player who deposits 20 and withdraws it at once unplayed brings nothing", async () => {
    const a = await register();
    const { code } = await overview(a.accessToken);
    const b = await signUp({ referralCode: code });
    await deposit(b.playerId, "20");
    await withdraw(b.playerId, "20");
    expect((await overview(a.accessToken)).earnings).toEqual([]);
    // Forfeited for good: play afterwards, or another deposit, pays nothing either.
    await deposit(b.playerId, "20");
    await play(b.playerId, "40");
    expect((await overview(a.accessToken)).earnings).toEqual([]);
    expect(await earned(BigInt(a.profile.id))).toBe("0");
    const [q] = await db()
      .select()
      .from(referralQualifications)
      .where(eq(referralQualifications.referredId, b.playerId));
    expect(q).toMatchObject({ status: "forfeited" });
  });

  it("pays the first-deposit reward once the qualifying deposit is played through 1×, once", async () => {
    const a = await register();
    const referrer = BigInt(a.profile.id);
    const { code } = await overview(a.accessToken);
    const b = await signUp({ referralCode: code });
    await deposit(b.playerId, "5"); // below the USD 10 minimum
    await deposit(b.playerId, "0.5", "BTC"); // no reward configured in BTC
    await play(b.playerId, "50");
    expect((await overview(a.accessToken)).earnings).toEqual([]);
    await deposit(b.playerId, "20");
    await deposit(b.playerId, "50"); // not the first qualifying one: changes nothing
    // Bonus money, another currency and a failed withdrawal do not play it through (nor forfeit it).
    await play(b.playerId, "0", "USD", "30");
    await play(b.playerId, "30", "EUR");
    await withdraw(b.playerId, "20", "failure");
    await play(b.playerId, "19.99");
    expect((await overview(a.accessToken)).earnings).toEqual([]);
    await play(b.playerId, "0.01");
    const seen = await overview(a.accessToken);
    expect(seen.earnings).toEqual([{ currency: "USD", earned: "5", available: "5" }]);
    expect(seen.referred[0]!.brought).toEqual([{ currency: "USD", amount: "5" }]);
    // More play, a withdrawal after it, and every fact delivered again change nothing.
    await play(b.playerId, "100");
    await withdraw(b.playerId, "20");
    const facts = await db().select().from(domainFacts).where(eq(domainFacts.playerId, b.playerId));
    const consumer = referralConsumer(config);
    for (const row of facts.filter((f) => (consumer.kinds as readonly string[]).includes(f.kind)))
      expect(
        await deliverFact({ db: db(), clock: systemClock, publisher }, consumer, {
          ...row,
          playerId: Number(row.playerId),
        } as never),
      ).toBe(false);
    expect(
      await replayFacts({ db: db(), clock: systemClock, publisher }, Number(b.playerId), ["referral"]),
    ).toBe(0);
    expect(await earned(referrer)).toBe("5");
    const rewards = await db().select().from(referralRewards).where(eq(referralRewards.referrerId, referrer));
    expect(rewards).toHaveLength(1);
    // A player nobody referred brings nothing.
    const c = BigInt((await register()).profile.id);
    await deposit(c, "20");
    await play(c, "20");
    expect(
      await db().select().from(referralQualifications).where(eq(referralQualifications.referredId, c)),
    ).toEqual([]);
  });

  it("counts a referred player's bets that come in one batch with their first deposit (issue 38)", async () => {
    const a = await register();
    const referrer = BigInt(a.profile.id);
    const { code } = await overview(a.accessToken);
    const b = await signUp({ referralCode: code });
    const stranger = BigInt((await register()).profile.id);
    const at = new Date();
    const fact = (playerId: bigint, kind: "deposit.succeeded" | "bet.settled", n: number) =>
      kind === "deposit.succeeded"
        ? {
            kind,
            playerId: Number(playerId),
            key: `batch:${playerId}:${n}`,
            occurredAt: at,
            data: { invoiceId: `b${n}`, currency: "USD", amount: "20" },
          }
        : {
            kind,
            playerId: Number(playerId),
            key: `batch:${playerId}:${n}`,
            occurredAt: at,
            data: {
              source: "casino" as const,
              currency: "USD",
              stake: "10",
              realStake: "10",
              payout: "0",
              multiplier: "0",
              withBonus: false,
            },
          };
    const recorded = [
      fact(stranger, "bet.settled", 1),
      fact(b.playerId, "deposit.succeeded", 2),
      fact(b.playerId, "bet.settled", 3),
      fact(stranger, "deposit.succeeded", 4),
      fact(b.playerId, "bet.settled", 5),
    ];
    for (const f of recorded) await recordFact(db(), f as never);
    const rows = await db()
      .select()
      .from(domainFacts)
      .where(
        inArray(
          domainFacts.key,
          recorded.map((f) => f.key),
        ),
      )
      .orderBy(domainFacts.id);
    const facts = rows.map((r) => ({ ...r, playerId: Number(r.playerId) }) as never);
    // The app's own relay may take some first (it polls); either way they go through a batch.
    await deliverFacts({ db: db(), clock: systemClock, publisher }, referralConsumer(config), facts);
    // The deposit started the qualification inside the batch; both bets after it played the 20 through.
    expect(await earned(referrer)).toBe("5");
    expect(
      await db().select().from(referralQualifications).where(eq(referralQualifications.referredId, stranger)),
    ).toEqual([]);
  });

  it("tells the referrer's open pages when a reward is credited, once", async () => {
    const referrer = await insertTestPlayer(db());
    const referred = await insertTestPlayer(db());
    const code = await codeOf(db(), referrer);
    await attributeReferral(db(), config, { playerId: referred, code, at: new Date() });
    const sent: [string, unknown][] = [];
    const send = (channel: string, event: unknown) => void sent.push([channel, event]);
    const at = new Date();
    const fact = { playerId: Number(referred), occurredAt: at, data: { currency: "EUR", amount: "10" } };
    expect(await startQualification(db(), config, fact, at, send)).toBe("playing");
    expect(await startQualification(db(), config, fact, at, send)).toBe("none");
    const bet = { playerId: Number(referred), occurredAt: at, data: { currency: "EUR", realStake: "10" } };
    expect(await countTurnover(db(), config, bet, at, send)).toBe(true);
    expect(await countTurnover(db(), config, bet, at, send)).toBe(false);
    expect(sent).toEqual([
      [
        playerChannel("referral", referrer),
        { event: "referral.earned", data: { currency: "EUR", amount: "5" } },
      ],
    ]);
  });

  it("pays at most REFERRAL_MAX_REWARDS_PER_DAY rewards to a referrer in 24 h; the rest wait for room", async () => {
    const limited = { ...config, REFERRAL_MAX_REWARDS_PER_DAY: 2 };
    const referrer = await insertTestPlayer(db());
    const code = await codeOf(db(), referrer);
    const t0 = new Date();
    const later = (ms: number) => new Date(t0.getTime() + ms);
    const referred: bigint[] = [];
    for (let i = 0; i < 4; i++) {
      const p = await insertTestPlayer(db());
      await attributeReferral(db(), config, { playerId: p, code, at: t0 });
      referred.push(p);
    }
    const outcomes: boolean[] = [];
    for (const [i, p] of referred.entries()) {
      const at = later(i * 60_000);
      const playerId = Number(p);
      const deposited = { playerId, occurredAt: at, data: { currency: "USD", amount: "20" } };
      await startQualification(db(), limited, deposited);
      const bet = { playerId, occurredAt: at, data: { currency: "USD", realStake: "20" } };
      outcomes.push(await countTurnover(db(), limited, bet, at));
    }
    expect(outcomes).toEqual([true, true, false, false]);
    expect(await earned(referrer)).toBe("10");
    const statuses = async () =>
      (
        await db()
          .select()
          .from(referralQualifications)
          .where(eq(referralQualifications.referrerId, referrer))
      )
        .sort((x, y) => Number(x.referredId - y.referredId))
        .map((q) => q.status);
    expect(await statuses()).toEqual(["paid", "paid", "waiting", "waiting"]);
    const job = (at: Date) =>
      payWaitingRewards({ db: db(), clock: { now: () => at }, config: limited, publisher });
    // Within the 24 hours of the first two: nothing; once the first has left the window, one; then the second.
    expect(await job(later(23 * 3_600_000))).toBe(0);
    expect(await job(later(24 * 3_600_000 + 1))).toBe(1);
    expect(await statuses()).toEqual(["paid", "paid", "paid", "waiting"]);
    expect(await job(later(24 * 3_600_000 + 30_000))).toBe(0);
    expect(await job(later(24 * 3_600_000 + 60_001))).toBe(1);
    expect(await job(later(50 * 3_600_000))).toBe(0);
    expect(await earned(referrer)).toBe("20");
  });

  it("shares a closed day's net gaming revenue: losses pay, wins and later days do not double", async () => {
    const referrer = await insertTestPlayer(db());
    const code = await codeOf(db(), referrer);
    const { playerId, accountId } = await fundedPlayer(db(), "500");
    await attributeReferral(db(), config, { playerId, code, at: new Date("2026-01-01T08:00:00Z") });
    const play = async (at: string, amount: string, kind: "bet" | "win", n: string) =>
      post(db(), {
        accountId,
        amount,
        kind,
        counterparty: house.provider("house"),
        reference: `test:round:${accountId}:${n}`,
        idempotencyKey: `test:play:${accountId}:${kind}:${n}`,
        at: new Date(at),
      });
    // 2 January: staked 100, won 30 → revenue 70 → 7 at 10 %.
    await play("2026-01-02T10:00:00Z", "-100", "bet", "1");
    await play("2026-01-02T10:00:01Z", "30", "win", "1");
    // 3 January: staked 10, won 50 → revenue −40 → nothing (and nothing carried over).
    await play("2026-01-03T10:00:00Z", "-10", "bet", "2");
    await play("2026-01-03T10:00:01Z", "50", "win", "2");
    // Before the referral: not counted.
    await play("2026-01-01T07:00:00Z", "-200", "bet", "0");
    // 1 January after 08:00: staked 20, won 0 → 2.
    await play("2026-01-01T09:00:00Z", "-20", "bet", "3");
    const published: string[] = [];
    const deps = {
      db: db(),
      config,
      publisher: { publish: async (channel: string) => void published.push(channel) },
    };
    const at = (iso: string) => ({ now: () => new Date(iso) });
    // The job on 3 January runs the closed days from the referral's: 1 and 2 January; today is still open.
    expect(await shareClosedPeriods({ ...deps, clock: at("2026-01-03T00:30:00Z") })).toBe(2);
    expect(await shareClosedPeriods({ ...deps, clock: at("2026-01-03T23:30:00Z") })).toBe(0);
    // A period run again credits nothing more.
    expect(await shareForPeriod(deps, "2026-01-02")).toBe(0);
    // 3 January lost the referrer nothing: the job runs it and credits nothing.
    expect(await shareClosedPeriods({ ...deps, clock: at("2026-01-04T00:30:00Z") })).toBe(0);
    const rewards = await db().select().from(referralRewards).where(eq(referralRewards.referrerId, referrer));
    expect(rewards.map((r) => [r.period, r.amount.replace(/\.?0+$/, "")]).sort()).toEqual([
      ["2026-01-01", "2"],
      ["2026-01-02", "7"],
    ]);
    expect(await houseBalance(db(), house.referralEarnings(referrer), "USD")).toBe("9");
    // One announcement per credited period, on the referrer's channel.
    expect(published).toEqual([playerChannel("referral", referrer), playerChannel("referral", referrer)]);
  });

  it("moves earnings to the wallet once: a repeated key replays, more than earned is refused", async () => {
    const a = await register();
    const { code } = await overview(a.accessToken);
    const b = await signUp({ referralCode: code });
    await deposit(b.playerId, "20");
    await play(b.playerId, "20");
    const transfer = (amount: string, idempotencyKey: string, currency = "USD") =>
      call({
        url: "/api/referral/transfer",
        token: a.accessToken,
        body: { currency, amount, idempotencyKey },
      });
    const first = await transfer("3", "transfer-key-1");
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ currency: "USD", amount: "3", balance: "3", available: "2" });
    const replay = await transfer("3", "transfer-key-1");
    expect(replay.body.data).toMatchObject({ amount: "3", balance: "3", available: "2" });
    const tooMuch = await transfer("2.01", "transfer-key-2");
    expect(tooMuch.status).toBe(422);
    expect(tooMuch.body.code).toBe("not_enough_money");
    expect((await transfer("0.001", "transfer-key-3")).status).toBe(422);
    expect((await transfer("-1", "transfer-key-4")).status).toBe(422);
    expect((await transfer("1", "transfer-key-5", "EUR")).status).toBe(422);
    const [account] = await db()
      .select()
      .from(walletAccounts)
      .where(eq(walletAccounts.playerId, BigInt(a.profile.id)));
    expect(await ledgerSum(db(), account!.id)).toBe("3");
    expect((await overview(a.accessToken)).earnings).toEqual([
      { currency: "USD", earned: "5", available: "2" },
    ]);
  });

  it("concurrent transfers of the same earnings pay once", async () => {
    const a = await register();
    const { code } = await overview(a.accessToken);
    const b = await signUp({ referralCode: code });
    await deposit(b.playerId, "20");
    await play(b.playerId, "20");
    const playerId = BigInt(a.profile.id);
    const deps = { db: db(), clock: systemClock, config, publisher };
    // Straight to the service, so the attempts meet in the database rather than queue in one request loop.
    const answers = await Promise.allSettled(
      Array.from({ length: 8 }, (_, i) =>
        transferEarnings(deps, playerId, {
          currency: "USD",
          amount: "5",
          // Half share one key (a double click), half are separate attempts.
          idempotencyKey: i % 2 ? "same-key-xx" : `key-${i}-xxxx`,
        }),
      ),
    );
    const moved = answers.filter((r) => r.status === "fulfilled");
    const refused = answers.filter((r) => r.status === "rejected");
    expect(moved.length).toBeGreaterThan(0);
    for (const r of refused) expect((r.reason as ApiError).code).toBe("not_enough_money");
    expect(await houseBalance(db(), house.referralEarnings(playerId), "USD")).toBe("0");
    const [account] = await db().select().from(walletAccounts).where(eq(walletAccounts.playerId, playerId));
    expect(await ledgerSum(db(), account!.id)).toBe("5");
    expect(account!.balance.replace(/\.?0+$/, "")).toBe("5");
  });
});

it("a guest reads the programme's terms as configured (the public /referral page), and nobody's data", async () => {
  const t = await createTestApp("pglite", {
    env: {
      REFERRAL_FIRST_DEPOSIT_REWARD: "USD:7.5",
      REFERRAL_MIN_FIRST_DEPOSIT: "USD:25",
      REFERRAL_REVENUE_SHARE_PERCENT: "12.5",
      REFERRAL_REWARD_TURNOVER: "3",
      REFERRAL_MAX_REWARDS_PER_DAY: "4",
    },
  });
  try {
    const { call, register } = caller(() => t.app);
    const a = await register();
    const { code, link } = (await call({ method: "GET", url: "/api/referral", token: a.accessToken })).body
      .data as ReferralOverview;
    await register(undefined, { referralCode: code });
    const guest = await call({ method: "GET", url: "/api/referral/terms" });
    expect(guest.status).toBe(200);
    // Exactly the rules: the configuration's figures, no player's code, link, referred players or earnings.
    expect(guest.body).toEqual({
      data: {
        firstDeposit: [{ currency: "USD", reward: "7.5", minDeposit: "25" }],
        rewardTurnover: "3",
        maxRewardsPerDay: 4,
        revenueSharePercent: "12.5",
        periodDays: 1,
      },
    });
    expect(JSON.stringify(guest.body)).not.toContain(code);
    expect(JSON.stringify(guest.body)).not.toContain(link);
    // A player reads the same terms: they are nobody's own.
    expect((await call({ method: "GET", url: "/api/referral/terms", token: a.accessToken })).body).toEqual(
      guest.body,
    );
    // Rules staff saved replace the configuration's, for guests too.
    await t.database.db.insert(referralRules).values({
      firstDeposit: [{ currency: "EUR", reward: "9", minDeposit: null }],
      revenueSharePercent: "20",
    });
    expect((await call({ method: "GET", url: "/api/referral/terms" })).body.data).toMatchObject({
      firstDeposit: [{ currency: "EUR", reward: "9", minDeposit: null }],
      revenueSharePercent: "20",
      rewardTurnover: "3",
    });
  } finally {
    await t.app.close();
    await t.database.close();
  }
});

it("REFERRAL_ENABLED=false answers 404 and attributes nothing", async () => {
  const t = await createTestApp("pglite", { env: { REFERRAL_ENABLED: "false" } });
  try {
    const { call, register } = caller(() => t.app);
    const a = await register();
    expect((await call({ method: "GET", url: "/api/referral", token: a.accessToken })).status).toBe(404);
    expect((await call({ method: "GET", url: "/api/referral/terms" })).status).toBe(404);
    const code = await codeOf(t.database.db, BigInt(a.profile.id));
    const b = await register(undefined, { referralCode: code });
    expect(
      await t.database.db
        .select()
        .from(referrals)
        .where(eq(referrals.referredId, BigInt(b.profile.id))),
    ).toEqual([]);
  } finally {
    await t.app.close();
    await t.database.close();
  }
});
