import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { bigintIdentity, createdAt, money, timestamptz } from "../../db/columns";

/**
 * The EVM processor's own books (decision 0045). It keeps the chain's side of each payment here and tells the
 * casino what happened only through processor events, as a remote processor would through webhooks.
 */

/**
 * Each player's deposit address: m/44'/60'/0'/0/{address_index} under the operator's account xpub. The index is
 * a counter of its own, never the player id, so ids stay private and the addresses stay dense for wallet software.
 */
export const evmAddresses = pgTable("evm_addresses", {
  playerId: bigint("player_id", { mode: "bigint" }).primaryKey(),
  /** Taken in order, without gaps (wallets stop looking after 20 unused addresses in a row). */
  addressIndex: integer("address_index").notNull().unique(),
  /** Lower-case 0x… hex: compared with what the node reports, lower-cased too. */
  address: text("address").notNull().unique(),
  createdAt: createdAt(),
});

/**
 * The blocks the watcher has scanned, newest last: a new block whose parent hash differs from the stored one
 * means a reorg, and the watcher steps back until the stored chain joins the node's again.
 */
export const evmBlocks = pgTable("evm_blocks", {
  number: bigint("number", { mode: "number" }).primaryKey(),
  hash: text("hash").notNull(),
  parentHash: text("parent_hash").notNull(),
});

/**
 * Transfers to players' addresses seen on chain: `seen` until they have enough confirmations, then assigned to
 * an invoice (`provider_ref`) and `credited`. One row per transaction and log (-1: a plain ETH transfer).
 */
export const evmTransfers = pgTable(
  "evm_transfers",
  {
    id: bigintIdentity(),
    txHash: text("tx_hash").notNull(),
    logIndex: integer("log_index").notNull(),
    coin: text("coin").notNull(),
    playerId: bigint("player_id", { mode: "bigint" }).notNull(),
    address: text("address").notNull(),
    /** In the coin's smallest unit (wei, or the token's), as a decimal integer. */
    units: text("units").notNull(),
    blockNumber: bigint("block_number", { mode: "number" }).notNull(),
    blockHash: text("block_hash").notNull(),
    /** seen → credited */
    status: text("status").notNull().default("seen"),
    /** The invoice it pays, chosen once it is confirmed and kept, so a retry credits the same one. */
    providerRef: text("provider_ref"),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex("evm_transfers_tx_log").on(t.txHash, t.logIndex),
    index("evm_transfers_seen").on(t.blockNumber).where(sql`status = 'seen'`),
  ],
);

/**
 * The invoices the processor was given. Deposits: open → paid (a confirmed transfer took it). Withdrawals:
 * queued → signed (the signed transaction and its nonce kept before it is sent) → sent → confirmed | failed;
 * queued → abandoned when its invoice never started (never signed, never sent).
 */
export const evmPayments = pgTable(
  "evm_payments",
  {
    providerRef: text("provider_ref").primaryKey(),
    invoiceId: text("invoice_id").notNull(),
    playerId: bigint("player_id", { mode: "bigint" }).notNull(),
    direction: text("direction").notNull(),
    coin: text("coin").notNull(),
    amount: money("amount").notNull(),
    status: text("status").notNull(),
    /** Withdrawals: the destination; deposits: the player's address. */
    address: text("address").notNull(),
    /** Withdrawals: the hot wallet that signed it, and its nonce there. */
    sender: text("sender"),
    nonce: integer("nonce"),
    rawTx: text("raw_tx"),
    txHash: text("tx_hash"),
    failureReason: text("failure_reason"),
    createdAt: createdAt(),
    sentAt: timestamptz("sent_at"),
  },
  (t) => [
    index("evm_payments_open_deposits").on(t.playerId, t.coin, t.createdAt).where(sql`status = 'open'`),
    uniqueIndex("evm_payments_sender_nonce").on(t.sender, t.nonce),
  ],
);
