/**
 * The built-in game provider: the provably-fair house games (common/house-games). It is a provider like any
 * other — it knows a player only by the launch token, and moves real money only by calling the casino's
 * seamless wallet (signed, over HTTP or `inject`); demo credits live in its own session row.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import type { HouseRound, PlayRequest } from "#common/api/house-games";
import {
  WALLET_STATUS,
  type WalletAnswer,
  type WalletCall,
  type WalletRequest,
} from "#common/api/seamless-wallet";
import {
  BACCARAT_RETURNS,
  BACCARAT_SPOTS,
  type BaccaratBets,
  baccaratPayout,
  DICE_MAX_CHANCE,
  type DiceBet,
  dealRound,
  diceMultiplier,
  type HouseEngine,
  isKenoPicks,
  isKenoRisk,
  isPlinkoRisk,
  isPlinkoRows,
  isWheelRisk,
  isWheelSegments,
  type KenoRisk,
  LIMBO_MAX_TARGET,
  LIMBO_MIN_TARGET,
  MINES_TILES,
  MULTIPLIER_SCALE,
  minesMultiplier,
  multiplierText,
  type PlinkoRisk,
  type PlinkoRows,
  payout,
  type RouletteBet,
  roulettePayout,
  rouletteProblems,
  rouletteStakeIs,
  type WheelRisk,
  type WheelSegments,
} from "#common/house-games";
import { addAmounts, compareAmounts, decimalPlaces, normalizeAmount, toUnits } from "#common/money";
import { commitment } from "#common/provably-fair";
import { type Db, rowsOf } from "../../../db/client";
import { ApiError } from "../../../http/errors";
import type { Clock } from "../../../lib/clock";
import type { GameLaunch, GameProvider } from "../port";
import { blackjackView } from "./blackjack-view";
import { houseRounds, houseSeedPairs, houseSessions } from "./tables";

export const HOUSE_PROVIDER_ID = "house";
export const DEMO_BALANCE = "1000";
export const MAX_BET = "10000";

/** A call to the casino's seamless wallet, as any provider makes it (signed; see providers/games/index.ts). */
export type CallWallet = <C extends WalletCall>(action: C, body: WalletRequest<C>) => Promise<WalletAnswer>;

export interface HouseDeps {
  db: Db;
  clock: Clock;
  callWallet: CallWallet;
}

/** Decimal places payouts are rounded down to: 8 for crypto, 2 for the rest. */
const CRYPTO = new Set(["BTC", "ETH", "USDT", "USDC", "TON", "LTC", "TRX", "BNB", "SOL", "DOGE"]);
export const placesOf = (currency: string) => (CRYPTO.has(currency) ? 8 : 2);

export function houseProvider(opts: { db: Db; secret: string; publicUrl: string }): GameProvider {
  return {
    id: HOUSE_PROVIDER_ID,
    secret: opts.secret,
    launch: async (l: GameLaunch) => {
      await opts.db.insert(houseSessions).values({
        token: l.token,
        engine: l.game.engine,
        gameSlug: l.game.slug,
        gameName: l.game.name,
        mode: l.mode,
        currency: l.currency,
        owner: l.mode === "demo" ? `demo:${l.token}` : `player-of:${l.token}`,
        demoBalance: l.mode === "demo" ? DEMO_BALANCE : null,
      });
      const q = new URLSearchParams({ token: l.token, lang: l.language, lobby: l.lobbyUrl });
      return { url: `${opts.publicUrl}/house-games/${l.game.engine}?${q}` };
    },
    // The wallet knows a round as `house-{id}`; the verifier opens it with any launch of its player.
    verifyPath: ({ roundId, token }) => {
      const id = /^house-(\d{1,15})$/.exec(roundId)?.[1];
      return id ? `/provably-fair?${new URLSearchParams({ token, round: id })}` : undefined;
    },
  };
}

/** How many of a player's rounds "Your rounds here" shows. */
export const RECENT_ROUNDS = 20;

/**
 * The latest finished rounds of this session's player in this session's game, across their launches (a reload
 * opens a new one), newest first. A demo launch plays on seeds of its own: only its rounds.
 */
export async function recentRounds(deps: HouseDeps, token: string): Promise<HouseRound[]> {
  const s = await sessionOf(deps, token);
  const owner = await ownerOf(deps, s);
  const rows = await deps.db
    .select({ round: houseRounds })
    .from(houseRounds)
    .innerJoin(houseSessions, eq(houseRounds.token, houseSessions.token))
    .where(
      and(
        eq(houseRounds.owner, owner),
        eq(houseSessions.gameSlug, s.gameSlug),
        inArray(houseRounds.status, ["settled", "refunded"]),
      ),
    )
    .orderBy(desc(houseRounds.id))
    .limit(RECENT_ROUNDS);
  return rows.map((r) => roundView(r.round, false));
}

export type Session = typeof houseSessions.$inferSelect;

/**
 * What this process keeps of one database (issue 38: a house move reads what it already knows from memory):
 * real-money sessions whose player is known — rows no one changes after that (the wallet, not this row, says
 * whether the session may still bet) — and each owner's active seed pair with the next nonce as last drawn
 * here, which a draw checks in its own statement (a stale one only costs a read and another try).
 */
