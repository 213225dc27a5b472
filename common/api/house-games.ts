import { z } from "zod";
import { BLACKJACK_ACTIONS, HOUSE_ENGINES, ROULETTE_MAX_BETS } from "../house-games";
import { decimalString } from "./shared";

/**
 * The built-in provider's game API (/api/house/sessions/{token}/…), called by its game pages inside the casino's
 * game frame. The launch token is the key; no player's bearer token is involved.
 */

export const houseSeeds = z
  .object({ serverSeedHash: z.string(), clientSeed: z.string(), nonce: z.number().int() })
  .meta({ id: "HouseSeeds" });
export type HouseSeeds = z.infer<typeof houseSeeds>;

export const houseRound = z
  .object({
    id: z.string(),
    engine: z.enum(HOUSE_ENGINES),
    params: z.record(z.string(), z.unknown()),
    outcome: z.record(z.string(), z.unknown()),
    bet: decimalString,
    payout: decimalString,
    currency: z.string(),
    status: z.enum(["open", "paying", "settled", "refused", "voiding", "refunded"]),
    nonce: z.number().int(),
    createdAt: z.string(),
  })
  .meta({ id: "HouseRound" });
export type HouseRound = z.infer<typeof houseRound>;

export const houseSession = z
  .object({
    engine: z.enum(HOUSE_ENGINES),
    game: z.object({ slug: z.string(), name: z.string() }),
    mode: z.enum(["demo", "real"]),
    currency: z.string(),
    balance: decimalString,
    seeds: houseSeeds,
    openRound: houseRound.nullable(),
    /** Free spins the player can play here (real play): each package's id, spins left and their bet. */
    freeRounds: z.array(z.object({ id: z.string(), left: z.number().int(), bet: decimalString })),
  })
  .meta({ id: "HouseSession" });
export type HouseSession = z.infer<typeof houseSession>;

export const playAnswer = z
  .object({
    round: houseRound,
    balance: decimalString,
    seeds: houseSeeds.optional(),
    /** After a free spin: the free spins still playable here. */
    freeRounds: z.array(z.object({ id: z.string(), left: z.number().int(), bet: decimalString })).optional(),
  })
  .meta({ id: "HousePlayAnswer" });
export type PlayAnswer = z.infer<typeof playAnswer>;

export const rotateAnswer = z.object({
  previous: houseSeeds.extend({ serverSeed: z.string() }),
  current: houseSeeds,
});
export type RotateAnswer = z.infer<typeof rotateAnswer>;

export const verifiableRound = z.object({
  round: houseRound,
  /** The server seed only once the pair was rotated away and no round on it is open; until then null. */
  seeds: houseSeeds.extend({ serverSeed: z.string().nullable() }),
});
export type VerifiableRound = z.infer<typeof verifiableRound>;

/** A bet: the amount and the engine's parameters (the engine checks their values). */
export const playBody = z.object({
  amount: z.string().max(60),
  /** Plays one of the player's free spins (the slot): `amount` is its bet value. */
  freespinId: z.string().max(20).optional(),
  dice: z.object({ target: z.number(), direction: z.enum(["under", "over"]) }).optional(),
  limbo: z.object({ target: z.number() }).optional(),
  plinko: z.object({ rows: z.number().int(), risk: z.string().max(20) }).optional(),
  mines: z.object({ mines: z.number().int() }).optional(),
  /** Baccarat: the stake on each spot played; `amount` is their sum. */
  baccarat: z
    .object({
      bets: z.object({
        player: z.string().max(60).optional(),
        banker: z.string().max(60).optional(),
        tie: z.string().max(60).optional(),
      }),
    })
    .optional(),
  /** Keno: 1–10 different numbers from 1 to 40 and the paytable's risk (the engine checks both). */
  keno: z.object({ picks: z.array(z.number()).max(40), risk: z.string().max(20) }).optional(),
  /** Roulette: the bets of one spin; `amount` is their sum. The engine checks each is a bet of the table. */
  roulette: z
    .object({
      bets: z
        .array(
          z.object({
            kind: z.string().max(20),
            numbers: z.array(z.number().int()).max(6).optional(),
            target: z.number().int().optional(),
            amount: z.string().max(60),
          }),
        )
        .max(ROULETTE_MAX_BETS),
    })
    .optional(),
  wheel: z.object({ segments: z.number().int(), risk: z.string().max(20) }).optional(),
});
export type PlayRequest = z.infer<typeof playBody>;
export type PlayParams = Omit<PlayRequest, "amount">;

export const revealBody = z.object({ tile: z.number().int() });
/**
 * A move in a move-by-move game: hilo's `action` (higher, lower, skip, cashout), video poker's `holds` (the
 * positions 0–4 kept at the draw). The game's own rules check the values.
 */
export const actionBody = z.object({
  action: z.string().max(20).optional(),
  holds: z.array(z.number().int()).max(5).optional(),
});
export type ActionRequest = z.infer<typeof actionBody>;
export const rotateBody = z.object({ clientSeed: z.string().max(64).optional() });

/** Blackjack: a round starts with its stake; each move names the hand in play (a stale second click is refused). */
export const blackjackStartBody = z.object({ amount: z.string().max(60) });
export const blackjackActionBody = z.object({
  action: z.enum(BLACKJACK_ACTIONS),
  hand: z.number().int().min(0).max(3).optional(),
});
export type BlackjackActionRequest = z.infer<typeof blackjackActionBody>;
