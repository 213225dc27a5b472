import { eq, like, sql } from "drizzle-orm";
import { type Address, parseEther } from "viem";
import { describe, expect, it } from "vitest";
import { INVOICE_STATUS, INVOICE_TYPE } from "#common/constants";
import type { Database } from "../../db/client";
import { migrate } from "../../db/migrate";
import { seedDemo } from "../../db/seed";
import { EvmProcessor } from "../../providers/payment/evm";
import { HOT_WALLET_KEY, startLocalChain, TEST_XPUB } from "../../providers/payment/evm-local-chain";
import { evmPayments } from "../../providers/payment/evm-tables";
import { assertBooksBalance, dbKinds, reopenableDatabase } from "../../test/harness";
import { killChildAt } from "../../test/sigkill";
import { openAccount } from "../wallet";
import { ledgerEntries, walletAccounts } from "../wallet/tables";
import { insertTestPlayer, post } from "../wallet/test-support";
import { creditTransfer } from "./arrivals";
import { applyProcessorEvent, createDeposit, createWithdrawal, type PaymentDeps } from "./invoices";
import { noDepositLimits } from "./limits-port";
import { invoices, paymentWebhookEvents } from "./tables";

const PLAYERS = 4;
const TRANSFERS_EACH = 5; // the first pays the player's invoice, the others open invoices of their own
const WITHDRAWALS_EACH = 2;

