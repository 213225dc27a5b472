import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, isNotNull } from "drizzle-orm";
import {
  encodeFunctionData,
  erc20Abi,
  getAddress,
  type Hex,
  keccak256,
  type PrivateKeyAccount,
  type PublicClient,
  type TransactionReceipt,
} from "viem";
import type { Db } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { type CoinOnChain, toChainUnits } from "./evm-coins";
import { evmPayments } from "./evm-tables";
import type { ApplyProcessorEvent } from "./port";

/**
 * A token transfer's gas limit, fixed rather than estimated: an estimate fails on a transfer that would revert
 * (the hot wallet lacks the tokens), and such a withdrawal must still be sent, fail on chain and be refunded by
 * its receipt. 100 000 is well above an ERC-20 transfer's 35–65 000 (USDT's included).
 */
const TOKEN_TRANSFER_GAS = 100_000n;

/** Longer than the payments' job waits before failing an invoice its processor never took (5 minutes). */
const UNSTARTED_AFTER_MS = 15 * 60_000;

export interface PayoutOptions {
  db: Db;
  clock: Clock;
  client: PublicClient;
  hotWallet: PrivateKeyAccount;
  chainId: () => Promise<number>;
  confirmations: number;
  coins: CoinOnChain[];
}

type Payment = typeof evmPayments.$inferSelect;

/**
 * Sends withdrawals from the hot wallet (decision 0045), so that nothing is ever sent twice: each is signed with
 * the next nonce and the signed transaction kept (nonce, raw bytes, hash) BEFORE it is broadcast; every run
 * broadcasts the kept bytes again until a receipt has its confirmations, so a restart re-sends the same
 * transaction (same hash) rather than signing a new one. A receipt with status success pays the invoice; a
 * reverted one fails it, and the invoice's failure refunds the player's reservation.
 */
export class PayoutSender {
  constructor(private readonly o: PayoutOptions) {}

  async run(apply: ApplyProcessorEvent): Promise<string | undefined> {
    const signed = await this.signQueued(apply);
    const { sent, refused } = await this.broadcastSigned();
    const finished = await this.followSent(apply);
    const said = [
      signed ? `signed ${signed}` : "",
      sent ? `broadcast ${sent}` : "",
      refused.length ? `the node refused ${refused.join("; ")}` : "",
      finished ? `finished ${finished}` : "",
    ].filter(Boolean);
    return said.length ? said.join(", ") : undefined;
  }

  /** Signs the queued withdrawals, oldest first, each with the next nonce, and keeps each before going on. */
  async signQueued(apply: ApplyProcessorEvent): Promise<number> {
    const { db } = this.o;
    const queued = await db
      .select()
      .from(evmPayments)
      .where(and(eq(evmPayments.direction, "withdrawal"), eq(evmPayments.status, "queued")))
      .orderBy(asc(evmPayments.createdAt), asc(evmPayments.providerRef));
    let signed = 0;
    for (const p of queued) {
      if (!(await this.stillPending(p, apply))) {
        // Its invoice never took this reference (the process died inside `start`) and will be failed and
        // refunded by the payments' own job: it must never be paid. Given up on once that job surely ran.
        if (this.o.clock.now().getTime() - p.createdAt.getTime() > UNSTARTED_AFTER_MS)
          await db
            .update(evmPayments)
            .set({ status: "abandoned", failureReason: "its invoice never started" })
            .where(and(eq(evmPayments.providerRef, p.providerRef), eq(evmPayments.status, "queued")));
        continue;
      }
      let raw: Hex;
      let nonce: number;
      try {
        nonce = await this.nextNonce();
        raw = await this.sign(p, nonce);
      } catch (err) {
        // Nothing was signed: the invoice fails and the player's reservation is refunded.
        const reason = "The withdrawal could not be prepared on chain; the amount was returned";
        await db
          .update(evmPayments)
          .set({ status: "failed", failureReason: String((err as Error).message).slice(0, 500) })
          .where(and(eq(evmPayments.providerRef, p.providerRef), eq(evmPayments.status, "queued")));
        await apply({
          eventId: `${p.providerRef}:unsigned`,
          providerRef: p.providerRef,
          type: "invoice.failed",
          reason,
        });
        continue;
      }
      await db
        .update(evmPayments)
        .set({ status: "signed", sender: this.sender, nonce, rawTx: raw, txHash: keccak256(raw) })
        .where(and(eq(evmPayments.providerRef, p.providerRef), eq(evmPayments.status, "queued")));
      signed++;
    }
    return signed;
  }

