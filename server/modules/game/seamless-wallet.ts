/**
 * The seamless wallet (PROTOCOLS.md section 3, Hub88's operator wallet as the model): game providers never hold
 * a player's money; they call balance, bet, win and rollback here for every round. Money moves only through the
 * wallet ledger, keyed `game:{provider}:{transactionId}`, in the same database transaction as the record of the
 * provider's transaction, so a transaction id is applied at most once, forever.
 *
 * - An exact replay answers the stored original answer; the same id with another amount, currency, round or
 *   reference is RS_ERROR_DUPLICATE_TRANSACTION.
 * - A rollback of a bet never seen records a tombstone under the bet's id (a late bet with it is refused as a
 *   duplicate) and answers RS_OK: final.
 * - Wins and rollbacks are accepted after the game session expired; bets and balance are not.
 * Every answer is `{ status, … }`; see docs/decisions/0006-games.md for the codes.
 */
import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import {
  type BalanceRequest,
  type BetRequest,
  type RollbackRequest,
  WALLET_STATUS,
  type WalletAnswer,
  type WalletStatus,
  type WinRequest,
} from "#common/api/seamless-wallet";
import { BET_STATUS, PLAYER_STATUS } from "#common/constants";
import { addAmounts, compareAmounts, normalizeAmount, toUnits } from "#common/money";
import { playerChannel, REALTIME_EVENTS } from "#common/realtime";
import { type Db, inGroupCommit, isUniqueViolation, rowsOf } from "../../db/client";
import type { Clock } from "../../lib/clock";
import { afterCommit, type Publisher } from "../../realtime/publisher";
import { betSettledIn, recordBetSettled } from "../facts";
import type { BetLimits, BetLimitVerdict } from "../limits";
import { playerStatusSql } from "../player";
import {
  announceAccount,
  announceAccountOf as announceWalletAccount,
  balancesAlone,
  house,
  InsufficientFunds,
  once,
  playableSql,
  refundAlone,
  refund as refundStake,
  settle,
  settleAlone,
  stake,
  stakeAlone,
  walletAccountById,
} from "../wallet";
import type { FreeRoundsLeft, GameBonuses, GameWagering, StakeKind } from "./bonus-port";
import { gameRounds, gameSessions, games, gameTransactions } from "./tables";

export { WALLET_STATUS, type WalletAnswer, type WalletStatus } from "#common/api/seamless-wallet";

export interface SeamlessWalletDeps {
  db: Db;
  clock: Clock;
  publisher: Publisher;
  betLimits: BetLimits;
  /** Bonus wagering and free rounds (the bonus module fills this port in server/app.ts). */
  bonuses: GameBonuses;
}

const fail = (status: WalletStatus, message: string, extra: Partial<WalletAnswer> = {}): WalletAnswer => ({
  status,
  message,
  ...extra,
});

type Session = typeof gameSessions.$inferSelect;
type Tx = typeof gameTransactions.$inferSelect;
type Send = (channel: string, event: { event: string; data: unknown }) => void;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Real-money sessions this process has read, by database, provider and token (issue 38: the read was half of a
 * plain bet's and a plain win's statements). A session row never changes once written (nothing updates or
 * deletes it), so a kept one is never stale; what can change — the player's status, the account, the bet a win
 * names — the fast paths check inside their own statement. Bounded: the oldest go first.
 */
const keptSessions = new WeakMap<Db, Map<string, { session: Session; kind: StakeKind }>>();
const KEPT_SESSIONS = 10_000;

function keptSession(db: Db, provider: string, token: string) {
  return keptSessions.get(db)?.get(`${provider}:${token}`);
}

function keepSession(db: Db, provider: string, token: string, session: Session, kind: StakeKind) {
  const kept = keptSessions.get(db) ?? new Map<string, { session: Session; kind: StakeKind }>();
  keptSessions.set(db, kept);
  if (kept.size >= KEPT_SESSIONS) kept.delete(kept.keys().next().value!);
  kept.set(`${provider}:${token}`, { session, kind });
}

/** The statement-side checks a fast path needs that the session read did: the player may still bet. */
const playerActive = (playerId: bigint) =>
  sql`${playerStatusSql(sql`${playerId}::bigint`)} = ${PLAYER_STATUS.active}`;

/**
 * The call's game session and the provider's transactions `txIds` (the call's own id, for a replay, and the bet
 * it refers to), in one round trip. No session when the token is not a real-money session of this provider.
 */
async function sessionWith(
  db: Db,
  provider: string,
  token: string,
  txIds: string[],
  /** The balance call's: what the player can stake and the free rounds they hold, read with the session. */
  balance?: { bonuses: GameBonuses; now: Date },
): Promise<{
  session?: Session;
  txs: Tx[];
  kind: StakeKind;
  /** The game's bonus-wagering settings as they are now (an edit applies from the next round that closes). */
  wagering?: GameWagering;
  playerStatus?: number | null;
  playable?: string | null;
  freeRounds?: string | null;
}> {
  if (typeof token !== "string" || !UUID.test(token)) return { txs: [], kind: "tables" };
  const rows = await db
    .select({
      s: gameSessions,
      t: gameTransactions,
      engine: games.engine,
      features: games.features,
      // Read with the session (issue 38: no round trip of its own), for a closing win's wagering.
      bonusWagering: games.bonusWagering,
      bonusWageringMinMultiplier: games.bonusWageringMinMultiplier,
      playerStatus: playerStatusSql(gameSessions.playerId),
      playable: balance ? playableSql(gameSessions.accountId) : sql<null>`null`,
      freeRounds: balance
        ? balance.bonuses.freeRounds.ofSql(gameSessions.accountId, gameSessions.gameId, balance.now)
        : sql<null>`null`,
    })
    .from(gameSessions)
    .leftJoin(games, eq(games.id, gameSessions.gameId))
    .leftJoin(
      gameTransactions,
      txIds.length > 0
        ? and(eq(gameTransactions.provider, provider), inArray(gameTransactions.txId, txIds))
        : sql`false`,
    )
    .where(eq(gameSessions.id, token));
  const s = rows[0]?.s;
  // A demo launch has no wallet; another provider's token is not this provider's to use.
  if (s?.mode !== "real" || s.walletProvider !== provider || !s.accountId || !s.playerId)
    return { txs: [], kind: "tables" };
  const game = rows[0]!;
  const kind = stakeKindOfGame(s.gameId === null ? undefined : game);
  keepSession(db, provider, token, s, kind);
  return {
    session: s,
    txs: rows.flatMap((r) => (r.t ? [r.t] : [])),
    kind,
    ...(game.bonusWagering !== null &&
      game.bonusWageringMinMultiplier !== null && {
        wagering: {
          bonusWagering: game.bonusWagering,
          bonusWageringMinMultiplier: game.bonusWageringMinMultiplier,
        },
      }),
    playerStatus: game.playerStatus,
    playable: game.playable,
    freeRounds: game.freeRounds,
  };
}

