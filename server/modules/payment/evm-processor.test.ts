import { and, eq } from "drizzle-orm";
import { type Address, getAddress, parseEther } from "viem";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { INVOICE_STATUS } from "#common/constants";
import type { Database } from "../../db/client";
import { EvmProcessor } from "../../providers/payment/evm";
import {
  HOT_WALLET_KEY,
  type LocalChain,
  startLocalChain,
  TEST_XPUB,
} from "../../providers/payment/evm-local-chain";
import { evmPayments, evmTransfers } from "../../providers/payment/evm-tables";
import { dbKinds, openTestDatabase } from "../../test/harness";
import { openAccount } from "../wallet";
import { walletAccounts } from "../wallet/tables";
import { insertTestPlayer, post } from "../wallet/test-support";
import { creditTransfer } from "./arrivals";
import { applyProcessorEvent, createDeposit, createWithdrawal, type PaymentDeps } from "./invoices";
import { jobsOfPayment } from "./jobs";
import { noDepositLimits } from "./limits-port";
import { invoices } from "./tables";

const CONFIRMATIONS = 3;

for (const kind of dbKinds()) {
  describe(`EVM processor on a local chain [${kind}]`, () => {
    let database: Database;
    let chain: LocalChain;
    let deps: PaymentDeps;
    let evm: EvmProcessor;

    /** A processor on the same database and node: what a restarted server would build. */
    const processor = () =>
      new EvmProcessor({
        db: database.db,
        clock: { now: () => new Date() },
        rpcUrl: chain.url,
        xpub: TEST_XPUB,
        confirmations: CONFIRMATIONS,
        usdtContract: chain.token,
        hotWalletKey: HOT_WALLET_KEY,
        chainId: 1337,
      });
    const apply =
      (p = evm) =>
      (e: Parameters<typeof applyProcessorEvent>[2]) =>
        applyProcessorEvent(deps, p.id, e);
    const credit =
      (p = evm) =>
      (t: Parameters<typeof creditTransfer>[2]) =>
        creditTransfer(deps, p.id, t);
    /** One run of the deposit watcher: the payment module's job for the configured processor, or another's. */
    const watch = (p = evm) =>
      (p === evm
        ? jobsOfPayment(deps, { pendingExpiryMs: 3_600_000, webhookOutbox: undefined })
        : p.jobs(apply(p), credit(p))
      )
        .find((j) => j.name === "evm-deposit-watch")!
        .run();
    const payouts = (p = evm) =>
      p
        .jobs(apply(p), credit(p))
        .find((j) => j.name === "evm-payouts")!
        .run();

    beforeAll(async () => {
      database = await openTestDatabase(kind);
      chain = await startLocalChain();
      evm = processor();
      deps = {
        db: database.db,
        clock: { now: () => new Date() },
        publisher: { publish: async () => undefined },
        processors: { evm },
        depositLimits: noDepositLimits,
      };
      await watch(); // the watcher starts following the chain before anyone deposits
    }, 60_000);
    afterAll(async () => {
      await chain?.close();
      await database?.close();
    });

    async function player(balances: Record<string, string> = {}) {
      const id = await insertTestPlayer(database.db);
      const accounts: Record<string, bigint> = {};
      for (const currency of ["ETH", "USDT"]) {
        const account = await openAccount(deps, id, currency);
        accounts[currency] = BigInt(account.id);
        if (balances[currency])
          await post(database.db, {
            accountId: BigInt(account.id),
            amount: balances[currency],
            kind: "adjustment",
            reference: "test",
            idempotencyKey: `open:${account.id}`,
          });
      }
      return { id, accounts };
    }
    const balance = async (accountId: bigint) =>
      String(
        (await database.db.select().from(walletAccounts).where(eq(walletAccounts.id, accountId)))[0]!.balance,
      );
    const invoice = async (id: string) =>
      (
        await database.db
          .select()
          .from(invoices)
          .where(eq(invoices.id, BigInt(id)))
      )[0]!;
    const deposit = (playerId: bigint, currency: "ETH" | "USDT", amount: string) =>
      createDeposit(deps, playerId, {
        method: `evm.deposit.${currency.toLowerCase()}`,
        amount,
        currency,
        customerFields: {},
      });

    it("gives each player one address from the xpub, shown with an EIP-681 URI", async () => {
      const a = await player();
      const b = await player();
      const first = await deposit(a.id, "ETH", "0.5");
      const again = await deposit(a.id, "USDT", "20");
      const other = await deposit(b.id, "ETH", "0.5");
      expect(first.publicData.address).toMatch(/^0x[0-9a-fA-F]{40}$/);
      expect(again.publicData.address).toBe(first.publicData.address);
      expect(other.publicData.address).not.toBe(first.publicData.address);
      expect(first.publicData.qr).toBe(`ethereum:${first.publicData.address}@1337?value=500000000000000000`);
      expect(again.publicData.qr).toBe(
        `ethereum:${getAddress(chain.token)}@1337/transfer?address=${first.publicData.address}&uint256=20000000`,
      );
      expect(first.status).toBe(INVOICE_STATUS.pending);
    });

    it("credits an ETH deposit once, with what arrived, only after its confirmations", async () => {
      const p = await player();
      const inv = await deposit(p.id, "ETH", "0.5");
      await chain.sendEth(inv.publicData.address as Address, "0.25"); // mined: 1 confirmation
      await watch();
      await chain.mine(CONFIRMATIONS - 2); // CONFIRMATIONS - 1 confirmations
      await watch();
      expect(await balance(p.accounts.ETH!)).toBe("0.000000000000000000");
      expect((await invoice(inv.id)).status).toBe(INVOICE_STATUS.pending);

      await chain.mine(1);
      await watch();
      await watch();
      expect(await balance(p.accounts.ETH!)).toBe("0.250000000000000000");
      const paid = await invoice(inv.id);
      expect(paid.status).toBe(INVOICE_STATUS.success);
      expect(String(paid.amount)).toBe("0.250000000000000000");
    });

    it("credits a USDT (ERC-20 Transfer) deposit once after its confirmations", async () => {
      const p = await player();
      const inv = await deposit(p.id, "USDT", "20");
      await chain.sendToken(inv.publicData.address as Address, 19_500_000n);
      await chain.mine(CONFIRMATIONS - 2);
      await watch();
      expect(await balance(p.accounts.USDT!)).toBe("0.000000000000000000");
      await chain.mine(1);
      await watch();
      await watch();
      expect(await balance(p.accounts.USDT!)).toBe("19.500000000000000000");
      expect((await invoice(inv.id)).status).toBe(INVOICE_STATUS.success);
      expect(String((await invoice(inv.id)).amount)).toBe("19.500000000000000000");
    });

    it("credits a transfer with no open invoice to a deposit invoice opened for it, once", async () => {
      const p = await player();
      const inv = await deposit(p.id, "ETH", "0.1");
      await chain.sendEth(inv.publicData.address as Address, "0.1");
      await chain.sendEth(inv.publicData.address as Address, "0.03");
      await chain.mine(CONFIRMATIONS);
      await watch();
      await watch();
      expect(await balance(p.accounts.ETH!)).toBe("0.130000000000000000");
      const mine = await database.db.select().from(invoices).where(eq(invoices.playerId, p.id));
      expect(mine.map((i) => [i.status, String(i.amount)]).sort()).toEqual([
        [INVOICE_STATUS.success, "0.030000000000000000"],
        [INVOICE_STATUS.success, "0.100000000000000000"],
      ]);
    });

    it("a restarted processor credits what the stopped one had seen, exactly once", async () => {
      const p = await player();
      const inv = await deposit(p.id, "ETH", "1");
      await chain.sendEth(inv.publicData.address as Address, "1");
      await watch(); // seen, 1 confirmation
      const [seen] = await database.db.select().from(evmTransfers).where(eq(evmTransfers.playerId, p.id));
      expect(seen?.status).toBe("seen");

      const restarted = processor();
      await chain.mine(CONFIRMATIONS);
      await watch(restarted);
      await watch(restarted);
      await watch(evm); // the old one, had it lived on, credits nothing more
      expect(await balance(p.accounts.ETH!)).toBe("1.000000000000000000");
      expect((await invoice(inv.id)).status).toBe(INVOICE_STATUS.success);
    });

    it("keeps a withdrawal's signed transaction before sending it; a restart sends the same one", async () => {
      const p = await player({ ETH: "2" });
      const to = "0x00000000000000000000000000000000000b0b01";
      const w = await createWithdrawal(deps, p.id, {
        method: "evm.withdrawal.eth",
        amount: "0.4",
        currency: "ETH",
        customerFields: { walletAddress: to },
      });
      expect(await balance(p.accounts.ETH!)).toBe("1.600000000000000000"); // reserved

      // The first process signs and keeps it, then dies before broadcasting.
      await evm.payouts!.signQueued(apply());
      const [kept] = await database.db.select().from(evmPayments).where(eq(evmPayments.invoiceId, w.id));
      expect(kept).toMatchObject({ status: "signed", nonce: 0 });
      expect(kept!.txHash).toMatch(/^0x[0-9a-f]{64}$/);
      expect(await chain.client.getBalance({ address: to })).toBe(0n);

      const restarted = processor();
      await payouts(restarted);
      await payouts(restarted);
      const receipt = await chain.client.getTransactionReceipt({ hash: kept!.txHash as `0x${string}` });
      expect(receipt.status).toBe("success");
      expect(await chain.client.getTransactionCount({ address: chain.hotWallet })).toBe(1);
      expect((await invoice(w.id)).status).toBe(INVOICE_STATUS.pending); // not yet confirmed

      await chain.mine(CONFIRMATIONS);
      await payouts(restarted);
      await payouts(evm);
      expect((await invoice(w.id)).status).toBe(INVOICE_STATUS.success);
      expect(await chain.client.getBalance({ address: to })).toBe(parseEther("0.4"));
      expect(await chain.client.getTransactionCount({ address: chain.hotWallet })).toBe(1);
      expect(await balance(p.accounts.ETH!)).toBe("1.600000000000000000");
    });

    it("never sends a payout whose invoice did not start (the process died inside start)", async () => {
      const p = await player();
      const ref = "evm:invoice:987654321";
      await database.db.insert(evmPayments).values({
        providerRef: ref,
        invoiceId: "987654321",
        playerId: p.id,
        direction: "withdrawal",
        coin: "ETH",
        amount: "0.3",
        status: "queued",
        address: "0x00000000000000000000000000000000000b0b03",
        createdAt: new Date(),
      });
      const nonce = await chain.client.getTransactionCount({ address: chain.hotWallet });
      await payouts();
      const row = async () =>
        (await database.db.select().from(evmPayments).where(eq(evmPayments.providerRef, ref)))[0]!;
      expect((await row()).status).toBe("queued");
      await database.db
        .update(evmPayments)
        .set({ createdAt: new Date(Date.now() - 20 * 60_000) })
        .where(eq(evmPayments.providerRef, ref));
      await payouts();
      expect(await row()).toMatchObject({ status: "abandoned", nonce: null, rawTx: null });
      expect(await chain.client.getTransactionCount({ address: chain.hotWallet })).toBe(nonce);
    });

    it("a withdrawal whose transaction reverts on chain fails and refunds the player", async () => {
      const p = await player({ USDT: "500" });
      const to = "0x00000000000000000000000000000000000b0b02";
      // The hot wallet holds 100 USDT: a 300 USDT transfer reverts.
      await chain.sendToken(chain.hotWallet, 100_000_000n);
      const w = await createWithdrawal(deps, p.id, {
        method: "evm.withdrawal.usdt",
        amount: "300",
        currency: "USDT",
        customerFields: { walletAddress: to },
      });
      expect(await balance(p.accounts.USDT!)).toBe("200.000000000000000000");
      await payouts();
      const [sent] = await database.db.select().from(evmPayments).where(eq(evmPayments.invoiceId, w.id));
      expect(sent?.status).toBe("sent");
      expect((await chain.client.getTransactionReceipt({ hash: sent!.txHash as `0x${string}` })).status).toBe(
        "reverted",
      );
      await chain.mine(CONFIRMATIONS);
      await payouts();
      await payouts();
      const failed = await invoice(w.id);
      expect(failed.status).toBe(INVOICE_STATUS.failure);
      expect(await balance(p.accounts.USDT!)).toBe("500.000000000000000000");
      expect(await chain.tokenBalance(to)).toBe(0n);

      // A transfer the wallet can pay goes through.
      const ok = await createWithdrawal(deps, p.id, {
        method: "evm.withdrawal.usdt",
        amount: "60",
        currency: "USDT",
        customerFields: { walletAddress: to },
      });
      await payouts();
      await chain.mine(CONFIRMATIONS);
      await payouts();
      expect((await invoice(ok.id)).status).toBe(INVOICE_STATUS.success);
      expect(await chain.tokenBalance(to)).toBe(60_000_000n);
      expect(await balance(p.accounts.USDT!)).toBe("440.000000000000000000");
    });

    it("a reorg: an orphaned deposit is never credited, a confirmed one is never taken back", async () => {
      const p = await player();
      const inv = await deposit(p.id, "ETH", "0.7");
      const address = inv.publicData.address as Address;
      const beforeA = await chain.snapshot();
      await chain.sendEth(address, "0.7");
      await chain.mine(CONFIRMATIONS);
      await watch();
      expect(await balance(p.accounts.ETH!)).toBe("0.700000000000000000");

      const second = await deposit(p.id, "ETH", "0.2");
      const beforeB = await chain.snapshot();
      await chain.sendEth(address, "0.2");
      await watch();
      const seenB = await database.db
        .select()
        .from(evmTransfers)
        .where(and(eq(evmTransfers.playerId, p.id), eq(evmTransfers.status, "seen")));
      expect(seenB).toHaveLength(1);

      // B's block is replaced by empty ones: the chain goes on without it.
      await chain.revert(beforeB);
      await chain.mine(CONFIRMATIONS + 2);
      await watch();
      await watch();
      expect(
        await database.db
          .select()
          .from(evmTransfers)
          .where(and(eq(evmTransfers.playerId, p.id), eq(evmTransfers.status, "seen"))),
      ).toHaveLength(0);
      expect(await balance(p.accounts.ETH!)).toBe("0.700000000000000000");
      expect((await invoice(second.id)).status).toBe(INVOICE_STATUS.pending);

      // Even a reorg deeper than the confirmations (A's block gone too) takes nothing back.
      await chain.revert(beforeA);
      await chain.mine(CONFIRMATIONS + 4);
      await watch();
      await watch();
      expect(await balance(p.accounts.ETH!)).toBe("0.700000000000000000");
      expect((await invoice(inv.id)).status).toBe(INVOICE_STATUS.success);
      expect((await invoice(second.id)).status).toBe(INVOICE_STATUS.pending);
    });
  });
}
