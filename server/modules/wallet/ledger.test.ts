import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "../../db/client";
import { dbKinds, openTestDatabase } from "../../test/harness";
import {
  house,
  houseBalance,
  InsufficientFunds,
  ledgerSum,
  post,
  postEntry,
  postOnce,
  postStake,
} from "./ledger";
import { walletAccounts } from "./tables";
import { insertTestPlayer } from "./test-support";

for (const kind of dbKinds()) {
  describe(`ledger [${kind}]`, () => {
    let database: Database;
    beforeAll(async () => {
      database = await openTestDatabase(kind);
    });
    afterAll(() => database.close());

    async function account(balance = "0") {
      const [row] = await database.db
        .insert(walletAccounts)
        .values({ playerId: await insertTestPlayer(database.db), currency: "USD", isCurrent: true })
        .returning();
      if (balance !== "0") {
        await post(database.db, {
          accountId: row!.id,
          amount: balance,
          kind: "adjustment",
          reference: "test:opening",
          idempotencyKey: `opening:${row!.id}`,
        });
      }
      return row!.id;
    }

    const balanceOf = async (id: bigint) =>
      (await database.db.select().from(walletAccounts).where(eq(walletAccounts.id, id)))[0]!.balance;

    it("credits and debits exactly, recording the balance after each entry", async () => {
      const id = await account();
      const a = await post(database.db, {
        accountId: id,
        amount: "0.1",
        kind: "deposit",
        counterparty: house.adjustment,
        reference: "r",
        idempotencyKey: `k1:${id}`,
      });
      const b = await post(database.db, {
        accountId: id,
        amount: "0.2",
        kind: "deposit",
        counterparty: house.adjustment,
        reference: "r",
        idempotencyKey: `k2:${id}`,
      });
      const c = await post(database.db, {
        accountId: id,
        amount: "-0.25",
        kind: "bet",
        counterparty: house.adjustment,
        reference: "r",
        idempotencyKey: `k3:${id}`,
      });
      expect([a.balanceAfter, b.balanceAfter, c.balanceAfter]).toEqual(["0.1", "0.3", "0.05"]);
      expect(await ledgerSum(database.db, id)).toBe("0.05");
    });

    it("refuses a debit beyond the balance and writes nothing", async () => {
      const id = await account("10");
      await expect(
        post(database.db, {
          accountId: id,
          amount: "-10.01",
          kind: "withdrawal",
          counterparty: house.adjustment,
          reference: "r",
          idempotencyKey: `big:${id}`,
        }),
      ).rejects.toBeInstanceOf(InsufficientFunds);
      expect(Number(await balanceOf(id))).toBe(10);
      expect(await ledgerSum(database.db, id)).toBe("10");
    });

    it("answers a repeated idempotency key with the first result and moves nothing", async () => {
      const id = await account("5");
      const p = {
        accountId: id,
        amount: "-2",
        kind: "bet" as const,
        counterparty: house.adjustment,
        reference: "round:1",
        idempotencyKey: `bet:${id}`,
      };
      const first = await post(database.db, p);
      const again = await post(database.db, { ...p, amount: "-3" });
      expect(first.replayed).toBe(false);
      expect(again).toEqual({ ...first, replayed: true });
      expect(await ledgerSum(database.db, id)).toBe("3");
    });

    it("rolls the caller's work back with the posting, and the posting with the caller's failure", async () => {
      const id = await account("5");
      await expect(
        postOnce(
          database.db,
          async (tx) => {
            await postEntry(tx, {
              accountId: id,
              amount: "-1",
              kind: "bet",
              counterparty: house.adjustment,
              reference: "r",
              idempotencyKey: `fail:${id}`,
            });
            throw new Error("the game provider said no");
          },
          async () => undefined,
        ),
      ).rejects.toThrow("the game provider said no");
      expect(await ledgerSum(database.db, id)).toBe("5");
      expect(Number(await balanceOf(id))).toBe(5);
    });

    it("keeps the database from a negative balance even if code tried", async () => {
      const id = await account("1");
      await expect(
        database.db.update(walletAccounts).set({ balance: "-1" }).where(eq(walletAccounts.id, id)),
      ).rejects.toThrow();
    });

    it("never goes below zero under 200 concurrent debits, and the balance equals its ledger", async () => {
      const id = await account("100");
      const results = await Promise.allSettled(
        Array.from({ length: 200 }, (_, i) =>
          post(database.db, {
            accountId: id,
            amount: i % 2 ? "-1" : "-0.5",
            kind: i % 2 ? "withdrawal" : "bet",
            counterparty: house.adjustment,
            reference: `burst:${i}`,
            idempotencyKey: `burst:${id}:${i}`,
          }),
        ),
      );
      const refused = results.filter((r) => r.status === "rejected");
      expect(refused.every((r) => (r as PromiseRejectedResult).reason instanceof InsufficientFunds)).toBe(
        true,
      );
      // 100 debits of 1 and 0.5 would be 150: some must be refused, and what remains is never negative.
      expect(refused.length).toBeGreaterThan(0);
      const balance = await balanceOf(id);
      expect(Number(balance)).toBeGreaterThanOrEqual(0);
      expect(await ledgerSum(database.db, id)).toBe(String(Number(balance)));
    });

    it("pays once when the same key is posted concurrently", async () => {
      const id = await account();
      const key = `webhook:${id}`;
      const results = await Promise.all(
        Array.from({ length: 10 }, () =>
          post(database.db, {
            accountId: id,
            amount: "25",
            kind: "deposit",
            counterparty: house.adjustment,
            reference: "test:webhook-1",
            idempotencyKey: key,
          }),
        ),
      );
      expect(results.filter((r) => !r.replayed)).toHaveLength(1);
      expect(new Set(results.map((r) => r.entryId))).toHaveProperty("size", 1);
      expect(await ledgerSum(database.db, id)).toBe("25");
    });

    it("posts the other side to a house account: every entry sums to zero, the house balance moves", async () => {
      const id = await account("50");
      const before = await houseBalance(database.db, house.provider("studio-x"), "USD");
      await post(database.db, {
        accountId: id,
        amount: "-7.5",
        counterparty: house.provider("studio-x"),
        kind: "bet",
        reference: "round:x1",
        idempotencyKey: `x1:${id}`,
      });
      expect(await houseBalance(database.db, house.provider("studio-x"), "USD")).toBe(
        String(Number(before) + 7.5),
      );
      const legs = await database.db.execute(
        sql`select sum(amount)::text as sum, count(*)::int as n from ledger_postings p
              join ledger_entries e on e.id = p.entry_id where e.idempotency_key = ${`x1:${id}`}`,
      );
      expect((legs as unknown as { rows: { sum: string; n: number }[] }).rows[0]).toMatchObject({ n: 2 });
      expect(Number((legs as unknown as { rows: { sum: string }[] }).rows[0]!.sum)).toBe(0);
    });

    it("keeps real and bonus money apart, and neither below zero", async () => {
      const id = await account("10");
      const granted = await post(database.db, {
        accountId: id,
        amount: "0",
        bonusAmount: "5",
        counterparty: house.bonusCost,
        kind: "bonus",
        reference: "bonus:1",
        idempotencyKey: `grant:${id}`,
      });
      expect(granted).toMatchObject({ balanceAfter: "10", bonusBalanceAfter: "5" });
      const bet = await post(database.db, {
        accountId: id,
        amount: "-2",
        bonusAmount: "-3",
        counterparty: house.provider("house"),
        kind: "bet",
        reference: "round:b1",
        idempotencyKey: `mixed:${id}`,
      });
      expect(bet).toMatchObject({ balanceAfter: "8", bonusBalanceAfter: "2" });
      await expect(
        post(database.db, {
          accountId: id,
          amount: "0",
          bonusAmount: "-2.01",
          counterparty: house.provider("house"),
          kind: "bet",
          reference: "round:b2",
          idempotencyKey: `over:${id}`,
        }),
      ).rejects.toBeInstanceOf(InsufficientFunds);
      // Wagered: the bonus money becomes real, no house account involved.
      const converted = await post(database.db, {
        accountId: id,
        amount: "2",
        bonusAmount: "-2",
        kind: "bonus",
        reference: "bonus:1",
        idempotencyKey: `convert:${id}`,
      });
      expect(converted).toMatchObject({ balanceAfter: "10", bonusBalanceAfter: "0" });
      expect(await ledgerSum(database.db, id, "bonus")).toBe("0");
      await expect(
        database.db.update(walletAccounts).set({ bonusBalance: "-1" }).where(eq(walletAccounts.id, id)),
      ).rejects.toThrow();
    });

    it("splits 200 concurrent stakes real money first, each from the balances the one before left (issue 38)", async () => {
      // The split is read under the row lock in the posting's own statement: no stake may take bonus money
      // while real money was left, none may overdraw either balance, and none fails but for want of money.
      const id = await account("5");
      await post(database.db, {
        accountId: id,
        amount: "0",
        bonusAmount: "5",
        counterparty: house.bonusCost,
        kind: "bonus",
        reference: "bonus:race",
        idempotencyKey: `grant-race:${id}`,
      });
      const results = await Promise.allSettled(
        Array.from({ length: 200 }, (_, i) =>
          database.db.transaction((tx) =>
            postStake(tx, {
              accountId: id,
              stake: "0.06",
              counterparty: house.provider("house"),
              kind: "bet",
              reference: `race-stake:${id}:${i}`,
              idempotencyKey: `race-stake:${id}:${i}`,
            }),
          ),
        ),
      );
      const staked = results.flatMap((r) => (r.status === "fulfilled" ? [r.value] : []));
      const refused = results.flatMap((r) => (r.status === "rejected" ? [r.reason] : []));
      expect(refused.every((e) => e instanceof InsufficientFunds)).toBe(true);
      expect(staked.length).toBe(166); // 10 / 0.06
      for (const s of staked) {
        // Bonus money only once real money ran out.
        if (s.bonusAmount !== "0") expect(s.balanceAfter).toBe("0");
      }
      const [row] = await database.db.select().from(walletAccounts).where(eq(walletAccounts.id, id));
      expect([Number(row!.balance), Number(row!.bonusBalance)]).toEqual([0, 0.04]);
      expect(await ledgerSum(database.db, id, "bonus")).toBe("0.04");
      expect(await ledgerSum(database.db, id)).toBe("0");
    });

    it("refuses a movement with no house side, unless it is an adjustment or moves bonus money to real", async () => {
      const id = await account("5");
      await expect(
        post(database.db, {
          accountId: id,
          amount: "5",
          kind: "deposit",
          reference: "r",
          idempotencyKey: `nh:${id}`,
        }),
      ).rejects.toThrow(/house account/);
      expect(await ledgerSum(database.db, id)).toBe("5");
    });

    it("lets many players bet against one provider at once: every bet lands, the provider holds their sum", async () => {
      const ids = await Promise.all(Array.from({ length: 20 }, () => account("10")));
      const before = Number(await houseBalance(database.db, house.provider("crowd"), "USD"));
      await Promise.all(
        ids.flatMap((id) =>
          Array.from({ length: 5 }, (_, i) =>
            post(database.db, {
              accountId: id,
              amount: "-1.5",
              counterparty: house.provider("crowd"),
              kind: "bet",
              reference: `crowd:${i}`,
              idempotencyKey: `crowd:${id}:${i}`,
            }),
          ),
        ),
      );
      expect(Number(await houseBalance(database.db, house.provider("crowd"), "USD"))).toBe(before + 150);
      for (const id of ids) expect(await ledgerSum(database.db, id)).toBe("2.5");
    });
  });
}