async function findTx(db: Db, provider: string, txId: string): Promise<Tx | undefined> {
  const [t] = await db
    .select()
    .from(gameTransactions)
    .where(and(eq(gameTransactions.provider, provider), eq(gameTransactions.txId, txId)));
  return t;
}

const balanceOf = walletAccountById;

/** What a provider is told the player can stake: real and bonus money together (decision 0013). */
const playable = (a: { balance: string; bonusBalance: string }) =>
  normalizeAmount(addAmounts(a.balance, a.bonusBalance))!;

/** A game's kind for its contribution to bonus wagering: slots, live tables, or other (table) games. */
function stakeKindOfGame(g: { engine: string | null; features: string[] | null } | undefined): StakeKind {
  if (g?.features?.includes("live")) return "live";
  return g?.engine === "slot" ? "slots" : "tables";
}

/** The stored answer when the same transaction comes again; a duplicate error when only its id is the same. */
function replay(stored: Tx, incoming: Partial<Tx>): WalletAnswer {
  if (stored.status === "tombstone") {
    return fail(WALLET_STATUS.duplicateTransaction, "This transaction was rolled back before it arrived");
  }
  const same =
    stored.kind === incoming.kind &&
    stored.roundId === incoming.roundId &&
    (stored.referenceTxId ?? null) === (incoming.referenceTxId ?? null) &&
    (incoming.amount === undefined ||
      (stored.amount !== null &&
        incoming.amount !== null &&
        compareAmounts(stored.amount, incoming.amount) === 0)) &&
    (incoming.currency === undefined || stored.currency === incoming.currency);
  if (!same)
    return fail(WALLET_STATUS.duplicateTransaction, "This transaction id was used for another transaction");
  return stored.response as WalletAnswer;
}

function validTxFields(r: { transactionId?: unknown; roundId?: unknown }): boolean {
  return (
    typeof r.transactionId === "string" &&
    r.transactionId.length > 0 &&
    r.transactionId.length <= 200 &&
    typeof r.roundId === "string" &&
    r.roundId.length > 0 &&
    r.roundId.length <= 200
  );
}

/** A non-negative amount in normal form, or undefined. */
function amountOf(value: unknown): string | undefined {
  if (typeof value !== "string") return undefined;
  const n = normalizeAmount(value);
  return n !== undefined && (toUnits(n) ?? -1n) >= 0n ? n : undefined;
}

/** Tells the player's tabs the account's new balance, read in the transaction that changed it. */
async function announceAccountOf(tx: Db, send: Send, playerId: bigint, accountId: bigint) {
  await announceWalletAccount(tx, send, playerId, accountId);
}

/** The RS_OK answer of a call that moved (or did not need to move) money, with the balance it left. */
function okAnswer(
  s: Session,
  transactionId: string,
  balance: string,
  extra: Partial<WalletAnswer> = {},
): WalletAnswer {
  return {
    status: WALLET_STATUS.ok,
    user: String(s.playerId),
    currency: s.currency!,
    balance,
    transactionId,
    ...extra,
  };
}

type CallRecord = {
  kind: "bet" | "win" | "rollback";
  transactionId: string;
  roundId: string;
  reference?: string;
};

/** The provider's transaction as a row to insert, with the answer given (replayed to an exact repeat). */
const callRow = (
  provider: string,
  s: Session,
  call: CallRecord,
  amount: string | undefined,
  answer: WalletAnswer,
) => ({
  provider,
  txId: call.transactionId,
  kind: call.kind,
  sessionId: s.id,
  playerId: s.playerId,
  accountId: s.accountId,
  gameId: s.gameId,
  roundId: call.roundId,
  amount,
  currency: s.currency,
  referenceTxId: call.reference,
  response: answer as Record<string, unknown>,
});

/**
 * Answers RS_OK and stores the answer under the call's transaction id, in the same database transaction that
 * moved the money: an exact replay reads it back, anything else with that id is a duplicate.
 */
async function storeOk(
  tx: Db,
  provider: string,
  s: Session,
  call: CallRecord,
  amount: string | undefined,
  balance: string,
  extra: Partial<WalletAnswer> = {},
): Promise<WalletAnswer> {
  const answer = okAnswer(s, call.transactionId, balance, extra);
  await tx.insert(gameTransactions).values(callRow(provider, s, call, amount, answer));
  return answer;
}

type RoundChange = { bet?: string; win?: string; refund?: string; closed?: boolean };
type RoundRow = { id: string; bet_amount: string; win_amount: string; status: number; created_at: string };

/**
 * The round's upsert: its stakes, wins and refunds so far, and its status. `whenRowIn` names a relation of the
 * same statement: the round is written only when it has a row (a posting that moved money).
 */
