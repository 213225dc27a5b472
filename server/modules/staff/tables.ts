import { sql } from "drizzle-orm";
import { bigint, index, jsonb, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { bigintIdentity, createdAt, numberIdentity, timestamptz, updatedAt } from "../../db/columns";

/**
 * A member of the operator's staff (decision 0020): not a player, never signs in on the player's site.
 * `roles` holds one or more of ROLES (permissions.ts). The TOTP secret is kept encrypted (totp.ts); until it is
 * confirmed by a first code it waits in `totpPending`.
 */
export const staff = pgTable(
  "staff",
  {
    id: numberIdentity(),
    email: text("email").notNull(),
    name: text("name").notNull(),
    passwordHash: text("password_hash").notNull(),
    roles: text("roles").array().notNull(),
    status: text("status", { enum: ["active", "blocked"] })
      .notNull()
      .default("active"),
    totpSecret: text("totp_secret"),
    totpPending: text("totp_pending"),
    /** The last accepted TOTP time step: a code at or before it is refused (no replay). */
    totpLastStep: bigint("totp_last_step", { mode: "number" }),
    /** SHA-256 of each unused recovery code. */
    recoveryCodes: text("recovery_codes").array().notNull().default(sql`'{}'::text[]`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex("staff_email").on(sql`lower(${t.email})`)],
);

/** A signed-in staff member's session: only the token's SHA-256 is kept. */
export const staffSessions = pgTable(
  "staff_sessions",
  {
    id: numberIdentity(),
    staffId: bigint("staff_id", { mode: "number" })
      .notNull()
      .references(() => staff.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    ip: text("ip"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
    lastSeenAt: timestamptz("last_seen_at").notNull().defaultNow(),
    revokedAt: timestamptz("revoked_at"),
  },
  (t) => [uniqueIndex("staff_sessions_token").on(t.tokenHash), index("staff_sessions_staff").on(t.staffId)],
);

/**
 * Every staff action, append-only (a trigger in the migration refuses UPDATE and DELETE): who, what, on what,
 * the state before and after. Written in the transaction of the change it records (audit.ts).
 */
export const adminAudit = pgTable(
  "admin_audit",
  {
    id: bigintIdentity(),
    /** Null for a failed sign-in with an unknown e-mail. */
    staffId: bigint("staff_id", { mode: "number" }).references(() => staff.id, { onDelete: "restrict" }),
    action: text("action").notNull(),
    targetType: text("target_type").notNull(),
    targetId: text("target_id"),
    before: jsonb("before"),
    after: jsonb("after"),
    ip: text("ip"),
    createdAt: createdAt(),
  },
  (t) => [
    index("admin_audit_target").on(t.targetType, t.targetId, t.id),
    index("admin_audit_staff").on(t.staffId, t.id),
  ],
);