const kept = new WeakMap<Db, { sessions: Map<string, Session>; pairs: Map<string, SeedPair> }>();
/** Entries per map; past it the oldest go (a Map iterates in insertion order). */
const KEPT_MAX = 10_000;

function keptOf(db: Db) {
  let k = kept.get(db);
  if (!k) {
    k = { sessions: new Map(), pairs: new Map() };
    kept.set(db, k);
  }
  return k;
}

function keep<V>(map: Map<string, V>, key: string, value: V) {
  map.delete(key);
  map.set(key, value);
  if (map.size > KEPT_MAX) map.delete(map.keys().next().value!);
}

export async function sessionOf(deps: HouseDeps, token: string): Promise<Session> {
  if (!/^[0-9a-f-]{36}$/i.test(token)) throw ApiError.notFound("No such game session");
  const known = keptOf(deps.db).sessions.get(token);
  if (known) return known;
  const [s] = await deps.db.select().from(houseSessions).where(eq(houseSessions.token, token));
  if (!s) throw ApiError.notFound("No such game session");
  if (s.mode === "real" && s.owner.startsWith("player:")) keep(keptOf(deps.db).sessions, token, s);
  return s;
}

/**
 * Whose seeds a session plays on. Real play: the player the wallet names (its balance call answers `user`), so
 * a player's nonce runs across all their launches; demo play: the launch itself.
 */
export async function ownerOf(deps: HouseDeps, s: Session): Promise<string> {
  if (s.mode === "demo" || !s.owner.startsWith("player-of:")) return s.owner;
  const answer = await deps.callWallet("balance", { token: s.token });
  if (answer.status !== "RS_OK") throw walletError(answer);
  const owner = `player:${answer.user}`;
  await deps.db.update(houseSessions).set({ owner }).where(eq(houseSessions.token, s.token));
  keep(keptOf(deps.db).sessions, s.token, { ...s, owner });
  return owner;
}

async function activePair(db: Db, owner: string) {
  const [pair] = await db
    .select()
    .from(houseSeedPairs)
    .where(and(eq(houseSeedPairs.owner, owner), eq(houseSeedPairs.isActive, true)));
  if (pair) return pair;
  const serverSeed = randomBytes(32).toString("hex");
  await db
    .insert(houseSeedPairs)
    .values({
      owner,
      serverSeed,
      serverSeedHash: commitment(serverSeed),
      clientSeed: randomBytes(8).toString("hex"),
    })
    .onConflictDoNothing();
  const [created] = await db
    .select()
    .from(houseSeedPairs)
    .where(and(eq(houseSeedPairs.owner, owner), eq(houseSeedPairs.isActive, true)));
  return created!;
}

const seedsView = (p: typeof houseSeedPairs.$inferSelect) => ({
  serverSeedHash: p.serverSeedHash,
  clientSeed: p.clientSeed,
  nonce: p.nonce,
});

export function walletError(answer: WalletAnswer): ApiError {
  const message = String(answer.message ?? "The wallet refused");
  switch (answer.status) {
    case "RS_ERROR_NOT_ENOUGH_MONEY":
      return new ApiError(402, "not_enough_money", "Not enough money for this bet");
    case "RS_ERROR_TOKEN_EXPIRED":
      return new ApiError(401, "session_expired", "The game session has expired: open the game again");
    case "RS_ERROR_LIMIT_REACHED":
      if (answer.code === "freespins_unavailable")
        return new ApiError(409, "freespins_not_available", message);
      return new ApiError(403, "limit_reached", "A limit stops this bet");
    case "RS_ERROR_USER_DISABLED":
      return new ApiError(403, "player_disabled", "This account may not place bets");
    default:
      return new ApiError(502, "wallet_error", message);
  }
}

type FreeRounds = { id: string; left: number; bet: string }[];

/** The balance, and (real play) the free rounds the wallet holds for the player on this game. */
async function walletState(
  deps: HouseDeps,
  s: Session,
): Promise<{ balance: string; freeRounds: FreeRounds }> {
  if (s.mode === "demo") {
    const [row] = await deps.db.select().from(houseSessions).where(eq(houseSessions.token, s.token));
    return { balance: normalizeAmount(row!.demoBalance ?? "0")!, freeRounds: [] };
  }
  const answer = await deps.callWallet("balance", { token: s.token });
  if (answer.status !== "RS_OK") throw walletError(answer);
  return { balance: String(answer.balance), freeRounds: answer.freeRounds ?? [] };
}

export async function balanceOf(deps: HouseDeps, s: Session): Promise<string> {
  return (await walletState(deps, s)).balance;
}

/** What the game page needs to start: the game, its mode, the balance and the seeds' commitment. */
export async function sessionState(deps: HouseDeps, token: string) {
  const s = await sessionOf(deps, token);
  const owner = await ownerOf(deps, s);
  const pair = await activePair(deps.db, owner);
  const [open] = await deps.db
    .select()
    .from(houseRounds)
    .where(and(eq(houseRounds.token, s.token), eq(houseRounds.status, "open")));
  const wallet = await walletState(deps, s);
  return {
    engine: s.engine as HouseEngine,
    game: { slug: s.gameSlug, name: s.gameName },
    mode: s.mode,
    currency: s.currency,
    balance: wallet.balance,
    seeds: seedsView(pair),
    openRound: open ? roundView(open, false) : null,
    // Free spins are played on the slot (the engine whose bet has no choices to make).
    freeRounds: s.engine === "slot" ? wallet.freeRounds : [],
  };
}