function roundUpsert(provider: string, s: Session, roundId: string, change: RoundChange, whenRowIn?: SQL) {
  const bet = change.bet ?? "0";
  const win = change.win ?? "0";
  const refund = change.refund ?? "0";
  const values = sql`${provider}::text, ${roundId}::text, ${s.playerId}::bigint, ${s.gameId}::bigint, ${s.currency}::text, ${bet}::numeric, ${win}::numeric, ${BET_STATUS.open}::smallint`;
  return sql`
    insert into ${gameRounds} (provider, round_id, player_id, game_id, currency, bet_amount, win_amount, status)
    ${whenRowIn ? sql`select ${values} from ${whenRowIn}` : sql`values (${values})`}
    on conflict (provider, player_id, round_id) do update set
      bet_amount = ${gameRounds}.bet_amount + ${bet}::numeric - ${refund}::numeric,
      win_amount = ${gameRounds}.win_amount + ${win}::numeric,
      status = case
        when ${refund}::numeric > 0 then ${BET_STATUS.refunded}::smallint
        when ${change.closed ?? false}::boolean then case when ${gameRounds}.win_amount + ${win}::numeric > 0 then ${BET_STATUS.won}::smallint else ${BET_STATUS.lost}::smallint end
        else ${gameRounds}.status end,
      updated_at = now()
    returning id, bet_amount::text, win_amount::text, status, created_at`;
}

async function upsertRound(tx: Db, provider: string, s: Session, roundId: string, change: RoundChange) {
  const [row] = await rowsOf<RoundRow>(tx, roundUpsert(provider, s, roundId, change));
  return row!;
}

/**
 * The round's change and the call's stored RS_OK answer in one statement (issue 38: one round trip for both);
 * a repeated transaction id fails it with a unique violation, which `once` answers as a replay.
 */
async function storeOkWithRound(
  tx: Db,
  provider: string,
  s: Session,
  call: CallRecord,
  amount: string | undefined,
  balance: string,
  change: RoundChange,
): Promise<{ answer: WalletAnswer; round: RoundRow }> {
  const answer = okAnswer(s, call.transactionId, balance);
  const row = callRow(provider, s, call, amount, answer);
  const [round] = await rowsOf<RoundRow>(
    tx,
    sql`
    with round as (${roundUpsert(provider, s, call.roundId, change)}), stored as (
      insert into ${gameTransactions} (provider, tx_id, kind, session_id, player_id, account_id, game_id, round_id, amount, currency, reference_tx_id, response)
      values (${row.provider}, ${row.txId}, ${row.kind}, ${row.sessionId}::uuid, ${row.playerId}, ${row.accountId}, ${row.gameId}, ${row.roundId}, ${row.amount ?? null}::numeric, ${row.currency}, ${row.referenceTxId ?? null}, ${JSON.stringify(answer)}::jsonb)
      returning 1
    )
    select round.* from round where (select count(*) from stored) = 1`,
  );
  return { answer, round: round! };
}

export async function walletBalance(deps: SeamlessWalletDeps, provider: string, r: BalanceRequest) {
  // The session, the balance and the free rounds in one read (issue 38: a house game asks it after each move).
  const now = deps.clock.now();
  const {
    session: s,
    playable: balance,
    freeRounds,
  } = await sessionWith(deps.db, provider, r.token, [], { bonuses: deps.bonuses, now });
  if (!s) return fail(WALLET_STATUS.invalidToken, "Unknown game session token");
  if (s.expiresAt <= now) return fail(WALLET_STATUS.tokenExpired, "The game session has expired");
  return {
    status: WALLET_STATUS.ok,
    user: String(s.playerId),
    currency: s.currency!,
    balance: balance!,
    freeRounds: JSON.parse(freeRounds ?? "[]") as FreeRoundsLeft[],
  } satisfies WalletAnswer;
}

/** A responsible-gambling limit refused a stake inside its transaction: nothing was written. */
class LimitStop extends Error {
  constructor(readonly verdict: Exclude<BetLimitVerdict, { ok: true }>) {
    super("A limit stops this bet");
  }
}

/** Tells the player's pages which limit stopped the bet (game:bets), and the provider that it was refused. */
async function limitReached(
  deps: SeamlessWalletDeps,
  s: Session,
  amount: string,
  verdict: Exclude<BetLimitVerdict, { ok: true }>,
  current: { balance: string; currency: string },
): Promise<WalletAnswer> {
  const bets = playerChannel("bets", s.playerId!);
  const event =
    verdict.reason === "max_exceeded"
      ? {
          event: REALTIME_EVENTS.betMaxExceeded,
          data: { gameId: String(s.gameId), maxBet: verdict.maxBet, currency: s.currency, amount },
        }
      : { event: REALTIME_EVENTS.betRestricted, data: { gameId: String(s.gameId), currency: s.currency } };
  await deps.publisher.publish(bets, event).catch(() => undefined);
  return fail(WALLET_STATUS.limitReached, "A limit stops this bet", current);
}

