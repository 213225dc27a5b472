import { index, pgTable, text } from "drizzle-orm/pg-core";
import { createdAt, money, timestamptz } from "../../../db/columns";

/**
 * The Pix processor's own books: which charge (`cob`) is which invoice and player, which Pix arrived for them,
 * and which devoluções were asked. A withdrawal by devolução can only return Pix a player paid in, so the
 * processor must know who paid which Pix and how much of it has gone back.
 */
export const pixCharges = pgTable("pix_charges", {
  txid: text("txid").primaryKey(),
  invoiceId: text("invoice_id").notNull(),
  playerId: text("player_id").notNull(),
  amount: money("amount").notNull(),
  createdAt: createdAt(),
});

/** A Pix the PSP confirmed for one of our charges (by GET /pix/{e2eid}, never from a webhook's word). */
export const pixReceived = pgTable(
  "pix_received",
  {
    e2eid: text("e2eid").primaryKey(),
    txid: text("txid").notNull(),
    playerId: text("player_id").notNull(),
    amount: money("amount").notNull(),
    receivedAt: timestamptz("received_at").notNull(),
  },
  (t) => [index("pix_received_player").on(t.playerId)],
);

/** A devolução asked of the PSP for a withdrawal: EM_PROCESSAMENTO until the PSP says DEVOLVIDO or NAO_REALIZADO. */
export const pixRefunds = pgTable(
  "pix_refunds",
  {
    /** The devolução's id, ours to choose ([a-zA-Z0-9]{1,35}); the withdrawal invoice's providerRef. */
    id: text("id").primaryKey(),
    e2eid: text("e2eid").notNull(),
    invoiceId: text("invoice_id").notNull(),
    playerId: text("player_id").notNull(),
    amount: money("amount").notNull(),
    status: text("status").notNull().default("EM_PROCESSAMENTO"),
    createdAt: createdAt(),
  },
  (t) => [index("pix_refunds_e2eid").on(t.e2eid), index("pix_refunds_open").on(t.status)],
);