export function roundView(r: typeof houseRounds.$inferSelect, reveal: boolean): HouseRound {
  let outcome = { ...r.outcome };
  // An open mines round keeps its mines secret; an open blackjack round its hole card and the cards dealt.
  if (r.status === "open" && !reveal) {
    delete outcome.mines;
    if (r.engine === "blackjack") outcome = blackjackView(outcome);
  }
  return {
    id: String(r.id),
    engine: r.engine as HouseEngine,
    params: r.params,
    outcome,
    bet: normalizeAmount(r.bet)!,
    payout: normalizeAmount(r.payout)!,
    currency: r.currency,
    status: r.status,
    nonce: r.nonce,
    createdAt: r.createdAt.toISOString(),
  };
}

export function checkBet(amount: unknown): string {
  const a = typeof amount === "string" ? normalizeAmount(amount) : undefined;
  if (!a || (toUnits(a) ?? 0n) <= 0n || compareAmounts(a, MAX_BET) > 0)
    throw new ApiError(422, "validation_error", "Some fields are not valid", {
      amount: [`A bet is more than 0 and at most ${MAX_BET}`],
    });
  return a;
}

/** The move-by-move engines: a round stays open across calls, so a session may hold only one (decision 0035). */
export const MOVE_BY_MOVE_ENGINES = ["mines", "hilo", "videopoker", "blackjack"] as const;

/** A unique-index violation (PostgreSQL 23505) through Drizzle's wrapper, on either engine: its index's name. */
function violatedIndex(err: unknown): string | undefined {
  for (
    let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined;
    e;
    e = e.cause as typeof e
  )
    if (e.code === "23505") return e.constraint ?? "unique";
  return undefined;
}

const roundOpen = () => new ApiError(409, "round_open", "Finish the current round first");

/**
 * Draws a round on the owner's next nonce: the nonce is taken from the active pair and the round written against
 * it atomically — in one statement on the pair this process knows (`drawOn`), else in one transaction that locks
 * the pair by taking its nonce. A rotation locks the same row before it looks for open rounds (rotateSeeds), so
 * it either comes first — this draw then takes the new pair — or waits and sees the round. The one-open-round
 * index (`house_rounds_one_open`) refuses a second open move-by-move round in the session; the whole draw is
 * then undone, nonce included.
 */
async function drawRound(
  deps: HouseDeps,
  s: Session,
  owner: string,
  bet: string,
  playOn: (
    seeds: BetSeeds,
  ) => Pick<typeof houseRounds.$inferInsert, "engine" | "params" | "outcome" | "payout">,
) {
  const pairs = keptOf(deps.db).pairs;
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      // First on the pair and nonce this process last drew: written only if they are still the active pair's
      // (one round trip). A draw elsewhere (another process, another call of the player at the same time) or a
      // rotation makes it write nothing, and the draw takes the nonce under the pair's row lock instead.
      const known = pairs.get(owner);
      if (known) {
        const played = playOn({
          serverSeed: known.serverSeed,
          clientSeed: known.clientSeed,
          nonce: known.nonce,
        });
        const round = await drawOn(deps.db, s, owner, known.id, known.nonce, bet, played);
        if (round) {
          const next = { ...known, nonce: known.nonce + 1 };
          keep(pairs, owner, next);
          return { pair: next, nonce: known.nonce, round };
        }
        pairs.delete(owner);
      }
      // A rotation that commits between the lock's wait and its end leaves no active row to take: the draw is
      // made again on the pair the rotation created.
      await activePair(deps.db, owner);
      const drawn = await deps.db.transaction(async (tx) => {
        const [pair] = await tx
          .update(houseSeedPairs)
          .set({ nonce: sql`${houseSeedPairs.nonce} + 1` })
          .where(and(eq(houseSeedPairs.owner, owner), eq(houseSeedPairs.isActive, true)))
          .returning();
        if (!pair) return undefined;
        const nonce = pair.nonce - 1;
        const played = playOn({ serverSeed: pair.serverSeed, clientSeed: pair.clientSeed, nonce });
        const [round] = await tx
          .insert(houseRounds)
          .values({
            token: s.token,
            owner,
            seedPairId: pair.id,
            nonce,
            ...played,
            bet,
            currency: s.currency,
            status: "open",
          })
          .returning();
        return { pair, nonce, round: round! };
      });
      if (drawn) {
        keep(pairs, owner, drawn.pair);
        return drawn;
      }
    } catch (err) {
      if (violatedIndex(err) === "house_rounds_one_open") throw roundOpen();
      throw err;
    }
  }
  throw new ApiError(409, "seeds_rotated", "The seeds changed: try again");
}

type SeedPair = typeof houseSeedPairs.$inferSelect;
type HouseRoundRow = typeof houseRounds.$inferSelect;