export async function walletBet(
  deps: SeamlessWalletDeps,
  provider: string,
  r: BetRequest,
): Promise<WalletAnswer> {
  const amount = amountOf(r.amount);
  if (!validTxFields(r) || amount === undefined || typeof r.currency !== "string")
    return fail(WALLET_STATUS.wrongSyntax, "transactionId, roundId, amount and currency are required");
  {
    // A session this process knows: the plain stake is the one statement, with the player's status in its gate
    // (issue 38). Whatever it does not write — a replay, a limit, short funds — the full path below answers.
    const known = keptSession(deps.db, provider, r.token)?.session;
    if (
      known &&
      r.freespinId === undefined &&
      compareAmounts(amount, "0") > 0 &&
      known.expiresAt > deps.clock.now() &&
      r.currency === known.currency
    ) {
      const alone = await stakeInOne(deps, provider, r, known, amount, playerActive(known.playerId!));
      if (alone) return alone;
    }
  }
  const { session: s, txs, playerStatus } = await sessionWith(deps.db, provider, r.token, [r.transactionId]);
  if (!s) return fail(WALLET_STATUS.invalidToken, "Unknown game session token");
  const incoming = {
    kind: "bet" as const,
    roundId: r.roundId,
    amount,
    currency: r.currency,
    referenceTxId: null,
  };
  const seen = txs[0];
  if (seen) return replay(seen, incoming);
  if (s.expiresAt <= deps.clock.now())
    return fail(WALLET_STATUS.tokenExpired, "The game session has expired");
  if (r.currency !== s.currency)
    return fail(WALLET_STATUS.wrongCurrency, `This session plays in ${s.currency}`);
  const playerId = s.playerId!;
  if (playerStatus !== PLAYER_STATUS.active)
    return fail(WALLET_STATUS.userDisabled, "The player may not place bets", await currentOf(deps.db, s));
  const staking = compareAmounts(amount, "0") > 0;
  // The account is read before only when nothing posts (a free round, a bet of zero); a stake's posting answers
  // the balances it left, and refuses a frozen account, which the failure path below then reads.
  let unstaked: { balance: string; currency: string } | undefined;
  if (r.freespinId !== undefined || !staking) {
    const { active, current } = await accountStateOf(deps.db, s);
    if (!active) return fail(WALLET_STATUS.userDisabled, "The player may not place bets", current);
    if (r.freespinId !== undefined) return freeBet(deps, provider, r, s, amount, current, incoming);
    unstaked = current;
  }
  if (staking) {
    // The plain case, a stake no limit needs to weigh, is one statement committed on its own (issue 38).
    const alone = await stakeInOne(deps, provider, r, s, amount);
    if (alone) return alone;
  }
  try {
    return await afterCommit(deps.publisher, (send) =>
      once(
        deps.db,
        async (tx) => {
          let balance: string;
          if (staking) {
            const verdict = await deps.betLimits.check(tx, {
              playerId,
              accountId: s.accountId!,
              currency: s.currency!,
              amount,
            });
            if (!verdict.ok) throw new LimitStop(verdict);
            const posted = await stake(tx, betPosting(deps, provider, r, s, amount));
            balance = addAmounts(posted.balanceAfter, posted.bonusBalanceAfter);
            if (posted.account) announceAccount(send, playerId, posted.account);
          } else {
            balance = unstaked!.balance;
          }
          const { answer, round } = await storeOkWithRound(
            tx,
            provider,
            s,
            { kind: "bet", transactionId: r.transactionId, roundId: r.roundId },
            amount,
            balance,
            { bet: amount },
          );
          announceBet(send, s, String(round.id), amount, balance);
          return answer;
        },
        async () => {
          const stored = await findTx(deps.db, provider, r.transactionId);
          return stored ? replay(stored, incoming) : fail(WALLET_STATUS.unknown, "Try again");
        },
      ),
    );
  } catch (err) {
    if (!(err instanceof LimitStop || err instanceof InsufficientFunds)) throw err;
    // The same id sent twice at once: the other send may have staked before this one was refused (it held the
    // account's row lock this refusal waited for, so it has committed). Its answer is this one's too.
    const stored = await findTx(deps.db, provider, r.transactionId);
    if (stored) return replay(stored, incoming);
    if (err instanceof LimitStop)
      return limitReached(deps, s, amount, err.verdict, await currentOf(deps.db, s));
    const { active, current } = await accountStateOf(deps.db, s);
    if (!active) return fail(WALLET_STATUS.userDisabled, "The player may not place bets", current);
    return fail(WALLET_STATUS.notEnoughMoney, "Not enough money", current);
  }
}

/** The ledger posting of a bet's stake, keyed by the provider's transaction id. */
function betPosting(deps: SeamlessWalletDeps, provider: string, r: BetRequest, s: Session, amount: string) {
  return {
    at: deps.clock.now(),
    accountId: s.accountId!,
    stake: amount,
    counterparty: house.provider(provider),
    kind: "bet" as const,
    reference: `game:${provider}:round:${r.roundId}`,
    idempotencyKey: `game:${provider}:${r.transactionId}`,
    meta: { gameId: s.gameId, sessionId: s.id },
  };
}

/** The ledger posting of a win, keyed by the provider's transaction id and naming the bet it pays. */
function winPosting(
  provider: string,
  r: WinRequest,
  s: Session,
  amount: string,
  reference: string,
  at: Date,
) {
  return {
    at,
    accountId: s.accountId!,
    amount,
    counterparty: house.provider(provider),
    kind: "win" as const,
    reference,
    idempotencyKey: `game:${provider}:${r.transactionId}`,
    meta: { gameId: s.gameId, sessionId: s.id, bet: r.referenceTransactionId },
  };
}

/** Tells the player's pages (game:bets) that a bet was placed in round `roundId` and the balance it left. */
function announceBet(send: Send, s: Session, roundId: string, amount: string, balance: string) {
  send(playerChannel("bets", s.playerId!), {
    event: REALTIME_EVENTS.betPlaced,
    data: { roundId, gameId: String(s.gameId), amount, currency: s.currency, balance },
  });
}

/**
 * The plain stake, one no limit needs to weigh in steps, as one statement (`betAlone`), gated by the limits'
 * condition and `also`; undefined when the limits cannot say so in SQL or the statement wrote nothing.
 */
async function stakeInOne(
  deps: SeamlessWalletDeps,
  provider: string,
  r: BetRequest,
  s: Session,
  amount: string,
  also?: SQL,
): Promise<WalletAnswer | undefined> {
  const limits = deps.betLimits.inSteps?.({
    playerId: s.playerId!,
    accountId: s.accountId!,
    currency: s.currency!,
    amount,
  });
  if (!limits) return undefined;
  return betAlone(deps, provider, r, s, amount, also ? sql`(${limits.clear}) and ${also}` : limits.clear);
}

/**
 * A bet as one statement, committed on its own: the stake (gated by `clear`, the limits' condition that nothing
 * stops it), the round and the stored answer. Undefined when it wrote nothing — the gate held it, the funds or the
 * account refused it, or the transaction id was taken meanwhile — and the general path then says which.
 */
