import { and, asc, desc, eq, gte, isNull, lte } from "drizzle-orm";
import { type Block, type Hash, type PublicClient, parseAbiItem, type Transaction } from "viem";
import type { Db } from "../../db/client";
import { type CoinOnChain, type EvmCoin, fromChainUnits, methodOf } from "./evm-coins";
import { evmAddresses, evmBlocks, evmPayments, evmTransfers } from "./evm-tables";
import type { CreditTransfer } from "./port";

const TRANSFER = parseAbiItem("event Transfer(address indexed from, address indexed to, uint256 value)");

export interface WatcherOptions {
  db: Db;
  client: PublicClient;
  /** Blocks on top of a transfer's own before it is credited. */
  confirmations: number;
  coins: CoinOnChain[];
  /** The most blocks one run scans (or steps back), so a run stays short under its job lock. */
  maxBlocksPerRun?: number;
}

type Found = typeof evmTransfers.$inferInsert;

/**
 * Follows the chain block by block for transfers to players' addresses, and credits each once it has its
 * confirmations (decision 0045). What it scanned is kept (block hashes, transfers seen), so a restart goes on
 * where it stopped; a block whose parent is not the stored tip means a reorg: the watcher steps back, forgetting
 * the blocks and the unconfirmed transfers it had seen there, until its stored chain joins the node's again.
 * Credited transfers are never taken back: confirmations are the depth the operator trusts.
 */
export class DepositWatcher {
  constructor(private readonly o: WatcherOptions) {}

  async run(credit: CreditTransfer): Promise<string | undefined> {
    const head = Number(await this.o.client.getBlockNumber({ cacheTime: 0 }));
    const scan = await this.scan(head);
    const credited = await this.creditConfirmed(head, credit);
    const said = [
      scan.found ? `saw ${scan.found} transfers` : "",
      scan.steppedBack ? `stepped back ${scan.steppedBack} blocks (reorg)` : "",
      credited ? `credited ${credited}` : "",
    ].filter(Boolean);
    return said.length ? said.join(", ") : undefined;
  }

  /** Scans the blocks after the stored tip up to the head; steps back over blocks the node no longer has. */
  async scan(head: number): Promise<{ scanned: number; found: number; steppedBack: number }> {
    const { db } = this.o;
    const addresses = new Map(
      (await db.select().from(evmAddresses)).map((a) => [a.address, a.playerId] as const),
    );
    const out = { scanned: 0, found: 0, steppedBack: 0 };
    for (let step = 0; step < (this.o.maxBlocksPerRun ?? 200); step++) {
      const [tip] = await db.select().from(evmBlocks).orderBy(desc(evmBlocks.number)).limit(1);
      // The first run starts where a transfer could still be waiting for its confirmations.
      const next = tip ? tip.number + 1 : Math.max(0, head - this.o.confirmations);
      if (next > head) {
        // Nothing new; but the tip itself may have been replaced by a block of the same height (or removed).
        if (tip && (await this.hashAt(tip.number)) !== tip.hash) {
          await this.stepBack(tip.number);
          out.steppedBack++;
          continue;
        }
        break;
      }
      const block = await this.o.client.getBlock({ blockNumber: BigInt(next), includeTransactions: true });
      if (tip && block.parentHash !== tip.hash) {
        await this.stepBack(tip.number);
        out.steppedBack++;
        continue;
      }
      const found = await this.transfersIn(block, addresses);
      await db.transaction(async (tx) => {
        if (found.length) await tx.insert(evmTransfers).values(found).onConflictDoNothing();
        await tx
          .insert(evmBlocks)
          .values({ number: next, hash: block.hash!, parentHash: block.parentHash })
          .onConflictDoNothing();
        // Blocks far below the confirmation depth are never stepped back over: they need not be kept.
        await tx.delete(evmBlocks).where(lte(evmBlocks.number, next - 2 * this.o.confirmations - 64));
      });
      out.scanned++;
      out.found += found.length;
    }
    return out;
  }

  /** Forgets block `from` and above: its hash and the transfers seen there that were not yet credited. */
  private async stepBack(from: number) {
    await this.o.db.transaction(async (tx) => {
      await tx.delete(evmBlocks).where(gte(evmBlocks.number, from));
      // A transfer already assigned to an invoice had its confirmations: it is credited, never forgotten.
      await tx
        .delete(evmTransfers)
        .where(
          and(
            gte(evmTransfers.blockNumber, from),
            eq(evmTransfers.status, "seen"),
            isNull(evmTransfers.providerRef),
          ),
        );
    });
  }