/**
 * Takes nonce `nonce` of pair `pairId` and records the round played on it as open, in one statement (issue 38:
 * a draw is one round trip). Writes nothing and answers undefined when the pair is no longer active or its
 * nonce moved on. A rotation locks the pair before it looks for open rounds (rotateSeeds), so it either comes
 * first — the pair is then not active and nothing is drawn on it — or waits and sees the round.
 */
async function drawOn(
  db: Db,
  s: Session,
  owner: string,
  pairId: number,
  nonce: number,
  bet: string,
  played: Pick<typeof houseRounds.$inferInsert, "engine" | "params" | "outcome" | "payout">,
): Promise<HouseRoundRow | undefined> {
  const [row] = await rowsOf<{
    id: number | string;
    seed_pair_id: number | string;
    nonce: number;
    params: Record<string, unknown>;
    outcome: Record<string, unknown>;
    bet: string;
    payout: string;
    status: HouseRoundRow["status"];
    created_at: string | Date;
  }>(
    db,
    sql`
    with pair as (
      update ${houseSeedPairs} set nonce = nonce + 1
       where id = ${pairId} and is_active and nonce = ${nonce}
      returning id
    )
    insert into ${houseRounds} (token, owner, seed_pair_id, nonce, engine, params, outcome, bet, payout, currency, status)
    select ${s.token}::uuid, ${owner}, pair.id, ${nonce}, ${played.engine}, ${JSON.stringify(played.params)}::jsonb,
           ${JSON.stringify(played.outcome)}::jsonb, ${bet}::numeric, ${played.payout ?? "0"}::numeric, ${s.currency}, 'open'
      from pair
    returning id, seed_pair_id, nonce, params, outcome, bet::text, payout::text, status, created_at`,
  );
  if (!row) return undefined;
  return {
    id: Number(row.id),
    token: s.token,
    owner,
    seedPairId: Number(row.seed_pair_id),
    nonce: row.nonce,
    engine: played.engine,
    params: row.params,
    outcome: row.outcome,
    bet: row.bet,
    payout: row.payout,
    currency: s.currency,
    status: row.status,
    createdAt: new Date(row.created_at),
  };
}

/**
 * Takes the stake, marking the round refused when the wallet said no. Any other failure (the call failed, the
 * wallet's answer is unknown) leaves it open: the stake may have been booked, and recovery voids the round.
 */
async function stakeOrRefuse(
  deps: HouseDeps,
  s: Session,
  roundId: number,
  amount: string,
  freespinId?: string,
): Promise<FreeRounds | undefined> {
  try {
    return await stake(deps, s, roundId, amount, freespinId);
  } catch (err) {
    if (err instanceof WalletRefusal || s.mode === "demo")
      await deps.db.update(houseRounds).set({ status: "refused" }).where(eq(houseRounds.id, roundId));
    throw err;
  }
}

/** The wallet's definite no (not enough money, a limit…): nothing was booked. */
export class WalletRefusal extends ApiError {}

/**
 * Takes the stake: from the wallet (real) or the demo credits. A free spin (`freespinId`) is the wallet's free
 * round: the player's free spins pay it; answers the free rounds left.
 */
export async function stake(
  deps: HouseDeps,
  s: Session,
  roundId: number,
  amount: string,
  freespinId?: string,
  /** A round's further stakes (blackjack's doubles, splits, insurance) each have their own. */
  transactionId = `house-${roundId}-bet`,
): Promise<FreeRounds | undefined> {
  if (s.mode === "demo") {
    if (freespinId !== undefined)
      throw new ApiError(409, "freespins_not_available", "Free spins are played for real");
    if ((await moveDemoCredits(deps.db, s.token, amount, "take")) === undefined)
      throw new ApiError(402, "not_enough_money", "Not enough demo credits for this bet");
    return undefined;
  }
  const answer = await deps.callWallet("bet", {
    token: s.token,
    transactionId,
    roundId: `house-${roundId}`,
    amount,
    currency: s.currency,
    ...(freespinId !== undefined ? { freespinId } : {}),
  });
  if (answer.status === "RS_OK") return answer.freeRounds;
  const err = walletError(answer);
  if (answer.status === "RS_ERROR_UNKNOWN" || typeof answer.status !== "string") throw err;
  throw new WalletRefusal(err.status, err.code, err.message);
}

/** Pays the round (0 closes a lost one) and answers the balance after it. */
export async function settle(deps: HouseDeps, s: Session, roundId: number, amount: string): Promise<string> {
  return (await settleRound(deps, s, roundId, amount)).balance;
}

async function settleRound(
  deps: HouseDeps,
  s: Session,
  roundId: number,
  amount: string,
): Promise<{ balance: string; freeRounds?: FreeRounds }> {
  if (s.mode === "demo") {
    return { balance: (await moveDemoCredits(deps.db, s.token, amount, "give"))! };
  }
  const answer = await sendWin(deps, s, roundId, amount);
  if (answer.status !== WALLET_STATUS.ok) throw walletError(answer);
  return { balance: String(answer.balance), freeRounds: answer.freeRounds };
}

/** The round's win (0 closes a lost one), under the one transaction id that makes a resend a replay. */
function sendWin(deps: HouseDeps, s: Session, roundId: number, amount: string) {
  return deps.callWallet("win", {
    token: s.token,
    transactionId: `house-${roundId}-win`,
    referenceTransactionId: `house-${roundId}-bet`,
    roundId: `house-${roundId}`,
    amount,
    currency: s.currency,
    roundClosed: true,
  });
}