async function betAlone(
  deps: SeamlessWalletDeps,
  provider: string,
  r: BetRequest,
  s: Session,
  amount: string,
  clear: SQL,
): Promise<WalletAnswer | undefined> {
  const playerId = s.playerId!;
  const call: CallRecord = { kind: "bet", transactionId: r.transactionId, roundId: r.roundId };
  const { balance: _, ...answered } = okAnswer(s, r.transactionId, "0");
  const row = callRow(provider, s, call, amount, answered);
  try {
    return await afterCommit(deps.publisher, async (send) => {
      // Committed in a group with other players' plain bets when the database has one (decision 0056).
      const posted = await inGroupCommit(deps.db, (db) =>
        stakeAlone(db, betPosting(deps, provider, r, s, amount), {
          gate: clear,
          // The stored answer's balance is the one the posting left, written as normalizeAmount writes it.
          ctes: sql`round as (${roundUpsert(provider, s, r.roundId, { bet: amount }, sql`moved`)}), stored as (
            insert into ${gameTransactions} (provider, tx_id, kind, session_id, player_id, account_id, game_id, round_id, amount, currency, reference_tx_id, response)
            select ${row.provider}, ${row.txId}, ${row.kind}, ${row.sessionId}::uuid, ${row.playerId}, ${row.accountId}, ${row.gameId}, ${row.roundId}, ${amount}::numeric, ${row.currency}, null,
                   ${JSON.stringify(answered)}::jsonb || jsonb_build_object('balance', trim_scale(moved.balance + moved.bonus_balance)::text)
              from moved
            returning 1
          )`,
          also: sql`(select round.id from round where (select count(*) from stored) = 1)`,
        }),
      );
      const balance = addAmounts(posted.balanceAfter, posted.bonusBalanceAfter);
      if (posted.account) announceAccount(send, playerId, posted.account);
      announceBet(send, s, String(posted.also), amount, balance);
      return okAnswer(s, r.transactionId, balance);
    });
  } catch (err) {
    if (err instanceof InsufficientFunds || isUniqueViolation(err)) return undefined;
    throw err;
  }
}

/** The session's account as a provider is told it: what the player can stake, and whether it takes bets. */
async function currentOf(db: Db, s: Session) {
  return (await accountStateOf(db, s)).current;
}

/** The account's state: whether it takes bets (1 active; frozen by an operator otherwise), and its balance. */
async function accountStateOf(db: Db, s: Session) {
  const account = await balanceOf(db, s.accountId!);
  return { active: account!.status === 1, current: { balance: playable(account!), currency: s.currency! } };
}

/**
 * The bet of a free round (`freespinId`): one of the player's free spins pays for it (decision 0013) — nothing
 * is taken from the player and no limit or wagering applies; the spin is taken exactly once under the package's
 * lock, in the transaction that records the transaction id, so a replay or a concurrent spin past the count is
 * refused or answered as the first.
 */
async function freeBet(
  deps: SeamlessWalletDeps,
  provider: string,
  r: BetRequest,
  s: Session,
  amount: string,
  current: { balance: string; currency: string },
  incoming: Partial<Tx>,
): Promise<WalletAnswer> {
  const playerId = s.playerId!;
  try {
    return await afterCommit(deps.publisher, (send) =>
      once(
        deps.db,
        async (tx) => {
          const now = deps.clock.now();
          await deps.bonuses.freeRounds.take(tx, send, now, {
            freespinId: r.freespinId!,
            provider,
            playerId,
            accountId: s.accountId!,
            gameId: s.gameId,
            currency: s.currency!,
            amount,
            roundId: r.roundId,
            betTxId: r.transactionId,
          });
          const answer = await storeOk(
            tx,
            provider,
            s,
            { kind: "bet", transactionId: r.transactionId, roundId: r.roundId },
            amount,
            current.balance,
            { freeRounds: await deps.bonuses.freeRounds.of(tx, s.accountId!, s.gameId, now) },
          );
          send(playerChannel("bets", playerId), {
            event: REALTIME_EVENTS.betPlaced,
            data: {
              roundId: r.roundId,
              gameId: String(s.gameId),
              amount,
              currency: s.currency,
              balance: current.balance,
              freespinId: r.freespinId,
            },
          });
          return answer;
        },
        async () => {
          const stored = await findTx(deps.db, provider, r.transactionId);
          return stored ? replay(stored, incoming) : fail(WALLET_STATUS.unknown, "Try again");
        },
      ),
    );
  } catch (err) {
    if (!deps.bonuses.freeRounds.refused(err)) throw err;
    return fail(WALLET_STATUS.limitReached, err.message, { ...current, code: "freespins_unavailable" });
  }
}

