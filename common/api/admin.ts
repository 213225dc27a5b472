import { z } from "zod";
import { paged, pagingQuery } from "./paging";

/**
 * The operator's back office (issue #21, decision 0020): staff sign in with a password and a second factor and
 * act on players, payments, content and the sportsbook under `/api/admin`. Staff are not players: their
 * tokens open only these calls, and a player's token opens none of them.
 */

export const ROLES = ["support", "payments", "risk", "content", "marketing", "trader", "admin"] as const;
export const role = z.enum(ROLES);
export type Role = z.infer<typeof role>;

/** POST /api/admin/session: the password step. */
export const staffSignInBody = z.object({
  email: z.string().trim().email().max(200),
  password: z.string().min(1).max(128),
});
export type StaffSignInBody = z.infer<typeof staffSignInBody>;

/**
 * The password was right: the second factor comes next, with `challenge` (5 minutes). `enrol` is there when the
 * staff member has no second factor yet: the secret to add to an authenticator app (`uri` as a QR code).
 */
export const staffChallengeAnswer = z.object({
  data: z.object({
    challenge: z.string(),
    enrol: z.object({ secret: z.string(), uri: z.string() }).nullable(),
  }),
});
export type StaffChallenge = z.infer<typeof staffChallengeAnswer>["data"];

/** POST /api/admin/session/verify: a code from the app, or one recovery code. */
export const staffVerifyBody = z
  .object({
    challenge: z.string().min(1).max(2000),
    code: z
      .string()
      .max(16)
      .trim()
      .regex(/^\d{6}$/, "six digits")
      .optional(),
    recoveryCode: z.string().trim().min(1).max(40).optional(),
  })
  .refine((b) => (b.code === undefined) !== (b.recoveryCode === undefined), {
    message: "Send either a code or a recovery code",
    path: ["code"],
  });
export type StaffVerifyBody = z.infer<typeof staffVerifyBody>;

export const staffMe = z
  .object({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    roles: z.array(role),
    /** What this staff member may do: the admin site shows only these sections. */
    permissions: z.array(z.string()),
  })
  .meta({ id: "StaffMe" });
export type StaffMe = z.infer<typeof staffMe>;

/** The session: the token for `Authorization: Bearer`; `recoveryCodes` only right after enrolling, once. */
export const staffSessionAnswer = z.object({
  data: z.object({
    token: z.string(),
    expiresAt: z.string(),
    staff: staffMe,
    recoveryCodes: z.array(z.string()).nullable(),
  }),
});
export type StaffSession = z.infer<typeof staffSessionAnswer>["data"];

export const staffMeAnswer = z.object({ data: staffMe });

export const staffMember = z
  .object({
    id: z.number().int(),
    email: z.string(),
    name: z.string(),
    roles: z.array(role),
    status: z.enum(["active", "blocked"]),
    secondFactor: z.boolean(),
    createdAt: z.string(),
  })
  .meta({ id: "StaffMember" });
export type StaffMember = z.infer<typeof staffMember>;

export const staffListAnswer = z.object({ data: z.array(staffMember) });
export const staffMemberAnswer = z.object({ data: staffMember });

export const staffCreateBody = z.object({
  email: z.string().trim().email().max(200),
  name: z.string().trim().min(1).max(100),
  password: z.string().min(12).max(128),
  roles: z.array(role).min(1).max(ROLES.length),
});
export type StaffCreateBody = z.infer<typeof staffCreateBody>;

export const staffChangeBody = z
  .object({
    roles: z.array(role).min(1).max(ROLES.length).optional(),
    status: z.enum(["active", "blocked"]).optional(),
    /** The staff member enrols a new second factor at their next sign-in. */
    resetSecondFactor: z.literal(true).optional(),
  })
  .refine((b) => Object.keys(b).length > 0, { message: "Nothing to change", path: ["roles"] });
export type StaffChangeBody = z.infer<typeof staffChangeBody>;

// Players

export const adminPlayerStatus = z.enum(["active", "blocked", "selfExcluded", "coolingOff", "closed"]);

export const adminPlayerRow = z
  .object({
    id: z.string(),
    email: z.string().nullable(),
    phone: z.string().nullable(),
    nickname: z.string(),
    tgUserId: z.string().nullable(),
    country: z.string().nullable(),
    currency: z.string().nullable(),
    status: adminPlayerStatus,
    createdAt: z.string(),
  })
  .meta({ id: "AdminPlayerRow" });
export type AdminPlayerRow = z.infer<typeof adminPlayerRow>;