/**
 * Pays a single bet's round that a failure left open (recovery, decision 0074). Its outcome was drawn before
 * its stake was sent, so a stake the wallet booked is owed that outcome's payout, as if the call had finished.
 * Answers false and pays nothing when the wallet holds no such stake (never booked, or rolled back): the round
 * is then voided.
 */
export async function payIfStaked(deps: HouseDeps, s: Session, r: HouseRoundRow): Promise<boolean> {
  const answer = await sendWin(deps, s, r.id, normalizeAmount(r.payout)!);
  if (
    answer.status === WALLET_STATUS.transactionDoesNotExist ||
    answer.status === WALLET_STATUS.transactionRolledBack
  )
    return false;
  if (answer.status !== WALLET_STATUS.ok) throw walletError(answer);
  await deps.db
    .update(houseRounds)
    .set({ status: "settled" })
    .where(and(eq(houseRounds.id, r.id), eq(houseRounds.status, "open")));
  return true;
}

const invalid = (field: string, message: string) =>
  new ApiError(422, "validation_error", "Some fields are not valid", { [field]: [message] });

/**
 * A single bet's choices, checked before a nonce is drawn (so a refused bet changes nothing, not even the seeds'
 * nonce) and answered in their stored form.
 */
function choicesOf(engine: HouseEngine, req: PlayRequest, amount: string, places: number): Choices {
  switch (engine) {
    case "dice": {
      const d = req.dice;
      if (!d || !["under", "over"].includes(d.direction) || typeof d.target !== "number")
        throw invalid("dice", "target and direction");
      const bet = { target: d.target, direction: d.direction as "under" | "over" };
      if (diceMultiplier(bet) === undefined)
        throw invalid("dice.target", `A win chance from 1% to ${DICE_MAX_CHANCE * 100}%`);
      return { engine, bet };
    }
    case "limbo": {
      const t = req.limbo?.target;
      if (typeof t !== "number" || t < LIMBO_MIN_TARGET || t > LIMBO_MAX_TARGET)
        throw invalid("limbo.target", `From ${LIMBO_MIN_TARGET} to ${LIMBO_MAX_TARGET}`);
      return { engine, target: t };
    }
    case "plinko": {
      const rows = req.plinko?.rows;
      const risk = req.plinko?.risk;
      if (!isPlinkoRows(rows) || !isPlinkoRisk(risk))
        throw invalid("plinko", "rows 8, 12 or 16; risk low, medium or high");
      return { engine, rows, risk };
    }
    case "slot":
      return { engine };
    case "baccarat":
      return { engine, bets: baccaratBets(req.baccarat?.bets, amount) };
    case "keno":
      return { engine, ...kenoChoices(req.keno) };
    case "wheel":
      return { engine, ...wheelParams(req) };
    case "roulette":
      return { engine, bets: rouletteBets(req, amount, places) };
    default:
      throw new ApiError(422, "wrong_game", "This game is not played with single bets");
  }
}

type Choices =
  | { engine: "dice"; bet: DiceBet }
  | { engine: "limbo"; target: number }
  | { engine: "plinko"; rows: PlinkoRows; risk: PlinkoRisk }
  | { engine: "slot" }
  | { engine: "baccarat"; bets: BaccaratBets }
  | { engine: "keno"; picks: number[]; risk: KenoRisk }
  | { engine: "wheel"; segments: WheelSegments; risk: WheelRisk }
  | { engine: "roulette"; bets: RouletteBet[] };

/**
 * What the seeds make of checked choices: the parameters stored, the outcome, the scaled multiplier and the
 * payout of `amount` (where a round pays more than one bet, baccarat's spots or roulette's bets, their exact
 * sum; otherwise the stake × the multiplier).
 */
function outcomeOf(
  c: Choices,
  amount: string,
  places: number,
  seeds: { serverSeed: string; clientSeed: string; nonce: number },
): { params: Record<string, unknown>; outcome: Record<string, unknown>; multiplier: number; paid: string } {
  const single = (params: Record<string, unknown>, o: { multiplier: number }) => ({
    params,
    outcome: { ...o },
    multiplier: o.multiplier,
    paid: payout(amount, o.multiplier, places),
  });
  // What a round of several bets paid per unit staked (rounded down), for the history: their own are stored.
  const overall = (paid: string) =>
    Number(((toUnits(paid) ?? 0n) * BigInt(MULTIPLIER_SCALE)) / (toUnits(amount) ?? 1n));
  switch (c.engine) {
    case "dice":
      return single({ ...c.bet }, dealRound("dice", seeds, c.bet));
    case "limbo":
      return single({ target: c.target }, dealRound("limbo", seeds, { target: c.target }));
    case "plinko":
      return single({ rows: c.rows, risk: c.risk }, dealRound("plinko", seeds, c));
    case "slot":
      return single({}, dealRound("slot", seeds, undefined));
    case "keno":
      return single({ picks: c.picks, risk: c.risk }, dealRound("keno", seeds, c));
    case "wheel":
      return single({ segments: c.segments, risk: c.risk }, dealRound("wheel", seeds, c));
    case "baccarat": {
      const hand = dealRound("baccarat", seeds, { bets: c.bets });
      const paid = baccaratPayout(c.bets, hand.winner, places);
      const returns = Object.fromEntries(
        Object.keys(c.bets).map((spot) => [
          spot,
          multiplierText(BACCARAT_RETURNS[hand.winner][spot as keyof BaccaratBets]),
        ]),
      );
      return { params: { bets: c.bets }, outcome: { ...hand, returns }, multiplier: overall(paid), paid };
    }
    case "roulette": {
      const o = dealRound("roulette", seeds, { bets: c.bets });
      const paid = roulettePayout(c.bets, o.wins, places);
      return {
        params: { bets: c.bets },
        outcome: { pocket: o.pocket, color: o.color, wins: o.wins.map(multiplierText) },
        multiplier: overall(paid),
        paid,
      };
    }
  }
}