export async function walletWin(
  deps: SeamlessWalletDeps,
  provider: string,
  r: WinRequest,
): Promise<WalletAnswer> {
  const amount = amountOf(r.amount);
  if (!validTxFields(r) || amount === undefined || typeof r.referenceTransactionId !== "string")
    return fail(
      WALLET_STATUS.wrongSyntax,
      "transactionId, referenceTransactionId, roundId and amount are required",
    );
  {
    // A session this process knows: the plain win is the one statement, the bet it pays checked in its gate.
    const known = keptSession(deps.db, provider, r.token);
    if (known && r.currency === known.session.currency) {
      const s = known.session;
      const call: CallRecord = {
        kind: "win",
        transactionId: r.transactionId,
        roundId: r.roundId,
        reference: r.referenceTransactionId,
      };
      const betIsOpen = sql`exists (select 1 from ${gameTransactions} b
        where b.provider = ${provider} and b.tx_id = ${r.referenceTransactionId} and b.kind = 'bet' and b.status = 'ok'
          and b.player_id = ${s.playerId}::bigint and not b.rolled_back)`;
      const alone = await winAlone(
        deps,
        provider,
        r,
        s,
        amount,
        known.kind,
        call,
        r.roundClosed ?? true,
        betIsOpen,
      );
      if (alone) return alone;
    }
  }
  const {
    session: s,
    txs,
    kind,
    wagering,
  } = await sessionWith(deps.db, provider, r.token, [r.transactionId, r.referenceTransactionId]);
  if (!s) return fail(WALLET_STATUS.invalidToken, "Unknown game session token");
  const incoming = {
    kind: "win" as const,
    roundId: r.roundId,
    amount,
    currency: r.currency,
    referenceTxId: r.referenceTransactionId,
  };
  const seen = txs.find((t) => t.txId === r.transactionId);
  if (seen) return replay(seen, incoming);
  // No expiry check: a round that started in time is paid whenever its win arrives.
  if (r.currency !== s.currency)
    return fail(WALLET_STATUS.wrongCurrency, `This session plays in ${s.currency}`);
  const bet = txs.find((t) => t.txId === r.referenceTransactionId);
  if (bet?.kind !== "bet" || bet.status !== "ok" || bet.playerId !== s.playerId)
    return fail(WALLET_STATUS.transactionDoesNotExist, "No such bet");
  if (bet.rolledBack) return fail(WALLET_STATUS.transactionRolledBack, "That bet was rolled back");
  const playerId = s.playerId!;
  const call: CallRecord = {
    kind: "win",
    transactionId: r.transactionId,
    roundId: r.roundId,
    reference: r.referenceTransactionId,
  };
  const closed = r.roundClosed ?? true;
  {
    // The plain case, a win bonuses have nothing to do with, is one statement committed on its own (issue 38).
    const alone = await winAlone(deps, provider, r, s, amount, kind, call, closed);
    if (alone) return alone;
  }
  const free = await deps.bonuses.freeRounds.ofBet(deps.db, provider, bet.txId);
  return afterCommit(deps.publisher, (send) =>
    once(
      deps.db,
      async (tx) => {
        const reference = `game:${provider}:round:${r.roundId}`;
        if (free) {
          // A free round's win is not the player's money yet: it goes to the bonus cost and the package's winnings.
          await deps.bonuses.freeRounds.settle(tx, send, deps.clock.now(), {
            roundRowId: free.id,
            provider,
            roundId: r.roundId,
            currency: s.currency!,
            amount,
            winTxId: r.transactionId,
            closed,
          });
          // The player's money did not move: free rounds stay out of game_rounds (the package's rounds hold them).
          const balance = playable((await balanceOf(tx, s.accountId!))!);
          return storeOk(tx, provider, s, call, amount, balance, {
            freeRounds: await deps.bonuses.freeRounds.of(tx, s.accountId!, s.gameId, deps.clock.now()),
          });
        }
        // The win's posting answers the balances it left (and holds the account's row lock from here on); a
        // win of zero moves nothing, so the balances are read.
        let posted =
          compareAmounts(amount, "0") > 0
            ? await settle(tx, winPosting(provider, r, s, amount, reference, deps.clock.now()))
            : undefined;
        const balance = posted
          ? playable({ balance: posted.balanceAfter, bonusBalance: posted.bonusBalanceAfter })
          : playable((await balanceOf(tx, s.accountId!))!);
        const { answer, round } = await storeOkWithRound(tx, provider, s, call, amount, balance, {
          win: amount,
          closed,
        });
        // A closed round is a settled stake: it counts towards an active bonus's wagering (once per round).
        if (closed) {
          const stake = normalizeAmount(String(round.bet_amount))!;
          const payout = normalizeAmount(String(round.win_amount))!;
          const moved = await deps.bonuses.countSettledStake(tx, send, deps.clock.now(), {
            accountId: s.accountId!,
            reference,
            stake,
            kind,
            payout,
            ...(wagering && { game: wagering }),
            ...(posted && {
              lockedBalances: { real: posted.balanceAfter, bonus: posted.bonusBalanceAfter },
            }),
          });
          if (moved) {
            // The bonus rules moved money after the win (a bonus converted or forfeited): the answer stored and
            // the accounts message carry the balances as they are now (rare: one more read and write).
            const account = (await balanceOf(tx, s.accountId!))!;
            answer.balance = playable(account);
            await tx
              .update(gameTransactions)
              .set({ response: answer })
              .where(
                and(eq(gameTransactions.provider, provider), eq(gameTransactions.txId, r.transactionId)),
              );
            announceAccount(send, playerId, account);
            posted = undefined;
          }
          // The settled round as a domain fact (loyalty, quests…), once per round.
          await recordBetSettled(tx, {
            playerId,
            accountId: s.accountId!,
            reference,
            source: "casino",
            ...(s.gameId !== null && { gameId: s.gameId }),
            gameKind: kind,
            currency: s.currency!,
            stake,
            payout,
            occurredAt: deps.clock.now(),
            ...(posted?.stakeSplit && { stakeSplit: posted.stakeSplit }),
          });
        }
        if (posted?.account) announceAccount(send, playerId, posted.account);
        announceSpin(send, s, round);
        return answer;
      },
      async () => {
        const stored = await findTx(deps.db, provider, r.transactionId);
        return stored ? replay(stored, incoming) : fail(WALLET_STATUS.unknown, "Try again");
      },
    ),
  );
}

/** Tells the player's pages (game:spins) the round as the win left it. */
function announceSpin(send: Send, s: Session, round: Omit<RoundRow, "created_at">) {
  send(playerChannel("spins", s.playerId!), {
    event: "spin",
    data: {
      id: String(round.id),
      gameId: String(s.gameId),
      currency: s.currency,
      betAmount: normalizeAmount(String(round.bet_amount)),
      winAmount: normalizeAmount(String(round.win_amount)),
      status: Number(round.status),
    },
  });
}