describe.each(dbKinds())("the EVM processor killed while crediting and paying out [%s]", (kind) => {
  it("credits every transfer once and sends no withdrawal twice", { timeout: 180_000 }, async () => {
    const chain = await startLocalChain({ hotWalletEther: "100" });
    const where = await reopenableDatabase(kind);
    const processor = (database: Database) =>
      new EvmProcessor({
        db: database.db,
        clock: { now: () => new Date() },
        rpcUrl: chain.url,
        xpub: TEST_XPUB,
        confirmations: 3,
        usdtContract: chain.token,
        hotWalletKey: HOT_WALLET_KEY,
        chainId: 1337,
      });
    const depsOf = (database: Database, evm: EvmProcessor): PaymentDeps => ({
      db: database.db,
      clock: { now: () => new Date() },
      publisher: { publish: async () => {} },
      processors: { evm },
      depositLimits: noDepositLimits,
    });
    try {
      let database = await where.open();
      await migrate(database);
      await seedDemo(database.db);
      let evm = processor(database);
      let deps = depsOf(database, evm);
      // The server was watching the chain before anyone deposited.
      await evm.watcher.run((t) => creditTransfer(deps, "evm", t));
      const players: { id: bigint; account: bigint; sent: bigint; withdrawn: bigint }[] = [];
      const destinations: { to: Address; amount: string }[] = [];
      for (let n = 0; n < PLAYERS; n++) {
        const id = await insertTestPlayer(database.db);
        const account = BigInt((await openAccount(deps, id, "ETH")).id);
        await post(database.db, {
          accountId: account,
          amount: "10",
          kind: "adjustment",
          reference: "test",
          idempotencyKey: `open:${account}`,
        });
        const inv = await createDeposit(deps, id, {
          method: "evm.deposit.eth",
          amount: "1",
          currency: "ETH",
          customerFields: {},
        });
        let sent = 0n;
        for (let t = 0; t < TRANSFERS_EACH; t++) {
          const ether = `0.0${n + 1}${t + 1}`;
          await chain.sendEth(inv.publicData.address as Address, ether);
          sent += parseEther(ether);
        }
        let withdrawn = 0n;
        for (let w = 0; w < WITHDRAWALS_EACH; w++) {
          const to = `0x${(0xc000 + n * 16 + w).toString(16).padStart(40, "0")}` as Address;
          const amount = `0.${n + 1}${w + 1}`;
          await createWithdrawal(deps, id, {
            method: "evm.withdrawal.eth",
            amount,
            currency: "ETH",
            customerFields: { walletAddress: to },
          });
          destinations.push({ to, amount });
          withdrawn += parseEther(amount);
        }
        players.push({ id, account, sent, withdrawn });
      }
      await chain.mine(3);
      const depositEntries = async (db: Database["db"]) =>
        (
          await db
            .select({ n: sql<number>`count(*)::int` })
            .from(ledgerEntries)
            .where(eq(ledgerEntries.kind, "deposit"))
        )[0]!.n;
      const creditedBefore = await depositEntries(database.db);
      // PGlite keeps one writer per data directory: let the child have it.
      await database.close();

      // Killed three times: in the middle of crediting, after every payout was signed and broadcast (payouts run
      // first); at a moment of the machine's choosing; and while the chain is followed to the confirmations.
      const child = "server/modules/payment/evm-kill-child.ts";
      const args = { url: where.url, dataDir: where.dataDir, rpcUrl: chain.url, token: chain.token };
      await killChildAt(child, { ...args, payoutsFirst: true }, "credit 1", 40);
      await killChildAt(child, { ...args, payoutsFirst: false }, "ready", 700);
      await killChildAt(child, { ...args, payoutsFirst: true }, "round 0", 150);

      // The restarted server finishes the work.
      database = await where.open();
      try {
        // The children really worked before they died: some transfers credited, some payouts signed.
        const [done] = await database.db
          .select({
            credited: sql<number>`(select count(*)::int from payment_webhook_events where event_id like 'evm:0x%')`,
            signed: sql<number>`(select count(*)::int from evm_payments where nonce is not null)`,
          })
          .from(sql`(select 1) as one`);
        expect(done!.credited).toBeGreaterThan(0);
        expect(done!.signed).toBeGreaterThan(0);
        evm = processor(database);
        deps = depsOf(database, evm);
        const jobs = evm.jobs(
          (e) => applyProcessorEvent(deps, "evm", e),
          (t) => creditTransfer(deps, "evm", t),
        );
        for (let round = 0; round < 8; round++) {
          for (const job of jobs) await job.run();
          await chain.mine(1);
        }

        // Every transfer credited exactly once: one deposit entry each, and the balances say so.
        const events = await database.db
          .select()
          .from(paymentWebhookEvents)
          .where(like(paymentWebhookEvents.eventId, "evm:0x%"));
        expect(events).toHaveLength(PLAYERS * TRANSFERS_EACH);
        for (const p of players) {
          const [account] = await database.db
            .select()
            .from(walletAccounts)
            .where(eq(walletAccounts.id, p.account));
          expect(parseEther(String(account!.balance))).toBe(parseEther("10") + p.sent - p.withdrawn);
          const mine = await database.db.select().from(invoices).where(eq(invoices.playerId, p.id));
          const deposits = mine.filter((i) => i.type === INVOICE_TYPE.deposit);
          expect(deposits.map((i) => i.status)).toEqual(Array(TRANSFERS_EACH).fill(INVOICE_STATUS.success));
          const withdrawals = mine.filter((i) => i.type === INVOICE_TYPE.withdrawal);
          expect(withdrawals.map((i) => i.status)).toEqual(
            Array(WITHDRAWALS_EACH).fill(INVOICE_STATUS.success),
          );
        }
        expect(await depositEntries(database.db)).toBe(creditedBefore + PLAYERS * TRANSFERS_EACH);

        // No withdrawal sent twice: one nonce each, and each payee got exactly its amount.
        expect(await chain.client.getTransactionCount({ address: chain.hotWallet })).toBe(
          PLAYERS * WITHDRAWALS_EACH,
        );
        for (const d of destinations)
          expect(await chain.client.getBalance({ address: d.to })).toBe(parseEther(d.amount));
        const payouts = await database.db
          .select()
          .from(evmPayments)
          .where(eq(evmPayments.direction, "withdrawal"));
        expect(payouts.map((p) => p.status)).toEqual(Array(PLAYERS * WITHDRAWALS_EACH).fill("confirmed"));
        await assertBooksBalance(database);
      } finally {
        await database.close();
      }
    } finally {
      await where.drop();
      await chain.close();
    }
  });
});