/** GET /api/admin/players?q=: by id, e-mail, phone, nickname or Telegram id. */
export const adminPlayerSearchQuery = z
  .object({ q: z.string().trim().min(1).max(200) })
  .extend(pagingQuery({ perPage: 20, maxPerPage: 100 }).shape);
export const adminPlayerSearchAnswer = paged(adminPlayerRow);

export const adminNote = z
  .object({ id: z.string(), body: z.string(), staff: z.string(), createdAt: z.string() })
  .meta({ id: "AdminNote" });
export type AdminNote = z.infer<typeof adminNote>;

export const auditRecord = z
  .object({
    id: z.string(),
    staff: z.string().nullable(),
    action: z.string(),
    targetType: z.string(),
    targetId: z.string().nullable(),
    before: z.unknown(),
    after: z.unknown(),
    ip: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: "AuditRecord" });
export type AuditRecord = z.infer<typeof auditRecord>;

/** POST /api/admin/players/{id}/status: block, unblock or close, with the reason kept in the audit trail. */
export const adminPlayerStatusBody = z.object({
  status: z.enum(["active", "blocked", "closed"]),
  reason: z.string().trim().min(3).max(500),
});
export type AdminPlayerStatusBody = z.infer<typeof adminPlayerStatusBody>;

export const adminNoteBody = z.object({ body: z.string().trim().min(1).max(2000) });
export const adminNoteAnswer = z.object({ data: adminNote });

export const auditQuery = z
  .object({
    targetType: z.string().max(40).optional(),
    targetId: z.string().max(40).optional(),
    staffId: z.coerce.number().int().positive().optional(),
  })
  .extend(pagingQuery({ perPage: 50, maxPerPage: 200 }).shape);
export const auditAnswer = paged(auditRecord);

// Manual balance adjustments

export const adjustment = z
  .object({
    id: z.string(),
    playerId: z.string(),
    accountId: z.string(),
    currency: z.string(),
    /** Signed: positive credits the player, negative debits. */
    amount: z.string(),
    reason: z.string(),
    status: z.enum(["pending", "applied", "rejected"]),
    requestedBy: z.string(),
    decidedBy: z.string().nullable(),
    createdAt: z.string(),
    decidedAt: z.string().nullable(),
  })
  .meta({ id: "Adjustment" });
export type Adjustment = z.infer<typeof adjustment>;

/** POST /api/admin/adjustments: applied at once up to the approval threshold, pending above it. */
export const adjustmentBody = z.object({
  accountId: z
    .string()
    .max(18)
    .regex(/^\d{1,18}$/, "an account id"),
  amount: z
    .string()
    .max(40)
    .trim()
    .regex(/^-?\d{1,12}(\.\d{1,18})?$/, "a signed decimal amount, e.g. 25 or -10.50")
    .refine((v) => !/^-?0+(\.0+)?$/.test(v), "not zero"),
  reason: z.string().trim().min(3).max(500),
});
export type AdjustmentBody = z.infer<typeof adjustmentBody>;

export const adjustmentAnswer = z.object({ data: adjustment });
export const adjustmentsQuery = z
  .object({ status: z.enum(["pending", "applied", "rejected"]).optional() })
  .extend(pagingQuery({ perPage: 50, maxPerPage: 200 }).shape);
export const adjustmentsAnswer = paged(adjustment);

// Documents

export const staffDocument = z
  .object({
    id: z.string(),
    playerId: z.string(),
    type: z.string(),
    /** 1 pending, 2 approved, 3 declined (player.document.status). */
    status: z.number().int(),
    name: z.string(),
    contentType: z.string(),
    size: z.number().int(),
    createdAt: z.string(),
    reviewedAt: z.string().nullable(),
    reason: z.string().nullable(),
  })
  .meta({ id: "StaffDocument" });
export type StaffDocument = z.infer<typeof staffDocument>;

export const staffDocumentsQuery = z
  .object({ status: z.coerce.number().int().min(1).max(3).default(1) })
  .extend(pagingQuery({ perPage: 20, maxPerPage: 100 }).shape);
export const staffDocumentsAnswer = paged(staffDocument);

/** POST /api/admin/documents/{id}/review: approved, or declined with a reason the player sees. */
export const documentReviewBody = z
  .object({
    decision: z.enum(["approved", "declined"]),
    /** Required to decline: the player reads it. */
    reason: z.string().trim().max(500).optional(),
  })
  .refine((b) => b.decision === "approved" || (b.reason ?? "").length >= 3, {
    message: "Say why the document is declined",
    path: ["reason"],
  });
export type DocumentReviewBody = z.infer<typeof documentReviewBody>;
export const staffDocumentAnswer = z.object({ data: staffDocument });
