import { and, eq, isNull, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVOICE_STATUS, INVOICE_TYPE, LIMIT_DEFINITION } from "#common/constants";
import { createTestApp, type TestApp } from "../../test/harness";
import { playerLimits } from "../limits/tables";
import { invoices } from "../payment/tables";
import { CARD_PAYEE } from "../payment/test-support";
import { caller } from "../player/test-support";
import { house, post } from "./ledger";
import { walletAccounts } from "./tables";

/**
 * Decision 0036: the money calls of one player that can collide take the player's lock first, so firing them
 * together answers 2xx or 4xx, never a 500 (a unique violation, a deadlock). Races need many connections:
 * PostgreSQL (TEST_DATABASE_URL) only.
 */
describe.runIf(process.env.TEST_DATABASE_URL)("one player's money calls fired together [postgres]", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp("postgres");
  });
  afterAll(async () => {
    await t?.app.close();
    await t?.database.close();
  });
  const { call, register } = caller(() => t.app);
  const db = () => t.database.db;
  const ROUNDS = 3;

  /** Every answer is a success or a clear refusal: the statuses that are neither, with their bodies. */
  const serverErrors = (answers: { status: number; body: unknown }[]) =>
    answers.filter((a) => a.status >= 500).map((a) => `${a.status} ${JSON.stringify(a.body)}`);

  async function playerWith(currencies: string[]) {
    const { accessToken: token, profile } = await register();
    const accounts: string[] = [];
    for (const currency of currencies) {
      const opened = await call({ url: "/api/wallet/accounts", body: { currency }, token });
      expect(opened.status).toBe(201);
      accounts.push(opened.body.data.id);
    }
    return { token, playerId: BigInt(profile.id), accounts };
  }

  const numbersOf = async (playerId: bigint, type: number) =>
    (
      await db()
        .select({ n: invoices.number })
        .from(invoices)
        .where(and(eq(invoices.playerId, playerId), eq(invoices.type, type)))
    )
      .map((r) => r.n)
      .sort((a, b) => a - b);

  it("numbers 50 deposits sent together 1…50, round after round, every one 201", {
    timeout: 180_000,
  }, async () => {
    const { token, playerId } = await playerWith(["USD"]);
    const body = {
      method: "sandbox.deposit.card",
      currency: "USD",
      amount: "10",
      customerFields: { firstName: "Ana", lastName: "Silva" },
    };
    for (let round = 1; round <= ROUNDS; round++) {
      const answers = await Promise.all(
        Array.from({ length: 50 }, () => call({ url: "/api/payment/invoices/deposit", body, token })),
      );
      expect(serverErrors(answers)).toEqual([]);
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
      expect(await numbersOf(playerId, INVOICE_TYPE.deposit)).toEqual(
        Array.from({ length: 50 * round }, (_, i) => i + 1),
      );
    }
  });

  it("reserves 40 withdrawals sent together without a 500, and the balance is what they left", {
    timeout: 180_000,
  }, async () => {
    const { token, playerId, accounts } = await playerWith(["USD"]);
    const accountId = BigInt(accounts[0]!);
    await post(db(), {
      accountId,
      amount: "2000",
      counterparty: house.clearing("sandbox"),
      kind: "deposit",
      reference: "test:funding",
      idempotencyKey: `ordering:funding:${accountId}`,
    });
    const body = {
      method: "sandbox.withdrawal.card",
      currency: "USD",
      amount: "20",
      customerFields: { ...CARD_PAYEE },
    };
    let accepted = 0;
    for (let round = 1; round <= ROUNDS; round++) {
      const answers = await Promise.all(
        Array.from({ length: 40 }, () => call({ url: "/api/payment/invoices/withdrawal", body, token })),
      );
      expect(serverErrors(answers)).toEqual([]);
      // 2,000 USD pays 100 of them: the rest are refused for the balance, clearly.
      for (const a of answers) expect([201, 422], JSON.stringify(a.body)).toContain(a.status);
      accepted += answers.filter((a) => a.status === 201).length;
      const numbers = await numbersOf(playerId, INVOICE_TYPE.withdrawal);
      expect(numbers).toEqual(Array.from({ length: accepted }, (_, i) => i + 1));
    }
    expect(accepted).toBe(100);
    const held = await db()
      .select({ sum: sql<string>`coalesce(sum(${invoices.amount}), 0)::text` })
      .from(invoices)
      .where(
        and(
          eq(invoices.playerId, playerId),
          eq(invoices.type, INVOICE_TYPE.withdrawal),
          sql`${invoices.status} <> ${INVOICE_STATUS.failure}`,
        ),
      );
    const [account] = await db().select().from(walletAccounts).where(eq(walletAccounts.id, accountId));
    expect(Number(account!.balance) + Number(held[0]!.sum)).toBe(2000);
  });

  it("switches the current account 60 times at once without a deadlock: one account stays current", {
    timeout: 180_000,
  }, async () => {
    const { token, playerId, accounts } = await playerWith(["USD", "EUR", "BTC"]);
    for (let round = 1; round <= ROUNDS; round++) {
      const answers = await Promise.all(
        Array.from({ length: 60 }, (_, i) =>
          call({ method: "PUT", url: `/api/wallet/accounts/${accounts[i % 3]}/switch`, body: {}, token }),
        ),
      );
      expect(serverErrors(answers)).toEqual([]);
      expect(answers.map((a) => a.status)).toEqual(answers.map(() => 200));
      const current = await db()
        .select()
        .from(walletAccounts)
        .where(and(eq(walletAccounts.playerId, playerId), eq(walletAccounts.isCurrent, true)));
      expect(current).toHaveLength(1);
    }
  });

  it("creates a limit asked for 8 times at once exactly once: every answer is that limit", {
    timeout: 180_000,
  }, async () => {
    const kinds = [
      { definition: LIMIT_DEFINITION.deposit, period: "daily", amount: "100", currency: "USD" },
      { definition: LIMIT_DEFINITION.bet, period: "weekly", amount: "50", currency: "USD" },
      { definition: LIMIT_DEFINITION.loss, period: "monthly", amount: "500", currency: "USD" },
    ];
    for (let round = 0; round < ROUNDS; round++) {
      for (const body of kinds) {
        const { token, playerId } = await playerWith(["USD"]);
        const answers = await Promise.all(
          Array.from({ length: 8 }, () => call({ url: "/api/player/limits", body, token })),
        );
        expect(serverErrors(answers)).toEqual([]);
        expect(answers.map((a) => a.status)).toEqual(answers.map(() => 201));
        const live = await db()
          .select()
          .from(playerLimits)
          .where(and(eq(playerLimits.playerId, playerId), isNull(playerLimits.endedAt)));
        expect(live).toHaveLength(1);
        expect(new Set(answers.map((a) => a.body.data.id))).toEqual(new Set([String(live[0]!.id)]));
      }
    }
  });

  it("starts a break asked for 8 times at once once: one live break, the others a clear 4xx or the same break", {
    timeout: 180_000,
  }, async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const { token, playerId } = await playerWith(["USD"]);
      const body = { definition: LIMIT_DEFINITION.coolingOff, period: "24h" };
      const answers = await Promise.all(
        Array.from({ length: 8 }, () => call({ url: "/api/player/limits", body, token })),
      );
      expect(serverErrors(answers)).toEqual([]);
      for (const a of answers) expect(a.status === 201 || (a.status >= 400 && a.status < 500)).toBe(true);
      const live = await db()
        .select()
        .from(playerLimits)
        .where(and(eq(playerLimits.playerId, playerId), isNull(playerLimits.endedAt)));
      expect(live).toHaveLength(1);
      for (const a of answers.filter((x) => x.status === 201))
        expect(a.body.data.id).toBe(String(live[0]!.id));
    }
  });
});