  private async hashAt(number: number): Promise<string | undefined> {
    try {
      return (await this.o.client.getBlock({ blockNumber: BigInt(number) })).hash ?? undefined;
    } catch {
      return undefined;
    }
  }

  /** Ether sent straight to a player's address by a successful transaction, and token Transfer logs to one. */
  private async transfersIn(block: Block<bigint, true>, addresses: Map<string, bigint>): Promise<Found[]> {
    const found: Found[] = [];
    const at = { blockNumber: Number(block.number), blockHash: block.hash! };
    const eth = this.o.coins.find((c) => c.coin === "ETH");
    if (eth) {
      const candidates = (block.transactions as Transaction[]).filter(
        (t) => t.to && t.value > 0n && addresses.has(t.to.toLowerCase()),
      );
      for (const t of candidates) {
        // A reverted transaction keeps its value field but moved nothing.
        const receipt = await this.o.client.getTransactionReceipt({ hash: t.hash });
        if (receipt.status !== "success") continue;
        const address = t.to!.toLowerCase();
        found.push(this.transfer("ETH", t.hash, -1, address, addresses.get(address)!, t.value, at));
      }
    }
    for (const token of this.o.coins.filter((c) => c.contract)) {
      const logs = await this.o.client.getLogs({
        address: token.contract,
        event: TRANSFER,
        blockHash: block.hash!,
      });
      for (const log of logs) {
        const address = log.args.to?.toLowerCase();
        const value = log.args.value ?? 0n;
        if (!address || value <= 0n || !addresses.has(address) || log.removed) continue;
        found.push(
          this.transfer(
            token.coin,
            log.transactionHash,
            log.logIndex,
            address,
            addresses.get(address)!,
            value,
            at,
          ),
        );
      }
    }
    return found;
  }

  private transfer(
    coin: EvmCoin,
    txHash: Hash,
    logIndex: number,
    address: string,
    playerId: bigint,
    units: bigint,
    at: { blockNumber: number; blockHash: string },
  ): Found {
    return { txHash, logIndex, coin, address, playerId, units: units.toString(), ...at };
  }

  /**
   * Credits the transfers that have their confirmations: each is first assigned to the player's oldest open
   * invoice in its coin (kept, so a retry after a crash credits the same one), then credited through `credit`,
   * which does so once per transfer, then marked credited.
   */
  async creditConfirmed(head: number, credit: CreditTransfer): Promise<number> {
    const { db } = this.o;
    const due = await db
      .select()
      .from(evmTransfers)
      .where(
        and(eq(evmTransfers.status, "seen"), lte(evmTransfers.blockNumber, head - this.o.confirmations + 1)),
      )
      .orderBy(asc(evmTransfers.id));
    let credited = 0;
    for (const t of due) {
      // Still on the node's chain? If not, the next scan steps back over it and it is forgotten.
      if (!t.providerRef && (await this.hashAt(t.blockNumber)) !== t.blockHash) continue;
      const providerRef = t.providerRef ?? (await this.assign(t));
      const coin = this.o.coins.find((c) => c.coin === t.coin)!;
      const result = await credit({
        eventId: `evm:${t.txHash}:${t.logIndex}`,
        playerId: String(t.playerId),
        method: methodOf("deposit", coin.coin),
        currency: coin.coin,
        amount: fromChainUnits(BigInt(t.units), coin.decimals),
        providerRef: providerRef || undefined,
        publicData: { address: t.address, network: "Ethereum" },
      });
      await db.update(evmTransfers).set({ status: "credited" }).where(eq(evmTransfers.id, t.id));
      if (result.applied) credited++;
    }
    return credited;
  }

  /** The player's oldest open deposit in the coin, taken by this transfer; "" when none is open. */
  private async assign(t: typeof evmTransfers.$inferSelect): Promise<string> {
    return this.o.db.transaction(async (tx) => {
      const [open] = await tx
        .select({ ref: evmPayments.providerRef })
        .from(evmPayments)
        .where(
          and(
            eq(evmPayments.playerId, t.playerId),
            eq(evmPayments.coin, t.coin),
            eq(evmPayments.direction, "deposit"),
            eq(evmPayments.status, "open"),
          ),
        )
        .orderBy(asc(evmPayments.createdAt), asc(evmPayments.providerRef))
        .limit(1)
        .for("update");
      const ref = open?.ref ?? "";
      if (open) await tx.update(evmPayments).set({ status: "paid" }).where(eq(evmPayments.providerRef, ref));
      // Written even when empty: the transfer is now pinned, and a reorg no longer forgets it.
      await tx.update(evmTransfers).set({ providerRef: ref }).where(eq(evmTransfers.id, t.id));
      return ref;
    });
  }
}