function kenoChoices(raw: PlayRequest["keno"]): { picks: number[]; risk: KenoRisk } {
  if (!isKenoPicks(raw?.picks)) throw invalid("keno.picks", "1 to 10 different numbers from 1 to 40");
  if (!isKenoRisk(raw?.risk)) throw invalid("keno.risk", "classic, low, medium or high");
  return { picks: raw.picks, risk: raw.risk };
}

/**
 * Baccarat's stakes, spot by spot: each more than 0 with at most the currency's decimals, together exactly the
 * round's amount (which the wallet takes in one bet and MAX_BET caps).
 */
function baccaratBets(raw: Record<string, string | undefined> | undefined, amount: string): BaccaratBets {
  const bets: BaccaratBets = {};
  for (const spot of BACCARAT_SPOTS) {
    const value = raw?.[spot];
    if (value === undefined) continue;
    const stake = normalizeAmount(value);
    if (!stake || (toUnits(stake) ?? 0n) <= 0n) throw invalid(`baccarat.bets.${spot}`, "A stake more than 0");
    bets[spot] = stake;
  }
  const staked = Object.values(bets);
  if (staked.length === 0) throw invalid("baccarat.bets", "A stake on player, banker or tie");
  if (compareAmounts(addAmounts(...staked), amount) !== 0)
    throw invalid("baccarat.bets", "The stakes add up to the amount");
  return bets;
}

function wheelParams(req: PlayRequest) {
  const segments = req.wheel?.segments;
  const risk = req.wheel?.risk;
  if (!isWheelSegments(segments) || !isWheelRisk(risk))
    throw new ApiError(422, "validation_error", "Some fields are not valid", {
      wheel: ["segments 10, 20, 30, 40 or 50; risk low, medium or high"],
    });
  return { segments, risk };
}

/**
 * A roulette spin's bets, checked: each a bet of the table with an amount above 0 in the currency's decimals,
 * and `amount` (the stake the wallet takes) their sum. Answers them in their normal form, as stored.
 */
function rouletteBets(req: PlayRequest, amount: string, places: number): RouletteBet[] {
  const given = req.roulette?.bets;
  const problems = rouletteProblems(given);
  given?.forEach((b, i) => {
    if (!problems[`roulette.bets.${i}.amount`] && decimalPlaces(b.amount) > places)
      problems[`roulette.bets.${i}.amount`] = [`At most ${places} decimals`];
  });
  if (Object.keys(problems).length > 0)
    throw new ApiError(422, "validation_error", "Some fields are not valid", problems);
  const bets = given!.map((b) => ({
    kind: b.kind as RouletteBet["kind"],
    ...(b.numbers ? { numbers: [...b.numbers].sort((x, y) => x - y) } : {}),
    ...(b.target !== undefined ? { target: b.target } : {}),
    amount: normalizeAmount(b.amount)!,
  }));
  if (!rouletteStakeIs(bets, amount))
    throw new ApiError(422, "validation_error", "Some fields are not valid", {
      amount: ["The sum of the bets' amounts"],
    });
  return bets;
}

/** The seeds of one bet: the owner's active pair at the nonce drawn for it. */
interface BetSeeds {
  serverSeed: string;
  clientSeed: string;
  nonce: number;
}

/**
 * Draws the owner's next nonce, records the round as open with what `playOn` makes of those seeds, then takes
 * the stake. The round is written before the stake, so recovery finds it whatever happens next; a second open
 * round of a move-by-move game in the session is refused (409 round_open) before any stake.
 */
export async function stakeNewRound(
  deps: HouseDeps,
  s: Session,
  bet: string,
  freespinId: string | undefined,
  playOn: (
    seeds: BetSeeds,
  ) => Pick<typeof houseRounds.$inferInsert, "engine" | "params" | "outcome" | "payout">,
) {
  const owner = await ownerOf(deps, s);
  const { pair, nonce, round } = await drawRound(deps, s, owner, bet, playOn);
  await stakeOrRefuse(deps, s, round.id, bet, freespinId);
  return { round, nextSeeds: { ...seedsView(pair), nonce: nonce + 1 } };
}

