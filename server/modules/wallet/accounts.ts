import { type AnyColumn, and, asc, eq, ne, or, type SQL, sql } from "drizzle-orm";
import { ACCOUNT_UPDATED, type WalletAccount } from "#common/api/wallet";
import { normalizeAmount } from "#common/money";
import { playerChannel } from "#common/realtime";
import type { Db } from "../../db/client";
import { ApiError } from "../../http/errors";
import { afterCommit, type Publisher } from "../../realtime/publisher";
import { findBaseCurrency, findCountry, findCurrency } from "../settings";
import { inPlayerOrder } from "./player-lock";
import { walletAccounts } from "./tables";

type Row = typeof walletAccounts.$inferSelect;

export const toWalletAccount = (r: Row): WalletAccount => ({
  id: String(r.id),
  currency: r.currency,
  balance: normalizeAmount(r.balance) ?? r.balance,
  bonusBalance: normalizeAmount(r.bonusBalance) ?? r.bonusBalance,
  status: r.status,
  isCurrent: r.isCurrent,
  isHidden: r.isHidden,
});

export interface WalletDeps {
  db: Db;
  publisher: Publisher;
}

/** The player's accounts, the current one first, then in the order they were opened. */
export async function listAccounts(db: Db, playerId: bigint): Promise<WalletAccount[]> {
  const rows = await db
    .select()
    .from(walletAccounts)
    .where(eq(walletAccounts.playerId, playerId))
    .orderBy(asc(walletAccounts.id));
  return rows.map(toWalletAccount).sort((a, b) => Number(b.isCurrent) - Number(a.isCurrent));
}

/** One of the player's own accounts; another player's id answers the same 404 as a missing one. */
export async function ownAccount(db: Db, playerId: bigint, accountId: string): Promise<Row> {
  if (!/^\d{1,18}$/.test(accountId)) throw ApiError.notFound("No such account");
  const [row] = await db
    .select()
    .from(walletAccounts)
    .where(and(eq(walletAccounts.id, BigInt(accountId)), eq(walletAccounts.playerId, playerId)));
  if (!row) throw ApiError.notFound("No such account");
  return row;
}

/** The player's account in a currency, if they hold one. */
export async function accountInCurrency(
  db: Db,
  playerId: bigint,
  currency: string,
): Promise<Row | undefined> {
  const [row] = await db
    .select()
    .from(walletAccounts)
    .where(and(eq(walletAccounts.playerId, playerId), eq(walletAccounts.currency, currency)));
  return row;
}

/** An account by its id (inside the caller's transaction when `db` is one), as players see it. */
/**
 * What a provider is told a player can stake on an account (real and bonus money together, in normal form), as
 * an expression for a caller's own read (issue 38: the seamless wallet's balance call is one round trip).
 */
export const playableSql = (accountId: SQL | AnyColumn) =>
  sql<
    string | null
  >`(select trim_scale(a.balance + a.bonus_balance)::text from ${walletAccounts} a where a.id = ${accountId})`;

export async function walletAccountById(db: Db, accountId: bigint): Promise<WalletAccount | undefined> {
  const [row] = await db.select().from(walletAccounts).where(eq(walletAccounts.id, accountId));
  return row && toWalletAccount(row);
}

/** Whose an account is and in what currency (the back office addresses accounts by id). */
export async function accountOwner(
  db: Db,
  accountId: bigint,
): Promise<{ playerId: bigint; currency: string } | undefined> {
  const [row] = await db
    .select({ playerId: walletAccounts.playerId, currency: walletAccounts.currency })
    .from(walletAccounts)
    .where(eq(walletAccounts.id, accountId));
  return row;
}

/** The caller's queue of realtime messages, sent after its transaction commits (afterCommit's `announce`). */
export type Send = (channel: string, event: { event: string; data: unknown }) => void;

/**
 * THE one builder of the wallet's `accounts` message (issue 37): tells the player's open pages about a changed
 * account. `send` is the caller's afterCommit queue, so the message goes out only once its transaction
 * committed. Answers the account.
 */
export function announceAccount(
  send: Send,
  playerId: bigint | string,
  account: WalletAccount,
): WalletAccount {
  send(playerChannel("accounts", String(playerId)), { event: ACCOUNT_UPDATED, data: account });
  return account;
}

/**
 * Reads an account inside the caller's transaction (after the change that moved it) and queues its `accounts`
 * message; nothing is queued when there is no such account. Answers the account as players see it.
 */
export async function announceAccountOf(
  tx: Db,
  send: Send,
  playerId: bigint | string,
  accountId: bigint,
): Promise<WalletAccount | undefined> {
  const account = await walletAccountById(tx, accountId);
  return account && announceAccount(send, playerId, account);
}

/** Queues the `accounts` message of a changed row and answers the account as players see it. */
function announce(send: Send, playerId: bigint, row: Row): WalletAccount {
  return announceAccount(send, playerId, toWalletAccount(row));
}