  /**
   * Sends every kept transaction the node does not know yet. One it knows (in its pool or mined) is not sent
   * again: a real node would refuse it, but Ganache 7.9.2 was seen executing a mined transaction a second time
   * when its bytes came again (decision 0045), and nothing else may ever pay a withdrawal twice.
   */
  async broadcastSigned(): Promise<{ sent: number; refused: string[] }> {
    const pending = await this.o.db
      .select()
      .from(evmPayments)
      .where(and(eq(evmPayments.direction, "withdrawal"), inArray(evmPayments.status, ["signed", "sent"])))
      .orderBy(asc(evmPayments.nonce));
    let sent = 0;
    const refused: string[] = [];
    for (const p of pending) {
      if (!(await this.known(p.txHash as Hex))) {
        try {
          await this.o.client.sendRawTransaction({ serializedTransaction: p.rawTx as Hex });
          sent++;
        } catch (err) {
          // The node refused it (the hot wallet short of gas money, the node down…): it stays kept, and the
          // very same bytes are offered again next run. A reverting call is not refused: it is mined, failed.
          refused.push(`${p.providerRef}: ${String((err as Error).message).slice(0, 300)}`);
          continue;
        }
      }
      if (p.status === "signed") {
        await this.o.db
          .update(evmPayments)
          .set({ status: "sent", sentAt: this.o.clock.now() })
          .where(and(eq(evmPayments.providerRef, p.providerRef), eq(evmPayments.status, "signed")));
      }
    }
    return { sent, refused };
  }

  /** Whether the node has the transaction, in its pool or in a block. */
  private async known(hash: Hex): Promise<boolean> {
    try {
      await this.o.client.getTransaction({ hash });
      return true;
    } catch {
      return false;
    }
  }

  /** Withdrawals whose receipt has its confirmations: paid on success, failed (and refunded) when reverted. */
  async followSent(apply: ApplyProcessorEvent): Promise<number> {
    const { db, client } = this.o;
    const sent = await db
      .select()
      .from(evmPayments)
      .where(and(eq(evmPayments.direction, "withdrawal"), eq(evmPayments.status, "sent")));
    if (!sent.length) return 0;
    const head = await client.getBlockNumber({ cacheTime: 0 });
    let finished = 0;
    for (const p of sent) {
      let receipt: TransactionReceipt;
      try {
        receipt = await client.getTransactionReceipt({ hash: p.txHash as Hex });
      } catch {
        continue; // not mined (yet, or any more after a reorg): it is broadcast again
      }
      if (head - receipt.blockNumber + 1n < BigInt(this.o.confirmations)) continue;
      const ok = receipt.status === "success";
      await apply(
        ok
          ? { eventId: `${p.providerRef}:${p.txHash}`, providerRef: p.providerRef, type: "invoice.paid" }
          : {
              eventId: `${p.providerRef}:${p.txHash}`,
              providerRef: p.providerRef,
              type: "invoice.failed",
              reason: "The transaction failed on chain; the amount was returned",
            },
      );
      await db
        .update(evmPayments)
        .set({ status: ok ? "confirmed" : "failed" })
        .where(eq(evmPayments.providerRef, p.providerRef));
      finished++;
    }
    return finished;
  }

  /**
   * Whether the casino's invoice is pending under this reference now: an `invoice.data` event applies only to
   * such an invoice, and a fresh event id asks afresh each time. Once it is, nothing but this sender settles it.
   */
  private async stillPending(p: Payment, apply: ApplyProcessorEvent): Promise<boolean> {
    const { applied } = await apply({
      eventId: `${p.providerRef}:check:${randomUUID()}`,
      providerRef: p.providerRef,
      type: "invoice.data",
      publicData: { address: getAddress(p.address), network: "Ethereum" },
    });
    return applied;
  }

  private get sender() {
    return this.o.hotWallet.address.toLowerCase();
  }

  /**
   * The hot wallet's next nonce: after the last one it signed (kept, maybe not yet mined), and never below the
   * chain's count (the operator may have sent from the wallet by hand).
   */
  private async nextNonce(): Promise<number> {
    const [last] = await this.o.db
      .select({ nonce: evmPayments.nonce })
      .from(evmPayments)
      .where(and(eq(evmPayments.sender, this.sender), isNotNull(evmPayments.nonce)))
      .orderBy(desc(evmPayments.nonce))
      .limit(1);
    const onChain = await this.o.client.getTransactionCount({
      address: this.o.hotWallet.address,
      blockTag: "pending",
    });
    return Math.max(onChain, (last?.nonce ?? -1) + 1);
  }

  private async sign(p: Payment, nonce: number): Promise<Hex> {
    const coin = this.o.coins.find((c) => c.coin === p.coin);
    if (!coin) throw new Error(`no ${p.coin} on this chain`);
    const units = toChainUnits(String(p.amount), coin.decimals);
    const to = p.address as Hex;
    const call = coin.contract
      ? {
          to: coin.contract,
          value: 0n,
          data: encodeFunctionData({ abi: erc20Abi, functionName: "transfer", args: [to, units] }),
          gas: TOKEN_TRANSFER_GAS,
        }
      : {
          to,
          value: units,
          data: undefined,
          gas: await this.o.client.estimateGas({ account: this.o.hotWallet.address, to, value: units }),
        };
    const fees = await this.o.client.estimateFeesPerGas();
    return this.o.hotWallet.signTransaction({
      ...call,
      type: "eip1559",
      chainId: await this.o.chainId(),
      nonce,
      maxFeePerGas: fees.maxFeePerGas,
      maxPriorityFeePerGas: fees.maxPriorityFeePerGas,
    });
  }
}