/** One bet of dice, limbo, plinko, the slot, baccarat, keno, the wheel or a roulette spin: stake, outcome, payout. */
export async function play(deps: HouseDeps, token: string, req: PlayRequest) {
  const s = await sessionOf(deps, token);
  const amount = checkBet(req.amount);
  if (req.freespinId !== undefined && s.engine !== "slot")
    throw new ApiError(409, "freespins_not_available", "Free spins are played on the slot");
  const places = placesOf(s.currency);
  const choices = choicesOf(s.engine as HouseEngine, req, amount, places);
  const { round, nextSeeds } = await stakeNewRound(deps, s, amount, req.freespinId, (seeds) => {
    const { params, outcome, multiplier, paid } = outcomeOf(choices, amount, places, seeds);
    return {
      engine: s.engine,
      params,
      outcome: { ...outcome, multiplier: multiplierText(multiplier) },
      payout: paid,
    };
  });
  // The stake is booked, so the round is owed the payout drawn with it. It stays "open" until that is paid:
  // recovery asks the wallet whether the stake landed (payIfStaked) instead of a status write here saying so,
  // which spares the round a commit (issue 38, decision 0074).
  const { round: done, balance, freeRounds } = await payRound(deps, s, round);
  return { round: done, balance, seeds: nextSeeds, ...(freeRounds ? { freeRounds } : {}) };
}

/** Mines: the stake is taken and the mines placed; tiles are opened one by one. */
export async function minesStart(deps: HouseDeps, token: string, req: PlayRequest) {
  const s = await sessionOf(deps, token);
  if (s.engine !== "mines") throw new ApiError(422, "wrong_game", "This is not a mines game");
  const amount = checkBet(req.amount);
  const mines = req.mines?.mines;
  if (typeof mines !== "number" || !Number.isInteger(mines) || mines < 1 || mines > MINES_TILES - 1)
    throw new ApiError(422, "validation_error", "Some fields are not valid", {
      "mines.mines": ["From 1 to 24"],
    });
  const { round, nextSeeds } = await stakeNewRound(deps, s, amount, undefined, (seeds) => ({
    engine: "mines",
    params: { mines },
    outcome: { mines: dealRound("mines", seeds, { mines }).mines, revealed: [], multiplier: "1.00" },
  }));
  return {
    round: roundView(round, false),
    balance: await balanceOf(deps, s),
    seeds: nextSeeds,
  };
}

async function openMinesRound(deps: HouseDeps, s: Session) {
  const [r] = await deps.db
    .select()
    .from(houseRounds)
    .where(
      and(eq(houseRounds.token, s.token), eq(houseRounds.status, "open"), eq(houseRounds.engine, "mines")),
    );
  if (!r) throw new ApiError(409, "no_round", "Start a round first");
  return r;
}

export async function finishMines(
  deps: HouseDeps,
  s: Session,
  r: typeof houseRounds.$inferSelect,
  revealed: number[],
  lost: boolean,
) {
  const mines = (r.params as { mines: number }).mines;
  const scaled = lost ? 0 : minesMultiplier(mines, revealed.length);
  const win = payout(normalizeAmount(r.bet)!, scaled, placesOf(s.currency));
  // Only one caller closes the round: the update is conditional on it still being open. Until the win is
  // paid the round is "paying", so recovery (recovery.ts) pays it if this process dies in between.
  const [closed] = await deps.db
    .update(houseRounds)
    .set({
      status: "paying",
      payout: win,
      outcome: { ...r.outcome, revealed, multiplier: multiplierText(scaled), lost },
    })
    .where(and(eq(houseRounds.id, r.id), eq(houseRounds.status, "open")))
    .returning();
  if (!closed) throw new ApiError(409, "no_round", "This round is over");
  return payRound(deps, s, closed);
}

/** Pays a round whose outcome is final ("paying") and marks it settled. */
export async function payRound(deps: HouseDeps, s: Session, r: typeof houseRounds.$inferSelect) {
  const { balance, freeRounds } = await settleRound(deps, s, r.id, normalizeAmount(r.payout)!);
  const [done] = await deps.db
    .update(houseRounds)
    .set({ status: "settled" })
    .where(eq(houseRounds.id, r.id))
    .returning();
  return { round: roundView(done!, true), balance, freeRounds };
}

export async function minesReveal(deps: HouseDeps, token: string, tile: number) {
  const s = await sessionOf(deps, token);
  if (!Number.isInteger(tile) || tile < 0 || tile >= MINES_TILES)
    throw new ApiError(422, "validation_error", "Some fields are not valid", { tile: ["From 0 to 24"] });
  const r = await openMinesRound(deps, s);
  const outcome = r.outcome as { mines: number[]; revealed: number[] };
  if (outcome.revealed.includes(tile))
    return { round: roundView(r, false), balance: await balanceOf(deps, s) };
  const revealed = [...outcome.revealed, tile];
  if (outcome.mines.includes(tile)) return finishMines(deps, s, r, revealed, true);
  if (revealed.length === MINES_TILES - outcome.mines.length) return finishMines(deps, s, r, revealed, false);
  const mines = (r.params as { mines: number }).mines;
  const [next] = await deps.db
    .update(houseRounds)
    .set({
      outcome: { ...outcome, revealed, multiplier: multiplierText(minesMultiplier(mines, revealed.length)) },
    })
    .where(
      and(
        eq(houseRounds.id, r.id),
        eq(houseRounds.status, "open"),
        sql`${houseRounds.outcome} = ${JSON.stringify(outcome)}::jsonb`,
      ),
    )
    .returning();
  if (!next) throw new ApiError(409, "busy", "Another move was made at the same time: try again");
  return { round: roundView(next, false), balance: await balanceOf(deps, s) };
}