/** Sets an account's flags, stamping the change, and answers the changed row. */
async function setFlags(
  db: Pick<Db, "update">,
  accountId: bigint,
  flags: Partial<Pick<Row, "isCurrent" | "isHidden">>,
): Promise<Row> {
  const [row] = await db
    .update(walletAccounts)
    .set({ ...flags, updatedAt: new Date() })
    .where(eq(walletAccounts.id, accountId))
    .returning();
  return row!;
}

/**
 * Opens an account in an enabled currency. The player's first account becomes the current one. Asking for a
 * currency the player already holds answers that account (un-hiding it): the call is safe to repeat.
 */
export async function openAccount(
  deps: WalletDeps,
  playerId: bigint,
  currency: string,
): Promise<WalletAccount> {
  const code = currency.trim().toUpperCase();
  const cur = await findCurrency(deps.db, code);
  if (!cur?.isEnabled) {
    throw new ApiError(422, "validation_error", "Some fields are not valid", {
      currency: ["This currency is not available"],
    });
  }
  // Under the player's lock (decision 0036): two first accounts opened at once would both be made current.
  return afterCommit(deps.publisher, (send) =>
    inPlayerOrder(deps.db, playerId, async (tx) => {
      const mine = await tx.select().from(walletAccounts).where(eq(walletAccounts.playerId, playerId));
      const held = mine.find((a) => a.currency === code);
      let row: Row;
      if (held) {
        row = await setFlags(tx, held.id, { isHidden: false });
      } else {
        [row] = (await tx
          .insert(walletAccounts)
          .values({ playerId, currency: code, isCurrent: mine.length === 0 })
          .onConflictDoUpdate({
            target: [walletAccounts.playerId, walletAccounts.currency],
            set: { isHidden: false },
          })
          .returning()) as [Row];
      }
      return announce(send, playerId, row);
    }),
  );
}

/**
 * A new player's first account, opened in the sign-up's own transaction so the wallet is there from the first
 * page: the currency they chose, else their country's, else the base currency (whichever is enabled first).
 * Answers the currency opened, or null when none is enabled (the player opens one later).
 */
export async function openFirstAccount(
  tx: Db,
  playerId: bigint,
  wanted: { currency?: string | null; country?: string | null },
): Promise<string | null> {
  const candidates: (string | null | undefined)[] = [wanted.currency?.trim().toUpperCase()];
  if (wanted.country) candidates.push((await findCountry(tx, wanted.country.toUpperCase()))?.currency);
  candidates.push((await findBaseCurrency(tx))?.code);
  for (const code of candidates) {
    if (!code) continue;
    const cur = await findCurrency(tx, code);
    if (!cur?.isEnabled) continue;
    await tx
      .insert(walletAccounts)
      .values({ playerId, currency: code, isCurrent: true })
      .onConflictDoNothing();
    return code;
  }
  return null;
}

/**
 * Makes one of the player's accounts the current one; the previous current one stops being it. Under the
 * player's lock, then the two rows locked by id (decision 0036): concurrent switches run one after the other,
 * where two switches in opposite directions used to lock the same two rows in opposite orders and deadlock.
 */
export async function switchAccount(
  deps: WalletDeps,
  playerId: bigint,
  accountId: string,
): Promise<WalletAccount> {
  const target = await ownAccount(deps.db, playerId, accountId);
  return afterCommit(deps.publisher, (send) =>
    inPlayerOrder(deps.db, playerId, async (tx) => {
      await tx
        .select({ id: walletAccounts.id })
        .from(walletAccounts)
        .where(
          and(
            eq(walletAccounts.playerId, playerId),
            or(eq(walletAccounts.isCurrent, true), eq(walletAccounts.id, target.id)),
          ),
        )
        .orderBy(asc(walletAccounts.id))
        .for("update");
      const previous = await tx
        .update(walletAccounts)
        .set({ isCurrent: false, updatedAt: new Date() })
        .where(
          and(
            eq(walletAccounts.playerId, playerId),
            eq(walletAccounts.isCurrent, true),
            ne(walletAccounts.id, target.id),
          ),
        )
        .returning();
      const row = await setFlags(tx, target.id, { isCurrent: true, isHidden: false });
      for (const p of previous) announce(send, playerId, p);
      return announce(send, playerId, row);
    }),
  );
}

/** Hides an account from the player's list. The current account cannot be hidden: switch away first. */
export async function hideAccount(
  deps: WalletDeps,
  playerId: bigint,
  accountId: string,
): Promise<WalletAccount> {
  // Read under the player's lock (decision 0036), or a switch to it in between would leave the current account
  // hidden.
  return afterCommit(deps.publisher, (send) =>
    inPlayerOrder(deps.db, playerId, async (tx) => {
      const target = await ownAccount(tx, playerId, accountId);
      if (target.isCurrent) {
        throw new ApiError(409, "account_is_current", "Switch to another currency before hiding this one");
      }
      return announce(send, playerId, await setFlags(tx, target.id, { isHidden: true }));
    }),
  );
}