/**
 * A win as one statement, committed on its own (issue 38, as `betAlone` for a bet): the posting, the round's
 * change, the stored answer and, when the round closes, its `bet.settled` fact. Gated by the bonus rules'
 * condition that the win needs nothing of them (not a free round's; closing: no active bonus to wager, no bonus
 * money left). Undefined when it wrote nothing — the gate held it, the account is not active, or the
 * transaction id was taken meanwhile — and the general path then does the rest or answers the replay.
 */
async function winAlone(
  deps: SeamlessWalletDeps,
  provider: string,
  r: WinRequest,
  s: Session,
  amount: string,
  kind: StakeKind,
  call: CallRecord,
  closed: boolean,
  /** More that must hold for the win to be written (the fast path's check of the bet it pays). */
  alsoGate?: SQL,
): Promise<WalletAnswer | undefined> {
  const playerId = s.playerId!;
  const reference = `game:${provider}:round:${r.roundId}`;
  const now = deps.clock.now();
  const { balance: _, ...answered } = okAnswer(s, r.transactionId, "0");
  const row = callRow(provider, s, call, amount, answered);
  const fact = closed
    ? sql`, fact as (${betSettledIn(
        {
          playerId,
          reference,
          source: "casino",
          ...(s.gameId !== null && { gameId: s.gameId }),
          gameKind: kind,
          currency: s.currency!,
          occurredAt: now,
        },
        {
          from: sql`round, moved, stored`,
          stake: sql`round.bet_amount`,
          payout: sql`round.win_amount`,
          splitReal: sql`moved.split_real`,
          splitBonus: sql`moved.split_bonus`,
        },
      )})`
    : sql``;
  const noBonus = deps.bonuses.winNeedsNoBonus({
    accountId: s.accountId!,
    provider,
    betTxId: r.referenceTransactionId,
    closed,
    bonusAfter: sql`(w.bonus_balance + amounts.bonus)`,
  });
  const within = {
    gate: alsoGate ? sql`(${noBonus}) and ${alsoGate}` : noBonus,
    // The stored answer's balance is the one the posting left, written as normalizeAmount writes it.
    ctes: sql`round as (${roundUpsert(provider, s, r.roundId, { win: amount, closed }, sql`moved`)}), stored as (
        insert into ${gameTransactions} (provider, tx_id, kind, session_id, player_id, account_id, game_id, round_id, amount, currency, reference_tx_id, response)
        select ${row.provider}, ${row.txId}, ${row.kind}, ${row.sessionId}::uuid, ${row.playerId}, ${row.accountId}, ${row.gameId}, ${row.roundId}, ${amount}::numeric, ${row.currency}, ${row.referenceTxId ?? null},
               ${JSON.stringify(answered)}::jsonb || jsonb_build_object('balance', trim_scale(moved.balance + moved.bonus_balance)::text)
          from moved
        returning 1
      )${fact}`,
    also: sql`(select json_build_object('id', round.id::text, 'bet_amount', round.bet_amount, 'win_amount', round.win_amount, 'status', round.status)::text
        from round where (select count(*) from stored) = 1)`,
  };
  try {
    return await afterCommit(deps.publisher, async (send) => {
      // A win of 0 (a lost round closing) moves nothing: its writes go beside a read of the balances.
      // Committed in a group with other players' plain calls when the database has one (decision 0056).
      const done = await inGroupCommit<
        Awaited<ReturnType<typeof settleAlone>> | Awaited<ReturnType<typeof balancesAlone>>
      >(deps.db, (db) =>
        compareAmounts(amount, "0") > 0
          ? settleAlone(db, winPosting(provider, r, s, amount, reference, now), within)
          : balancesAlone(db, s.accountId!, reference, within),
      );
      if (!done) return undefined;
      const round = JSON.parse(done.also ?? "null") as Omit<RoundRow, "created_at"> | null;
      // The round and the stored answer did not go in (a unique violation would have thrown): no such write.
      if (!round) throw new Error("The win's statement wrote its balances without its round");
      const balance =
        "balanceAfter" in done
          ? playable({ balance: done.balanceAfter, bonusBalance: done.bonusBalanceAfter })
          : playable(done);
      if ("account" in done && done.account) announceAccount(send, playerId, done.account);
      announceSpin(send, s, round);
      return okAnswer(s, r.transactionId, balance);
    });
  } catch (err) {
    if (err instanceof InsufficientFunds || isUniqueViolation(err)) return undefined;
    throw err;
  }
}