export async function minesCashOut(deps: HouseDeps, token: string) {
  const s = await sessionOf(deps, token);
  const r = await openMinesRound(deps, s);
  const revealed = (r.outcome as { revealed: number[] }).revealed;
  if (revealed.length === 0) throw new ApiError(409, "nothing_to_cash", "Open at least one tile first");
  return finishMines(deps, s, r, revealed, false);
}

/**
 * New seeds: the old server seed is revealed. The active pair is locked first (as a draw locks it), then its
 * rounds are read: while one is open — a mines field, a hand not drawn — the seed stays secret (409).
 */
export async function rotateSeeds(deps: HouseDeps, token: string, clientSeed?: string) {
  const s = await sessionOf(deps, token);
  const owner = await ownerOf(deps, s);
  await activePair(deps.db, owner);
  const next = clientSeed?.trim() ? clientSeed.trim().slice(0, 64) : randomBytes(8).toString("hex");
  const serverSeed = randomBytes(32).toString("hex");
  keptOf(deps.db).pairs.delete(owner);
  const created = await deps.db.transaction(async (tx) => {
    const [pair] = await tx
      .select()
      .from(houseSeedPairs)
      .where(and(eq(houseSeedPairs.owner, owner), eq(houseSeedPairs.isActive, true)))
      .for("update");
    if (!pair) throw new ApiError(409, "seeds_rotated", "The seeds changed: try again");
    const [open] = await tx
      .select({ id: houseRounds.id })
      .from(houseRounds)
      .where(and(eq(houseRounds.seedPairId, pair.id), eq(houseRounds.status, "open")))
      .limit(1);
    if (open) throw new ApiError(409, "round_open", "Finish the current round before changing seeds");
    const [old] = await tx
      .update(houseSeedPairs)
      .set({ isActive: false, revealedAt: deps.clock.now() })
      .where(eq(houseSeedPairs.id, pair.id))
      .returning();
    const [fresh] = await tx
      .insert(houseSeedPairs)
      .values({ owner, serverSeed, serverSeedHash: commitment(serverSeed), clientSeed: next })
      .returning();
    return { old: old!, fresh: fresh! };
  });
  return {
    previous: { serverSeed: created.old.serverSeed, ...seedsView(created.old) },
    current: seedsView(created.fresh),
  };
}

/**
 * A past round with what a player needs to recompute it. The server seed only once it was rotated away and no
 * round drawn on it is open (this one included): one seed deals every round on its pair.
 */
export async function roundForVerification(deps: HouseDeps, token: string, roundId: string) {
  const s = await sessionOf(deps, token);
  const owner = await ownerOf(deps, s);
  if (!/^\d{1,15}$/.test(roundId)) throw ApiError.notFound("No such round");
  const [row] = await deps.db
    .select({ round: houseRounds, pair: houseSeedPairs })
    .from(houseRounds)
    .innerJoin(houseSeedPairs, eq(houseRounds.seedPairId, houseSeedPairs.id))
    .where(and(eq(houseRounds.id, Number(roundId)), eq(houseRounds.owner, owner)));
  if (!row) throw ApiError.notFound("No such round");
  const [open] = row.pair.isActive
    ? [true]
    : await deps.db
        .select({ id: houseRounds.id })
        .from(houseRounds)
        .where(and(eq(houseRounds.seedPairId, row.pair.id), eq(houseRounds.status, "open")))
        .limit(1);
  return {
    round: roundView(row.round, false),
    seeds: {
      serverSeedHash: row.pair.serverSeedHash,
      clientSeed: row.pair.clientSeed,
      nonce: row.round.nonce,
      serverSeed: open ? null : row.pair.serverSeed,
    },
  };
}

export const newToken = () => randomUUID();

/** A session by its token, whatever its state (a recovery closing a round long after its launch). */
export async function sessionRow(db: Db, token: string): Promise<Session | undefined> {
  const [s] = await db.select().from(houseSessions).where(eq(houseSessions.token, token));
  return s;
}

/**
 * Takes demo credits (answers the balance after, or undefined when there are not enough) or gives them back.
 * `db` may be a transaction the caller ties the move to.
 */
export async function moveDemoCredits(
  db: Db,
  token: string,
  amount: string,
  direction: "take" | "give",
): Promise<string | undefined> {
  const [row] = await db
    .update(houseSessions)
    .set({
      demoBalance:
        direction === "take"
          ? sql`${houseSessions.demoBalance} - ${amount}::numeric`
          : sql`${houseSessions.demoBalance} + ${amount}::numeric`,
    })
    .where(
      direction === "take"
        ? and(eq(houseSessions.token, token), sql`${houseSessions.demoBalance} >= ${amount}::numeric`)
        : eq(houseSessions.token, token),
    )
    .returning();
  return row ? normalizeAmount(row.demoBalance!)! : undefined;
}
