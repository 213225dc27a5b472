import { z } from "zod";
import { dataOf, decimalString } from "./shared";

/**
 * The reality check (UK Gambling Commission RTS 13; issue 16; decision 0011): a reminder every N minutes of a
 * login session showing how long it has lasted and what the player's real money did in it.
 */

/** What the session did in one currency: real money only. `net` is won less staked, negative for a loss. */
export const realityCheckSummary = z
  .object({ currency: z.string(), staked: decimalString, won: decimalString, net: decimalString })
  .meta({ id: "RealityCheckSummary" });
export type RealityCheckSummary = z.infer<typeof realityCheckSummary>;

export const realityCheck = z
  .object({
    /** Minutes between reminders in effect: the player's choice or their country's default; 0 when off. */
    intervalMinutes: z.number().int(),
    /** False while the player has never chosen (the default of their country applies). */
    chosen: z.boolean(),
    /** The reminders the player may choose besides 0 (off), in minutes. */
    choices: z.array(z.number().int()),
    /** The server's time of this answer: the site times the reminder from it, whatever its own clock says. */
    now: z.string(),
    /** When the current login session started. */
    sessionStartedAt: z.string(),
    /** When the next reminder is due (a whole number of intervals after the start); null when off. */
    nextAt: z.string().nullable(),
    /** Per currency with play since the session started, the current account's first. */
    summary: z.array(realityCheckSummary),
  })
  .meta({ id: "RealityCheck" });
export type RealityCheck = z.infer<typeof realityCheck>;

/** GET and PUT /api/player/reality-check answer the player's reality check. */
export const realityCheckResponse = dataOf(realityCheck);

/** PUT /api/player/reality-check: 0 turns it off; anything else must be one of the choices. */
export const setRealityCheckBody = z.object({ intervalMinutes: z.number().int().min(0).max(1440) });
export type SetRealityCheckBody = z.infer<typeof setRealityCheckBody>;