export async function walletRollback(
  deps: SeamlessWalletDeps,
  provider: string,
  r: RollbackRequest,
): Promise<WalletAnswer> {
  if (!validTxFields(r) || typeof r.referenceTransactionId !== "string")
    return fail(WALLET_STATUS.wrongSyntax, "transactionId, referenceTransactionId and roundId are required");
  // The session, this call's id (a replay) and the bet it names, in one read.
  const { session: s, txs } = await sessionWith(deps.db, provider, r.token, [
    r.transactionId,
    r.referenceTransactionId,
  ]);
  if (!s) return fail(WALLET_STATUS.invalidToken, "Unknown game session token");
  const incoming = { kind: "rollback" as const, roundId: r.roundId, referenceTxId: r.referenceTransactionId };
  const seen = txs.find((t) => t.txId === r.transactionId);
  if (seen) return replay(seen, incoming);
  const playerId = s.playerId!;
  const bet = txs.find((t) => t.txId === r.referenceTransactionId);
  if (bet && (bet.kind !== "bet" || (bet.status === "ok" && bet.playerId !== playerId)))
    return fail(WALLET_STATUS.transactionDoesNotExist, "Only a bet of this player can be rolled back");
  if (bet?.status === "ok" && !bet.rolledBack && bet.amount && compareAmounts(bet.amount, "0") > 0) {
    // The plain case, a staked bet of this player not yet refunded, is one statement (issue 38).
    const alone = await rollbackAlone(deps, provider, r, s, bet);
    if (alone) return alone;
  }
  const free =
    bet?.status === "ok" ? await deps.bonuses.freeRounds.ofBet(deps.db, provider, bet.txId) : undefined;
  return afterCommit(deps.publisher, (send) =>
    once(
      deps.db,
      async (tx) => {
        let balance: string | undefined;
        if (!bet) {
          // Never booked: a tombstone under the bet's id makes the bet's late arrival a duplicate.
          await tx
            .insert(gameTransactions)
            .values({
              provider,
              txId: r.referenceTransactionId,
              kind: "bet",
              status: "tombstone",
              sessionId: s.id,
              playerId,
              roundId: r.roundId,
            })
            .onConflictDoNothing();
        } else if (bet.status === "ok") {
          const [refunded] = await tx
            .update(gameTransactions)
            .set({ rolledBack: true })
            .where(and(eq(gameTransactions.id, bet.id), eq(gameTransactions.rolledBack, false)))
            .returning();
          if (refunded && free) {
            // A free round: the stake goes back to the bonus cost, the spin (if its round was open) to the package.
            await deps.bonuses.freeRounds.refund(tx, send, deps.clock.now(), {
              roundRowId: free.id,
              provider,
              roundId: refunded.roundId,
              currency: refunded.currency ?? s.currency!,
              amount: normalizeAmount(refunded.amount ?? "0")!,
              rollbackTxId: r.transactionId,
            });
          } else if (refunded?.amount && compareAmounts(refunded.amount, "0") > 0) {
            const posted = await refundStake(tx, {
              at: deps.clock.now(),
              accountId: refunded.accountId!,
              amount: normalizeAmount(refunded.amount)!,
              stakeKey: `game:${provider}:${refunded.txId}`,
              counterparty: house.provider(provider),
              kind: "rollback",
              reference: `game:${provider}:round:${refunded.roundId}`,
              idempotencyKey: `game:${provider}:${r.transactionId}`,
              meta: { gameId: refunded.gameId, bet: refunded.txId },
            });
            balance = addAmounts(posted.balanceAfter, posted.bonusBalanceAfter);
            await upsertRound(tx, provider, s, refunded.roundId, {
              refund: normalizeAmount(refunded.amount)!,
            });
            await announceAccountOf(tx, send, playerId, refunded.accountId!);
          }
        }
        balance ??= playable((await balanceOf(tx, s.accountId!))!);
        return storeOk(
          tx,
          provider,
          s,
          {
            kind: "rollback",
            transactionId: r.transactionId,
            roundId: r.roundId,
            reference: r.referenceTransactionId,
          },
          undefined,
          balance,
        );
      },
      async () => {
        const stored = await findTx(deps.db, provider, r.transactionId);
        return stored ? replay(stored, incoming) : fail(WALLET_STATUS.unknown, "Try again");
      },
    ),
  );
}

/**
 * A rollback as one statement, committed on its own (in a group where the database has one): the stake's row
 * under its lock while still unrefunded, the refund of what it took from each balance, the stake marked rolled
 * back, the round's refund and the stored answer. Undefined when it wrote nothing — the stake was refunded
 * meanwhile, it took nothing from the account (a free round's), the account is not active, or this transaction
 * id was taken meanwhile — and the general path then says which.
 */
async function rollbackAlone(
  deps: SeamlessWalletDeps,
  provider: string,
  r: RollbackRequest,
  s: Session,
  bet: Tx,
): Promise<WalletAnswer | undefined> {
  const playerId = s.playerId!;
  const call: CallRecord = {
    kind: "rollback",
    transactionId: r.transactionId,
    roundId: r.roundId,
    reference: r.referenceTransactionId,
  };
  const { balance: _, ...answered } = okAnswer(s, r.transactionId, "0");
  const row = callRow(provider, s, call, undefined, answered);
  try {
    return await afterCommit(deps.publisher, async (send) => {
      // Not grouped: a rollback locks the stake's row before the account's, so in a batch beside other calls of
      // the account it could deadlock with the other lane's batch.
      const posted = await refundAlone(
        deps.db,
        {
          at: deps.clock.now(),
          accountId: bet.accountId!,
          stakeKeyPrefix: `game:${provider}:`,
          counterparty: house.provider(provider),
          kind: "rollback",
          reference: `game:${provider}:round:${bet.roundId}`,
          idempotencyKey: `game:${provider}:${r.transactionId}`,
          meta: { gameId: bet.gameId, bet: bet.txId },
        },
        {
          // Under the stake's row lock, a rollback sent twice at once finds it refunded and writes nothing.
          before: sql`stake as (
              select tx_id from ${gameTransactions}
               where id = ${bet.id} and kind = 'bet' and status = 'ok' and not rolled_back
                 for update)`,
          ctes: sql`marked as (
                update ${gameTransactions} b set rolled_back = true from moved where b.id = ${bet.id} returning 1
              ), round as (${roundUpsert(provider, s, bet.roundId, { refund: normalizeAmount(bet.amount!)! }, sql`moved`)}), stored as (
                insert into ${gameTransactions} (provider, tx_id, kind, session_id, player_id, account_id, game_id, round_id, amount, currency, reference_tx_id, response)
                select ${row.provider}, ${row.txId}, ${row.kind}, ${row.sessionId}::uuid, ${row.playerId}, ${row.accountId}, ${row.gameId}, ${row.roundId}, null, ${row.currency}, ${row.referenceTxId ?? null},
                       ${JSON.stringify(answered)}::jsonb || jsonb_build_object('balance', trim_scale(moved.balance + moved.bonus_balance)::text)
                  from moved
                returning 1
              )`,
          also: sql`(select count(*) from stored)`,
        },
      );
      if (posted.account) announceAccount(send, playerId, posted.account);
      return okAnswer(s, r.transactionId, addAmounts(posted.balanceAfter, posted.bonusBalanceAfter));
    });
  } catch (err) {
    if (err instanceof InsufficientFunds || isUniqueViolation(err)) return undefined;
    throw err;
  }
}
