import { z } from "zod";
import { adminNote, adminPlayerRow, auditRecord } from "./admin";
import { playerBonus } from "./bonus";
import { VERIFICATION_STATUSES } from "./documents";
import { sportBet } from "./sportsbook";
import { invoice } from "./wallet";

/**
 * The back office's player page (issue #21), apart from common/api/admin.ts: it is made of other modules'
 * answers (invoices, bets, bonuses), and the admin site imports only its type, so those schemas stay out of
 * the site's chunks (the home page's JavaScript budget).
 */

export const adminSession = z.object({
  id: z.string(),
  device: z.string(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  live: z.boolean(),
});

export const adminAccount = z.object({
  id: z.string(),
  currency: z.string(),
  balance: z.string(),
  bonusBalance: z.string(),
  isCurrent: z.boolean(),
});

/**
 * A registration or login that matched a self-excluded person (decision 0053): `playerId` tried (null for a refused
 * sign-up, then `attempt` holds its masked details), `excludedPlayerId` is the excluded person's account.
 */
export const adminExcludedPersonMatch = z.object({
  id: z.string(),
  playerId: z.string().nullable(),
  excludedPlayerId: z.string(),
  matchedBy: z.array(z.enum(["email", "phone", "name-birthdate", "device"])),
  event: z.enum(["registration", "login"]),
  outcome: z.enum(["refused", "held"]),
  attempt: z.string().nullable(),
  clearedAt: z.string().nullable(),
  clearedBy: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminExcludedPersonMatch = z.infer<typeof adminExcludedPersonMatch>;

/** POST /api/admin/players/{id}/excluded-person-matches/{matchId}/clear: not the same person, and why. */
export const adminClearMatchParams = z.object({ id: z.string().max(40), matchId: z.string().max(40) });
export const adminClearMatchBody = z.object({ reason: z.string().trim().min(3).max(500) });
export type AdminClearMatchBody = z.infer<typeof adminClearMatchBody>;

/** GET /api/admin/players/{id}: everything about one player on one page. */
export const adminPlayerPage = z
  .object({
    player: adminPlayerRow.extend({
      firstName: z.string().nullable(),
      lastName: z.string().nullable(),
      birthdate: z.string().nullable(),
      language: z.string(),
      affiliateTag: z.string().nullable(),
      emailVerified: z.boolean(),
      phoneVerified: z.boolean(),
    }),
    sessions: z.array(adminSession),
    accounts: z.array(adminAccount),
    notes: z.array(adminNote),
    audit: z.array(auditRecord),
    /** The latest 20 deposits and withdrawals, newest first. */
    invoices: z.array(invoice),
    /** The latest 20 sportsbook bets, open ones first. */
    bets: z.array(sportBet),
    /** Bonuses issued, active and finished, newest first. */
    bonuses: z.array(playerBonus),
    /** Where the verification service has the player's identity (its webhooks keep it current). */
    verification: z.object({ status: z.enum(VERIFICATION_STATUSES), reason: z.string().nullable() }),
    /** Matches with a self-excluded person: this player's attempts, and others' against this player. */
    excludedPersonMatches: z.array(adminExcludedPersonMatch),
    documents: z.array(
      z.object({
        id: z.string(),
        type: z.string(),
        status: z.number().int(),
        name: z.string(),
        createdAt: z.string(),
        reason: z.string().nullable(),
      }),
    ),
  })
  .meta({ id: "AdminPlayerPage" });
export type AdminPlayerPage = z.infer<typeof adminPlayerPage>;
export const adminPlayerPageAnswer = z.object({ data: adminPlayerPage });
